package backend_test

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/internal/vulkan"
)

// Under contention, compareExchange lets exactly one of the invocations racing to replace
// 0 win (its old value 0, exchanged), every other one sees the winner's value and is not
// exchanged; and a compare-exchange loop incrementing a counter, which ends only on an
// exchanged result, sees each count from 0 to n-1 once. Storage memory across four
// workgroups, workgroup memory within each. Which invocation wins varies: no naga run, and
// the interpreter's memory is compared by size only.
func TestExecCompareExchangeContention(t *testing.T) {
	src := `
struct S { first: atomic<u32>, counter: atomic<u32>, seen: array<u32, 256>, firstOld: array<u32, 256>, wg: array<u32, 256> }
@group(0) @binding(0) var<storage, read_write> s: S;
var<workgroup> wfirst: atomic<i32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3u, @builtin(local_invocation_index) lid: u32) {
    let g = gid.x;
    let r = atomicCompareExchangeWeak(&s.first, 0u, g + 1u);
    s.firstOld[g] = r.old_value | select(0u, 0x80000000u, r.exchanged);
    let w = atomicCompareExchangeWeak(&wfirst, 0, -i32(lid) - 1);
    s.wg[g] = u32(-w.old_value) | select(0u, 0x80000000u, w.exchanged);
    loop {
        let old = atomicLoad(&s.counter);
        let x = atomicCompareExchangeWeak(&s.counter, old, old + 1u);
        if x.exchanged {
            s.seen[g] = x.old_value;
            break;
        }
    }
}
`
	const n = 256
	res := runWGSL(t, wgslRun{src: src, groups: [3]uint32{n / 64, 1, 1}, noNaga: true, orderDependent: true,
		bindings: []vulkan.Binding{storage(0, le32(make([]uint32, 2+3*n)...))}})
	out := words32(res.Bytes(0, 0))
	first, counter := out[0], out[1]
	seen, firstOld, wg := out[2:2+n], out[2+n:2+2*n], out[2+2*n:]
	assert.Equal(t, uint32(n), counter, "counter")
	sorted := slices.Clone(seen)
	slices.Sort(sorted)
	for i, v := range sorted {
		require.Equal(t, uint32(i), v, "the loop's old values are not 0..%d: %v", n-1, seen)
	}
	require.NotZero(t, first)
	const exchanged = 0x80000000
	for g, v := range firstOld {
		if uint32(g)+1 == first {
			assert.Equal(t, uint32(exchanged), v, "the winner, invocation %d", g)
		} else {
			assert.Equal(t, first, v, "invocation %d", g)
		}
	}
	for k := 0; k < n/64; k++ {
		part := wg[64*k : 64*k+64]
		var winner uint32
		for _, v := range part {
			if v&exchanged != 0 {
				require.Zero(t, winner, "two winners in workgroup %d: %x", k, part)
				require.Equal(t, uint32(exchanged), v, "the winner's old value")
			}
		}
		for lid, v := range part {
			if v == exchanged {
				winner = uint32(lid) + 1
			}
		}
		require.NotZero(t, winner, "no winner in workgroup %d", k)
		for lid, v := range part {
			if v != exchanged {
				assert.Equal(t, winner, v, "workgroup %d, invocation %d", k, lid)
			}
		}
	}
}

