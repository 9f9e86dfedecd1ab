package backend_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler/backend"
	"github.com/wgslgo/wgslgo/compiler/ir/transform"
	"github.com/wgslgo/wgslgo/compiler/spirv"
	"github.com/wgslgo/wgslgo/internal/oracle"
	"github.com/wgslgo/wgslgo/internal/spirvval"
	"github.com/wgslgo/wgslgo/internal/vulkan"
)

// Fragment-stage features and the extensions, from WGSL: each shader must validate for
// every target that can express it and be refused, with a message saying what to do, by
// the others.

var stageShaders = []struct {
	name string
	src  string
	// minTarget is the oldest target that can express the shader.
	minTarget backend.Target
	// refusal is part of the message for older targets.
	refusal string
	// caps must all be declared (on every target that takes the shader).
	caps []spirv.Capability
	// modes are the execution modes of each entry point, in order.
	modes [][]spirv.ExecutionMode
}{
	{name: "fragment builtins", src: `
struct Out {
  @location(0) color: vec4f,
  @builtin(frag_depth) depth: f32,
  @builtin(sample_mask) mask: u32,
}
@fragment
fn fs(@builtin(position) pos: vec4f, @builtin(front_facing) front: bool,
      @builtin(sample_index) si: u32, @builtin(sample_mask) mask: u32) -> Out {
  return Out(vec4f(pos.xy, select(0.0, 1.0, front), f32(si)), pos.z, mask & ~(1u << si));
}
`, caps: []spirv.Capability{spirv.CapabilitySampleRateShading}},
	{name: "interpolation", src: `
struct VOut {
  @builtin(position) @invariant pos: vec4f,
  @location(0) a: vec4f,
  @location(1) @interpolate(perspective, centroid) b: f32,
  @location(2) @interpolate(perspective, sample) c: vec2f,
  @location(3) @interpolate(linear) d: f32,
  @location(4) @interpolate(linear, centroid) e: f32,
  @location(5) @interpolate(linear, sample) f: f32,
  @location(6) @interpolate(flat) g: u32,
  @location(7) @interpolate(flat, first) h: i32,
  @location(8) @interpolate(flat, either) i: vec2i,
  @location(9) @interpolate(perspective, center) j: f32,
}
@vertex
fn vs(@builtin(vertex_index) vi: u32, @builtin(instance_index) ii: u32) -> VOut {
  let x = f32(vi);
  return VOut(vec4f(x), vec4f(x), x, vec2f(x), x, x, x, vi, i32(ii), vec2i(1), x);
}
@fragment
fn fs(in: VOut) -> @location(0) vec4f {
  return in.a + vec4f(in.b, in.c, in.d + in.e + in.f + f32(in.g) + f32(in.h) + f32(in.i.x) + in.j);
}
`},
	{name: "derivatives and discard", src: `
@group(0) @binding(0) var<storage, read_write> count: atomic<u32>;
@group(0) @binding(1) var<storage, read_write> last: f32;
fn kill(x: f32) { if (x > 0.5) { discard; } }
@fragment
fn fs(@location(0) v: vec2f) -> @location(0) vec4f {
  kill(v.x);
  let a = dpdx(v) + dpdxCoarse(v) + dpdxFine(v);
  let b = dpdy(v.x) + dpdyCoarse(v.y) + dpdyFine(v.x);
  let c = fwidth(v) + fwidthCoarse(v) + fwidthFine(v);
  atomicAdd(&count, 1u);
  last = b;
  return vec4f(a, c);
}
`, caps: []spirv.Capability{spirv.CapabilityDerivativeControl}},
	{name: "textures in fragment", src: `
@group(0) @binding(0) var t: texture_2d_array<f32>;
@group(0) @binding(1) var s: sampler;
@group(0) @binding(2) var d: texture_depth_cube_array;
@group(0) @binding(3) var c: sampler_comparison;
@group(0) @binding(4) var ms: texture_multisampled_2d<i32>;
@group(0) @binding(5) var dms: texture_depth_multisampled_2d;
@group(0) @binding(6) var video: texture_external;
@group(0) @binding(7) var<storage, read_write> hits: atomic<u32>;
@group(0) @binding(8) var st: texture_storage_2d<rgba8unorm, write>;

fn shade(uv: vec2f, layer: u32) -> vec4f {
  var color = textureSample(t, s, uv, layer) + textureSampleBias(t, s, uv, layer, -0.5, vec2i(1, -1));
  color += textureSampleGrad(t, s, uv, i32(layer), dpdxFine(uv), dpdyCoarse(uv));
  color *= textureSampleCompare(d, c, vec3f(uv, 1.0), layer, 0.5);
  return color + textureGather(1, t, s, uv, layer) + textureSampleBaseClampToEdge(video, s, uv);
}

@fragment
fn fs(@builtin(position) pos: vec4f, @builtin(sample_index) si: u32, @location(0) uv: vec2f,
      @location(1) @interpolate(flat) layer: u32) -> @location(0) vec4f {
  if (textureLoad(dms, vec2u(pos.xy), si) > 0.5) { discard; }
  let n = f32(textureNumSamples(ms)) + f32(textureLoad(ms, vec2i(pos.xy), i32(si)).x);
  atomicAdd(&hits, 1u);
  textureStore(st, vec2u(pos.xy), vec4f(uv, 0.0, 1.0));
  return shade(uv, layer) * n;
}
`, caps: []spirv.Capability{spirv.CapabilitySampledCubeArray, spirv.CapabilityImageQuery,
		spirv.CapabilityDerivativeControl, spirv.CapabilitySampleRateShading}},
	{name: "clip_distances", src: `
enable clip_distances;
struct VOut { @builtin(position) pos: vec4f, @builtin(clip_distances) clip: array<f32, 3> }
@vertex fn vs(@builtin(vertex_index) vi: u32) -> VOut {
  return VOut(vec4f(f32(vi)), array(1.0, -1.0, 0.5));
}
`, caps: []spirv.Capability{spirv.CapabilityClipDistance}},
	{name: "dual_source_blending", src: `
enable dual_source_blending;
struct FOut { @location(0) @blend_src(0) a: vec4f, @location(0) @blend_src(1) b: vec4f }
@fragment fn fs() -> FOut { return FOut(vec4f(1), vec4f(0.5)); }
`},
	{name: "primitive_index", src: `
enable primitive_index;
@fragment fn fs(@builtin(primitive_index) p: u32) -> @location(0) vec4f { return vec4f(f32(p)); }
`, caps: []spirv.Capability{spirv.CapabilityGeometry}},
	{name: "subgroups in compute", src: `
enable subgroups;
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@group(0) @binding(1) var<storage, read_write> outf: array<f32>;
@compute @workgroup_size(64)
fn main(@builtin(subgroup_invocation_id) id: u32, @builtin(subgroup_size) size: u32,
        @builtin(local_invocation_index) li: u32) {
  let x = f32(id);
  var r = subgroupAdd(id) + subgroupExclusiveAdd(id) + subgroupInclusiveAdd(id);
  r += subgroupMul(id) + subgroupExclusiveMul(id) + subgroupInclusiveMul(id);
  r += subgroupAnd(id) + subgroupOr(id) + subgroupXor(id) + subgroupMin(id) + subgroupMax(id);
  r += subgroupBallot(id > 2u).x + subgroupBroadcast(id, 1u) + subgroupBroadcastFirst(id);
  r += subgroupShuffle(id, size - 1u) + subgroupShuffleXor(id, 1u) + subgroupShuffleUp(id, 1u) + subgroupShuffleDown(id, 1u);
  r += select(0u, 1u, subgroupAll(id < 100u)) + select(0u, 1u, subgroupAny(id == 0u)) + select(0u, 1u, subgroupElect());
  r += quadBroadcast(id, 0u) + quadSwapX(id) + quadSwapY(id) + quadSwapDiagonal(id);
  out[li] = r;
  outf[li] = subgroupAdd(x) + subgroupMin(vec2f(x)).y + subgroupExclusiveMul(x) + quadSwapX(vec3f(x)).z;
}
`, minTarget: backend.Vulkan1_1, refusal: "target vulkan1.1 or later",
		caps: []spirv.Capability{spirv.CapabilityGroupNonUniformArithmetic, spirv.CapabilityGroupNonUniformQuad,
			spirv.CapabilityGroupNonUniformBallot, spirv.CapabilityGroupNonUniformShuffle,
			spirv.CapabilityGroupNonUniformShuffleRelative, spirv.CapabilityGroupNonUniformVote}},
	{name: "subgroups in fragment", src: `
enable subgroups;
@fragment
fn fs(@builtin(subgroup_invocation_id) id: u32, @builtin(subgroup_size) size: u32, @location(0) v: f32) -> @location(0) vec4f {
  return vec4f(subgroupAdd(v), f32(subgroupBroadcastFirst(id)), quadSwapY(v), f32(size));
}
`, minTarget: backend.Vulkan1_1, refusal: "target vulkan1.1 or later"},
	{name: "subgroup_id", src: `
enable subgroups;
requires subgroup_id;
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(64)
fn main(@builtin(subgroup_id) sid: u32, @builtin(num_subgroups) n: u32, @builtin(local_invocation_index) li: u32) {
  out[li] = sid * 1000u + n;
}
`, minTarget: backend.Vulkan1_1, refusal: "target vulkan1.1 or later"},
	{name: "frag_depth depth modes", src: `
requires fragment_depth;
@fragment fn less(@builtin(position) p: vec4f) -> @builtin(frag_depth, less) f32 { return p.z * 0.5; }
@fragment fn greater(@builtin(position) p: vec4f) -> @builtin(frag_depth, greater) f32 { return p.z; }
`, modes: [][]spirv.ExecutionMode{
		{spirv.ExecutionModeOriginUpperLeft, spirv.ExecutionModeDepthReplacing, spirv.ExecutionModeDepthLess},
		{spirv.ExecutionModeOriginUpperLeft, spirv.ExecutionModeDepthReplacing, spirv.ExecutionModeDepthGreater},
	}},
}

