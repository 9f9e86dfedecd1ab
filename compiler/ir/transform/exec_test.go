package transform_test

import (
	"encoding/binary"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/wgslgo/wgslgo/internal/exectest"
)

// The tests of this file run what the passes make of WGSL on the device: the passes that give
// WGSL's meaning to what SPIR-V leaves undefined (IntDivRem, ShiftMask, FloatToIntSaturate,
// BitFieldClamp, Robustness, ZeroInitWorkgroup), the layouts SPIR-V cannot state directly
// (Std140), and the optimizations that must keep meaning (Fold, CSE, DeadCode).

// TestExecOps: every operator and the integer and exact float builtins, on run-time and on
// folded constant operands, compute what WGSL says (see exectest.RunOps).
func TestExecOps(t *testing.T) { exectest.RunOps(t) }

func u32s(xs ...uint32) []byte {
	b := make([]byte, 4*len(xs))
	for i, x := range xs {
		binary.LittleEndian.PutUint32(b[4*i:], x)
	}
	return b
}

func words(b []byte) []uint32 {
	out := make([]uint32, len(b)/4)
	for i := range out {
		out[i] = binary.LittleEndian.Uint32(b[4*i:])
	}
	return out
}

// TestExecRobustness: an index past the end of a runtime-sized array, a fixed-size array, a
// vector or a matrix, in memory or in a value, reads and writes the last element: the
// clamp keeps every index below arrayLength (or the count), and no other element changes.
func TestExecRobustness(t *testing.T) {
	indices := []uint32{0, 2, 3, 4, 7, 100, 0x7fffffff, 0x80000000, 0xffffffff}
	const n = 4 // elements of the runtime-sized arrays
	src := `
struct S { head: u32, tail: array<u32> }
@group(0) @binding(0) var<storage, read> idx: array<u32>;
@group(0) @binding(1) var<storage, read_write> rt: array<u32>;
@group(0) @binding(2) var<storage, read_write> st: S;
@group(0) @binding(3) var<storage, read_write> o: array<u32>;
@group(0) @binding(4) var<storage, read_write> wr: array<u32>;
var<private> pv: array<u32, 4>;
@compute @workgroup_size(1) fn main(@builtin(workgroup_id) id: vec3u) {
	let k = id.x;
	let i = idx[k];
	let si = bitcast<i32>(i);
	var f = array<u32, 4>(10u, 11u, 12u, 13u);
	var v = vec4u(20u, 21u, 22u, 23u);
	var m = mat3x2f(vec2f(30.0, 31.0), vec2f(32.0, 33.0), vec2f(34.0, 35.0));
	let lv = vec3u(40u, 41u, 42u);
	let la = array<u32, 3>(50u, 51u, 52u);
	pv = array<u32, 4>(60u, 61u, 62u, 63u);
	o[12u * k + 0u] = rt[i];
	o[12u * k + 1u] = st.tail[i];
	o[12u * k + 2u] = f[i] + f[si];
	o[12u * k + 3u] = v[i];
	o[12u * k + 4u] = u32(m[i][i]);
	o[12u * k + 5u] = lv[i] + la[si];
	f[i] = 99u;
	v[si] = 98u;
	pv[i] = 97u;
	o[12u * k + 6u] = f[0] + 100u * f[3];
	o[12u * k + 7u] = v[0] + 100u * v[3];
	o[12u * k + 8u] = pv[0] + 100u * pv[3];
	o[12u * k + 9u] = arrayLength(&rt);
	if k == 0u {
		wr[idx[arrayLength(&idx) - 1u]] = 77u;
		st.tail[i] = 76u;
	}
}
`
	in := make([]uint32, n)
	for i := range in {
		in[i] = uint32(100 + i)
	}
	out := exectest.Run(t, exectest.Compute{Src: src, Groups: uint32(len(indices)), Buffers: [][]byte{
		u32s(indices...), u32s(in...), u32s(append([]uint32{5}, in...)...), make([]byte, 4*12*len(indices)), u32s(in...),
	}})
	o := words(out[3])
	last := func(i, n uint32) uint32 { return min(i, n-1) }
	for k, i := range indices {
		si := int32(i)
		sc := uint32(max(si, 0))
		if si < 0 {
			sc = 0xffffffff // a negative i32 index is a huge u32 one
		}
		got := o[12*k : 12*k+10]
		want := []uint32{
			100 + last(i, n), 100 + last(i, n), 10 + last(i, 4) + 10 + last(sc, 4), 20 + last(i, 4),
			30 + 2*last(i, 3) + last(i, 2), 40 + last(i, 3) + 50 + last(sc, 3),
			10 + 100*13, 20 + 100*23, 60 + 100*63, n,
		}
		// The writes land on the last element when the index is past the end.
		switch {
		case last(i, 4) == 0:
			want[6] = 99 + 100*13
		case last(i, 4) == 3:
			want[6] = 10 + 100*99
		}
		switch {
		case last(sc, 4) == 0:
			want[7] = 98 + 100*23
		case last(sc, 4) == 3:
			want[7] = 20 + 100*98
		}
		switch {
		case last(i, 4) == 0:
			want[8] = 97 + 100*63
		case last(i, 4) == 3:
			want[8] = 60 + 100*97
		}
		assert.Equal(t, want, got, "index %#x", i)
	}
	// The last index (0xffffffff) wrote the last element of wr; index 0 wrote st.tail[0].
	assert.Equal(t, []uint32{100, 101, 102, 77}, words(out[4]))
	assert.Equal(t, []uint32{5, 76, 101, 102, 103}, words(out[2]))
}

