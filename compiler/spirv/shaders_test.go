package spirv_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler/spirv"
	"github.com/wgslgo/wgslgo/internal/spirvval"
)

// vulkanVersions are the SPIR-V versions that Vulkan 1.0-1.3 require, plus
// 1.4, the first with whole-module entry-point interfaces.
var vulkanVersions = []spirv.Version{
	spirv.Version1_0, spirv.Version1_3, spirv.Version1_4, spirv.Version1_5, spirv.Version1_6,
}

// iface returns an entry point's interface: Input/Output variables io before
// SPIR-V 1.4, and every global it uses from 1.4 on.
func iface(v spirv.Version, io []spirv.ID, others ...spirv.ID) []spirv.ID {
	if v < spirv.Version1_4 {
		return io
	}
	return append(append([]spirv.ID{}, io...), others...)
}

// buildCompute builds, by hand, what a compiler would make of
//
//	struct Buf { data: array<f32> }
//	@group(0) @binding(0) var<storage, read_write> buf: Buf;
//	@compute @workgroup_size(64)
//	fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
//		var acc = 0.0;
//		for (var i = 0u; i < 4u; i++) { acc += abs(buf.data[gid.x]); }
//		if gid.x < 100u { buf.data[gid.x] = acc; }
//	}
//
// with the loop counter and the sum in OpPhi instructions.
func buildCompute(v spirv.Version) *spirv.Builder {
	b := spirv.NewBuilder(v)
	b.Capability(spirv.CapabilityShader)

	void := b.TypeVoid()
	u32 := b.TypeInt(32, false)
	f32 := b.TypeFloat(32)
	boolT := b.TypeBool()
	vec3u := b.TypeVector(u32, 3)
	arr := b.TypeRuntimeArrayStride(f32, 4)
	bufT := b.TypeStruct(arr)
	b.Decorate(bufT, spirv.DecorationBlock)
	b.MemberDecorate(bufT, 0, spirv.DecorationOffset, 0)
	b.Name(bufT, "Buf")
	b.MemberName(bufT, 0, "data")

	gid := b.Variable(b.TypePointer(spirv.StorageClassInput, vec3u), spirv.StorageClassInput, 0)
	b.Decorate(gid, spirv.DecorationBuiltIn, uint32(spirv.BuiltInGlobalInvocationId))
	b.Name(gid, "gid")
	buf := b.Variable(b.TypePointer(spirv.StorageClassStorageBuffer, bufT), spirv.StorageClassStorageBuffer, 0)
	b.Decorate(buf, spirv.DecorationDescriptorSet, 0)
	b.Decorate(buf, spirv.DecorationBinding, 0)
	b.Name(buf, "buf")
	ptrF32 := b.TypePointer(spirv.StorageClassStorageBuffer, f32)

	f := b.BeginFunction(0, void, b.TypeFunction(void), spirv.FunctionControlNone)
	b.Name(f.ID(), "main")
	header, body, cont, merge := b.NewID(), b.NewID(), b.NewID(), b.NewID()
	then, end := b.NewID(), b.NewID()
	iNext, accNext := b.NewID(), b.NewID()

	entry := f.Block(0)
	gidV := f.Load(vec3u, gid)
	x := f.Emit(spirv.OpCompositeExtract, u32, gidV, 0)
	f.Branch(header)

	f.Block(header)
	i := f.Phi(u32, b.ConstantU32(0), entry, iNext, cont)
	acc := f.Phi(f32, b.ConstantF32(0), entry, accNext, cont)
	f.LoopMerge(merge, cont, spirv.LoopControlNone)
	f.BranchConditional(f.Emit(spirv.OpULessThan, boolT, i, b.ConstantU32(4)), body, merge)

	f.Block(body)
	elem := f.AccessChain(ptrF32, buf, b.ConstantU32(0), x)
	abs := f.GLSL(f32, spirv.GLSLstd450FAbs, f.Load(f32, elem))
	f.EmitID(accNext, spirv.OpFAdd, f32, acc, abs)
	f.Branch(cont)

	f.Block(cont)
	f.EmitID(iNext, spirv.OpIAdd, u32, i, b.ConstantU32(1))
	f.Branch(header)

	f.Block(merge)
	// A Function variable declared late: the builder hoists it.
	local := f.Variable(b.TypePointer(spirv.StorageClassFunction, f32), b.ConstantF32(0))
	f.Store(local, acc)
	f.SelectionMerge(end, spirv.SelectionControlNone)
	f.BranchConditional(f.Emit(spirv.OpULessThan, boolT, x, b.ConstantU32(100)), then, end)

	f.Block(then)
	f.Store(f.AccessChain(ptrF32, buf, b.ConstantU32(0), x), f.Load(f32, local))
	f.Branch(end)

	f.Block(end)
	f.Return()
	f.End()

	b.EntryPoint(spirv.ExecutionModelGLCompute, f.ID(), "main", iface(v, []spirv.ID{gid}, buf)...)
	b.ExecutionMode(f.ID(), spirv.ExecutionModeLocalSize, 64, 1, 1)
	return b
}

