package builtins

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler/types"
)

// A resolution case. call is parsed by parseCall. want is the result type ("void" when
// there is none); params, when set, the types the arguments convert to; err, when set, a
// substring of the expected error. ctx holds flags: f16, subgroups, nofeatures, and a stage.
type resolveCase struct {
	call, want, params, err, ctx string
}

func contextOf(flags string) Context {
	ctx := Context{Features: AllFeatures}
	for _, f := range strings.Fields(flags) {
		switch f {
		case "f16":
			ctx.Extensions = ctx.Extensions.With(ExtF16)
		case "subgroups":
			ctx.Extensions = ctx.Extensions.With(ExtSubgroups)
		case "nofeatures":
			ctx.Features = 0
		default:
			s, ok := ParseStage(f)
			if !ok {
				panic("bad flag " + f)
			}
			ctx.Stages |= s
		}
	}
	return ctx
}

var resolveCases = []resolveCase{
	// Abstract numeric inference and concretization by the other arguments.
	{call: "max(AbstractInt, AbstractInt)", want: "AbstractInt"},
	{call: "max(AbstractInt, AbstractFloat)", want: "AbstractFloat", params: "AbstractFloat, AbstractFloat"},
	{call: "max(f32, AbstractInt)", want: "f32", params: "f32, f32"},
	{call: "max(AbstractInt, i32)", want: "i32"},
	{call: "max(u32, AbstractInt)", want: "u32"},
	{call: "max(ref<function, u32>, AbstractInt)", want: "u32", params: "u32, u32"},
	{call: "max(f32, i32)", err: "no matching overload for max(f32, i32)"},
	{call: "max(vec3<f32>, vec3<AbstractFloat>)", want: "vec3<f32>"},
	{call: "max(vec3<f32>, f32)", err: "no matching overload"},
	{call: "min(vec2<AbstractInt>, vec2<AbstractFloat>)", want: "vec2<AbstractFloat>"},
	{call: "clamp(ref<function, f32>, AbstractFloat, AbstractFloat)", want: "f32"},
	{call: "clamp(ref<storage, f32, write>, f32, f32)", err: "no matching overload"},
	{call: "clamp(AbstractInt, AbstractInt, AbstractFloat)", want: "AbstractFloat"},
	{call: "clamp(vec4<i32>, vec4<AbstractInt>, vec4<i32>)", want: "vec4<i32>"},
	{call: "abs(AbstractInt)", want: "AbstractInt"},
	{call: "abs(AbstractFloat)", want: "AbstractFloat"},
	{call: "abs(u32)", want: "u32"},
	{call: "abs(vec2<i32>)", want: "vec2<i32>"},
	{call: "abs(bool)", err: "no matching overload"},
	{call: "sqrt(AbstractInt)", want: "AbstractFloat"},
	{call: "sqrt(i32)", err: "no matching overload for sqrt(i32)"},
	{call: "sin(vec3<f32>)", want: "vec3<f32>"},
	{call: "atan2(f32, AbstractInt)", want: "f32"},
	{call: "sign(u32)", err: "no matching overload"},
	{call: "sign(AbstractInt)", want: "AbstractInt"},
	{call: "sign(vec2<f32>)", want: "vec2<f32>"},
	{call: "length(vec3<f32>)", want: "f32"},
	{call: "length(AbstractFloat)", want: "AbstractFloat"},
	{call: "length(vec2<AbstractInt>)", want: "AbstractFloat"},
	{call: "distance(vec3<f32>, vec3<AbstractFloat>)", want: "f32"},
	{call: "dot(vec3<AbstractInt>, vec3<AbstractInt>)", want: "AbstractInt"},
	{call: "dot(vec3<i32>, vec3<i32>)", want: "i32"},
	{call: "dot(vec2<u32>, vec2<AbstractInt>)", want: "u32"},
	{call: "dot(f32, f32)", err: "no matching overload"},
	{call: "dot(vec2<f32>, vec3<f32>)", err: "no matching overload"},
	{call: "cross(vec3<f32>, vec3<f32>)", want: "vec3<f32>"},
	{call: "cross(vec2<f32>, vec2<f32>)", err: "no matching overload"},
	{call: "determinant(mat3x3<f32>)", want: "f32"},
	{call: "determinant(mat2x2<AbstractFloat>)", want: "AbstractFloat"},
	{call: "determinant(mat2x3<f32>)", err: "no matching overload"},
	{call: "transpose(mat2x3<f32>)", want: "mat3x2<f32>"},
	{call: "transpose(mat4x2<AbstractFloat>)", want: "mat2x4<AbstractFloat>"},
	{call: "countOneBits(AbstractInt)", want: "i32"},
	{call: "countOneBits(vec2<u32>)", want: "vec2<u32>"},
	{call: "countOneBits(f32)", err: "no matching overload"},
	{call: "countLeadingZeros(u32)", want: "u32"},
	{call: "countTrailingZeros(vec4<i32>)", want: "vec4<i32>"},
	{call: "reverseBits(vec4<i32>)", want: "vec4<i32>"},
	{call: "extractBits(i32, u32, u32)", want: "i32"},
	{call: "extractBits(vec3<u32>, AbstractInt, AbstractInt)", want: "vec3<u32>", params: "vec3<u32>, u32, u32"},
	{call: "extractBits(AbstractInt, u32, u32)", want: "i32"},
	{call: "extractBits(i32, i32, u32)", err: "no matching overload"},
	{call: "insertBits(u32, u32, u32, u32)", want: "u32"},
	{call: "insertBits(vec2<i32>, vec2<i32>, AbstractInt, AbstractInt)", want: "vec2<i32>"},
	{call: "firstLeadingBit(i32)", want: "i32"},
	{call: "firstLeadingBit(vec2<u32>)", want: "vec2<u32>"},
	{call: "firstTrailingBit(AbstractInt)", want: "i32"},
	{call: "frexp(AbstractFloat)", want: "__frexp_result_abstract"},
	{call: "frexp(AbstractInt)", want: "__frexp_result_abstract"},
	{call: "frexp(f32)", want: "__frexp_result_f32"},
	{call: "frexp(vec3<f32>)", want: "__frexp_result_vec3_f32"},
	{call: "frexp(vec2<f16>)", want: "__frexp_result_vec2_f16", ctx: "f16"},
	{call: "modf(vec2<f32>)", want: "__modf_result_vec2_f32"},
	{call: "modf(AbstractFloat)", want: "__modf_result_abstract"},
	{call: "ldexp(AbstractFloat, AbstractInt)", want: "AbstractFloat"},
	{call: "ldexp(f32, AbstractInt)", want: "f32", params: "f32, i32"},
	{call: "ldexp(AbstractFloat, const i32)", want: "f32", params: "f32, i32"},
	{call: "ldexp(vec2<f32>, vec2<i32>)", want: "vec2<f32>"},
	{call: "ldexp(vec2<f32>, i32)", err: "no matching overload"},
	{call: "ldexp(f32, u32)", err: "no matching overload"},
	{call: "mix(f32, f32, f32)", want: "f32"},
	{call: "mix(vec3<f32>, vec3<f32>, f32)", want: "vec3<f32>"},
	{call: "mix(vec3<f32>, vec3<f32>, AbstractFloat)", want: "vec3<f32>", params: "vec3<f32>, vec3<f32>, f32"},
	{call: "mix(vec3<f32>, vec3<f32>, vec3<f32>)", want: "vec3<f32>"},
	{call: "mix(vec3<AbstractFloat>, vec3<AbstractFloat>, AbstractFloat)", want: "vec3<AbstractFloat>"},
	{call: "refract(vec3<f32>, vec3<f32>, AbstractFloat)", want: "vec3<f32>"},
	{call: "reflect(vec2<f32>, vec2<f32>)", want: "vec2<f32>"},
	{call: "faceForward(vec3<f32>, vec3<f32>, vec3<f32>)", want: "vec3<f32>"},
	{call: "faceForward(f32, f32, f32)", err: "no matching overload"},
	{call: "normalize(vec4<f32>)", want: "vec4<f32>"},
	{call: "normalize(f32)", err: "no matching overload"},
	{call: "quantizeToF16(AbstractFloat)", want: "f32"},
	{call: "pow(f32, AbstractInt)", want: "f32"},
	{call: "step(AbstractFloat, AbstractFloat)", want: "AbstractFloat"},
	{call: "smoothstep(f32, f32, f32)", want: "f32"},
	{call: "fma(vec2<f32>, vec2<f32>, vec2<f32>)", want: "vec2<f32>"},
	{call: "saturate(AbstractFloat)", want: "AbstractFloat"},
	{call: "dot4U8Packed(u32, u32)", want: "u32"},
	{call: "dot4I8Packed(AbstractInt, AbstractInt)", want: "i32", params: "u32, u32"},
	{call: "dot4U8Packed(u32, u32)", ctx: "nofeatures", err: "needs the language extension packed_4x8_integer_dot_product"},

	// f16.
	{call: "max(f16, f16)", want: "f16", ctx: "f16"},
	{call: "max(f16, AbstractFloat)", want: "f16", ctx: "f16"},
	{call: "sqrt(AbstractFloat)", want: "AbstractFloat"},
	{call: "f16(AbstractFloat)", err: "needs 'enable f16;'"},
	{call: "f16(AbstractFloat)", want: "f16", ctx: "f16"},
	{call: "f16()", err: "needs 'enable f16;'"},
	{call: "vec3<f16>(AbstractFloat)", err: "needs 'enable f16;'"},
	{call: "vec3<f16>(AbstractFloat)", want: "vec3<f16>", ctx: "f16"},
	{call: "mat2x2<f16>(mat2x2<f32>)", want: "mat2x2<f16>", ctx: "f16"},
	{call: "bitcast<vec2<f16>>(u32)", err: "needs 'enable f16;'"},
	{call: "bitcast<vec2<f16>>(u32)", want: "vec2<f16>", ctx: "f16"},
	{call: "bitcast<u32>(vec2<f16>)", want: "u32", ctx: "f16"},
	{call: "bitcast<vec4<f16>>(vec2<f32>)", want: "vec4<f16>", ctx: "f16"},
	{call: "bitcast<vec2<i32>>(vec4<f16>)", want: "vec2<i32>", ctx: "f16"},
	{call: "bitcast<vec3<f16>>(vec3<f16>)", want: "vec3<f16>", ctx: "f16"},

	// Logical.
	{call: "all(vec3<bool>)", want: "bool"},
	{call: "all(bool)", want: "bool"},
	{call: "any(vec2<bool>)", want: "bool"},
	{call: "all(vec3<i32>)", err: "no matching overload"},
	{call: "select(AbstractInt, AbstractInt, bool)", want: "i32", params: "i32, i32, bool"},
	{call: "select(AbstractInt, AbstractInt, const bool)", want: "AbstractInt"},
	{call: "select(AbstractInt, AbstractFloat, const bool)", want: "AbstractFloat"},
	{call: "select(f32, f32, bool)", want: "f32"},
	{call: "select(vec3<f32>, vec3<f32>, vec3<bool>)", want: "vec3<f32>"},
	{call: "select(vec3<f32>, vec3<f32>, bool)", want: "vec3<f32>"},
	{call: "select(vec3<f32>, vec3<f32>, vec2<bool>)", err: "no matching overload"},
	{call: "select(vec2<AbstractInt>, vec2<u32>, vec2<bool>)", want: "vec2<u32>"},

	// Arrays.
	{call: "arrayLength(ptr<storage, array<f32>, read>)", want: "u32"},
	{call: "arrayLength(ptr<storage, array<vec4<f32>>, read_write>)", want: "u32"},
	{call: "arrayLength(ptr<storage, array<f32, 4>, read>)", err: "no matching overload"},
	{call: "arrayLength(ref<storage, array<f32>, read>)", err: "no matching overload"},
	{call: "arrayLength(ptr<private, array<f32>, read_write>)", err: "no matching overload"},
	// The spec's AS is storage, uniform or workgroup (with AM valid for AS): a uniform or
	// workgroup pointer to a runtime-sized array can only come from bufferArrayView, since
	// neither space may hold such an array otherwise (see sema's buffer_view fixture).
	{call: "arrayLength(ptr<uniform, array<vec4<f32>>, read>)", want: "u32"},
	{call: "arrayLength(ptr<workgroup, array<u32>, read_write>)", want: "u32"},
	{call: "arrayLength(ptr<uniform, array<f32>, read_write>)", err: "no matching overload"},
	{call: "arrayLength(ptr<workgroup, array<f32>, read>)", err: "no matching overload"},
	{call: "arrayLength(ptr<workgroup, array<i32, 4>, read_write>)", err: "no matching overload"},
	{call: "arrayLength(ptr<function, array<f32>, read_write>)", err: "no matching overload"},

	// Value constructors.
	{call: "vec3(AbstractInt, AbstractInt, AbstractInt)", want: "vec3<AbstractInt>"},
	{call: "vec3(AbstractInt, AbstractFloat, AbstractInt)", want: "vec3<AbstractFloat>"},
	{call: "vec3(AbstractInt, f32, AbstractInt)", want: "vec3<f32>"},
	{call: "vec3<f32>(AbstractInt)", want: "vec3<f32>", params: "f32"},
	{call: "vec3<f32>(vec2<f32>, AbstractInt)", want: "vec3<f32>"},
	{call: "vec4<f32>(vec2<f32>, AbstractInt, AbstractInt)", want: "vec4<f32>", params: "vec2<f32>, f32, f32"},
	{call: "vec4(vec2<f32>, AbstractInt, AbstractInt)", want: "vec4<f32>"},
	{call: "vec4(AbstractInt, vec3<AbstractFloat>)", want: "vec4<AbstractFloat>"},
	{call: "vec4(vec2<i32>, vec2<i32>)", want: "vec4<i32>"},
	{call: "vec4(AbstractInt, vec2<u32>, AbstractInt)", want: "vec4<u32>"},
	{call: "vec4(vec2<i32>, vec2<u32>)", err: "no matching overload"},
	{call: "vec3(vec4<f32>)", err: "no matching overload"},
	{call: "vec2()", want: "vec2<AbstractInt>"},
	{call: "vec3<f32>()", want: "vec3<f32>"},
	{call: "vec3(AbstractInt)", want: "vec3<AbstractInt>"},
	{call: "vec3(f32)", want: "vec3<f32>"},
	{call: "vec3<f32>(vec3<i32>)", want: "vec3<f32>", params: "vec3<i32>"},
	{call: "vec3<u32>(vec3<AbstractFloat>)", want: "vec3<u32>", params: "vec3<AbstractFloat>"},
	{call: "vec3<bool>(vec3<f32>)", want: "vec3<bool>"},
	{call: "vec3(vec3<f32>)", want: "vec3<f32>"},
	{call: "vec3f(AbstractInt, AbstractInt, AbstractInt)", want: "vec3<f32>", params: "f32, f32, f32"},
	{call: "vec2<f32>(AbstractInt, AbstractInt, AbstractInt)", err: "no matching overload"},
	{call: "vec2(bool, bool)", want: "vec2<bool>"},
	{call: "mat2x2(vec2<AbstractFloat>, vec2<AbstractFloat>)", want: "mat2x2<AbstractFloat>"},
	{call: "mat2x2(vec2<AbstractInt>, vec2<AbstractInt>)", want: "mat2x2<AbstractFloat>"},
	{call: "mat2x2<f32>(AbstractInt, AbstractInt, AbstractInt, AbstractInt)", want: "mat2x2<f32>"},
	{call: "mat3x2(AbstractFloat, AbstractFloat, AbstractFloat, AbstractFloat, AbstractFloat, AbstractFloat)", want: "mat3x2<AbstractFloat>"},
	{call: "mat2x3<f32>(vec3<f32>, vec3<f32>)", want: "mat2x3<f32>"},
	{call: "mat2x3<f32>(vec2<f32>, vec2<f32>)", err: "no matching overload"},
	{call: "mat2x2<f32>(mat2x2<AbstractFloat>)", want: "mat2x2<f32>"},
	{call: "mat2x2(mat2x2<f32>)", want: "mat2x2<f32>"},
	{call: "mat4x4f(mat4x4<f32>)", want: "mat4x4<f32>"},
	{call: "mat2x2(i32, i32, i32, i32)", err: "no matching overload"},
	{call: "mat4x3(vec3<f32>, vec3<f32>, vec3<f32>, vec3<f32>)", want: "mat4x3<f32>"},
	{call: "array(AbstractInt, AbstractInt, AbstractInt)", want: "array<AbstractInt, 3>"},
	{call: "array(AbstractInt, u32)", want: "array<u32, 2>", params: "u32, u32"},
	{call: "array(AbstractInt, AbstractFloat)", want: "array<AbstractFloat, 2>"},
	{call: "array(f32, i32)", err: "no matching overload"},
	{call: "array(f32)", want: "array<f32, 1>"},
	{call: "array<f32, 4>(AbstractInt, AbstractInt, AbstractInt, AbstractInt)", want: "array<f32, 4>"},
	{call: "array<f32, 4>(AbstractInt, AbstractInt, AbstractInt)", err: "no matching overload"},
	{call: "array<f32, 2>()", want: "array<f32, 2>"},
	{call: "array(vec2<AbstractInt>, vec2<f32>)", want: "array<vec2<f32>, 2>"},
	{call: "array(array<AbstractInt, 2>, array<i32, 2>)", want: "array<array<i32, 2>, 2>"},
	{call: "array(S, S)", want: "array<S, 2>"},
	{call: "array()", err: "no matching overload"},
	{call: "array(sampler)", err: "no matching overload"},
	// f32(e: T) takes any scalar T, abstract ones included, like bool, f16, i32 and u32
	// (gpuweb PR #4449; the spec text here still says "concrete scalar"): the argument stays
	// abstract and its value converts directly, so f32(3000000000) is 3000000000.0.
	{call: "f32(AbstractInt)", want: "f32", params: "AbstractInt"},
	{call: "f32(AbstractInt)", want: "f32", params: "AbstractInt", ctx: "f16"},
	{call: "f32(AbstractFloat)", want: "f32", params: "AbstractFloat"},
	{call: "f32(AbstractFloat)", want: "f32", params: "AbstractFloat", ctx: "f16"},
	{call: "f16(AbstractInt)", want: "f16", params: "AbstractInt", ctx: "f16"},
	{call: "i32(AbstractFloat)", want: "i32", params: "AbstractFloat"},
	{call: "bool(AbstractInt)", want: "bool", params: "AbstractInt"},
	{call: "f32(i32)", want: "f32"},
	{call: "i32(f32)", want: "i32"},
	{call: "u32(AbstractInt)", want: "u32", params: "AbstractInt"},
	{call: "bool(f32)", want: "bool"},
	{call: "f32(vec2<f32>)", err: "no matching overload"},
	{call: "i32()", want: "i32"},
	{call: "S(AbstractInt, AbstractInt)", want: "S", params: "f32, u32"},
	{call: "S(f32)", err: "S has 2 members"},
	{call: "S(f32, f32)", err: "cannot use f32 as member 'b'"},
	{call: "S()", want: "S"},
	{call: "texture_2d<f32>()", err: "cannot construct a value of type texture_2d<f32>"},
	{call: "atomic<i32>(i32)", err: "cannot construct a value of type atomic<i32>"},
	{call: "array<f32>(f32)", err: "cannot construct a value of type array<f32>"},

	// Bit reinterpretation.
	{call: "bitcast<u32>(f32)", want: "u32"},
	{call: "bitcast<f32>(f32)", want: "f32"},
	{call: "bitcast<u32>(AbstractInt)", want: "u32", params: "AbstractInt"},
	{call: "bitcast<i32>(AbstractInt)", want: "i32", params: "i32"},
	{call: "bitcast<f32>(AbstractInt)", want: "f32", params: "i32"},
	{call: "bitcast<vec3<i32>>(vec3<f32>)", want: "vec3<i32>"},
	{call: "bitcast<vec2<u32>>(vec2<AbstractInt>)", want: "vec2<u32>"},
	{call: "bitcast<vec3<i32>>(vec2<f32>)", err: "no matching overload"},
	{call: "bitcast(f32)", err: "bitcast needs a template argument"},
	{call: "max<f32>(f32, f32)", err: "max takes no template arguments"},

	// Textures.
	{call: "textureSample(ref<handle, texture_2d<f32>>, ref<handle, sampler>, vec2<f32>)", want: "vec4<f32>",
		params: "texture_2d<f32>, sampler, vec2<f32>"},
	{call: "textureSample(texture_2d<f32>, sampler, vec2<f32>, vec2<i32>)", want: "vec4<f32>"},
	{call: "textureSample(texture_2d<f32>, sampler, vec2<AbstractFloat>, vec2<AbstractInt>)", want: "vec4<f32>",
		params: "texture_2d<f32>, sampler, vec2<f32>, vec2<i32>"},
	{call: "textureSample(texture_2d<u32>, sampler, vec2<f32>)", err: "no matching overload"},
	{call: "textureSample(texture_depth_2d, sampler, vec2<f32>)", want: "f32"},
	{call: "textureSample(texture_cube<f32>, sampler, vec3<f32>)", want: "vec4<f32>"},
	{call: "textureSample(texture_2d_array<f32>, sampler, vec2<f32>, AbstractInt)", want: "vec4<f32>",
		params: "texture_2d_array<f32>, sampler, vec2<f32>, i32"},
	{call: "textureSample(texture_2d<f32>, sampler, vec2<f32>)", ctx: "vertex", err: "textureSample cannot be used in the vertex stage"},
	{call: "textureSample(texture_2d<f32>, sampler, vec2<f32>)", ctx: "fragment", want: "vec4<f32>"},
	{call: "textureSampleLevel(texture_depth_2d, sampler, vec2<f32>, AbstractInt)", want: "f32",
		params: "texture_depth_2d, sampler, vec2<f32>, i32"},
	{call: "textureSampleLevel(texture_2d<f32>, sampler, vec2<f32>, AbstractInt)", want: "vec4<f32>",
		params: "texture_2d<f32>, sampler, vec2<f32>, f32"},
	{call: "textureSampleLevel(texture_2d<f32>, sampler, vec2<f32>, f32)", ctx: "vertex", want: "vec4<f32>"},
	{call: "textureSampleCompare(texture_depth_2d, sampler_comparison, vec2<f32>, f32)", want: "f32"},
	{call: "textureSampleCompare(texture_depth_2d, sampler, vec2<f32>, f32)", err: "no matching overload"},
	{call: "textureSampleCompareLevel(texture_depth_cube_array, sampler_comparison, vec3<f32>, u32, f32)", want: "f32"},
	{call: "textureSampleBias(texture_3d<f32>, sampler, vec3<f32>, f32)", want: "vec4<f32>"},
	{call: "textureSampleGrad(texture_cube<f32>, sampler, vec3<f32>, vec3<f32>, vec3<f32>)", want: "vec4<f32>"},
	{call: "textureSampleBaseClampToEdge(texture_external, sampler, vec2<f32>)", want: "vec4<f32>"},
	{call: "textureLoad(texture_2d<f32>, vec2<i32>, i32)", want: "vec4<f32>"},
	{call: "textureLoad(texture_2d<i32>, vec2<u32>, AbstractInt)", want: "vec4<i32>"},
	{call: "textureLoad(texture_1d<u32>, AbstractInt, AbstractInt)", want: "vec4<u32>", params: "texture_1d<u32>, i32, i32"},
	{call: "textureLoad(texture_storage_2d<rgba8uint, read>, vec2<i32>)", want: "vec4<u32>"},
	{call: "textureLoad(texture_storage_2d<r32float, read_write>, vec2<u32>)", want: "vec4<f32>"},
	{call: "textureLoad(texture_storage_2d<r32float, write>, vec2<i32>)", err: "no matching overload"},
	{call: "textureLoad(texture_external, vec2<u32>)", want: "vec4<f32>"},
	{call: "textureLoad(texture_multisampled_2d<f32>, vec2<i32>, u32)", want: "vec4<f32>"},
	{call: "textureLoad(texture_depth_2d_array, vec2<i32>, u32, i32)", want: "f32"},
	{call: "textureStore(texture_storage_2d<rgba8unorm, write>, vec2<i32>, vec4<f32>)", want: "void"},
	{call: "textureStore(texture_storage_2d<rgba8uint, write>, vec2<i32>, vec4<f32>)", err: "no matching overload"},
	{call: "textureStore(texture_storage_2d<r32sint, read_write>, vec2<u32>, vec4<AbstractInt>)", want: "void",
		params: "texture_storage_2d<r32sint, read_write>, vec2<u32>, vec4<i32>"},
	{call: "textureStore(texture_storage_2d_array<rgba16float, write>, vec2<i32>, AbstractInt, vec4<AbstractFloat>)", want: "void"},
	{call: "textureDimensions(texture_2d<f32>)", want: "vec2<u32>"},
	{call: "textureDimensions(texture_2d<f32>, AbstractInt)", want: "vec2<u32>", params: "texture_2d<f32>, i32"},
	{call: "textureDimensions(texture_3d<f32>)", want: "vec3<u32>"},
	{call: "textureDimensions(texture_1d<f32>)", want: "u32"},
	{call: "textureDimensions(texture_external)", want: "vec2<u32>"},
	{call: "textureDimensions(texture_storage_3d<rgba32float, write>)", want: "vec3<u32>"},
	{call: "textureDimensions(texture_multisampled_2d<f32>, i32)", err: "no matching overload"},
	{call: "textureGather(AbstractInt, texture_2d<f32>, sampler, vec2<f32>)", want: "vec4<f32>"},
	{call: "textureGather(u32, texture_cube_array<i32>, sampler, vec3<f32>, AbstractInt)", want: "vec4<i32>"},
	{call: "textureGather(texture_depth_2d, sampler, vec2<f32>)", want: "vec4<f32>"},
	{call: "textureGatherCompare(texture_depth_2d, sampler_comparison, vec2<f32>, f32)", want: "vec4<f32>"},
	{call: "textureNumLayers(texture_2d_array<f32>)", want: "u32"},
	{call: "textureNumLayers(texture_storage_2d_array<r32uint, write>)", want: "u32"},
	{call: "textureNumLayers(texture_2d<f32>)", err: "no matching overload"},
	{call: "textureNumLevels(texture_cube<f32>)", want: "u32"},
	{call: "textureNumSamples(texture_depth_multisampled_2d)", want: "u32"},
	{call: "textureBarrier()", want: "void", ctx: "compute"},
	{call: "textureBarrier()", ctx: "nofeatures", err: "needs the language extension readonly_and_readwrite_storage_textures"},

	// Atomics.
	{call: "atomicAdd(ptr<storage, atomic<i32>, read_write>, AbstractInt)", want: "i32",
		params: "ptr<storage, atomic<i32>, read_write>, i32"},
	{call: "atomicAdd(ptr<storage, atomic<u32>, read_write>, i32)", err: "no matching overload"},
	{call: "atomicLoad(ptr<workgroup, atomic<u32>>)", want: "u32"},
	{call: "atomicLoad(ptr<storage, atomic<u32>, read>)", err: "no matching overload"},
	{call: "atomicStore(ptr<storage, atomic<i32>, read_write>, ref<function, i32>)", want: "void"},
	{call: "atomicCompareExchangeWeak(ptr<storage, atomic<i32>, read_write>, AbstractInt, AbstractInt)",
		want: "__atomic_compare_exchange_result_i32"},
	{call: "atomicExchange(ptr<workgroup, atomic<u32>, read_write>, u32)", want: "u32"},
	{call: "atomicAdd(ptr<storage, atomic<i32>, read_write>, i32)", ctx: "vertex", err: "atomicAdd cannot be used in the vertex stage"},
	{call: "atomicAdd(ref<storage, atomic<i32>, read_write>, i32)", err: "no matching overload"},
	{call: "atomicMax(ptr<function, atomic<i32>>, i32)", err: "no matching overload"},

	// Packing.
	{call: "pack4x8snorm(vec4<f32>)", want: "u32"},
	{call: "pack4x8unorm(vec4<AbstractFloat>)", want: "u32", params: "vec4<f32>"},
	{call: "pack2x16float(vec2<f32>)", want: "u32"},
	{call: "pack4xU8Clamp(vec4<AbstractInt>)", want: "u32", params: "vec4<u32>"},
	{call: "unpack4x8unorm(u32)", want: "vec4<f32>"},
	{call: "unpack4xI8(AbstractInt)", want: "vec4<i32>"},
	{call: "unpack2x16snorm(u32)", want: "vec2<f32>"},
	{call: "pack4xI8(vec4<i32>)", ctx: "nofeatures", err: "needs the language extension packed_4x8_integer_dot_product"},

	// Synchronization.
	{call: "workgroupBarrier()", want: "void"},
	{call: "storageBarrier()", ctx: "fragment", err: "storageBarrier cannot be used in the fragment stage"},
	{call: "workgroupUniformLoad(ptr<workgroup, f32>)", want: "f32"},
	{call: "workgroupUniformLoad(ptr<workgroup, array<vec4<f32>, 4>>)", want: "array<vec4<f32>, 4>"},
	{call: "workgroupUniformLoad(ptr<workgroup, atomic<i32>, read_write>)", want: "i32"},
	{call: "workgroupUniformLoad(ptr<private, f32>)", err: "no matching overload"},

	// Subgroups and quads.
	{call: "subgroupAdd(f32)", err: "subgroupAdd needs 'enable subgroups;'"},
	{call: "subgroupAdd(f32)", want: "f32", ctx: "subgroups"},
	{call: "subgroupAdd(AbstractInt)", want: "i32", ctx: "subgroups"},
	{call: "subgroupExclusiveMul(vec3<u32>)", want: "vec3<u32>", ctx: "subgroups"},
	{call: "subgroupBallot(bool)", want: "vec4<u32>", ctx: "subgroups"},
	{call: "subgroupBroadcast(vec3<f32>, AbstractInt)", want: "vec3<f32>", params: "vec3<f32>, i32", ctx: "subgroups"},
	{call: "subgroupAnd(f32)", err: "no matching overload", ctx: "subgroups"},
	{call: "subgroupOr(vec2<i32>)", want: "vec2<i32>", ctx: "subgroups"},
	{call: "subgroupElect()", want: "bool", ctx: "subgroups"},
	{call: "subgroupShuffleXor(u32, u32)", want: "u32", ctx: "subgroups"},
	{call: "subgroupShuffle(f32, i32)", want: "f32", ctx: "subgroups"},
	{call: "subgroupAdd(f16)", want: "f16", ctx: "subgroups f16"},
	{call: "subgroupMin(f32)", err: "cannot be used in the vertex stage", ctx: "subgroups vertex"},
	{call: "quadBroadcast(f32, u32)", want: "f32", ctx: "subgroups"},
	{call: "quadSwapX(vec2<i32>)", want: "vec2<i32>", ctx: "subgroups"},

	// Buffer views.
	{call: "bufferView<vec4<u32>>(ptr<storage, buffer, read>, u32)", want: "ptr<storage, vec4<u32>>"},
	{call: "bufferView<atomic<u32>>(ptr<storage, buffer, read_write>, u32)", err: "no matching overload"},
	{call: "bufferArrayView<array<u32>>(ptr<storage, buffer<256>, read_write>, u32, AbstractInt)",
		want: "ptr<storage, array<u32>, read_write>"},
	{call: "bufferArrayView<array<u32, 4>>(ptr<storage, buffer<256>, read_write>, u32, u32)", err: "no matching overload"},
	{call: "bufferLength(ptr<uniform, buffer<64>>)", want: "u32"},
	{call: "bufferLength(ptr<storage, buffer, read>)", want: "u32", ctx: "nofeatures", err: "needs the language extension buffer_view"},

	// Unknown names.
	{call: "clmap(f32, f32, f32)", err: "unknown function 'clmap'; did you mean 'clamp'?"},
	{call: "texturesample(f32)", err: "did you mean 'textureSample'?"},
	{call: "vec3F(f32)", err: "did you mean 'vec3f'?"},
	{call: "Mat2X3H(f32)", err: "did you mean 'mat2x3h'?"},
	{call: "frobnicate(f32)", err: "unknown function 'frobnicate'"},
}

