package lower_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// The tests below pass pointers into parts of storage, uniform and workgroup variables to
// functions (transform.DirectVariableAccess) and compare with the same work done in Go.
//
// nagaNoPointerParams: naga 30 refuses every one of these modules ("Argument 'p' at index 0
// is a pointer of space Storage/Uniform/WorkGroup, which can't be passed into functions"):
// it has no unrestricted_pointer_parameters, so there is nothing to compare with.

func TestExecPointerStorageMember(t *testing.T) {
	// S: a@0, b@8 (vec2u), items@16 (array<u32, 8>); 48 bytes.
	in := []uint32{2, 0, 10, 20, 0, 1, 4, 9, 16, 25, 36, 49}
	out := runCompute(t, compute{
		src: `
struct S { a: u32, b: vec2u, items: array<u32, 8> }
@group(0) @binding(0) var<storage, read_write> s: S;
fn setB(p: ptr<storage, vec2u, read_write>, x: u32) { (*p).y = x; p.x += 1u; }
fn triple(p: ptr<storage, u32, read_write>) { *p = *p * 3u + 1u; }
fn whole(p: ptr<storage, S, read_write>) { triple(&p.a); setB(&(*p).b, p.a); }
@compute @workgroup_size(1)
fn main() {
	setB(&s.b, 7u);
	triple(&s.a);
	whole(&s);
	triple(&s.items[7]);
	triple(&s.items[s.b.y]); // 22: clamped to the last element where triple accesses it
	let q = &s.items[s.a % 8u];
	triple(q);
}`,
		bufs:   [][]byte{u32s(in...)},
		noNaga: true, // see nagaNoPointerParams
	})
	a, bx, by := in[0], in[2], in[3]
	items := append([]uint32(nil), in[4:]...)
	triple := func(p *uint32) { *p = *p*3 + 1 }
	setB := func(x uint32) { by = x; bx++ }
	setB(7)
	triple(&a)
	triple(&a)
	setB(a)
	triple(&items[7])
	triple(&items[min(by, 7)])
	triple(&items[a%8])
	want := append([]uint32{a, 0, bx, by}, items...)
	assert.Equal(t, want, asU32(out[0]))
}

func TestExecPointerDynamicElements(t *testing.T) {
	const n = 32
	xs, ys := make([]int32, n), make([]int32, n)
	for i := range xs {
		xs[i], ys[i] = int32(i*7-50), int32(3*i+1)
	}
	out := runCompute(t, compute{
		src: `
@group(0) @binding(0) var<storage, read_write> xs: array<i32>;
@group(0) @binding(1) var<storage, read_write> ys: array<i32, 32>;
fn addInto(dst: ptr<storage, i32, read_write>, src: ptr<storage, i32, read_write>) {
	*dst += *src;
	*src = -*src;
}
@compute @workgroup_size(16)
fn main(@builtin(global_invocation_id) gid: vec3u) {
	let i = gid.x;
	addInto(&xs[i], &ys[15u - i]);
	addInto(&ys[i + 16u], &xs[31u - i]);
}`,
		groups: 1,
		bufs:   [][]byte{i32s(xs...), i32s(ys...)},
		noNaga: true, // see nagaNoPointerParams
	})
	// Invocation i touches xs[i], ys[15-i], ys[16+i] and xs[31-i]: no two the same.
	for i := 0; i < 16; i++ {
		xs[i] += ys[15-i]
		ys[15-i] = -ys[15-i]
		ys[i+16] += xs[31-i]
		xs[31-i] = -xs[31-i]
	}
	assert.Equal(t, xs, asI32(out[0]))
	assert.Equal(t, ys, asI32(out[1]))
}

func TestExecPointerNestedPath(t *testing.T) {
	// Cell: w@0, v@16 (array<vec4f, 3>); 64 bytes. Grid: n@0, cells@16.
	const cells = 4
	in := make([]float32, 4+16*cells)
	for c := 0; c < cells; c++ {
		in[4+16*c] = float32(c + 2)
		for k := 0; k < 12; k++ {
			in[4+16*c+4+k] = float32(k + c)
		}
	}
	out := runCompute(t, compute{
		src: `
struct Cell { w: f32, v: array<vec4f, 3> }
struct Grid { n: u32, cells: array<Cell> }
@group(0) @binding(0) var<storage, read_write> grid: Grid;
fn scale(p: ptr<storage, vec4f, read_write>, k: f32) { *p = *p * k; }
fn touch(c: ptr<storage, Cell, read_write>, j: u32) { scale(&c.v[j], c.w); c.w += 1.0; }
@compute @workgroup_size(4)
fn main(@builtin(global_invocation_id) gid: vec3u) {
	for (var j = 0u; j < 3u; j++) { touch(&grid.cells[gid.x], j); }
	scale(&grid.cells[gid.x].v[1], 10.0);
	scale(&grid.cells[gid.x].v[gid.x % 3u], 0.5);
}`,
		bufs:   [][]byte{f32s(in...)},
		noNaga: true, // see nagaNoPointerParams
	})
	want := append([]float32(nil), in...)
	for c := 0; c < cells; c++ {
		cell := want[4+16*c : 4+16*(c+1)]
		scale := func(j int, k float32) {
			for x := 0; x < 4; x++ {
				cell[4+4*j+x] *= k
			}
		}
		for j := 0; j < 3; j++ {
			scale(j, cell[0])
			cell[0]++
		}
		scale(1, 10)
		scale(c%3, 0.5)
	}
	assert.Equal(t, want, asF32(out[0]))
}

