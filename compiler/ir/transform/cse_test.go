package transform_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler/builtins"
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
		n1 := b.Builtin(builtins.FnArrayLength, buf)
		p1 := b.Access(buf, b.Builtin(builtins.FnMin, x2, b.Sub(n1, b.U32(1))))
		v1 := b.Load(p1)
		v1b := b.Load(p1) // nothing written since: v1
		b.If(c, nil, func() {
			n2 := b.Builtin(builtins.FnArrayLength, buf)                           // nested: n1
			p2 := b.Access(buf, b.Builtin(builtins.FnMin, x, b.Sub(n2, b.U32(1)))) // nested: p1
			b.Store(p2, b.Add(b.Load(p2), b.F32(1)))                               // the load is v1 too
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
		if in.Op == ir.OpBuiltin && in.Builtin() == builtins.FnArrayLength {
			n++
		}
	})
	assert.Equal(t, 1, n, "arrayLength")
	assert.Equal(t, 1, count(f, ir.OpLoad), "loads")
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

// Loads reuse earlier loads and stores of the same pointer until something may have written
// memory; uniform loads are reused across writes.
func TestCSELoads(t *testing.T) {
	var loads map[string]ir.Value
	build := func() *ir.Module {
		loads = map[string]ir.Value{}
		m := ir.NewModule()
		g := m.NewGlobal("buf", types.AddrStorage, types.ReadWrite, &types.Array{Elem: types.U32, Count: 4})
		g.Binding = &ir.BindingPoint{}
		u := m.NewGlobal("uni", types.AddrUniform, types.Read, types.Vec(4, types.U32))
		u.Binding = &ir.BindingPoint{Binding: 1}
		h := m.NewFunc("h", nil)
		hb := ir.NewBuilder(h)
		hb.Store(hb.AccessN(g.Value, 3), hb.U32(7))
		hb.Return()

		f := m.NewFunc("f", types.U32)
		c := f.AddParam("c", types.Bool, types.NoIO)
		b := ir.NewBuilder(f)
		p := b.AccessN(g.Value, 0)
		q := b.AccessN(g.Value, 1)
		ld := func(name string, ptr ir.Value) ir.Value {
			v := b.Load(ptr)
			loads[name] = v
			return v
		}
		ld("a", p)
		ld("a2", p) // a
		ld("u", u.Value)
		b.Store(p, b.U32(5))
		ld("afterStore", p) // 5
		ld("u2", u.Value)   // u: uniform memory is not written
		ld("q", q)          // a store happened: a new load
		b.Call(h)
		ld("afterCall", p) // the call may have written: a new load
		b.If(c, nil, func() {
			ld("then", p) // afterCall
			b.Store(q, b.U32(1))
		}, func() {
			ld("else", q) // conservatively new: the then block's store forgot everything
		})
		ld("afterIf", p)
		b.Loop(func() {
			ld("loop", p) // a new load each iteration
			b.Break()
		}, nil)
		n := m.NewGlobal("n", types.AddrWorkgroup, types.ReadWrite, &types.Atomic{Elem: types.U32})
		b.Builtin(builtins.FnAtomicAdd, n.Value, b.U32(1))
		last := ld("afterAtomic", p)
		b.Return(last)
		return m
	}
	m := golden(t, "cse_loads", build, transform.CSE)
	var f *ir.Func
	for _, fn := range m.Funcs {
		if fn.Name == "f" {
			f = fn
		}
	}
	live := map[ir.Value]bool{}
	ir.Walk(f.Body, func(in *ir.Inst) {
		if in.Op == ir.OpLoad {
			live[in.Result] = true
		}
	})
	for name, want := range map[string]bool{"a": true, "a2": false, "u": true, "afterStore": false, "u2": false,
		"q": true, "afterCall": true, "then": false, "else": true, "afterIf": true, "loop": true, "afterAtomic": true} {
		assert.Equal(t, want, live[loads[name]], "load %s kept", name)
	}
}

