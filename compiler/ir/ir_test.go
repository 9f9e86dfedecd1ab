package ir_test

import (
	"slices"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler/builtins"
	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/ir/irtest"
	"github.com/wgslgo/wgslgo/compiler/types"
)

func TestPrintDouble(t *testing.T) {
	m := ir.NewModule()
	arr := &types.Array{Elem: types.F32}
	buf := m.NewGlobal("buf", types.AddrStorage, types.ReadWrite, arr)
	buf.Binding = &ir.BindingPoint{Group: 0, Binding: 1}
	f := m.NewFunc("main", nil)
	f.Stage = ir.StageCompute
	f.WorkgroupSize = [3]ir.Value{m.ConstU32(64)}
	io := types.NoIO
	io.Builtin = "global_invocation_id"
	gid := f.AddParam("gid", types.Vec(3, types.U32), io)
	b := ir.NewBuilder(f)
	i := b.Swizzle(gid, 0)
	p := b.Access(buf.Value, i)
	x := b.Load(p)
	b.Store(p, b.Mul(x, b.F32(2)))
	b.Finish()
	require.NoError(t, ir.Validate(m))
	assert.Equal(t, `var<storage, read_write> %buf: array<f32> @group(0) @binding(1)

@compute @workgroup_size(64u, 1, 1)
fn @main(%gid: vec3<u32> @builtin(global_invocation_id)) {
  %1: u32 = swizzle %gid, x
  %2: ptr<storage, f32, read_write> = access %buf, %1
  %3: f32 = load %2
  %4: f32 = mul %3, 2f
  store %2, %4
  return
}
`, ir.Print(m))
}

func TestValidateCatches(t *testing.T) {
	m := ir.NewModule()
	f := m.NewFunc("f", types.I32)
	b := ir.NewBuilder(f)
	var inner ir.Value
	b.If(b.Bool(true), nil, func() {
		inner = b.Add(b.I32(1), b.I32(2))
	}, nil)
	b.Return(inner) // not visible outside the if
	err := ir.Validate(m)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "not defined before use")

	m = ir.NewModule()
	f = m.NewFunc("g", nil)
	b = ir.NewBuilder(f)
	b.Break()
	err = ir.Validate(m)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "break outside a loop or switch")
}

func TestIfResultsAndLoop(t *testing.T) {
	m := ir.NewModule()
	f := m.NewFunc("f", types.I32)
	c := f.AddParam("c", types.Bool, types.NoIO)
	b := ir.NewBuilder(f)
	v := b.Var("i", types.I32, 0)
	r := b.If(c, []types.Type{types.I32}, func() { b.ExitIf(b.I32(1)) }, func() { b.ExitIf(b.I32(2)) })
	b.Loop(func() {
		x := b.Load(v)
		b.If(b.Gt(x, r.Results()[0]), nil, func() { b.Break() }, nil)
		b.Store(v, b.Add(x, b.I32(1)))
	}, func() {
		b.BreakIf(b.Ge(b.Load(v), b.I32(10)))
	})
	b.Return(b.Load(v))
	require.NoError(t, ir.Validate(m))
	assert.Equal(t, `
fn @f(%c: bool) -> i32 {
  %i: ptr<function, i32> = var
  %1: i32 = if %c {
    exit_if 1i
  } else {
    exit_if 2i
  }
  loop {
    %2: i32 = load %i
    %3: bool = gt %2, %1
    if %3 {
      break
    } else {
      exit_if
    }
    %4: i32 = add %2, 1i
    store %i, %4
    continue
  } continuing {
    %5: i32 = load %i
    %6: bool = ge %5, 10i
    break_if %6
  }
  %7: i32 = load %i
  return %7
}
`, ir.Print(m))
}

// TestInstSize: the override-expression flag, the source position and the span live in what
// was padding, and what only constructs have lives behind a pointer, so that an instruction
// fills one 64-byte cache line on 64-bit machines.
func TestInstSize(t *testing.T) {
	if unsafe.Sizeof(uintptr(0)) == 8 {
		assert.LessOrEqual(t, unsafe.Sizeof(ir.Inst{}), uintptr(64))
	}
}

