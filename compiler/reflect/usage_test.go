package reflect_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler"
	"github.com/wgslgo/wgslgo/compiler/reflect"
)

// usageShader's bindings are each used in one way that WebGPU's default pipeline layout
// ("default pipeline layout" in the WebGPU spec) turns into a binding layout: a texture that
// a textureSample* or textureGather* call reads through a sampler, on any path of function
// parameters from an entry point, is "float", else "unfilterable-float"; a non-comparison
// sampler that samples a depth texture is "non-filtering"; the visibility is the stages of
// the entry points that reach the variable.
const usageShader = `
requires texture_and_sampler_let;
@group(0) @binding(0) var direct: texture_2d<f32>;
@group(0) @binding(1) var viaParam: texture_2d<f32>;
@group(0) @binding(2) var viaTwoParams: texture_2d<f32>;
@group(0) @binding(3) var loadedOnly: texture_2d<f32>;
@group(0) @binding(4) var sampledUnreached: texture_2d<f32>;
@group(0) @binding(5) var loadedViaParam: texture_2d<f32>;
@group(0) @binding(6) var secondCaller: texture_2d<f32>;
@group(0) @binding(7) var gathered: texture_2d<f32>;
@group(0) @binding(8) var parenthesized: texture_2d<f32>;
@group(0) @binding(9) var multisampled: texture_multisampled_2d<f32>;
@group(0) @binding(10) var signed: texture_2d<i32>;
@group(0) @binding(11) var unsigned: texture_2d<u32>;
@group(0) @binding(12) var depth: texture_depth_2d;
@group(0) @binding(13) var viaLet: texture_2d<f32>;
@group(1) @binding(0) var s: sampler;
@group(1) @binding(1) var sDepth: sampler;
@group(1) @binding(2) var sViaParam: sampler;
@group(1) @binding(3) var sCompare: sampler_comparison;
@group(1) @binding(4) var sUnreached: sampler;
@group(1) @binding(5) var sDepthViaLet: sampler;
@group(2) @binding(0) var<storage, read_write> computeOnly: array<u32>;
@group(2) @binding(1) var<uniform> everywhere: vec4f;
@group(2) @binding(2) var<storage> fragmentViaCall: array<f32>;
@group(2) @binding(3) var<storage> unused: array<f32>;

fn sampleIt(t: texture_2d<f32>, smp: sampler) -> vec4f { return textureSample(t, smp, vec2f(0.5)); }
fn sampleDeeper(t: texture_2d<f32>) -> vec4f { return sampleIt(t, s); }
fn loadIt(t: texture_2d<f32>) -> vec4f { return textureLoad(t, vec2i(0), 0); }
fn neverCalled() -> vec4f { return textureSample(sampledUnreached, sUnreached, vec2f(0.5)); }
fn readBuffer() -> f32 { return fragmentViaCall[0]; }
fn depthWith(smp: sampler) -> f32 { return textureSample(depth, smp, vec2f(0.5)); }

@vertex fn vs() -> @builtin(position) vec4f { return everywhere; }

@fragment fn fs() -> @location(0) vec4f {
	var c = textureSample(direct, s, vec2f(0.5));
	c += sampleIt(viaParam, sViaParam) + sampleDeeper(viaTwoParams);
	c += textureLoad(loadedOnly, vec2i(0), 0) + loadIt(loadedViaParam);
	c += textureGather(1, gathered, s, vec2f(0.5)) + textureSample((parenthesized), s, vec2f(0.5));
	c += textureLoad(multisampled, vec2i(0), 0) + vec4f(textureLoad(signed, vec2i(0), 0)) + vec4f(textureLoad(unsigned, vec2i(0), 0));
	c += vec4f(depthWith(sDepth) + textureSampleCompare(depth, sCompare, vec2f(0.5), 0.5) + readBuffer());
	let tl = viaLet;
	let sl = sDepthViaLet;
	c += textureSample(tl, s, vec2f(0.5)) + vec4f(textureSample(depth, sl, vec2f(0.5)));
	return c + everywhere;
}

@fragment fn fs2() -> @location(0) vec4f { return sampleIt(secondCaller, s); }

@compute @workgroup_size(1) fn cs() { computeOnly[0] = u32(everywhere.x); }
`

func TestBindingUsage(t *testing.T) {
	m, diags, err := compiler.Reflect(compiler.Source{Name: "usage.wgsl", Text: []byte(usageShader)}, compiler.Options{})
	require.NoError(t, err, "%v", diags)
	bindings := map[string]reflect.Binding{}
	for _, b := range m.Bindings {
		bindings[b.Name] = b
	}
	fragment := []reflect.Stage{reflect.StageFragment}
	for name, want := range map[string]string{
		"direct": "float", "viaParam": "float", "viaTwoParams": "float", "loadedOnly": "unfilterable-float",
		"sampledUnreached": "unfilterable-float", "loadedViaParam": "unfilterable-float", "secondCaller": "float",
		"gathered": "float", "parenthesized": "float", "multisampled": "unfilterable-float", "signed": "sint",
		"unsigned": "uint", "depth": "depth", "viaLet": "float",
	} {
		b := bindings[name]
		require.NotNil(t, b.Texture, name)
		assert.Equal(t, want, b.Texture.SampleType, "sample type of %s", name)
		if name != "sampledUnreached" {
			assert.Equal(t, fragment, b.Visibility, "visibility of %s", name)
		}
	}
	assert.True(t, bindings["multisampled"].Texture.Multisampled)
	for name, want := range map[string]string{
		"s": "filtering", "sDepth": "non-filtering", "sViaParam": "filtering", "sCompare": "comparison", "sUnreached": "filtering",
		"sDepthViaLet": "non-filtering",
	} {
		b := bindings[name]
		require.NotNil(t, b.Sampler, name)
		assert.Equal(t, want, b.Sampler.Type, "sampler type of %s", name)
	}
	for name, want := range map[string][]reflect.Stage{
		"computeOnly": {reflect.StageCompute}, "everywhere": {reflect.StageVertex, reflect.StageFragment, reflect.StageCompute},
		"fragmentViaCall": fragment, "unused": {}, "sampledUnreached": {}, "sUnreached": {},
	} {
		assert.Equal(t, want, bindings[name].Visibility, "visibility of %s", name)
	}
	for name, want := range map[string]string{"computeOnly": "storage", "everywhere": "uniform", "fragmentViaCall": "read-only-storage"} {
		require.NotNil(t, bindings[name].Buffer, name)
		assert.Equal(t, want, bindings[name].Buffer.Type, name)
	}
	assert.Equal(t, 16, bindings["everywhere"].Buffer.MinBindingSize)
	assert.Equal(t, 4, bindings["computeOnly"].Buffer.MinBindingSize, "a runtime-sized array counts one element")
}
