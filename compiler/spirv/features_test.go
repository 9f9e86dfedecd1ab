package spirv_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler/spirv"
	"github.com/wgslgo/wgslgo/internal/spirvval"
)

// emptyCompute returns a builder with an open compute entry point function
// whose first block is open.
func emptyCompute(v spirv.Version) (*spirv.Builder, *spirv.Function) {
	b := spirv.NewBuilder(v)
	b.Capability(spirv.CapabilityShader)
	void := b.TypeVoid()
	f := b.BeginFunction(0, void, b.TypeFunction(void), spirv.FunctionControlNone)
	f.Block(0)
	return b, f
}

// TestOverridableWorkgroupSize covers spec constants: the WorkgroupSize
// built-in on an OpSpecConstantComposite (any version), and LocalSizeId
// with spec constant ids (SPIR-V 1.2+, Vulkan with maintenance4).
func TestOverridableWorkgroupSize(t *testing.T) {
	for _, v := range vulkanVersions {
		t.Run(v.TargetEnv(), func(t *testing.T) {
			b, f := emptyCompute(v)
			u32 := b.TypeInt(32, false)
			x := b.SpecConstant(u32, 64, 0)
			y := b.SpecConstant(u32, 1, 1)
			one := b.ConstantU32(1)
			size := b.SpecConstantComposite(b.TypeVector(u32, 3), x, y, one)
			b.Decorate(size, spirv.DecorationBuiltIn, uint32(spirv.BuiltInWorkgroupSize))
			// An override expression: x * 2, folded by the driver.
			twice := b.SpecConstantOp(u32, spirv.OpIMul, x, b.ConstantU32(2))
			cond := b.SpecConstantBool(true, 7)
			f.Emit(spirv.OpSelect, u32, cond, twice, y)
			f.Return()
			f.End()
			b.EntryPoint(spirv.ExecutionModelGLCompute, f.ID(), "main")
			spirvval.Check(t, b.Words(), v.TargetEnv())
		})
	}
	b, f := emptyCompute(spirv.Version1_6)
	u32 := b.TypeInt(32, false)
	x := b.SpecConstant(u32, 8, 0)
	f.Return()
	f.End()
	b.EntryPoint(spirv.ExecutionModelGLCompute, f.ID(), "main")
	b.ExecutionModeID(f.ID(), spirv.ExecutionModeLocalSizeId, x, b.ConstantU32(1), b.ConstantU32(1))
	spirvval.CheckFlags(t, b.Words(), []string{spirvval.AllowLocalSizeID}, "vulkan1.3")
}

// TestDebugInfo is what -g produces: OpString, OpSource with the text,
// names and OpLine/OpNoLine in function bodies.
func TestDebugInfo(t *testing.T) {
	for _, v := range vulkanVersions {
		b, f := emptyCompute(v)
		file := b.String("shader.wgsl")
		// SourceLanguageWGSL (10) is newer than Debian's spirv-val 2023.1.
		b.Source(spirv.SourceLanguageUnknown, 0, file, "@compute @workgroup_size(1)\nfn main() {}\n")
		b.Name(f.ID(), "main")
		next := b.NewID()
		f.Line(file, 1, 1)
		f.Variable(b.TypePointer(spirv.StorageClassFunction, b.TypeInt(32, true)), 0)
		f.Line(file, 2, 1)
		f.Line(file, 2, 1) // repeated: one OpLine
		f.Emit(spirv.OpNop, 0)
		f.Emit(spirv.OpNop, 0) // same position: no OpLine
		f.NoLine()
		f.Emit(spirv.OpNop, 0) // OpNoLine first
		f.NoLine()
		f.Line(file, 2, 7) // replaced before any instruction: not written
		f.Line(file, 2, 12)
		f.Branch(next)
		f.Block(next) // a new block: the position is written again
		f.Return()
		f.End()
		b.EntryPoint(spirv.ExecutionModelGLCompute, f.ID(), "main")
		b.ExecutionMode(f.ID(), spirv.ExecutionModeLocalSize, 1, 1, 1)
		words := b.Words()
		spirvval.Check(t, words, v.TargetEnv())

		m, err := spirv.Parse(words)
		require.NoError(t, err)
		var got []string
		for _, in := range m.Insts {
			switch in.Op {
			case spirv.OpLine:
				got = append(got, fmt.Sprintf("line %d:%d", in.Words[2], in.Words[3]))
			case spirv.OpNoLine:
				got = append(got, "noline")
			case spirv.OpNop, spirv.OpBranch, spirv.OpReturn, spirv.OpLabel, spirv.OpVariable:
				got = append(got, in.Op.String())
			}
		}
		assert.Equal(t, []string{"OpLabel", "line 1:1", "OpVariable", "line 2:1", "OpNop", "OpNop", "noline", "OpNop", "line 2:12", "OpBranch",
			"OpLabel", "line 2:12", "OpReturn"}, got)
		assert.Equal(t, f.ID(), m.Lookup("main"))
	}
}

