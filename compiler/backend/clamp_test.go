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
	res := runWGSL(t, wgslRun{src: src, bindings: []vulkan.Binding{storage(0, f32le(fs...)), storage(1, le32(us...)),
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