// TestExecStd140: a uniform buffer's matrices with two rows, arrays of them and the members
// after them read what WGSL's layout puts at their offsets (Std140 rewrites the types whose
// column stride std140 cannot state).
func TestExecStd140(t *testing.T) {
	src := `
struct U {
	a: mat2x2f,        // offset 0, column stride 8
	b: f32,            // 16
	c: mat3x2f,        // 24
	d: array<mat2x2f, 2>, // 48, stride 16
	e: vec2f,          // 80
	f: mat4x2f,        // 88
	g: f32,            // 120
}
@group(0) @binding(0) var<uniform> u: U;
@group(0) @binding(1) var<storage, read_write> o: array<f32>;
@compute @workgroup_size(1) fn main() {
	var k = 0u;
	for (var c = 0; c < 2; c++) { for (var r = 0; r < 2; r++) { o[k] = u.a[c][r]; k++; } }
	o[k] = u.b; k++;
	for (var c = 0; c < 3; c++) { o[k] = u.c[c].x; o[k + 1u] = u.c[c].y; k += 2u; }
	for (var i = 0; i < 2; i++) { let m = u.d[i]; o[k] = m[0][0]; o[k + 1u] = m[0][1]; o[k + 2u] = m[1][0]; o[k + 3u] = m[1][1]; k += 4u; }
	o[k] = u.e.y; k++;
	let f = u.f;
	for (var c = 0; c < 4; c++) { o[k] = f[c][1]; k++; }
	o[k] = u.g; k++;
	o[k] = (u.a * vec2f(1.0, 10.0)).y;
}
`
	buf := make([]float32, 32)
	for i := range buf {
		buf[i] = float32(i + 1)
	}
	data := make([]byte, 4*len(buf))
	for i, x := range buf {
		binary.LittleEndian.PutUint32(data[4*i:], math.Float32bits(x))
	}
	at := func(off int) float32 { return buf[off/4] }
	var want []float32
	for i := range 4 {
		want = append(want, at(4*i))
	}
	want = append(want, at(16))
	for i := range 6 {
		want = append(want, at(24+4*i))
	}
	for i := range 8 {
		want = append(want, at(48+4*i))
	}
	want = append(want, at(84))
	for c := range 4 {
		want = append(want, at(88+8*c+4))
	}
	want = append(want, at(120), at(4)+10*at(12))
	out := exectest.Run(t, exectest.Compute{Src: src, Buffers: [][]byte{data, make([]byte, 4*len(want))}})
	got := make([]float32, len(want))
	for i, w := range words(out[1]) {
		got[i] = math.Float32frombits(w)
	}
	assert.Equal(t, want, got)
}