func TestStageShaders(t *testing.T) {
	for _, sh := range stageShaders {
		t.Run(sh.name, func(t *testing.T) {
			for _, target := range backend.Targets {
				for _, native := range []bool{false, true} {
					if native && target < backend.Vulkan1_3 && sh.name != "derivatives and discard" {
						continue
					}
					words, err := emitWGSL(t, sh.src, target, transform.Options{NativeDemote: native})
					if target < sh.minTarget {
						require.Error(t, err, target.String())
						assert.Contains(t, err.Error(), sh.refusal)
						continue
					}
					require.NoError(t, err, target.String())
					spirvval.Check(t, words, target.String())
					m := parse(t, words)
					for _, c := range sh.caps {
						assert.True(t, hasCapability(m, c), "%v on %v", c, target)
					}
					for i, ep := range m.Find(spirv.OpEntryPoint) {
						if i < len(sh.modes) {
							assert.Equal(t, sh.modes[i], executionModes(m, ep.Words[2]), "entry point %d on %v", i, target)
						}
					}
				}
			}
		})
	}
}

// executionModes lists the execution modes of the entry point fn in order.
func executionModes(m *spirv.Module, fn uint32) []spirv.ExecutionMode {
	var modes []spirv.ExecutionMode
	for _, in := range m.Find(spirv.OpExecutionMode) {
		if in.Words[1] == fn {
			modes = append(modes, spirv.ExecutionMode(in.Words[2]))
		}
	}
	return modes
}