func TestResolve(t *testing.T) {
	for _, tc := range resolveCases {
		name := tc.call
		if tc.ctx != "" {
			name += " [" + tc.ctx + "]"
		}
		t.Run(name, func(t *testing.T) {
			res, err := Resolve(contextOf(tc.ctx), parseCall(tc.call))
			if tc.err != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tc.err)
				var e *Error
				require.True(t, errors.As(err, &e))
				return
			}
			require.NoError(t, err)
			got := "void"
			if res.Result != nil {
				got = res.Result.String()
			}
			assert.Equal(t, tc.want, got)
			if tc.params != "" {
				var ps []string
				for _, p := range res.Params {
					ps = append(ps, p.String())
				}
				assert.Equal(t, tc.params, strings.Join(ps, ", "))
			}
		})
	}
}

func TestResolveErrorText(t *testing.T) {
	_, err := Resolve(Context{}, parseCall("clamp(vec3<f32>, f32, f32)"))
	require.Error(t, err)
	assert.Equal(t, `no matching overload for clamp(vec3<f32>, f32, f32); the closest candidates are:
  clamp(e: f32, low: f32, high: f32) -> f32
  clamp(e: vec3<f32>, low: vec3<f32>, high: vec3<f32>) -> vec3<f32>`, err.Error())

	_, err = Resolve(Context{}, parseCall("textureSample(texture_2d<u32>, sampler, vec2<f32>)"))
	require.Error(t, err)
	e := err.(*Error)
	assert.Equal(t, NoMatchingOverload, e.Kind)
	assert.Contains(t, e.Candidates, "textureSample(t: texture_2d<f32>, s: sampler, coords: vec2<f32>) -> vec4<f32>")
	assert.LessOrEqual(t, len(e.Candidates), maxCandidates)

	_, err = Resolve(Context{}, parseCall("clmap(f32)"))
	assert.Equal(t, "clamp", err.(*Error).Suggestion)
	assert.Equal(t, UnknownFunction, err.(*Error).Kind)

	_, err = Resolve(Context{}, parseCall("subgroupAdd(f32)"))
	assert.Equal(t, ExtSubgroups, err.(*Error).Extension)
}

