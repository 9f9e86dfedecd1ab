package transform

import (
	"github.com/wgslgo/wgslgo/compiler/builtins"
	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// ZeroInitWorkgroup zero-initialises the workgroup variables a compute entry point uses, as
// WGSL requires: at the start of the entry point, the invocations of the workgroup share the
// stores (array elements strided by local_invocation_index, in a loop unless the workgroup
// has an invocation per element; other variables by invocation 0),
// then a workgroupBarrier makes them visible. It must run before ShaderIO: it adds a
// local_invocation_index parameter when the entry point has none.
func ZeroInitWorkgroup(m *ir.Module) {
	for _, f := range m.Funcs {
		if f.Stage != ir.StageCompute {
			continue
		}
		var vars []*ir.Global
		for _, g := range ir.UsedGlobals(m, f) {
			if g.Space == types.AddrWorkgroup {
				vars = append(vars, g)
			}
		}
		if len(vars) == 0 {
			continue
		}
		zeroInit(m, f, vars)
	}
}

func zeroInit(m *ir.Module, f *ir.Func, vars []*ir.Global) {
	b := ir.NewBuilder(f)
	if len(f.Body.Insts) > 0 {
		b.SetInsertBefore(f.Body.Insts[0])
	}
	b.SetPos(f.Pos) // the zeroing belongs to the entry point, not its first statement
	lii := localInvocationIndex(m, f, b)
	size := workgroupTotal(m, f, b)
	// Invocation 0 stores the variables that are not arrays, all in one if.
	var single []*ir.Global
	for _, g := range vars {
		if a, ok := g.Type.(*types.Array); !ok || a.IsRuntimeSized() {
			single = append(single, g)
		}
	}
	if len(single) > 0 {
		b.If(b.Eq(lii, m.ConstU32(0)), nil, func() {
			for _, g := range single {
				b.Store(g.Value, m.Zero(g.Type))
			}
		}, nil)
	}
	for _, g := range vars {
		if a, ok := g.Type.(*types.Array); ok && !a.IsRuntimeSized() {
			var n ir.Value
			if a.IsOverrideSized() {
				n = m.ArrayCount(a)
				if m.Type(n) != types.Type(types.U32) {
					n = b.Convert(types.U32, n)
				}
			} else {
				n = m.ConstU32(uint32(a.Count))
			}
			if cn, ct := m.Const(n), m.Const(size); cn != nil && ct != nil && cn.Bits <= ct.Bits {
				// One element per invocation at most: no loop.
				store := func() { b.Store(b.Access(g.Value, lii), m.Zero(a.Elem)) }
				if cn.Bits == ct.Bits {
					store()
				} else {
					b.If(b.Lt(lii, n), nil, store, nil)
				}
				continue
			}
			i := b.Var("", types.U32, lii)
			b.Loop(func() {
				iv := b.Load(i)
				b.If(b.Ge(iv, n), nil, func() { b.Break() }, nil)
				b.Store(b.Access(g.Value, iv), m.Zero(a.Elem))
			}, func() {
				b.Store(i, b.Add(b.Load(i), size))
			})
		}
	}
	b.BuiltinT(builtins.FnWorkgroupBarrier, types.VoidType)
}

// localInvocationIndex returns f's local_invocation_index, adding a parameter for it if
// it has none.
func localInvocationIndex(m *ir.Module, f *ir.Func, b *ir.Builder) ir.Value {
	for i, p := range f.Params {
		if i < len(f.ParamIO) && f.ParamIO[i].Builtin == "local_invocation_index" {
			return p
		}
		if st, ok := m.Type(p).(*types.Struct); ok {
			for k, mem := range st.Members {
				if mem.IO.Builtin == "local_invocation_index" {
					return b.ExtractN(p, k)
				}
			}
		}
	}
	io := types.NoIO
	io.Builtin = "local_invocation_index"
	return f.AddParam("local_invocation_index", types.U32, io)
}

// workgroupTotal returns the number of invocations of a workgroup of f as a u32.
func workgroupTotal(m *ir.Module, f *ir.Func, b *ir.Builder) ir.Value {
	total := uint32(1)
	var dyn ir.Value
	for _, v := range f.WorkgroupSize {
		if v == 0 {
			continue
		}
		if c := m.Const(v); c != nil {
			total *= uint32(c.Bits)
			continue
		}
		if m.Type(v) != types.Type(types.U32) {
			v = b.Convert(types.U32, v)
		}
		if dyn == 0 {
			dyn = v
		} else {
			dyn = b.Mul(dyn, v)
		}
	}
	if dyn == 0 {
		return m.ConstU32(total)
	}
	if total != 1 {
		dyn = b.Mul(dyn, m.ConstU32(total))
	}
	return dyn
}
