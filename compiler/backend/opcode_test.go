package backend_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler/backend"
	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/spirv"
	"github.com/wgslgo/wgslgo/compiler/types"
	"github.com/wgslgo/wgslgo/internal/spirvval"
)

// opcodeKinds are the scalar types of the opcode table, in the order of its rows.
var opcodeKinds = []*types.Scalar{types.F32, types.F16, types.I32, types.U32, types.Bool}

// binaryOpcodes is the SPIR-V opcode of each IR binary operator on operands of each kind of
// opcodeKinds (f32, f16, i32, u32, bool; OpNop where WGSL does not define it), as the SPIR-V
// specification names them for WGSL's meaning: % keeps the dividend's sign (Rem, not Mod),
// != is true of a NaN (unordered), the other float comparisons false (ordered), >> of a
// signed integer copies the sign.
var binaryOpcodes = []struct {
	op    ir.Op
	kinds [5]spirv.Op
}{
	{ir.OpAdd, [5]spirv.Op{spirv.OpFAdd, spirv.OpFAdd, spirv.OpIAdd, spirv.OpIAdd, spirv.OpNop}},
	{ir.OpSub, [5]spirv.Op{spirv.OpFSub, spirv.OpFSub, spirv.OpISub, spirv.OpISub, spirv.OpNop}},
	{ir.OpMul, [5]spirv.Op{spirv.OpFMul, spirv.OpFMul, spirv.OpIMul, spirv.OpIMul, spirv.OpNop}},
	{ir.OpDiv, [5]spirv.Op{spirv.OpFDiv, spirv.OpFDiv, spirv.OpSDiv, spirv.OpUDiv, spirv.OpNop}},
	{ir.OpRem, [5]spirv.Op{spirv.OpFRem, spirv.OpFRem, spirv.OpSRem, spirv.OpUMod, spirv.OpNop}},
	{ir.OpAnd, [5]spirv.Op{spirv.OpNop, spirv.OpNop, spirv.OpBitwiseAnd, spirv.OpBitwiseAnd, spirv.OpLogicalAnd}},
	{ir.OpOr, [5]spirv.Op{spirv.OpNop, spirv.OpNop, spirv.OpBitwiseOr, spirv.OpBitwiseOr, spirv.OpLogicalOr}},
	{ir.OpXor, [5]spirv.Op{spirv.OpNop, spirv.OpNop, spirv.OpBitwiseXor, spirv.OpBitwiseXor, spirv.OpNop}},
	{ir.OpShl, [5]spirv.Op{spirv.OpNop, spirv.OpNop, spirv.OpShiftLeftLogical, spirv.OpShiftLeftLogical, spirv.OpNop}},
	{ir.OpShr, [5]spirv.Op{spirv.OpNop, spirv.OpNop, spirv.OpShiftRightArithmetic, spirv.OpShiftRightLogical, spirv.OpNop}},
	{ir.OpEq, [5]spirv.Op{spirv.OpFOrdEqual, spirv.OpFOrdEqual, spirv.OpIEqual, spirv.OpIEqual, spirv.OpLogicalEqual}},
	{ir.OpNe, [5]spirv.Op{spirv.OpFUnordNotEqual, spirv.OpFUnordNotEqual, spirv.OpINotEqual, spirv.OpINotEqual, spirv.OpLogicalNotEqual}},
	{ir.OpLt, [5]spirv.Op{spirv.OpFOrdLessThan, spirv.OpFOrdLessThan, spirv.OpSLessThan, spirv.OpULessThan, spirv.OpNop}},
	{ir.OpLe, [5]spirv.Op{spirv.OpFOrdLessThanEqual, spirv.OpFOrdLessThanEqual, spirv.OpSLessThanEqual, spirv.OpULessThanEqual, spirv.OpNop}},
	{ir.OpGt, [5]spirv.Op{spirv.OpFOrdGreaterThan, spirv.OpFOrdGreaterThan, spirv.OpSGreaterThan, spirv.OpUGreaterThan, spirv.OpNop}},
	{ir.OpGe, [5]spirv.Op{spirv.OpFOrdGreaterThanEqual, spirv.OpFOrdGreaterThanEqual, spirv.OpSGreaterThanEqual, spirv.OpUGreaterThanEqual, spirv.OpNop}},
}

// unaryOpcodes: -e and ~e (! on bool).
var unaryOpcodes = []struct {
	op    ir.Op
	kinds [5]spirv.Op
}{
	{ir.OpNeg, [5]spirv.Op{spirv.OpFNegate, spirv.OpFNegate, spirv.OpSNegate, spirv.OpNop, spirv.OpNop}},
	{ir.OpNot, [5]spirv.Op{spirv.OpNop, spirv.OpNop, spirv.OpNot, spirv.OpNot, spirv.OpLogicalNot}},
}