func hasCapability(m *spirv.Module, c spirv.Capability) bool {
	for _, in := range m.Find(spirv.OpCapability) {
		if spirv.Capability(in.Words[1]) == c {
			return true
		}
	}
	return false
}

// Discard demotes to a helper invocation: natively with OpDemoteToHelperInvocation (core
// in SPIR-V 1.6, an extension before), else with a flag and OpKill at the end.
func TestDiscardForms(t *testing.T) {
	src := stageShaders[2].src
	for _, target := range backend.Targets {
		for _, native := range []bool{false, true} {
			words, err := emitWGSL(t, src, target, transform.Options{NativeDemote: native})
			require.NoError(t, err)
			spirvval.Check(t, words, target.String())
			m := parse(t, words)
			demotes := len(m.Find(spirv.OpDemoteToHelperInvocation))
			kills := len(m.Find(spirv.OpKill)) + len(m.Find(spirv.OpTerminateInvocation))
			var exts []string
			for _, in := range m.Find(spirv.OpExtension) {
				exts = append(exts, in.String())
			}
			if native {
				assert.Equal(t, 1, demotes, target.String())
				assert.Zero(t, kills, target.String())
				assert.True(t, hasCapability(m, spirv.CapabilityDemoteToHelperInvocation))
				if target < backend.Vulkan1_3 {
					assert.NotEmpty(t, exts, "SPV_EXT_demote_to_helper_invocation on %v", target)
				}
			} else {
				assert.Zero(t, demotes, target.String())
				assert.Equal(t, 1, kills, target.String())
			}
		}
	}
}

