package transform_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/ir/transform"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// count returns how many instructions of f's body (nested blocks included) have op.
func count(f *ir.Func, op ir.Op) int {
	n := 0
	ir.Walk(f.Body, func(in *ir.Inst) {
		if in.Op == op {
			n++
		}
	})
	return n
}

func TestCSE(t *testing.T) {
	arr := &types.Array{Elem: types.F32}
	var buf ir.Value
	build := func() *ir.Module {
		m := ir.NewModule()
		g := m.NewGlobal("buf", types.AddrStorage, types.ReadWrite, arr)
		g.Binding = &ir.BindingPoint{}
		buf = g.Value
		f := m.NewFunc("f", types.F32)
		a := f.AddParam("a", types.U32, types.NoIO)
		c := f.AddParam("c", types.Bool, types.NoIO)
		b := ir.NewBuilder(f)
		x := b.Add(a, b.U32(1))
		x2 := b.Add(a, b.U32(1)) // same block: x
		n1 := b.Builtin(ir.BuiltinArrayLength, buf)
		p1 := b.Access(buf, b.Builtin(ir.BuiltinMin, x2, b.Sub(n1, b.U32(1))))
		v1 := b.Load(p1)
		v1b := b.Load(p1) // loads stay
		b.If(c, nil, func() {
			n2 := b.Builtin(ir.BuiltinArrayLength, buf)                           // nested: n1
			p2 := b.Access(buf, b.Builtin(ir.BuiltinMin, x, b.Sub(n2, b.U32(1)))) // nested: p1
			b.Store(p2, b.Add(b.Load(p2), b.F32(1)))
			y := b.Mul(a, a)
			m.SetName(y, "y")
			b.Store(p1, b.Convert(types.F32, y))
		}, func() {
			y := b.Mul(a, a) // not visible from the then block: stays
			named := b.Mul(a, a)
			m.SetName(named, "z") // hands its name to y
			b.Store(p1, b.Add(b.Convert(types.F32, y), b.Convert(types.F32, named)))
		})
		// Different result types of the same operand.
		fi := b.Convert(types.I32, a)
		ff := b.Convert(types.F32, a)
		ff2 := b.Convert(types.F32, a)
		// Differently named equal values both stay.
		s1 := b.Sub(a, b.U32(2))
		m.SetName(s1, "s1")
		s2 := b.Sub(a, b.U32(2))
		m.SetName(s2, "s2")
		b.Loop(func() {
			l := b.Mul(x, b.U32(3))
			b.If(b.Gt(l, s1), nil, func() { b.Break() }, nil)
			b.Continue()
		}, func() {
			l := b.Mul(x, b.U32(3)) // the continuing block does not use the body's values
			b.BreakIf(b.Gt(l, s2))
		})
		sum := b.Add(b.Add(v1, v1b), b.Add(b.Convert(types.F32, fi), b.Add(ff, ff2)))
		b.Return(sum)
		return m
	}
	m := golden(t, "cse", build, transform.CSE)
	f := m.Funcs[0]
	assert.Equal(t, 1, count(f, ir.OpAccess), "access chains")
	n := 0
	ir.Walk(f.Body, func(in *ir.Inst) {
		if in.Op == ir.OpBuiltin && in.Builtin() == ir.BuiltinArrayLength {
			n++
		}
	})
	assert.Equal(t, 1, n, "arrayLength")
	assert.Equal(t, 3, count(f, ir.OpLoad), "loads")
	assert.Equal(t, 4, count(f, ir.OpMul), "y in then, one y (z) in else, l in the loop body and in continuing")
	names := map[string]bool{}
	ir.Walk(f.Body, func(in *ir.Inst) {
		if in.Result != 0 {
			names[m.Name(in.Result)] = true
		}
	})
	for _, n := range []string{"y", "z", "s1", "s2"} {
		assert.True(t, names[n], "name %s kept", n)
	}
	require.NoError(t, ir.Validate(m))
}