// TestCSECalls: a call forgets loaded values only when its callee, or a function it calls,
// may write memory outside function variables or synchronise; function memory is forgotten
// when the call is given a pointer.
func TestCSECalls(t *testing.T) {
	loads := map[string]ir.Value{}
	m := ir.NewModule()
	g := m.NewGlobal("buf", types.AddrStorage, types.ReadWrite, &types.Array{Elem: types.U32, Count: 4})
	g.Binding = &ir.BindingPoint{}
	priv := m.NewGlobal("priv", types.AddrPrivate, types.ReadWrite, types.U32)
	wg := m.NewGlobal("wg", types.AddrWorkgroup, types.ReadWrite, types.U32)

	// pure computes with a local variable, a branch and a load of buf: no effect.
	pure := m.NewFunc("pure", types.U32)
	x := pure.AddParam("x", types.U32, types.NoIO)
	pb := ir.NewBuilder(pure)
	v := pb.Var("v", types.U32, x)
	pb.If(pb.Binary(ir.OpLt, x, pb.U32(3)), nil, func() {
		pb.Store(v, pb.Load(pb.AccessN(g.Value, 2)))
	}, nil)
	pb.Return(pb.Load(v))
	// callsPure only calls pure.
	callsPure := m.NewFunc("callsPure", types.U32)
	cb := ir.NewBuilder(callsPure)
	cb.Return(cb.Call(pure, cb.U32(1)))
	// setPriv writes private memory; callsSetPriv reaches it through a call.
	setPriv := m.NewFunc("setPriv", nil)
	sb := ir.NewBuilder(setPriv)
	sb.Store(priv.Value, sb.U32(1))
	sb.Return()
	callsSetPriv := m.NewFunc("callsSetPriv", nil)
	csb := ir.NewBuilder(callsSetPriv)
	csb.Call(setPriv)
	csb.Return()
	// barrier synchronises: other invocations' writes become visible.
	barrier := m.NewFunc("barrier", nil)
	bb := ir.NewBuilder(barrier)
	bb.Builtin(builtins.FnWorkgroupBarrier)
	bb.Return()
	// writeThrough stores through a function pointer it is given.
	writeThrough := m.NewFunc("writeThrough", nil)
	ptr := writeThrough.AddParam("p", &types.Pointer{Space: types.AddrFunction, Elem: types.U32, Access: types.ReadWrite}, types.NoIO)
	wb := ir.NewBuilder(writeThrough)
	wb.Store(ptr, wb.U32(9))
	wb.Return()

	f := m.NewFunc("f", types.U32)
	b := ir.NewBuilder(f)
	local := b.Var("local", types.U32, b.U32(4))
	p := b.AccessN(g.Value, 0)
	ld := func(name string, ptr ir.Value) {
		loads[name] = b.Load(ptr)
	}
	ld("a", p)
	ld("w", wg.Value)
	ld("l", local)
	b.Call(pure, b.U32(2))
	ld("afterPure", p)         // a
	ld("wAfterPure", wg.Value) // w
	b.Call(callsPure)
	ld("afterCallsPure", p) // a
	b.Call(callsSetPriv)
	ld("afterSetPriv", p)      // new: the callee's callee writes private memory
	ld("lAfterSetPriv", local) // l: function memory is not given to it
	b.Call(writeThrough, local)
	ld("lAfterWrite", local) // new: the call is given the variable
	ld("afterWrite", p)      // afterSetPriv: writeThrough writes function memory only
	b.Call(barrier)
	ld("afterBarrier", wg.Value) // new
	b.Return(loads["afterWrite"])
	require.NoError(t, ir.Validate(m), ir.Print(m))
	transform.CSE(m)
	require.NoError(t, ir.Validate(m), ir.Print(m))

	live := map[ir.Value]bool{}
	ir.Walk(f.Body, func(in *ir.Inst) {
		if in.Op == ir.OpLoad {
			live[in.Result] = true
		}
	})
	for name, want := range map[string]bool{"a": true, "w": true, "l": true, "afterPure": false, "wAfterPure": false,
		"afterCallsPure": false, "afterSetPriv": true, "lAfterSetPriv": false, "afterBarrier": true,
		"lAfterWrite": true, "afterWrite": false} {
		assert.Equal(t, want, live[loads[name]], "load %s kept", name)
	}
}
