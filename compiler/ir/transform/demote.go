package transform

import (
	"github.com/wgslgo/wgslgo/compiler/builtins"
	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// DemoteToHelper gives discard its WGSL meaning, demotion to a helper invocation, without
// OpDemoteToHelperInvocation (which needs SPIR-V 1.6 or a device extension), as Tint does:
// discard sets a private flag and the invocation goes on, so derivatives in its quad stay
// defined; in the functions of fragment entry points that may discard, writes to storage
// buffers and textures (stores, atomics, textureStore) happen only while the flag is clear,
// skipped atomics giving zero; and such an entry point ends with OpKill when the flag is set.
// It runs after ShaderIO, so that the kill comes after everything the entry point does.
func DemoteToHelper(m *ir.Module) {
	var discards []*ir.Inst
	hasDiscard := map[*ir.Func]bool{}
	for _, f := range m.Funcs {
		if !f.MayHave(ir.OpDiscard) {
			continue
		}
		ir.Walk(f.Body, func(in *ir.Inst) {
			if in.Op == ir.OpDiscard {
				discards = append(discards, in)
				hasDiscard[f] = true
			}
		})
	}
	if len(discards) == 0 {
		return
	}
	flag := m.NewGlobal("discarded", types.AddrPrivate, types.ReadWrite, types.Bool)
	guarded := map[*ir.Func]bool{}
	var entries []*ir.Func
	for _, f := range m.Funcs {
		if f.Stage != ir.StageFragment {
			continue
		}
		fns := ir.CallGraphOrder(f)
		may := false
		for _, g := range fns {
			may = may || hasDiscard[g]
		}
		if may {
			entries = append(entries, f)
			for _, g := range fns {
				guarded[g] = true
			}
		}
	}

	drop := map[*ir.Inst]bool{}
	repl := map[ir.Value]ir.Value{}
	for _, in := range discards {
		b := ir.NewBuilder(in.Block.Func)
		b.SetInsertBefore(in)
		b.Store(flag.Value, m.ConstBool(true))
		drop[in] = true
	}
	for _, f := range m.Funcs {
		if !guarded[f] {
			continue
		}
		var writes []*ir.Inst
		ir.Walk(f.Body, func(in *ir.Inst) {
			if writesMemory(m, in) {
				writes = append(writes, in)
			}
		})
		b := ir.NewBuilder(f)
		for _, in := range writes {
			b.SetInsertBefore(in)
			live := b.Not(b.Load(flag.Value))
			if old, nv := guard(m, b, in, live); old != 0 {
				repl[old] = nv
			}
			drop[in] = true
		}
	}
	ir.RemoveInsts(m, func(in *ir.Inst) bool { return drop[in] })
	ir.ReplaceValues(m, repl)

	for _, f := range entries {
		var returns []*ir.Inst
		ir.Walk(f.Body, func(in *ir.Inst) {
			if in.Op == ir.OpReturn {
				returns = append(returns, in)
			}
		})
		b := ir.NewBuilder(f)
		for _, r := range returns {
			b.SetInsertBefore(r)
			b.If(b.Load(flag.Value), nil, func() { b.Kill() }, nil)
		}
	}
}

// writesMemory reports whether in writes to storage buffers or textures, which a helper
// invocation must not do.
func writesMemory(m *ir.Module, in *ir.Inst) bool {
	switch in.Op {
	case ir.OpStore:
		p, ok := m.Type(in.Args[0]).(*types.Pointer)
		return ok && p.Space == types.AddrStorage
	case ir.OpBuiltin:
		fn := in.Builtin()
		if fn == builtins.FnTextureStore {
			return true
		}
		if fn.Class() == builtins.ClassAtomic && fn != builtins.FnAtomicLoad {
			p, ok := m.Type(in.Args[0]).(*types.Pointer)
			return ok && p.Space == types.AddrStorage
		}
	}
	return false
}

// guard inserts, where b inserts, a copy of in that runs only when cond holds: `if cond
// { in } else {}`, with the zero value as the result when it does not. The caller removes
// in; guard returns in's result and the value replacing it (0, 0 for none).
func guard(m *ir.Module, b *ir.Builder, in *ir.Inst, cond ir.Value) (old, repl ir.Value) {
	var rt types.Type
	var results []types.Type
	if in.Result != 0 {
		rt = m.Type(in.Result)
		results = []types.Type{rt}
	}
	ifi := b.If(cond, results, func() {
		c := b.Inst(in.Op, rt, in.Args...)
		c.Aux, c.Callee = in.Aux, in.Callee
		if rt != nil {
			m.SetName(c.Result, m.Name(in.Result))
			b.ExitIf(c.Result)
		}
	}, func() {
		if rt != nil {
			b.ExitIf(m.Zero(rt))
		}
	})
	if rt == nil {
		return 0, 0
	}
	return in.Result, ifi.Results()[0]
}