func TestResolveAttributes(t *testing.T) {
	res, err := Resolve(Context{}, parseCall("textureSample(texture_2d<f32>, sampler, vec2<f32>, vec2<i32>)"))
	require.NoError(t, err)
	o := res.Overload
	assert.Equal(t, Fragment, o.Stages)
	assert.True(t, o.MustUse)
	assert.False(t, o.Const)
	assert.False(t, o.Params[2].Const)
	assert.True(t, o.Params[3].Const, "offset must be a const-expression")

	res, err = Resolve(Context{}, parseCall("textureGather(AbstractInt, texture_2d<f32>, sampler, vec2<f32>)"))
	require.NoError(t, err)
	assert.True(t, res.Overload.Params[0].Const, "component must be a const-expression")

	res, err = Resolve(contextOf("subgroups"), parseCall("subgroupBroadcast(f32, u32)"))
	require.NoError(t, err)
	assert.True(t, res.Overload.Params[1].Const)
	assert.Equal(t, ExtSubgroups, res.Overload.Extension)
	assert.Equal(t, Fragment|Compute, res.Overload.Stages)

	res, err = Resolve(Context{}, parseCall("clamp(f32, f32, f32)"))
	require.NoError(t, err)
	assert.True(t, res.Const)
	assert.True(t, res.MustUse)

	res, err = Resolve(Context{}, parseCall("atomicAdd(ptr<storage, atomic<i32>, read_write>, i32)"))
	require.NoError(t, err)
	assert.False(t, res.MustUse)
	assert.Equal(t, Fragment|Compute, res.Overload.Stages)

	res, err = Resolve(Context{}, parseCall("dpdx(f32)"))
	require.NoError(t, err)
	assert.Equal(t, Fragment, res.Overload.Stages)
	assert.False(t, res.Const)

	// A wrong stage still reports what the call resolved to.
	res, err = Resolve(Context{Stages: Vertex}, parseCall("dpdx(vec2<f32>)"))
	require.Error(t, err)
	assert.Equal(t, WrongStage, err.(*Error).Kind)
	require.NotNil(t, res)
	assert.Equal(t, types.Vec(2, types.F32), res.Result)
}