func TestExecPointerWorkgroup(t *testing.T) {
	out := runCompute(t, compute{
		src: `
@group(0) @binding(0) var<storage, read_write> o: array<u32, 64>;
struct Pair { a: u32, b: array<u32, 2> }
var<workgroup> tile: array<u32, 64>;
var<workgroup> pairs: array<Pair, 8>;
var<workgroup> total: u32;
fn put(p: ptr<workgroup, u32>, v: u32) { *p = v * 2u + 1u; }
fn fill(p: ptr<workgroup, Pair>, i: u32) { put(&p.a, i); put(&(*p).b[i & 1u], 100u); }
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) li: u32) {
	put(&tile[li], li);
	if li < 8u { fill(&pairs[li], li); }
	if li == 0u { put(&total, 5u); }
	workgroupBarrier();
	var x = tile[63u - li] + total;
	if li < 8u { x += pairs[li].a + pairs[li].b[0] + pairs[li].b[1]; }
	o[li] = x;
}`,
		bufs:   [][]byte{zeros(64)},
		noNaga: true, // see nagaNoPointerParams
	})
	want := make([]uint32, 64)
	for li := range want {
		want[li] = uint32(63-li)*2 + 1 + 11
		if li < 8 {
			want[li] += uint32(li)*2 + 1 + 201
		}
	}
	assert.Equal(t, want, asU32(out[0]))
}

func TestExecPointerUniform(t *testing.T) {
	// U: scale@0, offs@16 (array<vec4f, 4>), k@80; 96 bytes.
	u := make([]float32, 24)
	for i := 0; i < 20; i++ {
		u[i] = float32(i + 1)
	}
	u[20] = 0.5
	out := runCompute(t, compute{
		src: `
struct U { scale: vec4f, offs: array<vec4f, 4>, k: f32 }
@group(0) @binding(0) var<uniform> u: U;
@group(0) @binding(1) var<storage, read_write> o: array<f32, 4>;
fn sum4(p: ptr<uniform, vec4f>) -> f32 { return p.x + p.y + p.z + p.w; }
fn pick(p: ptr<uniform, array<vec4f, 4>>, i: u32) -> f32 { return sum4(&p[i]) * (*p)[i].x; }
fn whole(p: ptr<uniform, U>) -> f32 { return p.k; }
@compute @workgroup_size(4)
fn main(@builtin(local_invocation_index) li: u32) {
	o[li] = pick(&u.offs, li) + sum4(&u.scale) + whole(&u) + sum4(&u.offs[3u - li]);
}`,
		bufs:   [][]byte{f32s(u...), zeros(4)},
		noNaga: true, // see nagaNoPointerParams
	})
	sum4 := func(v []float32) float32 { return v[0] + v[1] + v[2] + v[3] }
	want := make([]float32, 4)
	for li := range want {
		off := u[4+4*li : 8+4*li]
		want[li] = sum4(off)*off[0] + sum4(u[0:4]) + u[20] + sum4(u[4+4*(3-li):8+4*(3-li)])
	}
	assert.Equal(t, want, asF32(out[1]))
}

