package transform_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/wgslgo/wgslgo/compiler/builtins"
	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/ir/transform"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// Each min(x, y) stores into its own slot of out; the test names say which must go.
func TestPruneClamps(t *testing.T) {
	kept := map[ir.Value]bool{} // min result → must it stay
	build := func() *ir.Module {
		clear(kept)
		m := ir.NewModule()
		buf := m.NewGlobal("buf", types.AddrStorage, types.ReadWrite, &types.Array{Elem: types.U32})
		buf.Binding = &ir.BindingPoint{}
		out := m.NewGlobal("out", types.AddrStorage, types.ReadWrite, &types.Array{Elem: types.U32, Count: 32})
		out.Binding = &ir.BindingPoint{Binding: 1}
		lidIO := types.NoIO
		lidIO.Builtin = "local_invocation_index"
		lidG := m.NewGlobal("lid", types.AddrIn, types.Read, types.U32)
		lidG.IO = lidIO
		f := m.NewFunc("main", nil)
		f.Stage = ir.StageCompute
		f.WorkgroupSize = [3]ir.Value{m.ConstU32(16), m.ConstU32(4), 0}
		b := ir.NewBuilder(f)
		a := b.Load(b.AccessN(buf.Value, 0))
		c := b.Load(b.AccessN(buf.Value, 1))
		lid := b.Load(lidG.Value)
		n := b.Builtin(builtins.FnArrayLength, buf.Value)
		last := b.Sub(n, b.U32(1))
		slot := 2
		clamp := func(x, y ir.Value, stays bool) {
			r := b.Builtin(builtins.FnMin, x, y)
			kept[r] = stays
			b.Store(b.AccessN(out.Value, slot), r)
			slot++
		}
		clamp(a, last, true) // nothing known
		b.If(b.Lt(a, n), nil, func() {
			clamp(a, last, false) // a < n
			clamp(c, last, true)  // about a only
		}, func() {
			clamp(a, last, true) // a >= n
		})
		clamp(b.Rem(a, b.U32(8)), b.U32(7), false)
		clamp(b.Rem(a, b.U32(9)), b.U32(7), true)
		clamp(b.And(a, b.U32(7)), b.U32(7), false)
		clamp(b.And(a, b.U32(15)), b.U32(7), true)
		clamp(lid, b.U32(63), false) // 16 * 4 invocations
		clamp(lid, b.U32(62), true)
		// a || c > 3, then: if that { return }: afterwards a < n... no: a >= n is false.
		or := b.If(b.Ge(a, n), []types.Type{types.Bool}, func() { b.ExitIf(b.Bool(true)) },
			func() { b.ExitIf(b.Gt(c, b.U32(3))) })
		b.If(b.Lt(c, b.U32(5)), nil, func() {
			clamp(c, b.U32(7), false) // c < 5
			clamp(c, b.U32(3), true)
			cm := b.Builtin(builtins.FnMin, c, b.U32(8))
			b.If(b.Lt(a, cm), nil, func() {
				clamp(a, b.U32(7), false) // a < min(c, 8) <= 8
			}, nil)
		}, nil)
		b.If(or.Results()[0], nil, func() { b.Return() }, nil)
		clamp(a, last, false)     // after the early return: a < n
		clamp(c, b.U32(3), false) // and c <= 3
		b.Return()
		return m
	}
	m := golden(t, "prune_clamps", build, transform.PruneClamps)
	live := map[ir.Value]bool{}
	ir.WalkModule(m, func(in *ir.Inst) {
		for _, a := range in.Args {
			live[a] = true
		}
	})
	assert.NotEmpty(t, kept)
	for r, stays := range kept {
		assert.Equal(t, stays, live[r], "min %%%d used", r)
	}
}
