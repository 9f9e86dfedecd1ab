package lower_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestExecSwizzles runs swizzles of run-time vectors on the device: every letter of both
// sets (xyzw and rgba), alone and in multi-letter and mixed-order selections, read from
// values, written and compound-assigned one component at a time, through pointers (the
// shorthand p.a and (*p).a, a function's parameter, a storage buffer's element), and from
// vec2, vec3, matrix columns and swizzles of swizzles. Each case leaves a vec4f, compared with
// what the letters select from v = (1, 2, 3, 4).
func TestExecSwizzles(t *testing.T) {
	cases := []struct {
		stmts, result string
		want          [4]float32
	}{
		{"", "vec4f(v.x, v.y, v.z, v.w)", [4]float32{1, 2, 3, 4}},
		{"", "vec4f(v.r, v.g, v.b, v.a)", [4]float32{1, 2, 3, 4}},
		{"", "vec4f(v.a, v.b, v.g, v.r)", [4]float32{4, 3, 2, 1}},
		{"", "vec4f(v.w, v.z, v.y, v.x)", [4]float32{4, 3, 2, 1}},
		{"", "v.bgra", [4]float32{3, 2, 1, 4}},
		{"", "v.argb", [4]float32{4, 1, 2, 3}},
		{"", "v.wxyz", [4]float32{4, 1, 2, 3}},
		{"", "vec4f(v.ar, v.ga)", [4]float32{4, 1, 2, 4}},
		{"", "vec4f(v.aaa, v.r)", [4]float32{4, 4, 4, 1}},
		{"", "vec4f(v.bbb, v.g)", [4]float32{3, 3, 3, 2}},
		{"", "vec4f(v.www, v.y)", [4]float32{4, 4, 4, 2}},
		{"", "vec4f(v.abgr.ar, v.abgr.a, 0.0)", [4]float32{1, 4, 1, 0}},
		{"", "vec4f(v.rgb.bg, v.rg.gr)", [4]float32{3, 2, 2, 1}},
		{"", "vec4f(v.xyz.zx, v.xy.yx)", [4]float32{3, 1, 2, 1}},
		{"let u = vec4u(v);", "vec4f(u.abgr)", [4]float32{4, 3, 2, 1}},
		{"let k = vec4i(v) - 3;", "vec4f(vec3f(vec3i(k.a, k.b, k.g).zyx), f32(k.r))", [4]float32{-1, 0, 1, -2}},
		{"let h = v > vec4f(2.5);", "select(vec4f(0.0), vec4f(1.0), h.abgr)", [4]float32{1, 1, 0, 0}},
		{"let m = mat2x4f(v, v.abgr);", "vec4f(m[1].a, m[1].b, m[0].a, m[0].g)", [4]float32{1, 2, 4, 2}},
		// Writes of one component, each letter alone.
		{"var w = v; w.r = 10.0;", "w", [4]float32{10, 2, 3, 4}},
		{"var w = v; w.g = 10.0;", "w", [4]float32{1, 10, 3, 4}},
		{"var w = v; w.b = 10.0;", "w", [4]float32{1, 2, 10, 4}},
		{"var w = v; w.a = 10.0;", "w", [4]float32{1, 2, 3, 10}},
		{"var w = v; w.x = 10.0;", "w", [4]float32{10, 2, 3, 4}},
		{"var w = v; w.y = 10.0;", "w", [4]float32{1, 10, 3, 4}},
		{"var w = v; w.z = 10.0;", "w", [4]float32{1, 2, 10, 4}},
		{"var w = v; w.w = 10.0;", "w", [4]float32{1, 2, 3, 10}},
		{"var w = v.rgb; w.b = 10.0; w.r = w.g;", "vec4f(w, 0.0)", [4]float32{2, 2, 10, 0}},
		// Compound assignments, increments and decrements.
		{"var w = v; w.a += 10.0; w.b *= 2.0; w.g -= 5.0; w.r /= 4.0;", "w", [4]float32{0.25, -3, 6, 14}},
		{"var w = v; w.w -= 1.0; w.z += w.w; w.y *= w.z; w.x %= 0.75;", "w", [4]float32{0.25, 12, 6, 3}},
		{"var k = vec4i(v); k.a++; k.b--; k.g <<= 2u; k.r ^= 7;", "vec4f(k)", [4]float32{6, 8, 2, 5}},
		{"var k = vec4u(v); k.w >>= 1u; k.z |= 8u; k.y &= 1u; k.x++;", "vec4f(k)", [4]float32{2, 0, 11, 2}},
		// Through pointers.
		{"var w = v; let p = &w; p.a = 9.0; (*p).b += 1.0; p.g *= p.a;", "w", [4]float32{1, 18, 4, 9}},
		{"var w = v; let p = &w; (*p).r = p.a; p.w -= p.r; p.z += 1.0;", "w", [4]float32{4, 2, 4, 0}},
		{"var w = v; swizzleThrough(&w);", "w", [4]float32{4, 3, 1, 104}},
		{"pv = v; pv.a = 5.0; pv.r += pv.a; pv.y = pv.b;", "pv", [4]float32{6, 3, 3, 5}},
		{"io[1] = v; io[1].a = 11.0; io[1].b += 1.0; let q = &io[1]; q.g = q.a; q.r -= (*q).b;", "io[1]", [4]float32{-3, 11, 4, 11}},
		{"var arr = array<vec4f, 2>(v, v.abgr); let q = &arr[1]; q.a += arr[0].a; arr[0].b = q.r;", "vec4f(arr[0].b, arr[1].a, arr[1].g, arr[0].a)", [4]float32{4, 5, 3, 4}},
	}
	var src strings.Builder
	src.WriteString(`@group(0) @binding(0) var<storage, read_write> io: array<vec4f, 2>;
@group(0) @binding(1) var<storage, read_write> o: array<vec4f>;
var<private> pv: vec4f;
fn swizzleThrough(p: ptr<function, vec4f>) {
	p.a += 100.0;
	(*p).r = p.g * 2.0;
	p.g = (*p).b;
	p.b = p.w - 103.0;
}
@compute @workgroup_size(1) fn main() {
	let v = io[0];
`)
	for i, c := range cases {
		fmt.Fprintf(&src, "\t{ %s o[%d] = %s; }\n", c.stmts, i, c.result)
	}
	src.WriteString("}\n")
	out := runCompute(t, compute{src: src.String(), bufs: [][]byte{f32s(1, 2, 3, 4, 0, 0, 0, 0), zeros(4 * len(cases))}})
	got := asF32(out[1])
	for i, c := range cases {
		assert.Equal(t, c.want[:], got[4*i:4*i+4], "{ %s } %s", c.stmts, c.result)
	}
}
