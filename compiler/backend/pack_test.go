package backend_test

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/wgslgo/wgslgo/compiler/backend"
	"github.com/wgslgo/wgslgo/compiler/ir/transform"
	"github.com/wgslgo/wgslgo/compiler/spirv"
	"github.com/wgslgo/wgslgo/internal/vulkan"
)

// wgslPackNorm is WGSL's pack4x8snorm, pack4x8unorm, pack2x16snorm or pack2x16unorm of v:
// component i is ⌊0.5 + scale × clamp(v[i], lo, 1)⌋ with the product correctly rounded,
// in bits width × i.
func wgslPackNorm(v []float32, scale, lo float32, width uint) uint32 {
	var out uint32
	for i, x := range v {
		m := float32(scale * min(max(x, lo), 1))
		r := int32(math.Floor(float64(m) + 0.5)) // exact: m has at most 24 significant bits
		out |= uint32(r) & (1<<width - 1) << (width * uint(i))
	}
	return out
}

// The normalised packings round a half up, as WGSL says, where GLSL's PackSnorm4x8 and
// the others leave the direction to the implementation (lavapipe rounds to even). The
// inputs include products that are exactly k + 0.5.
func TestExecPackNorm(t *testing.T) {
	src := `
@group(0) @binding(0) var<storage, read> x: array<vec4f, 6>;
@group(0) @binding(1) var<storage, read_write> o: array<vec4u, 6>;

@compute @workgroup_size(6)
fn main(@builtin(local_invocation_index) i: u32) {
    let v = x[i];
    o[i] = vec4u(pack4x8snorm(v), pack4x8unorm(v), pack2x16snorm(v.xy), pack2x16unorm(v.zw));
}
`
	m := parse(t, compileWGSL(t, src, backend.Vulkan1_0, backend.Vulkan1_1, transform.Options{}))
	floors := countGLSL(m, spirv.GLSLstd450Floor)
	assert.Equal(t, 4, floors, "each packing rounds before GLSL's")

	xs := []float32{
		0.003937008, 0.011811024, 0.01968504, 0.0019607844, // 127x: 0.5, 1.5, 2.5; 255x: 0.5
		-0.003937008, -0.011811024, -0.01968504, 0.005882353, // -0.5, -1.5, -2.5; 255x: 1.5
		1.5259255e-05, 4.5777764e-05, 7.629511e-06, 2.2888533e-05, // 32767x: 0.5, 1.5; 65535x: 0.5, 1.5
		-1.5259255e-05, -4.5777764e-05, 0.009803922, 3.8147555e-05, // 32767x: -0.5, -1.5; 255x: 2.5; 65535x: 2.5
		-2, 2, -1, 1,
		0, 0.3, -0.7, 0.123456,
	}
	res := runWGSL(t, wgslRun{src: src, bindings: []vulkan.Binding{
		{Group: 0, Binding: 0, Kind: vulkan.ReadOnlyStorageBuffer, Data: f32le(xs...)}, storage(1, make([]byte, 96))},
		noNaga: true, // naga's SPIR-V uses GLSL's packing alone
	})
	got := words32(res.Bytes(0, 1))
	for i := 0; i < len(xs)/4; i++ {
		v := xs[4*i : 4*i+4]
		want := []uint32{wgslPackNorm(v, 127, -1, 8), wgslPackNorm(v, 255, 0, 8),
			wgslPackNorm(v[:2], 32767, -1, 16), wgslPackNorm(v[2:], 65535, 0, 16)}
		assert.Equal(t, want, got[4*i:4*i+4], "%v", v)
	}
}