// TestMayHave: a function may have the operations its builder added, those SetOp gave and
// those of the function CloneFunc copied, and no others.
func TestMayHave(t *testing.T) {
	m := ir.NewModule()
	g := m.NewFunc("g", types.I32)
	ir.NewBuilder(g).Return(m.ConstI32(1))
	f := m.NewFunc("f", nil)
	b := ir.NewBuilder(f)
	x := b.Var("x", types.I32, 0)
	sum := b.Add(b.Load(x), b.Call(g))
	b.Store(x, sum)
	b.Finish()
	for _, op := range []ir.Op{ir.OpVar, ir.OpLoad, ir.OpCall, ir.OpAdd, ir.OpStore, ir.OpReturn} {
		assert.True(t, f.MayHave(op), "%s", op)
	}
	for _, op := range []ir.Op{ir.OpSub, ir.OpShl, ir.OpDiscard, ir.OpLoop} {
		assert.False(t, f.MayHave(op), "%s", op)
	}
	assert.False(t, g.MayHave(ir.OpCall))
	assert.Equal(t, []*ir.Func{g}, f.Callees())
	assert.Empty(t, g.Callees())

	m.Def(sum).SetOp(ir.OpSub)
	assert.True(t, f.MayHave(ir.OpSub))

	// The builtin functions, and their classes.
	assert.False(t, f.MayHave(ir.OpBuiltin))
	assert.False(t, f.MayCall(builtins.FnAbs))
	assert.False(t, f.MayCallClass(builtins.FnAbs.Class()))
	b.SetInsertBefore(m.Def(sum))
	b.Builtin(builtins.FnAbs, b.Load(x))
	assert.True(t, f.MayHave(ir.OpBuiltin))
	assert.True(t, f.MayCall(builtins.FnAbs))
	assert.True(t, f.MayCallClass(builtins.FnAbs.Class()))
	assert.False(t, f.MayCall(builtins.FnExtractBits))
	assert.False(t, f.MayCallClass(builtins.FnTextureSample.Class()))
	m.Def(b.Builtin(builtins.FnAbs, b.Load(x))).SetAux(uint16(builtins.FnCountOneBits))
	assert.True(t, f.MayCall(builtins.FnCountOneBits))

	c, _ := m.CloneFunc(f, "f2")
	for _, op := range []ir.Op{ir.OpCall, ir.OpSub, ir.OpStore, ir.OpBuiltin} {
		assert.True(t, c.MayHave(op), "%s", op)
	}
	assert.False(t, c.MayHave(ir.OpShl))
	assert.True(t, c.MayCall(builtins.FnAbs))
	assert.True(t, c.MayCall(builtins.FnCountOneBits))
	assert.False(t, c.MayCall(builtins.FnExtractBits))
	require.NoError(t, ir.Validate(m))
}

// TestBuilderPositions: instructions get the builder's position, and inserting before or
// after an instruction takes its position, so that a pass's expansion keeps it.
func TestBuilderPositions(t *testing.T) {
	m := ir.NewModule()
	f := m.NewFunc("f", types.U32)
	x := f.AddParam("x", types.U32, types.NoIO)
	b := ir.NewBuilder(f)
	assert.Equal(t, ir.NoPos, b.SetPos(ir.PosOf(10)))
	sum := b.Add(x, x)
	b.SetPos(ir.PosOf(20))
	b.Return(sum)
	add := m.Def(sum)
	assert.Equal(t, ir.PosOf(10), add.Pos)
	assert.Equal(t, diag.Pos(10), add.Pos.Offset())
	assert.Equal(t, ir.PosOf(20), f.Body.Terminator().Pos)

	b2 := ir.NewBuilder(f)
	b2.SetInsertBefore(add)
	dbl := m.Def(b2.Mul(x, m.ConstU32(2)))
	assert.Equal(t, ir.PosOf(10), dbl.Pos)
	b2.SetInsertAfter(f.Body.Insts[0])
	assert.Equal(t, f.Body.Insts[0].Pos, b2.Pos())
	assert.False(t, ir.PosOf(diag.NoPos).IsValid())
	assert.True(t, ir.PosOf(0).IsValid(), "offset 0 is the first byte of the file")
}

// TestBuilderSpans: instructions get the builder's span around their position, packed
// relative to it; a span that does not hold the position, or none, is an empty one at it, and
// a span longer than the packing holds is cut; inserting before an instruction takes its span.
func TestBuilderSpans(t *testing.T) {
	m := ir.NewModule()
	f := m.NewFunc("f", types.U32)
	x := f.AddParam("x", types.U32, types.NoIO)
	b := ir.NewBuilder(f)
	span := func(start, end diag.Pos) ir.Span { return ir.SpanOf(diag.Span{Start: start, End: end}) }
	add := func() *ir.Inst { return m.Def(b.Add(x, x)) }

	b.SetPosSpan(ir.PosOf(14), span(10, 20)) // the operator of a binary expression
	in := add()
	assert.Equal(t, span(10, 20), in.Span())
	assert.Equal(t, diag.Span{Start: 10, End: 20}, in.Span().Diag())

	b.SetPosSpan(ir.PosOf(30), span(10, 20))
	assert.Equal(t, span(30, 30), add().Span(), "a span that misses the position")
	b.SetPos(ir.PosOf(40))
	assert.Equal(t, span(40, 40), add().Span(), "SetPos drops the span")

	b.SetPosSpan(ir.PosOf(100_000), span(1, 200_000))
	long := add()
	assert.Equal(t, span(100_000-0xffff, 100_000), long.Span(), "cut: at most 65535 bytes before the position and long")

	b2 := ir.NewBuilder(f)
	b2.SetInsertBefore(in)
	assert.Equal(t, span(10, 20), m.Def(b2.Mul(x, x)).Span())

	var none ir.Inst
	assert.False(t, none.Span().IsValid())
}

// A module made after others were released (and whose memory it may reuse) is what it is
// made alone, in whichever order the modules come.
func TestReleasedModulesIndependent(t *testing.T) {
	want := map[string]string{}
	for _, s := range irtest.Samples {
		want[s.Name] = ir.Print(s.Build())
	}
	for _, s := range irtest.Samples {
		for _, other := range slices.Backward(irtest.Samples) {
			other.Build().Release()
			m := s.Build()
			require.Equal(t, want[s.Name], ir.Print(m), "%s after %s", s.Name, other.Name)
			require.NoError(t, ir.Validate(m))
			m.Release()
		}
	}
}
