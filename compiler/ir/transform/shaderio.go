package transform

import (
	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// ShaderIO turns entry-point parameters and results into pipeline input and output variables
// (globals in the AddrIn and AddrOut spaces carrying the interface attributes), as SPIR-V
// wants: each entry point with an interface becomes an ordinary function "<name>_inner", and
// a new parameterless entry point of the original name loads the inputs, calls it, and
// stores the outputs. Structure parameters and results are split into one variable per
// member. sample_mask, a u32 in WGSL, is an array<u32, 1> in SPIR-V.
func ShaderIO(m *ir.Module) {
	for _, f := range append([]*ir.Func(nil), m.Funcs...) {
		if f.Stage == ir.StageNone || len(f.Params) == 0 && f.Result == types.Type(types.VoidType) {
			continue
		}
		shaderIO(m, f)
	}
}

func shaderIO(m *ir.Module, inner *ir.Func) {
	name := inner.Name
	inner.Name = uniqueFuncName(m, name+"_inner")
	ep := m.NewFunc(name, nil)
	ep.Stage, ep.WorkgroupSize = inner.Stage, inner.WorkgroupSize
	inner.Stage, inner.WorkgroupSize = ir.StageNone, [3]ir.Value{}
	paramIO := inner.ParamIO
	resultIO := inner.ResultIO
	inner.ParamIO = nil
	inner.ResultIO = types.NoIO

	b := ir.NewBuilder(ep)
	args := make([]ir.Value, len(inner.Params))
	for i, p := range inner.Params {
		t := m.Type(p)
		if st, ok := t.(*types.Struct); ok && ioStruct(st) {
			members := make([]ir.Value, len(st.Members))
			for k, mem := range st.Members {
				members[k] = loadInput(m, b, mem.Name, mem.Type, mem.IO)
			}
			args[i] = b.Construct(st, members...)
			continue
		}
		io := types.NoIO
		if i < len(paramIO) {
			io = paramIO[i]
		}
		args[i] = loadInput(m, b, m.Name(p), t, io)
	}
	r := b.Call(inner, args...)
	if st, ok := inner.Result.(*types.Struct); ok && ioStruct(st) {
		for k, mem := range st.Members {
			storeOutput(m, b, mem.Name, mem.Type, mem.IO, b.ExtractN(r, k))
		}
	} else if r != 0 {
		storeOutput(m, b, name+"_result", inner.Result, resultIO, r)
	}
	b.Return()
}

func ioStruct(st *types.Struct) bool {
	for _, mem := range st.Members {
		if mem.IO.Builtin != "" || mem.IO.Location >= 0 {
			return true
		}
	}
	return false
}

func loadInput(m *ir.Module, b *ir.Builder, name string, t types.Type, io types.IO) ir.Value {
	if io.Builtin == "sample_mask" {
		g := m.NewGlobal(name, types.AddrIn, types.Read, &types.Array{Elem: types.U32, Count: 1})
		g.IO = io
		return b.Load(b.AccessN(g.Value, 0))
	}
	g := m.NewGlobal(name, types.AddrIn, types.Read, t)
	g.IO = io
	return b.Load(g.Value)
}

func storeOutput(m *ir.Module, b *ir.Builder, name string, t types.Type, io types.IO, v ir.Value) {
	if io.Builtin == "sample_mask" {
		g := m.NewGlobal(name, types.AddrOut, types.ReadWrite, &types.Array{Elem: types.U32, Count: 1})
		g.IO = io
		b.Store(b.AccessN(g.Value, 0), v)
		return
	}
	g := m.NewGlobal(name, types.AddrOut, types.ReadWrite, t)
	g.IO = io
	b.Store(g.Value, v)
}

func uniqueFuncName(m *ir.Module, name string) string {
	for i := 1; m.Func(name) != nil; i++ {
		name = name + "_" + string(rune('0'+i%10))
	}
	return name
}
