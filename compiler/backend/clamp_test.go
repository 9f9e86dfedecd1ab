package backend_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/wgslgo/wgslgo/compiler/backend"
	"github.com/wgslgo/wgslgo/compiler/ir/transform"
	"github.com/wgslgo/wgslgo/compiler/spirv"
	"github.com/wgslgo/wgslgo/internal/vulkan"
)

// clamp with constant bounds (WGSL makes sure low <= high) is one GLSL clamp; with others,
// which may cross, it stays max then min.
func TestExecConstantClamp(t *testing.T) {
	src := `
@group(0) @binding(0) var<storage, read_write> f: array<f32, 8>;
@group(0) @binding(1) var<storage, read_write> u: array<u32, 8>;
@group(0) @binding(2) var<storage, read_write> s: array<i32, 8>;
@group(0) @binding(3) var<storage, read> hi: f32;

@compute @workgroup_size(8)
fn main(@builtin(local_invocation_index) i: u32) {
    let x = f[i];
    f[i] = clamp(x, 0.0, 1.0) + clamp(x, 0.25, hi) * 10.0;  // the second: max then min
    u[i] = clamp(u[i], 2u, 5u);
    let v = clamp(vec2i(s[i]), vec2i(-3, 0), vec2i(3, 4));
    s[i] = v.x * 100 + v.y;
}
`
	words := compileWGSL(t, src, backend.Vulkan1_0, backend.Vulkan1_1, transform.Options{})
	m := parse(t, words)
	var ops []uint32
	for _, in := range m.Find(spirv.OpExtInst) {
		ops = append(ops, in.Words[4])
	}
	count := func(op spirv.GLSLstd450) int {
		n := 0
		for _, o := range ops {
			if o == uint32(op) {
				n++
			}
		}
		return n
	}
	assert.Equal(t, 1, count(spirv.GLSLstd450FClamp))
	assert.Equal(t, 1, count(spirv.GLSLstd450UClamp))
	assert.Equal(t, 1, count(spirv.GLSLstd450SClamp))
	assert.Equal(t, 1, count(spirv.GLSLstd450FMax), "clamp(x, 0.25, hi)")
	assert.Equal(t, 1, count(spirv.GLSLstd450FMin), "clamp(x, 0.25, hi)")

	fs := []float32{-2, 0, 0.1, 0.3, 0.6, 1, 1.5, 100}
	us := []uint32{0, 1, 2, 3, 5, 6, 100, 0xffffffff}
	ss := []int32{-100, -4, -3, -1, 0, 3, 4, 50}
	res := runWGSL(t, wgslRun{src: src, noNaga: true, bindings: []vulkan.Binding{storage(0, f32le(fs...)), storage(1, le32(us...)),
		storage(2, le32(func() []uint32 {
			out := make([]uint32, len(ss))
			for i, v := range ss {
				out[i] = uint32(v)
			}
			return out
		}()...)), {Group: 0, Binding: 3, Kind: vulkan.ReadOnlyStorageBuffer, Data: f32le(0.5)}}})
	gf, gu, gs := floats32(res.Bytes(0, 0)), words32(res.Bytes(0, 1)), words32(res.Bytes(0, 2))
	for i := range fs {
		assert.Equal(t, min(max(fs[i], 0), 1)+min(max(fs[i], 0.25), 0.5)*10, gf[i], "f[%d]", i)
		assert.Equal(t, min(max(us[i], 2), 5), gu[i], "u[%d]", i)
		want := min(max(ss[i], -3), 3)*100 + min(max(ss[i], 0), 4)
		assert.Equal(t, want, int32(gs[i]), "s[%d]", i)
	}
}

// textureLoad at the constant level 0 needs no level clamp (no textureNumLevels query).
func TestTextureLoadLevelZero(t *testing.T) {
	src := `
@group(0) @binding(0) var tex: texture_2d<f32>;
@group(0) @binding(1) var<storage, read_write> out: vec4f;
@group(0) @binding(2) var<storage, read_write> lvl: i32;
@compute @workgroup_size(1)
fn main() {
    out = textureLoad(tex, vec2i(3, 4), 0) + textureLoad(tex, vec2i(1, 1), lvl);
}
`
	m := parse(t, compileWGSL(t, src, backend.Vulkan1_0, backend.Vulkan1_1, transform.Options{}))
	assert.Len(t, m.Find(spirv.OpImageQueryLevels), 1, "only the load at a dynamic level")
}

// smoothstep with edges that may cross is WGSL's formula: GLSL's SmoothStep is undefined
// for edge0 >= edge1, where WGSL's descends. Constant increasing edges keep SmoothStep.
func TestExecSmoothstep(t *testing.T) {
	src := `
@group(0) @binding(0) var<storage, read_write> x: array<f32, 8>;
@group(0) @binding(1) var<storage, read> e: array<vec2f, 8>;
@group(0) @binding(2) var<storage, read_write> o: array<vec4f, 8>;

@compute @workgroup_size(8)
fn main(@builtin(local_invocation_index) i: u32) {
    let v = x[i];
    o[i] = vec4f(smoothstep(e[i].x, e[i].y, v), smoothstep(0.25, 0.75, v), smoothstep(0.75, 0.25, v),
                 smoothstep(vec2f(0.0, 1.0), vec2f(1.0, 0.0), vec2f(v)).y);
}
`
	m := parse(t, compileWGSL(t, src, backend.Vulkan1_0, backend.Vulkan1_1, transform.Options{}))
	n := countGLSL(m, spirv.GLSLstd450SmoothStep)
	assert.Equal(t, 1, n, "only smoothstep(0.25, 0.75, v) is GLSL's")

	xs := []float32{-1, 0, 0.25, 0.4, 0.5, 0.6, 0.75, 2}
	es := []float32{0, 1, 1, 0, 0.5, 0.25, 0.75, 0.25, 0, 1, 0.9, 0.1, 2, -2, -1, 3}
	smooth := func(e0, e1, x float32) float32 {
		t := min(max((x-e0)/(e1-e0), 0), 1)
		return t * t * (3 - 2*t)
	}
	// noNaga: naga emits SmoothStep, which lavapipe computes with other roundings.
	res := runWGSL(t, wgslRun{src: src, noNaga: true, bindings: []vulkan.Binding{storage(0, f32le(xs...)),
		{Group: 0, Binding: 1, Kind: vulkan.ReadOnlyStorageBuffer, Data: f32le(es...)}, storage(2, make([]byte, 128))}})
	got := floats32(res.Bytes(0, 2))
	for i, v := range xs {
		want := []float32{smooth(es[2*i], es[2*i+1], v), smooth(0.25, 0.75, v), smooth(0.75, 0.25, v), smooth(1, 0, v)}
		assert.InDeltaSlice(t, want, got[4*i:4*i+4], 1e-6, "x = %v, edges %v, %v", v, es[2*i], es[2*i+1])
	}
}