// convertOpcodes[from][to] is the conversion T(e) from each kind of opcodeKinds to each: to a
// bool, a comparison with zero (unordered, so that a NaN is true); from a bool, a selection of
// one or zero.
var convertOpcodes = [5][5]spirv.Op{
	{spirv.OpNop, spirv.OpFConvert, spirv.OpConvertFToS, spirv.OpConvertFToU, spirv.OpFUnordNotEqual},
	{spirv.OpFConvert, spirv.OpNop, spirv.OpConvertFToS, spirv.OpConvertFToU, spirv.OpFUnordNotEqual},
	{spirv.OpConvertSToF, spirv.OpConvertSToF, spirv.OpNop, spirv.OpBitcast, spirv.OpINotEqual},
	{spirv.OpConvertUToF, spirv.OpConvertUToF, spirv.OpBitcast, spirv.OpNop, spirv.OpINotEqual},
	{spirv.OpSelect, spirv.OpSelect, spirv.OpSelect, spirv.OpSelect, spirv.OpNop},
}

// opcodeModule builds a compute entry point that loads operands of types xt and yt from
// private variables, applies op (one argument when yt is nil) and stores the result in a
// third.
func opcodeModule(apply func(b *ir.Builder, x, y ir.Value) ir.Value, xt, yt types.Type) func() *ir.Module {
	return func() *ir.Module {
		m := ir.NewModule()
		x := m.NewGlobal("x", types.AddrPrivate, types.ReadWrite, xt)
		var y *ir.Global
		if yt != nil {
			y = m.NewGlobal("y", types.AddrPrivate, types.ReadWrite, yt)
		}
		f := m.NewFunc("main", nil)
		f.Stage = ir.StageCompute
		f.WorkgroupSize = [3]ir.Value{m.ConstU32(1)}
		b := ir.NewBuilder(f)
		var yv ir.Value
		if y != nil {
			yv = b.Load(y.Value)
		}
		r := apply(b, b.Load(x.Value), yv)
		out := m.NewGlobal("r", types.AddrPrivate, types.ReadWrite, m.Type(r))
		b.Store(out.Value, r)
		b.Finish()
		return m
	}
}

// bodyOpcodes returns the opcodes of the entry point's body, without its frame (label,
// return), the loads and stores of the private variables and debug instructions.
func bodyOpcodes(t *testing.T, words []uint32) []spirv.Op {
	t.Helper()
	m := parse(t, words)
	var ops []spirv.Op
	in := false
	for _, inst := range m.Insts {
		switch inst.Op {
		case spirv.OpFunction:
			in = true
		case spirv.OpFunctionEnd:
			in = false
		case spirv.OpLabel, spirv.OpReturn, spirv.OpLoad, spirv.OpStore, spirv.OpLine, spirv.OpNoLine:
		default:
			if in {
				ops = append(ops, inst.Op)
			}
		}
	}
	return ops
}

// checkOpcodes emits the module for vulkan1.3 without transforms, so that what the backend
// chooses is what is checked, validates it, and compares the body's opcodes with want.
func checkOpcodes(t *testing.T, build func() *ir.Module, want ...spirv.Op) {
	t.Helper()
	m := build()
	require.NoError(t, ir.Validate(m), ir.Print(m))
	words, err := backend.Emit(m, backend.Options{Target: backend.Vulkan1_3})
	require.NoError(t, err, ir.Print(m))
	spirvval.Check(t, words, backend.Vulkan1_3.String())
	assert.Equal(t, want, bodyOpcodes(t, words), ir.Print(m))
}