func TestVulkanMemoryModel(t *testing.T) {
	for _, v := range []spirv.Version{spirv.Version1_3, spirv.Version1_5, spirv.Version1_6} {
		b, f := emptyCompute(v)
		b.SetMemoryModel(spirv.AddressingModelLogical, spirv.MemoryModelVulkan)
		u32 := b.TypeInt(32, false)
		wg := b.Variable(b.TypePointer(spirv.StorageClassWorkgroup, u32), spirv.StorageClassWorkgroup, 0)
		f.Emit(spirv.OpAtomicIAdd, u32, wg, b.ConstantU32(uint32(spirv.ScopeWorkgroup)),
			b.ConstantU32(uint32(spirv.MemorySemanticsAcquireRelease|spirv.MemorySemanticsWorkgroupMemory)), b.ConstantU32(1))
		f.Emit(spirv.OpControlBarrier, 0, b.ConstantU32(uint32(spirv.ScopeWorkgroup)), b.ConstantU32(uint32(spirv.ScopeWorkgroup)),
			b.ConstantU32(uint32(spirv.MemorySemanticsAcquireRelease|spirv.MemorySemanticsWorkgroupMemory)))
		f.Return()
		f.End()
		b.EntryPoint(spirv.ExecutionModelGLCompute, f.ID(), "main", iface(v, nil, wg)...)
		b.ExecutionMode(f.ID(), spirv.ExecutionModeLocalSize, 64, 1, 1)
		spirvval.Check(t, b.Words(), v.TargetEnv())
	}
}

func TestSwitchAndDemote(t *testing.T) {
	for _, v := range vulkanVersions {
		b := spirv.NewBuilder(v)
		b.Capability(spirv.CapabilityShader)
		void, i32, f32 := b.TypeVoid(), b.TypeInt(32, true), b.TypeFloat(32)
		vec4 := b.TypeVector(f32, 4)
		in := b.Variable(b.TypePointer(spirv.StorageClassInput, i32), spirv.StorageClassInput, 0)
		b.Decorate(in, spirv.DecorationLocation, 0)
		b.Decorate(in, spirv.DecorationFlat)
		out := b.Variable(b.TypePointer(spirv.StorageClassOutput, vec4), spirv.StorageClassOutput, 0)
		b.Decorate(out, spirv.DecorationLocation, 0)

		f := b.BeginFunction(0, void, b.TypeFunction(void), spirv.FunctionControlNone)
		f.Block(0)
		sel := f.Load(i32, in)
		c1, c2, def, merge := b.NewID(), b.NewID(), b.NewID(), b.NewID()
		f.SelectionMerge(merge, spirv.SelectionControlNone)
		f.Switch(sel, def, spirv.SwitchCase{Value: 1, Label: c1}, spirv.SwitchCase{Value: 0xffffffff, Label: c2})
		for _, l := range []spirv.ID{c1, c2, def} {
			f.Block(l)
			if l == c2 {
				f.DemoteToHelperInvocation()
			}
			f.Branch(merge)
		}
		f.Block(merge)
		f.Store(out, b.ConstantNull(vec4))
		f.Return()
		f.End()
		b.EntryPoint(spirv.ExecutionModelFragment, f.ID(), "main", in, out)
		b.ExecutionMode(f.ID(), spirv.ExecutionModeOriginUpperLeft)
		spirvval.Check(t, b.Words(), v.TargetEnv())
	}
}
