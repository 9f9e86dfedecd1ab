package irtest

import (
	"strconv"

	"github.com/wgslgo/wgslgo/compiler/builtins"
	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// Large builds a module of n helper functions of typical shader code (vector and matrix
// arithmetic, a loop over a storage buffer with ifs and a switch, builtins, function
// variables) called from one compute entry point: the input of the benchmarks.
func Large(n int) *ir.Module {
	m := ir.NewModule()
	v4 := types.Vec(4, types.F32)
	particle := &types.Struct{Name: "Particle", Members: []*types.Member{
		member("pos", v4, types.NoIO), member("vel", v4, types.NoIO),
		member("xform", types.Mat(4, 4, types.F32), types.NoIO), member("id", types.U32, types.NoIO),
	}}
	ps := storageBuffer(m, "particles", &types.Array{Elem: particle}, types.ReadWrite, 0)
	dt := m.NewOverride("dt", types.F32, 0, m.ConstF32(0.016))
	funcs := make([]*ir.Func, n)
	for k := range funcs {
		f := m.NewFunc("step"+strconv.Itoa(k), types.F32)
		idx := f.AddParam("idx", types.U32, types.NoIO)
		b := ir.NewBuilder(f)
		acc := b.Var("acc", v4, 0)
		i := b.Var("i", types.U32, 0)
		b.Loop(func() {
			iv := b.Load(i)
			b.If(b.Ge(iv, b.U32(uint32(4+k%5))), nil, func() { b.Break() }, nil)
			j := b.Rem(b.Add(idx, iv), b.Builtin(builtins.FnArrayLength, ps.Value))
			p := b.Access(ps.Value, j)
			pos := b.Load(b.AccessN(p, 0))
			vel := b.Load(b.AccessN(p, 1))
			xf := b.Load(b.AccessN(p, 2))
			np := b.Add(pos, b.Mul(vel, dt.Value))
			np = b.Mul(xf, np)
			l := b.Builtin(builtins.FnLength, np)
			r := b.If(b.Gt(l, b.F32(float32(k%7)+1)), []types.Type{v4}, func() {
				b.ExitIf(b.Builtin(builtins.FnNormalize, np))
			}, func() {
				b.ExitIf(b.Builtin(builtins.FnClamp, np, b.Splat(v4, b.F32(-1)), b.Splat(v4, b.F32(1))))
			})
			sw := b.Switch(b.And(b.Load(b.AccessN(p, 3)), b.U32(3)), types.F32)
			b.Case(sw, []ir.Value{b.U32(0)}, false, func() { b.Break(b.Builtin(builtins.FnSin, l)) })
			b.Case(sw, []ir.Value{b.U32(1), b.U32(2)}, false, func() { b.Break(b.Builtin(builtins.FnCos, l)) })
			b.Case(sw, nil, true, func() { b.Break(b.Builtin(builtins.FnSqrt, b.Builtin(builtins.FnAbs, l))) })
			b.Store(acc, b.Add(b.Load(acc), b.Mul(r.Results()[0], sw.Results()[0])))
			b.Store(b.AccessN(p, 0), np)
		}, func() {
			b.Store(i, b.Add(b.Load(i), b.U32(1)))
		})
		a := b.Load(acc)
		b.Return(b.Builtin(builtins.FnDot, a, b.Swizzle(a, 3, 2, 1, 0)))
		funcs[k] = f
	}
	f, gid := compute(m, "main", 64)
	b := ir.NewBuilder(f)
	x := b.Swizzle(gid, 0)
	sum := b.Var("sum", types.F32, 0)
	for _, fn := range funcs {
		b.Store(sum, b.Add(b.Load(sum), b.Call(fn, x)))
	}
	p := b.Access(ps.Value, x)
	b.Store(b.AccessN(p, 1), b.Splat(v4, b.Load(sum)))
	b.Finish()
	return m
}
