package transform

import (
	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// ShaderIO turns entry-point parameters and results into pipeline input and output variables
// (globals in the AddrIn and AddrOut spaces carrying the interface attributes), as SPIR-V
// wants: each entry point loses its parameters and result; it loads the inputs at its start
// and stores the outputs before each of its returns. Structure parameters and results are
// split into one variable per member. sample_mask, a u32 in WGSL, is an array<u32, 1> in
// SPIR-V. The linear indices global_invocation_index and workgroup_index, which SPIR-V
// lacks, are computed from the ids, the number of workgroups and the workgroup size. An input
// builtin has one variable per entry point however many parameters read it.
//
// An f16 input or output (a scalar or vector of f16) is a variable of the f32 type of its
// shape, converted after each load and before each store: SPIR-V with 16-bit inputs and
// outputs needs the storageInputOutput16 feature, which many devices lack (lavapipe among
// them), and every f16 value is exact in f32. Vulkan feeds a 32-bit float input from a 16-bit
// float vertex format (VK_FORMAT_R16G16_SFLOAT...), so hosts keep their f16 vertex buffers;
// between stages the values are interpolated in f32. Tint does the same where the feature is
// missing.
//
// The entry point is changed in place rather than wrapped around a call of the original
// function (nothing calls an entry point): one function fewer in the SPIR-V.
func ShaderIO(m *ir.Module) {
	sampleMaskGlobals(m)
	for _, f := range append([]*ir.Func(nil), m.Funcs...) {
		if f.Stage == ir.StageNone || len(f.Params) == 0 && f.Result == types.Type(types.VoidType) {
			continue
		}
		shaderIO(m, f)
	}
}

func shaderIO(m *ir.Module, ep *ir.Func) {
	b := ir.NewBuilder(ep)
	b.SetInsertBefore(ep.Body.Insts[0])
	in := &inputs{m: m, b: b, ep: ep, vars: map[string]ir.Value{}}
	repl := map[ir.Value]ir.Value{}
	for i, p := range ep.Params {
		t := m.Type(p)
		if st, ok := t.(*types.Struct); ok && ioStruct(st) {
			members := make([]ir.Value, len(st.Members))
			for k, mem := range st.Members {
				members[k] = in.load(mem.Name, mem.Type, mem.IO)
			}
			v := b.Construct(st, members...)
			m.SetName(v, m.Name(p)) // the parameter's name, which no variable has
			repl[p] = v
			continue
		}
		io := types.NoIO
		if i < len(ep.ParamIO) {
			io = ep.ParamIO[i]
		}
		repl[p] = in.load(m.Name(p), t, io)
	}
	if len(repl) > 0 {
		ir.Walk(ep.Body, func(in *ir.Inst) {
			for i, a := range in.Args {
				if r, ok := repl[a]; ok {
					in.Args[i] = r
				}
			}
		})
	}
	ep.RemoveParams()

	if ep.Result == types.Type(types.VoidType) {
		return
	}
	var returns []*ir.Inst
	ir.Walk(ep.Body, func(in *ir.Inst) {
		if in.Op == ir.OpReturn {
			returns = append(returns, in)
		}
	})
	// The output variables, then the stores before each return.
	var outs []*ir.Global
	st, split := ep.Result.(*types.Struct)
	split = split && ioStruct(st)
	if split {
		for _, mem := range st.Members {
			outs = append(outs, outputGlobal(m, mem.Name, mem.Type, mem.IO))
		}
	} else {
		outs = append(outs, outputGlobal(m, ep.Name+"_result", ep.Result, ep.ResultIO))
	}
	for _, r := range returns {
		b.SetInsertBefore(r)
		if split {
			for k, g := range outs {
				storeOutput(b, g, b.ExtractN(r.Args[0], k))
			}
		} else {
			storeOutput(b, outs[0], r.Args[0])
		}
		r.Args = nil
	}
	ep.Result, ep.ResultIO = types.VoidType, types.NoIO
}

// sampleMaskGlobals makes the module-scope sample_mask variables (the 2021 draft's
// var<in> and var<out>) arrays of one u32, reading and writing their element.
func sampleMaskGlobals(m *ir.Module) {
	masks := map[ir.Value]bool{}
	for _, g := range m.Globals {
		if (g.Space == types.AddrIn || g.Space == types.AddrOut) && g.IO.Builtin == "sample_mask" &&
			g.Type == types.Type(types.U32) {
			m.SetGlobalType(g, &types.Array{Elem: types.U32, Count: 1})
			masks[g.Value] = true
		}
	}
	if len(masks) == 0 {
		return
	}
	for _, f := range m.Funcs {
		b := ir.NewBuilder(f)
		ir.Walk(f.Body, func(in *ir.Inst) {
			if (in.Op == ir.OpLoad || in.Op == ir.OpStore) && masks[in.Args[0]] {
				b.SetInsertBefore(in)
				in.Args[0] = b.AccessN(in.Args[0], 0)
			}
		})
	}
}

func ioStruct(st *types.Struct) bool {
	for _, mem := range st.Members {
		if mem.IO.Builtin != "" || mem.IO.Location >= 0 {
			return true
		}
	}
	return false
}

// inputs loads the inputs of one entry point.
type inputs struct {
	m    *ir.Module
	b    *ir.Builder
	ep   *ir.Func
	vars map[string]ir.Value // the loaded value of each input builtin
}

func (in *inputs) load(name string, t types.Type, io types.IO) ir.Value {
	m, b := in.m, in.b
	if io.Builtin != "" {
		if v, ok := in.vars[io.Builtin]; ok {
			return v
		}
	}
	var v ir.Value
	switch io.Builtin {
	case "sample_mask":
		g := m.NewGlobal(name, types.AddrIn, types.Read, &types.Array{Elem: types.U32, Count: 1})
		g.IO = io
		v = b.Load(b.AccessN(g.Value, 0))
	case "workgroup_index":
		wg, n := in.builtin("workgroup_id"), in.builtin("num_workgroups")
		v = in.linear(wg, n)
	case "global_invocation_index":
		id, n := in.builtin("global_invocation_id"), in.builtin("num_workgroups")
		v = in.linear(id, b.Mul(n, in.workgroupSize()))
	default:
		wide := widenF16(t)
		g := m.NewGlobal(name, types.AddrIn, types.Read, wide)
		g.IO = io
		v = b.Load(g.Value)
		if wide != t {
			v = b.Convert(t, v)
		}
	}
	if io.Builtin != "" {
		in.vars[io.Builtin] = v
	}
	return v
}

// builtin loads the input builtin value name (a vec3<u32> compute builtin).
func (in *inputs) builtin(name string) ir.Value {
	io := types.NoIO
	io.Builtin = name
	return in.load(name, types.Vec(3, types.U32), io)
}

// linear is id.x + size.x * (id.y + size.y * id.z).
func (in *inputs) linear(id, size ir.Value) ir.Value {
	b := in.b
	x, y, z := b.Swizzle(id, 0), b.Swizzle(id, 1), b.Swizzle(id, 2)
	return b.Add(x, b.Mul(b.Swizzle(size, 0), b.Add(y, b.Mul(b.Swizzle(size, 1), z))))
}

// workgroupSize is the entry point's workgroup size as a vec3<u32>.
func (in *inputs) workgroupSize() ir.Value {
	m, b := in.m, in.b
	var dims [3]ir.Value
	allConst := true
	for i, v := range in.ep.WorkgroupSize {
		switch {
		case v == 0:
			dims[i] = m.ConstU32(1)
		case m.Type(v) != types.Type(types.U32):
			dims[i] = b.Convert(types.U32, v)
		default:
			dims[i] = v
		}
		allConst = allConst && m.Const(dims[i]) != nil
	}
	if allConst {
		return m.ConstComposite(types.Vec(3, types.U32), dims[:]...)
	}
	return b.Construct(types.Vec(3, types.U32), dims[:]...)
}

// outputGlobal makes the output variable of one result or result member.
func outputGlobal(m *ir.Module, name string, t types.Type, io types.IO) *ir.Global {
	if io.Builtin == "sample_mask" {
		t = &types.Array{Elem: types.U32, Count: 1}
	}
	g := m.NewGlobal(name, types.AddrOut, types.ReadWrite, widenF16(t))
	g.IO = io
	return g
}

func storeOutput(b *ir.Builder, g *ir.Global, v ir.Value) {
	if g.IO.Builtin == "sample_mask" {
		b.Store(b.AccessN(g.Value, 0), v)
		return
	}
	if t := b.Module().Type(v); widenF16(t) != t {
		v = b.Convert(widenF16(t), v)
	}
	b.Store(g.Value, v)
}

// widenF16 returns the f32 type of the shape of t when t is f16 or a vector of f16, else t.
func widenF16(t types.Type) types.Type {
	switch t := t.(type) {
	case *types.Scalar:
		if t == types.F16 {
			return types.F32
		}
	case *types.Vector:
		if t.Elem == types.F16 {
			return types.Vec(t.N, types.F32)
		}
	}
	return t
}