// Min and max of i32 atomics compare signed, of u32 ones unsigned, on storage and
// workgroup memory (each case's values give another result under the other comparison);
// every other read-modify-write returns the old value and stores its result; atomics work
// through pointer parameters; workgroupUniformLoad returns the workgroup's value, atomic
// or not, and is uniform.
func TestExecAtomicOps(t *testing.T) {
	src := `
struct S { smin: atomic<i32>, smax: atomic<i32>, umin: atomic<u32>, umax: atomic<u32>, solo: atomic<u32> }
@group(0) @binding(0) var<storage, read_write> s: S;
@group(0) @binding(1) var<storage, read_write> wout: array<u32, 8>;
@group(0) @binding(2) var<storage, read_write> seq: array<u32, 9>;
var<workgroup> wsmin: atomic<i32>;
var<workgroup> wsmax: atomic<i32>;
var<workgroup> wumin: atomic<u32>;
var<workgroup> wumax: atomic<u32>;
var<workgroup> plain: array<u32, 2>;

fn minS(p: ptr<storage, atomic<i32>, read_write>, v: i32) { atomicMin(p, v); }
fn maxW(p: ptr<workgroup, atomic<u32>>, v: u32) { atomicMax(p, v); }

fn ops(p: ptr<storage, atomic<u32>, read_write>) {
    seq[0] = atomicExchange(p, 0xF0F0u);
    seq[1] = atomicAdd(p, 0x7FFFFFFFu);
    seq[2] = atomicSub(p, 0x10001u);
    seq[3] = atomicAnd(p, 0xFF00FFFFu);
    seq[4] = atomicOr(p, 0x30000u);
    seq[5] = atomicXor(p, 0xFFFFFFFFu);
    seq[6] = atomicMin(p, 0x7F000000u);
    seq[7] = atomicMax(p, 0x90000001u);
    seq[8] = atomicLoad(p);
}

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
    if lid == 0u {
        atomicStore(&wumin, 0x7FFFFFFFu);
    }
    workgroupBarrier();
    minS(&s.smin, i32(lid) - 40);
    atomicMax(&s.smax, 20 - i32(lid) * 2);
    atomicMin(&s.umin, 0x80000000u + lid);
    atomicMax(&s.umax, 0x80000000u - lid);
    atomicMin(&wsmin, -i32(lid));
    atomicMax(&wsmax, i32(lid) - 10);
    atomicMin(&wumin, 0x80000000u + lid);
    maxW(&wumax, 0x7FFFFFF0u + lid * 2u);
    if lid == 3u {
        plain[1] = 77u;
        ops(&s.solo);
    }
    let a = workgroupUniformLoad(&wsmin);
    let b = workgroupUniformLoad(&wsmax);
    let c = workgroupUniformLoad(&wumin);
    let d = workgroupUniformLoad(&wumax);
    let e = workgroupUniformLoad(&plain);
    if lid == 0u {
        wout[0] = u32(a);
        wout[1] = u32(b);
        wout[2] = c;
        wout[3] = d;
        wout[4] = e[0];
        wout[5] = e[1];
    }
    if a == -63 {
        workgroupBarrier(); // a is uniform
        if lid == 5u {
            wout[6] = 1u;
        }
    }
}
`
	// smin starts at 0, smax at -1000, umin at 0x7FFFFFFF, umax at 5, solo at 5.
	init := le32(0, uint32(0xFFFFFC18), 0x7FFFFFFF, 5, 5)
	res := runWGSL(t, wgslRun{src: src, noNaga: true, bindings: []vulkan.Binding{ // naga: no pointer parameters
		storage(0, init), storage(1, le32(make([]uint32, 8)...)), storage(2, le32(make([]uint32, 9)...))}})
	out := words32(res.Bytes(0, 0))
	assert.Equal(t, int32(-40), int32(out[0]), "i32 min")
	assert.Equal(t, int32(20), int32(out[1]), "i32 max")
	assert.Equal(t, uint32(0x7FFFFFFF), out[2], "u32 min")
	assert.Equal(t, uint32(0x80000000), out[3], "u32 max")
	w := words32(res.Bytes(0, 1))
	assert.Equal(t, int32(-63), int32(w[0]), "workgroup i32 min")
	assert.Equal(t, int32(53), int32(w[1]), "workgroup i32 max")
	assert.Equal(t, uint32(0x7FFFFFFF), w[2], "workgroup u32 min")
	assert.Equal(t, uint32(0x7FFFFFF0+126), w[3], "workgroup u32 max")
	assert.Equal(t, []uint32{0, 77, 1, 0}, w[4:], "workgroupUniformLoad of an array; the uniform barrier")
	want := []uint32{5}
	cur := uint32(0xF0F0)
	for _, f := range []func(uint32) uint32{
		func(o uint32) uint32 { return o + 0x7FFFFFFF },
		func(o uint32) uint32 { return o - 0x10001 },
		func(o uint32) uint32 { return o & 0xFF00FFFF },
		func(o uint32) uint32 { return o | 0x30000 },
		func(o uint32) uint32 { return o ^ 0xFFFFFFFF },
		func(o uint32) uint32 { return min(o, 0x7F000000) },
		func(o uint32) uint32 { return max(o, 0x90000001) },
	} {
		want = append(want, cur)
		cur = f(cur)
	}
	want = append(want, cur)
	assert.Equal(t, want, words32(res.Bytes(0, 2)), "old values of exchange, add, sub, and, or, xor, min, max; then the load")
	assert.Equal(t, cur, out[4], "the last value stored")
}

// A workgroup's invocations pass messages through storage and workgroup memory, separated
// by storageBarrier and workgroupBarrier: each reads what another one wrote before the
// barriers. Several workgroups, each on its own part of the buffer.
func TestExecBarrierMessagePassing(t *testing.T) {
	src := `
@group(0) @binding(0) var<storage, read_write> data: array<u32, 256>;
@group(0) @binding(1) var<storage, read_write> out: array<vec2u, 256>;
var<workgroup> sh: array<u32, 64>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wg: vec3u) {
    let base = wg.x * 64u;
    for (var round = 0u; round < 3u; round++) {
        data[base + lid] = (base + lid) * 3u + round;
        sh[lid] = lid * 5u + round;
        storageBarrier();
        workgroupBarrier();
        let other = (lid + 1u + round * 7u) % 64u;
        out[base + lid] += vec2(data[base + other], sh[other]);
        storageBarrier();
        workgroupBarrier();
    }
}
`
	const n = 256
	res := runWGSL(t, wgslRun{src: src, groups: [3]uint32{n / 64, 1, 1}, bindings: []vulkan.Binding{
		storage(0, le32(make([]uint32, n)...)), storage(1, le32(make([]uint32, 2*n)...))}})
	out := words32(res.Bytes(0, 1))
	for g := 0; g < n; g++ {
		base, lid := g/64*64, g%64
		var d, s uint32
		for round := 0; round < 3; round++ {
			other := (lid + 1 + round*7) % 64
			d += uint32(base+other)*3 + uint32(round)
			s += uint32(other)*5 + uint32(round)
		}
		assert.Equal(t, []uint32{d, s}, out[2*g:2*g+2], "invocation %d", g)
	}
}