// Subgroup operations on the device, against Go: sizes, ids, reductions, scans, ballots,
// broadcasts and shuffles within each subgroup of a 64-invocation workgroup. (naga 30 refuses
// "enable subgroups".)
func TestExecSubgroups(t *testing.T) {
	d := vulkan.Require(t)
	need := vulkan.SubgroupBasic | vulkan.SubgroupVote | vulkan.SubgroupArithmetic | vulkan.SubgroupBallot |
		vulkan.SubgroupShuffle | vulkan.SubgroupShuffleRelative
	if !d.Info.SubgroupInCompute || !d.Info.SubgroupOps.Has(need) {
		oracle.Missing(t, "the device lacks subgroup operations in compute shaders (in compute: %v; operations: %v)", d.Info.SubgroupInCompute, d.Info.SubgroupOps)
	}
	const src = `
enable subgroups;
@group(0) @binding(0) var<storage, read_write> out: array<vec4u>;
@compute @workgroup_size(64)
fn main(@builtin(subgroup_invocation_id) id: u32, @builtin(subgroup_size) size: u32,
        @builtin(local_invocation_index) li: u32) {
  out[3u * li] = vec4u(id, size, subgroupAdd(li), subgroupExclusiveAdd(li));
  out[3u * li + 1u] = vec4u(subgroupMax(li), subgroupBroadcastFirst(li), subgroupShuffle(li, size - 1u - id),
                            subgroupShuffleXor(li, 1u));
  let b = subgroupBallot(li % 3u == 0u);
  out[3u * li + 2u] = vec4u(b.x, b.y, select(0u, 1u, subgroupElect()), select(0u, 1u, subgroupAll(li < 64u)));
}
`
	res := runWGSL(t, wgslRun{src: src, minTarget: backend.Vulkan1_1, noNaga: true, bindings: []vulkan.Binding{storage(0, make([]byte, 64*3*16))}})
	out := words32(res.Bytes(0, 0))
	size := out[1]
	require.Contains(t, []uint32{4, 8, 16, 32, 64}, size)
	for li := range uint32(64) {
		first := li / size * size
		id := li - first
		var sum, excl, mx uint32
		var ballot [2]uint32
		for k := first; k < first+size; k++ {
			sum += k
			if k < li {
				excl += k
			}
			mx = max(mx, k)
			if k%3 == 0 {
				ballot[(k-first)/32] |= 1 << ((k - first) % 32)
			}
		}
		row := out[12*li : 12*li+12]
		assert.Equal(t, []uint32{id, size, sum, excl}, row[0:4], "invocation %d", li)
		assert.Equal(t, []uint32{mx, first, first + size - 1 - id, li ^ 1}, row[4:8], "invocation %d", li)
		elect := uint32(0)
		if id == 0 {
			elect = 1
		}
		assert.Equal(t, []uint32{ballot[0], ballot[1], elect, 1}, row[8:12], "invocation %d", li)
	}
}

// The 2021 draft's var<in> and var<out> can serve entry points of both stages. One variable
// takes one set of decorations, so it is refused where the stages need different ones: a
// vertex input must not be Flat, an integer fragment input must be.
func TestSharedPipelineVariable(t *testing.T) {
	const shared = `
[[location(0)]] var<in> a: %s;
[[builtin(position)]] var<out> p: vec4<f32>;
[[location(0)]] var<out> o: vec4<f32>;
[[stage(vertex)]] fn vs() { p = vec4<f32>(f32(a)); }
[[stage(fragment)]] fn fs() { o = vec4<f32>(f32(a)); }
`
	for _, target := range backend.Targets {
		words, err := emitWGSL(t, fmt.Sprintf(shared, "f32"), target, transform.Options{})
		require.NoError(t, err, target.String())
		spirvval.Check(t, words, target.String())
		_, err = emitWGSL(t, fmt.Sprintf(shared, "u32"), target, transform.Options{})
		require.Error(t, err, target.String())
		assert.Contains(t, err.Error(), "pipeline variable a is used by the vertex entry point vs and the fragment entry point fs, "+
			"which need different interpolation decorations in SPIR-V (none and Flat): declare one variable per stage")
	}
}