func TestLookup(t *testing.T) {
	b, ok := Lookup("clamp")
	require.True(t, ok)
	assert.False(t, b.Constructor)
	b, ok = Lookup("vec3f")
	require.True(t, ok)
	assert.Equal(t, "vec3", b.Name)
	assert.True(t, b.Constructor)
	assert.True(t, IsBuiltin("textureSample"))
	assert.True(t, IsBuiltin("mat3x4"))
	assert.False(t, IsBuiltin("ptr"))
	assert.False(t, IsBuiltin("main"))
	names := Names()
	assert.IsIncreasing(t, names)
	assert.Contains(t, names, "workgroupUniformLoad")
}

// Every predeclared alias names its type; names next to them name none.
func TestAlias(t *testing.T) {
	scalars := map[byte]*types.Scalar{'i': types.I32, 'u': types.U32, 'f': types.F32, 'h': types.F16}
	found := 0
	for n := byte('0'); n <= '9'; n++ {
		for _, s := range []byte("iufhbd") {
			name := "vec" + string(n) + string(s)
			got, ok := alias(name)
			if n >= '2' && n <= '4' && scalars[s] != nil {
				found++
				assert.Equal(t, types.Vec(int(n-'0'), scalars[s]), got, name)
			} else {
				assert.False(t, ok, name)
			}
			for r := byte('1'); r <= '5'; r++ {
				name := "mat" + string(n) + "x" + string(r) + string(s)
				got, ok := alias(name)
				if n >= '2' && n <= '4' && r >= '2' && r <= '4' && (s == 'f' || s == 'h') {
					found++
					assert.Equal(t, types.Mat(int(n-'0'), int(r-'0'), scalars[s]), got, name)
				} else {
					assert.False(t, ok, name)
				}
			}
		}
	}
	assert.Equal(t, 12+18, found)
	for _, name := range []string{"", "vec3", "mat4x4", "vec3ff", "mat4y4f", "Vec3f", "vec3f "} {
		_, ok := alias(name)
		assert.False(t, ok, name)
	}
}