func TestExecPointerAtomics(t *testing.T) {
	out := runCompute(t, compute{
		src: `
@group(0) @binding(0) var<storage, read_write> counters: array<atomic<u32>, 4>;
@group(0) @binding(1) var<storage, read_write> olds: array<u32, 64>;
var<workgroup> wcount: array<atomic<u32>, 2>;
fn inc(p: ptr<storage, atomic<u32>, read_write>, by: u32) -> u32 { return atomicAdd(p, by); }
fn winc(p: ptr<workgroup, atomic<u32>>) { atomicAdd(p, 1u); }
fn maxInto(p: ptr<storage, atomic<u32>, read_write>, v: u32) { atomicMax(p, v); }
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) li: u32) {
	olds[li] = inc(&counters[li % 3u], 1u << (li / 3u));
	winc(&wcount[li & 1u]);
	winc(&wcount[li & 1u]);
	workgroupBarrier();
	if li == 0u { maxInto(&counters[3], atomicLoad(&wcount[0]) * 1000u + atomicLoad(&wcount[1])); }
}`,
		bufs:   [][]byte{u32s(0, 0, 0, 7), zeros(64)},
		noNaga: true, // see nagaNoPointerParams
	})
	want := []uint32{0, 0, 0, 64*1000 + 64}
	for li := uint32(0); li < 64; li++ {
		want[li%3] += 1 << (li / 3)
	}
	assert.Equal(t, want, asU32(out[0]))
	// Every invocation saw its bucket before its own addition: the bits below its own.
	for li, old := range asU32(out[1]) {
		bit := uint32(1) << (li / 3)
		assert.Zero(t, old&bit, "invocation %d", li)
		assert.Equal(t, old, old&(want[li%3]&^bit), "invocation %d", li)
	}
}

func TestExecPointerArrayLength(t *testing.T) {
	// Grid: n@0, cells@16 (array<Cell>, 64-byte stride): 3 cells.
	out := runCompute(t, compute{
		src: `
struct Cell { w: f32, v: array<vec4f, 3> }
struct Grid { n: u32, cells: array<Cell> }
@group(0) @binding(0) var<storage, read_write> grid: Grid;
@group(0) @binding(1) var<storage, read> fl: array<f32>;
@group(0) @binding(2) var<storage, read_write> o: array<u32, 4>;
fn lenA(p: ptr<storage, array<f32>, read>) -> u32 { return arrayLength(p); }
fn lenCells(p: ptr<storage, array<Cell>, read_write>) -> u32 { return arrayLength(p); }
fn lenGrid(p: ptr<storage, Grid, read_write>) -> u32 {
	p.n = arrayLength(&p.cells);
	return arrayLength(&(*p).cells) + lenCells(&p.cells) * 100u;
}
fn last(p: ptr<storage, array<f32>, read>) -> f32 { return p[arrayLength(p) - 1u]; }
@compute @workgroup_size(1)
fn main() {
	o[0] = lenA(&fl);
	o[1] = lenCells(&grid.cells);
	o[2] = lenGrid(&grid);
	o[3] = u32(last(&fl));
}`,
		bufs:   [][]byte{zeros(4 + 16*3), f32s(1, 2, 3, 4, 5), zeros(4)},
		noNaga: true, // see nagaNoPointerParams
	})
	assert.Equal(t, []uint32{5, 3, 303, 5}, asU32(out[2]))
	assert.Equal(t, uint32(3), asU32(out[0])[0])
}

func TestExecPointerTwoLevels(t *testing.T) {
	// S: n@0, items@4 (array<u32, 8>); 36 bytes, stride 36.
	in := make([]uint32, 18)
	for i := range in {
		in[i] = uint32(i * 3)
	}
	out := runCompute(t, compute{
		src: `
struct S { n: u32, items: array<u32, 8> }
@group(0) @binding(0) var<storage, read_write> s: array<S, 2>;
fn inner(p: ptr<storage, u32, read_write>, by: u32) { *p = *p * 2u + by; }
fn middle(q: ptr<storage, array<u32, 8>, read_write>, i: u32) { inner(&q[i], i); inner(&(*q)[7u - i], 100u); }
fn outer(r: ptr<storage, S, read_write>, i: u32) { middle(&r.items, i); inner(&r.n, 1u); }
@compute @workgroup_size(1)
fn main() {
	for (var t = 0u; t < 2u; t++) { outer(&s[t], t * 3u + 2u); }
	outer(&s[s[0].n % 2u], 0u);
	middle(&s[1].items, 1u);
}`,
		bufs:   [][]byte{u32s(in...)},
		noNaga: true, // see nagaNoPointerParams
	})
	want := append([]uint32(nil), in...)
	inner := func(p *uint32, by uint32) { *p = *p*2 + by }
	middle := func(q []uint32, i uint32) { inner(&q[i], i); inner(&q[7-i], 100) }
	outer := func(r []uint32, i uint32) { middle(r[1:9], i); inner(&r[0], 1) }
	elem := func(k uint32) []uint32 { return want[9*k : 9*k+9] }
	for k := uint32(0); k < 2; k++ {
		outer(elem(k), k*3+2)
	}
	outer(elem(want[0]%2), 0)
	middle(elem(1)[1:9], 1)
	assert.Equal(t, want, asU32(out[0]))
}

