package backend_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/wgslgo/wgslgo/internal/vulkan"
)

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