func TestResolveTemplateArgsOnConstructorName(t *testing.T) {
	res, err := Resolve(Context{}, Call{Name: "vec3", TemplateArgs: []types.Type{types.F32},
		Args: []types.Type{types.AbstractInt}})
	require.NoError(t, err)
	assert.Equal(t, types.Vec(3, types.F32), res.Result)
	res, err = Resolve(Context{}, Call{Name: "mat2x3", TemplateArgs: []types.Type{types.F32}})
	require.NoError(t, err)
	assert.Equal(t, types.Mat(2, 3, types.F32), res.Result)
	_, err = Resolve(Context{}, Call{Name: "array", TemplateArgs: []types.Type{types.F32},
		Args: []types.Type{types.F32}})
	require.Error(t, err)
	assert.Equal(t, BadTemplateArgs, err.(*Error).Kind)
}

// No combination of argument types makes Resolve panic.
func TestResolveNeverPanics(t *testing.T) {
	pool := []string{
		"bool", "AbstractInt", "AbstractFloat", "i32", "u32", "f32", "f16", "vec2<f32>", "vec3<i32>",
		"vec4<u32>", "vec2<AbstractInt>", "vec3<bool>", "mat2x2<f32>", "mat3x4<AbstractFloat>",
		"array<f32, 4>", "array<i32>", "array<AbstractInt, 2>", "atomic<i32>", "S",
		"ptr<storage, atomic<u32>, read_write>", "ptr<workgroup, f32>", "ptr<storage, array<f32>, read>",
		"ptr<storage, buffer, read>", "ref<function, f32>", "ref<storage, vec4<f32>, write>",
		"texture_2d<f32>", "texture_depth_2d", "texture_storage_2d<rgba8unorm, write>",
		"texture_external", "sampler", "sampler_comparison", "buffer<16>",
	}
	var ts []types.Type
	for _, s := range pool {
		ts = append(ts, parseType(s))
	}
	seed := uint64(1)
	next := func(n int) int {
		seed = seed*6364136223846793005 + 1442695040888963407
		return int(seed>>33) % n
	}
	names := append(Names(), "vec3f", "nope", "S")
	for i := 0; i < 30000; i++ {
		c := Call{Name: names[next(len(names))]}
		if next(8) == 0 {
			c.Type = ts[next(len(ts))]
		}
		if next(6) == 0 {
			c.TemplateArgs = []types.Type{ts[next(len(ts))]}
		}
		for n := next(5); n > 0; n-- {
			c.Args = append(c.Args, ts[next(len(ts))])
		}
		if next(2) == 0 {
			for range c.Args {
				c.Const = append(c.Const, next(2) == 0)
			}
		}
		ctx := Context{Features: FeatureSet(next(2)) * AllFeatures, Stages: Stage(next(8))}
		if next(2) == 0 {
			ctx.Extensions = ctx.Extensions.With(ExtF16)
		}
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Fatalf("Resolve(%+v) panicked: %v", c, r)
				}
			}()
			res, err := Resolve(ctx, c)
			if err == nil {
				require.NotNil(t, res)
				require.Len(t, res.Params, len(c.Args))
			} else {
				require.NotEmpty(t, err.Error())
			}
		}()
	}
}