func TestExecPointerSharedCopy(t *testing.T) {
	out := runCompute(t, compute{
		src: `
@group(0) @binding(0) var<storage, read_write> a: array<u32, 8>;
fn bump(p: ptr<storage, u32, read_write>, by: u32) { *p += by; }
@compute @workgroup_size(1)
fn main() {
	let i = a[0];
	let j = a[1];
	bump(&a[i], 10u);
	bump(&a[j], 20u);
	bump(&a[2], 5u);
	bump(&a[2], 6u);
	bump(&a[j + 1u], 40u);
}`,
		bufs:   [][]byte{u32s(3, 5, 1, 1, 1, 1, 1, 1)},
		noNaga: true, // see nagaNoPointerParams
	})
	a := []uint32{3, 5, 1, 1, 1, 1, 1, 1}
	i, j := a[0], a[1]
	a[i] += 10
	a[j] += 20
	a[2] += 11
	a[j+1] += 40
	assert.Equal(t, a, asU32(out[0]))
}

// TestExecPointerUniformMatrices reaches uniform matrices through pointers: the copies
// access the variable that Std140 splits into columns.
func TestExecPointerUniformMatrices(t *testing.T) {
	// U: ms@0 (array<mat2x2f, 3>, stride 16), v@48, f@60, m3@64 (mat3x2f); 96 bytes.
	u := make([]float32, 24)
	for i := range u {
		u[i] = float32(i + 1)
	}
	out := runCompute(t, compute{
		src: `
struct U { ms: array<mat2x2f, 3>, v: vec3f, f: f32, m3: mat3x2f }
@group(0) @binding(0) var<uniform> u: U;
@group(0) @binding(1) var<storage, read_write> o: array<f32, 2>;
var<workgroup> w: array<array<u32, 4>, 2>;
fn col(p: ptr<uniform, mat2x2f>, i: u32) -> f32 { return (*p)[i].y + p[0].x; }
fn whole(p: ptr<uniform, mat2x2f>) -> mat2x2f { return *p; }
fn m3(p: ptr<uniform, mat3x2f>) -> vec2f { return (*p)[2]; }
fn vz(p: ptr<uniform, vec3f>) -> f32 { return p.z; }
fn wu(p: ptr<workgroup, array<u32, 4>>) -> u32 { return workgroupUniformLoad(p)[1]; }
@compute @workgroup_size(2)
fn main(@builtin(local_invocation_index) li: u32) {
	w[li][1] = li + 7u;
	o[li] = col(&u.ms[li], 1u) + whole(&u.ms[2])[1].x + m3(&u.m3).y + vz(&u.v) + f32(wu(&w[1]));
}`,
		bufs:   [][]byte{f32s(u...), zeros(2)},
		noNaga: true, // see nagaNoPointerParams
	})
	want := make([]float32, 2)
	for li := range want {
		want[li] = u[4*li+3] + u[4*li] + u[10] + u[21] + u[14] + 8
	}
	assert.Equal(t, want, asF32(out[1]))
}

// TestExecPointerImmediate passes pointers into the immediate data (push constants) to
// functions, as unrestricted_pointer_parameters allows for every address space: the whole
// variable, members and a vector indexed dynamically (clamped), each function called twice.
func TestExecPointerImmediate(t *testing.T) {
	// P: scale@0, offset@4, bias@16 (vec4u); 32 bytes.
	imm := u32s(3, 100, 0, 0, 1, 2, 3, 4)
	out := runCompute(t, compute{
		src: `
struct P { scale: u32, offset: u32, bias: vec4u }
var<immediate> pc: P;
@group(0) @binding(0) var<storage, read_write> o: array<u32, 4>;
fn whole(p: ptr<immediate, P>, x: u32) -> u32 { return x * (*p).scale + p.offset; }
fn one(p: ptr<immediate, u32>) -> u32 { return *p; }
fn lane(p: ptr<immediate, vec4u>, i: u32) -> u32 { return (*p)[i]; }
@compute @workgroup_size(1)
fn main() {
	o[0] = whole(&pc, 5u);
	o[1] = whole(&pc, o[1]) + one(&pc.offset);
	o[2] = one(&pc.scale) + lane(&pc.bias, 1u);
	o[3] = lane(&pc.bias, o[3]); // 9: clamped to the last component
}`,
		bufs:      [][]byte{u32s(0, 7, 0, 9)},
		immediate: imm,
		noNaga:    true, // naga 30 reads var<push_constant>, not var<immediate>
	})
	assert.Equal(t, []uint32{5*3 + 100, 7*3 + 100 + 100, 3 + 2, 4}, asU32(out[0]))
}