// TestOpcodeChoice: each IR operator, on each scalar kind and on vectors of it, and each
// conversion, is the SPIR-V opcode of the tables above. The execution tests (ops_exec_test.go)
// show what the opcodes compute; this shows that each is chosen where it belongs, including
// where no test value tells them apart.
func TestOpcodeChoice(t *testing.T) {
	shapes := []func(*types.Scalar) types.Type{
		func(s *types.Scalar) types.Type { return s },
		func(s *types.Scalar) types.Type { return types.Vec(3, s) },
	}
	for _, row := range binaryOpcodes {
		for k, s := range opcodeKinds {
			want := row.kinds[k]
			if want == spirv.OpNop {
				continue
			}
			for _, shape := range shapes {
				xt, yt := shape(s), shape(s)
				if row.op == ir.OpShl || row.op == ir.OpShr {
					yt = shape(types.U32)
				}
				t.Run(fmt.Sprintf("%s/%s", row.op, xt), func(t *testing.T) {
					checkOpcodes(t, opcodeModule(func(b *ir.Builder, x, y ir.Value) ir.Value { return b.Binary(row.op, x, y) }, xt, yt), want)
				})
			}
		}
	}
	for _, row := range unaryOpcodes {
		for k, s := range opcodeKinds {
			if want := row.kinds[k]; want != spirv.OpNop {
				for _, shape := range shapes {
					t.Run(fmt.Sprintf("%s/%s", row.op, shape(s)), func(t *testing.T) {
						op := map[ir.Op]func(b *ir.Builder, x ir.Value) ir.Value{ir.OpNeg: (*ir.Builder).Neg, ir.OpNot: (*ir.Builder).Not}[row.op]
						checkOpcodes(t, opcodeModule(func(b *ir.Builder, x, _ ir.Value) ir.Value { return op(b, x) }, shape(s), nil), want)
					})
				}
			}
		}
	}
	for i, from := range opcodeKinds {
		for j, to := range opcodeKinds {
			want := convertOpcodes[i][j]
			if want == spirv.OpNop {
				continue
			}
			for _, shape := range shapes {
				t.Run(fmt.Sprintf("%s(%s)", shape(to), shape(from)), func(t *testing.T) {
					tt := shape(to)
					checkOpcodes(t, opcodeModule(func(b *ir.Builder, x, _ ir.Value) ir.Value { return b.Convert(tt, x) }, shape(from), nil), want)
				})
			}
		}
	}
	// A scalar operand of a vector operation is splatted, but for the float products, which
	// SPIR-V has in the vector-times-scalar form.
	vf, vi := types.Vec(4, types.F32), types.Vec(4, types.I32)
	mixed := []struct {
		name   string
		op     ir.Op
		xt, yt types.Type
		want   []spirv.Op
	}{
		{"vec4f*f32", ir.OpMul, vf, types.F32, []spirv.Op{spirv.OpVectorTimesScalar}},
		{"f32*vec4f", ir.OpMul, types.F32, vf, []spirv.Op{spirv.OpVectorTimesScalar}},
		{"vec4i*i32", ir.OpMul, vi, types.I32, []spirv.Op{spirv.OpCompositeConstruct, spirv.OpIMul}},
		{"i32-vec4i", ir.OpSub, types.I32, vi, []spirv.Op{spirv.OpCompositeConstruct, spirv.OpISub}},
		{"vec4f/f32", ir.OpDiv, vf, types.F32, []spirv.Op{spirv.OpCompositeConstruct, spirv.OpFDiv}},
		{"mat2x3f*vec2f", ir.OpMul, types.Mat(2, 3, types.F32), types.Vec(2, types.F32), []spirv.Op{spirv.OpMatrixTimesVector}},
		{"vec3f*mat2x3f", ir.OpMul, types.Vec(3, types.F32), types.Mat(2, 3, types.F32), []spirv.Op{spirv.OpVectorTimesMatrix}},
		{"mat2x3f*mat3x2f", ir.OpMul, types.Mat(2, 3, types.F32), types.Mat(3, 2, types.F32), []spirv.Op{spirv.OpMatrixTimesMatrix}},
		{"f32*mat2x3f", ir.OpMul, types.F32, types.Mat(2, 3, types.F32), []spirv.Op{spirv.OpMatrixTimesScalar}},
		{"mat2x3f*f32", ir.OpMul, types.Mat(2, 3, types.F32), types.F32, []spirv.Op{spirv.OpMatrixTimesScalar}},
		// Matrix sums go column by column.
		{"mat2x3f-mat2x3f", ir.OpSub, types.Mat(2, 3, types.F32), types.Mat(2, 3, types.F32), []spirv.Op{
			spirv.OpCompositeExtract, spirv.OpCompositeExtract, spirv.OpFSub,
			spirv.OpCompositeExtract, spirv.OpCompositeExtract, spirv.OpFSub, spirv.OpCompositeConstruct}},
		{"mat2x2h+mat2x2h", ir.OpAdd, types.Mat(2, 2, types.F16), types.Mat(2, 2, types.F16), []spirv.Op{
			spirv.OpCompositeExtract, spirv.OpCompositeExtract, spirv.OpFAdd,
			spirv.OpCompositeExtract, spirv.OpCompositeExtract, spirv.OpFAdd, spirv.OpCompositeConstruct}},
	}
	for _, c := range mixed {
		t.Run(c.name, func(t *testing.T) {
			checkOpcodes(t, opcodeModule(func(b *ir.Builder, x, y ir.Value) ir.Value { return b.Binary(c.op, x, y) }, c.xt, c.yt), c.want...)
		})
	}
	t.Run("-mat3x2f", func(t *testing.T) {
		checkOpcodes(t, opcodeModule(func(b *ir.Builder, x, _ ir.Value) ir.Value { return b.Neg(x) }, types.Mat(3, 2, types.F32), nil),
			spirv.OpCompositeExtract, spirv.OpFNegate, spirv.OpCompositeExtract, spirv.OpFNegate,
			spirv.OpCompositeExtract, spirv.OpFNegate, spirv.OpCompositeConstruct)
	})
}