// buildGraphics builds a vertex and a fragment entry point in one module:
// the vertex shader transforms a position by a uniform mat4x4 and passes a
// color on; the fragment shader samples a texture, discards dim fragments
// and writes the product.
func buildGraphics(v spirv.Version) *spirv.Builder {
	b := spirv.NewBuilder(v)
	b.Capability(spirv.CapabilityShader)

	void := b.TypeVoid()
	f32 := b.TypeFloat(32)
	vec2 := b.TypeVector(f32, 2)
	vec4 := b.TypeVector(f32, 4)
	mat4 := b.TypeMatrix(vec4, 4)
	boolT := b.TypeBool()
	fnVoid := b.TypeFunction(void)

	uniT := b.TypeStruct(mat4, vec4)
	b.Decorate(uniT, spirv.DecorationBlock)
	b.MemberDecorate(uniT, 0, spirv.DecorationOffset, 0)
	b.MemberDecorate(uniT, 0, spirv.DecorationColMajor)
	b.MemberDecorate(uniT, 0, spirv.DecorationMatrixStride, 16)
	b.MemberDecorate(uniT, 1, spirv.DecorationOffset, 64)
	uni := b.Variable(b.TypePointer(spirv.StorageClassUniform, uniT), spirv.StorageClassUniform, 0)
	b.Decorate(uni, spirv.DecorationDescriptorSet, 0)
	b.Decorate(uni, spirv.DecorationBinding, 0)

	in := func(typ spirv.ID) spirv.ID {
		return b.Variable(b.TypePointer(spirv.StorageClassInput, typ), spirv.StorageClassInput, 0)
	}
	out := func(typ spirv.ID) spirv.ID {
		return b.Variable(b.TypePointer(spirv.StorageClassOutput, typ), spirv.StorageClassOutput, 0)
	}
	pos, color := in(vec4), in(vec4)
	b.Decorate(pos, spirv.DecorationLocation, 0)
	b.Decorate(color, spirv.DecorationLocation, 1)
	position, vColor := out(vec4), out(vec4)
	b.Decorate(position, spirv.DecorationBuiltIn, uint32(spirv.BuiltInPosition))
	b.Decorate(vColor, spirv.DecorationLocation, 0)

	vs := b.BeginFunction(0, void, fnVoid, spirv.FunctionControlNone)
	vs.Block(0)
	m := vs.Load(mat4, vs.AccessChain(b.TypePointer(spirv.StorageClassUniform, mat4), uni, b.ConstantI32(0)))
	vs.Store(position, vs.Emit(spirv.OpMatrixTimesVector, vec4, m, vs.Load(vec4, pos)))
	vs.Store(vColor, vs.Load(vec4, color))
	vs.Return()
	vs.End()
	b.EntryPoint(spirv.ExecutionModelVertex, vs.ID(), "vs_main", iface(v, []spirv.ID{pos, color, position, vColor}, uni)...)

	img := b.TypeImage(spirv.ImageType{SampledType: f32, Dim: spirv.Dim2D, Sampled: 1, Format: spirv.ImageFormatUnknown})
	tex := b.Variable(b.TypePointer(spirv.StorageClassUniformConstant, img), spirv.StorageClassUniformConstant, 0)
	smp := b.Variable(b.TypePointer(spirv.StorageClassUniformConstant, b.TypeSampler()), spirv.StorageClassUniformConstant, 0)
	b.Decorate(tex, spirv.DecorationDescriptorSet, 0)
	b.Decorate(tex, spirv.DecorationBinding, 1)
	b.Decorate(smp, spirv.DecorationDescriptorSet, 0)
	b.Decorate(smp, spirv.DecorationBinding, 2)
	fColor, fragOut := in(vec4), out(vec4)
	b.Decorate(fColor, spirv.DecorationLocation, 0)
	b.Decorate(fragOut, spirv.DecorationLocation, 0)

	// A helper function with a parameter, called from the fragment shader.
	helper := b.BeginFunction(0, f32, b.TypeFunction(f32, vec4), spirv.FunctionControlInline)
	p := helper.Param(vec4)
	helper.Block(0)
	helper.ReturnValue(helper.Emit(spirv.OpCompositeExtract, f32, p, 3))
	helper.End()

	fs := b.BeginFunction(0, void, fnVoid, spirv.FunctionControlNone)
	fs.Block(0)
	c := fs.Load(vec4, fColor)
	kill, keep := b.NewID(), b.NewID()
	dim := fs.Emit(spirv.OpFOrdLessThan, boolT, fs.Call(f32, helper.ID(), c), b.ConstantF32(0.5))
	fs.SelectionMerge(keep, spirv.SelectionControlNone)
	fs.BranchConditional(dim, kill, keep)
	fs.Block(kill)
	fs.TerminateInvocation()
	fs.Block(keep)
	si := fs.Emit(spirv.OpSampledImage, b.TypeSampledImage(img), fs.Load(img, tex), fs.Load(b.TypeSampler(), smp))
	uv := fs.Emit(spirv.OpVectorShuffle, vec2, c, c, 0, 1)
	texel := fs.Emit(spirv.OpImageSampleImplicitLod, vec4, si, uv)
	fs.Store(fragOut, fs.Emit(spirv.OpFMul, vec4, texel, c))
	fs.Return()
	fs.End()
	b.EntryPoint(spirv.ExecutionModelFragment, fs.ID(), "fs_main", iface(v, []spirv.ID{fColor, fragOut}, tex, smp)...)
	b.ExecutionMode(fs.ID(), spirv.ExecutionModeOriginUpperLeft)
	return b
}

func TestShadersValidate(t *testing.T) {
	for _, build := range []struct {
		name string
		fn   func(spirv.Version) *spirv.Builder
	}{
		{"compute", buildCompute},
		{"graphics", buildGraphics},
	} {
		for _, v := range vulkanVersions {
			t.Run(build.name+"/"+v.TargetEnv(), func(t *testing.T) {
				t.Parallel()
				b := build.fn(v)
				require.NoError(t, b.Err())
				words := b.Words()
				_, err := spirv.Parse(words)
				require.NoError(t, err)
				spirvval.Check(t, words, v.TargetEnv())
			})
		}
	}
}

func TestStorageBufferExtensionOnlyBefore1_3(t *testing.T) {
	for _, v := range vulkanVersions {
		m, err := spirv.Parse(buildCompute(v).Words())
		require.NoError(t, err)
		var exts []string
		for _, in := range m.Find(spirv.OpExtension) {
			exts = append(exts, in.String())
		}
		if v < spirv.Version1_3 {
			require.Equal(t, []string{`OpExtension "SPV_KHR_storage_buffer_storage_class"`}, exts, v)
		} else {
			require.Empty(t, exts, v)
		}
	}
}
