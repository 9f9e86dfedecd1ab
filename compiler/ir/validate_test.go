package ir_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler"
	"github.com/wgslgo/wgslgo/compiler/bench"
	"github.com/wgslgo/wgslgo/compiler/builtins"
	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/types"
)

func TestValidateRejects(t *testing.T) {
	tests := []struct {
		name  string
		build func(m *ir.Module, f *ir.Func, b *ir.Builder)
		want  string
	}{
		{"value of an if branch used after it", func(m *ir.Module, f *ir.Func, b *ir.Builder) {
			var x ir.Value
			b.If(b.Bool(true), nil, func() { x = b.Add(b.I32(1), b.I32(2)) }, nil)
			b.Store(b.Var("v", types.I32, 0), x)
		}, "not defined before use"},
		{"value of a loop body after a continue, in continuing", func(m *ir.Module, f *ir.Func, b *ir.Builder) {
			var x ir.Value
			b.Loop(func() {
				b.If(b.Bool(true), nil, func() { b.Continue() }, nil)
				x = b.Add(b.I32(1), b.I32(2))
			}, func() { b.BreakIf(b.Eq(x, b.I32(3))) })
		}, "not defined before use"},
		{"break outside a loop", func(m *ir.Module, f *ir.Func, b *ir.Builder) { b.Break() },
			"break outside a loop or switch"},
		{"continue outside a loop", func(m *ir.Module, f *ir.Func, b *ir.Builder) { b.Continue() },
			"continue outside a loop"},
		{"continue in continuing", func(m *ir.Module, f *ir.Func, b *ir.Builder) {
			b.Loop(func() { b.Break() }, func() {
				b.If(b.Bool(true), nil, func() { b.Continue() }, nil)
			})
		}, "continue inside a continuing block"},
		{"break from continuing", func(m *ir.Module, f *ir.Func, b *ir.Builder) {
			b.Loop(func() { b.Break() }, func() {
				b.If(b.Bool(true), nil, func() { b.Break() }, nil)
			})
		}, "use break_if"},
		{"break_if outside continuing", func(m *ir.Module, f *ir.Func, b *ir.Builder) {
			b.Loop(func() { b.BreakIf(b.Bool(true)) }, nil)
		}, "does not end a loop's continuing block"},
		{"exit_if with the wrong results", func(m *ir.Module, f *ir.Func, b *ir.Builder) {
			b.If(b.Bool(true), []types.Type{types.I32}, func() { b.ExitIf(b.F32(1)) }, func() { b.ExitIf(b.I32(1)) })
		}, "has type f32, want i32"},
		{"if falling through without results", func(m *ir.Module, f *ir.Func, b *ir.Builder) {
			b.If(b.Bool(true), []types.Type{types.I32}, func() { b.ExitIf(b.I32(1)) }, nil)
		}, "exit_if with 0 values"},
		{"non-bool condition", func(m *ir.Module, f *ir.Func, b *ir.Builder) {
			b.If(b.I32(1), nil, nil, nil)
		}, "if condition of type i32"},
		{"mismatched operands", func(m *ir.Module, f *ir.Func, b *ir.Builder) {
			b.Add(b.I32(1), b.F32(2))
		}, "result without a type"},
		{"store of the wrong type", func(m *ir.Module, f *ir.Func, b *ir.Builder) {
			b.Store(b.Var("v", types.I32, 0), b.U32(1))
		}, "store: value of type u32"},
		{"store through a read-only pointer", func(m *ir.Module, f *ir.Func, b *ir.Builder) {
			g := m.NewGlobal("u", types.AddrUniform, types.Read, types.F32)
			g.Binding = &ir.BindingPoint{}
			b.Store(g.Value, b.F32(1))
		}, "store through a read pointer"},
		{"dynamic struct index", func(m *ir.Module, f *ir.Func, b *ir.Builder) {
			st := &types.Struct{Name: "S", Members: []*types.Member{{Name: "a", Type: types.I32, Offset: -1}}}
			v := b.Var("s", st, 0)
			idx := f.AddParam("i", types.U32, types.NoIO)
			b.Access(v, idx)
		}, "result without a type"},
		{"constant index out of range", func(m *ir.Module, f *ir.Func, b *ir.Builder) {
			b.Extract(b.Zero(types.Vec(2, types.F32)), b.U32(2))
		}, "out of range"},
		{"call with a wrong argument", func(m *ir.Module, f *ir.Func, b *ir.Builder) {
			g := m.NewFunc("g", nil)
			g.AddParam("x", types.F32, types.NoIO)
			ir.NewBuilder(g).Finish()
			b.Call(g, b.I32(1))
		}, "argument 0 has type i32, want f32"},
		{"recursion", func(m *ir.Module, f *ir.Func, b *ir.Builder) { b.Call(f) }, "recursion"},
		{"resource without binding", func(m *ir.Module, f *ir.Func, b *ir.Builder) {
			m.NewGlobal("s", types.AddrStorage, types.ReadWrite, &types.Array{Elem: types.F32})
		}, "without @group/@binding"},
		{"duplicate case", func(m *ir.Module, f *ir.Func, b *ir.Builder) {
			sw := b.Switch(b.I32(1))
			b.Case(sw, []ir.Value{b.I32(1)}, false, nil)
			b.Case(sw, []ir.Value{b.I32(1)}, true, nil)
		}, "duplicate switch case value 1i"},
		{"switch without default", func(m *ir.Module, f *ir.Func, b *ir.Builder) {
			sw := b.Switch(b.I32(1))
			b.Case(sw, []ir.Value{b.I32(1)}, false, nil)
		}, "0 default clauses"},
		{"dead value used", func(m *ir.Module, f *ir.Func, b *ir.Builder) {
			v := b.Var("v", types.I32, 0)
			var x ir.Value
			b.If(b.Bool(true), nil, func() {
				b.Return()
				x = b.Load(v) // dropped: after the terminator
			}, nil)
			b.Store(v, x)
		}, "not defined before use"},
		{"return in continuing", func(m *ir.Module, f *ir.Func, b *ir.Builder) {
			b.Loop(func() { b.Break() }, func() { b.If(b.Bool(true), nil, func() { b.Return() }, nil) })
		}, "return inside a continuing block"},
		{"texture outside the handle space", func(m *ir.Module, f *ir.Func, b *ir.Builder) {
			g := m.NewGlobal("t", types.AddrUniform, types.Read, tex2d)
			g.Binding = &ir.BindingPoint{}
		}, "in address space uniform"},
		{"var of a texture", func(m *ir.Module, f *ir.Func, b *ir.Builder) {
			b.Var("t", tex2d, 0)
		}, "var of handle type"},
		{"sampling with a comparison sampler", func(m *ir.Module, f *ir.Func, b *ir.Builder) {
			b.Builtin(builtins.FnTextureSampleLevel, handle(m, "t", tex2d), handle(m, "s", types.ComparisonSamplerType),
				b.Zero(types.Vec(2, types.F32)), b.F32(0))
		}, "sampler of type sampler_comparison"},
		{"dynamic offset", func(m *ir.Module, f *ir.Func, b *ir.Builder) {
			off := f.AddParam("off", types.Vec(2, types.I32), types.NoIO)
			b.Builtin(builtins.FnTextureSampleLevel, handle(m, "t", tex2d), handle(m, "s", types.SamplerType),
				b.Zero(types.Vec(2, types.F32)), b.F32(0), off)
		}, "offset of type vec2<i32>"},
		{"integer coordinates for sampling", func(m *ir.Module, f *ir.Func, b *ir.Builder) {
			b.Builtin(builtins.FnTextureSampleLevel, handle(m, "t", tex2d), handle(m, "s", types.SamplerType),
				b.Zero(types.Vec(2, types.I32)), b.F32(0))
		}, "coordinates of type vec2<i32>"},
		{"store to a read-only storage texture", func(m *ir.Module, f *ir.Func, b *ir.Builder) {
			st := &types.Texture{Kind: types.TexStorage, Dim: types.Dim2D, Format: types.R32float, Access: types.Read}
			b.BuiltinT(builtins.FnTextureStore, types.VoidType, handle(m, "st", st), b.Zero(types.Vec(2, types.U32)),
				b.Zero(types.Vec(4, types.F32)))
		}, "textureStore: texture"},
		{"texture call of no overload", func(m *ir.Module, f *ir.Func, b *ir.Builder) {
			b.BuiltinT(builtins.FnTextureLoad, types.Vec(4, types.F32), handle(m, "t", tex2d))
		}, "fit no overload"},
		{"duplicate SpecId", func(m *ir.Module, f *ir.Func, b *ir.Builder) {
			m.NewOverride("a", types.U32, 3, 0)
			m.NewOverride("b", types.U32, 3, 0)
		}, "SpecId 3 already used by a"},
		{"an operation assigned in place, not with SetOp", func(m *ir.Module, f *ir.Func, b *ir.Builder) {
			x := b.Var("x", types.I32, 0)
			in := m.Def(b.Add(b.Load(x), b.I32(1)))
			in.Op = ir.OpSub // the function never had a subtraction: MayHave would say no
		}, "not counted by its function's MayHave"},
		{"a builtin function assigned in place, not with SetAux", func(m *ir.Module, f *ir.Func, b *ir.Builder) {
			x := b.Var("x", types.I32, 0)
			in := m.Def(b.Builtin(builtins.FnAbs, b.Load(x)))
			in.Aux = uint16(builtins.FnCountOneBits) // MayCall would say no
		}, "not counted by its function's MayCall"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := ir.NewModule()
			f := m.NewFunc("f", nil)
			b := ir.NewBuilder(f)
			tt.build(m, f, b)
			b.Finish()
			err := ir.Validate(m)
			require.Error(t, err, ir.Print(m))
			assert.Contains(t, err.Error(), tt.want)
		})
	}
}

var tex2d = &types.Texture{Kind: types.TexSampled, Dim: types.Dim2D, Sampled: types.F32}

// handle declares a texture or sampler global and returns its value loaded in f's body.
func handle(m *ir.Module, name string, t types.Type) ir.Value {
	g := m.NewGlobal(name, types.AddrHandle, types.Read, t)
	g.Binding = &ir.BindingPoint{Binding: uint32(len(m.Globals))}
	return ir.NewBuilder(m.Func("f")).Load(g.Value)
}

func TestValidateAccepts(t *testing.T) {
	m := ir.NewModule()
	f := m.NewFunc("f", types.I32)
	x := f.AddParam("x", types.I32, types.NoIO)
	b := ir.NewBuilder(f)
	v := b.Var("v", types.I32, x)
	// A value of the loop body used in continuing, defined before any continue.
	b.Loop(func() {
		y := b.Load(v)
		b.If(b.Gt(y, b.I32(10)), nil, func() { b.Break() }, nil)
		b.Store(v, b.Add(y, b.I32(1)))
		b.Loop(func() { b.Continue() }, func() { b.BreakIf(b.Bool(true)) }) // an inner continue
		_ = y
	}, func() {
		b.BreakIf(b.Eq(b.Load(v), b.I32(7)))
	})
	// Switch results, with a continue-free break from a nested if.
	sw := b.Switch(x, types.I32)
	b.Case(sw, []ir.Value{b.I32(1)}, false, func() {
		b.If(b.Bool(true), nil, func() { b.Break(b.I32(5)) }, nil)
		b.Break(b.I32(6))
	})
	b.Case(sw, nil, true, func() { b.Break(b.Load(v)) })
	b.Return(sw.Results()[0])
	require.NoError(t, ir.Validate(m), ir.Print(m))
}

// BenchmarkValidate validates modules as transform.ForSPIRV leaves them, prepared once from
// the realistic benchmark shaders: a deferred-lighting pass (textures, loops, many builtin
// calls) and a particle system.
func BenchmarkValidate(b *testing.B) {
	for _, sh := range []bench.Shader{bench.Deferred(), bench.Particles()} {
		p, err := compiler.Prepare(compiler.Source{Name: sh.Name, Text: sh.Text}, compiler.Options{})
		require.NoError(b, err)
		b.Run(strings.TrimSuffix(sh.Name, ".wgsl"), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := ir.Validate(p.Module); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// calling fills the body of f with calls of callees.
func calling(f *ir.Func, callees ...*ir.Func) {
	b := ir.NewBuilder(f)
	for _, c := range callees {
		b.Call(c)
	}
	b.Finish()
}

// TestValidateDiagnostics pins Validate's whole report, messages and order, for the checks
// that take shortcuts: operands found visible in a table, types checked without a search of
// their structure, the call graph recorded while checking (and walked again only when the
// check left calls out).
func TestValidateDiagnostics(t *testing.T) {
	tests := []struct {
		name  string
		build func(m *ir.Module)
		want  string
	}{
		{"recursion, callees in first-call order", func(m *ir.Module) {
			// a calls c (in an if) before b: the search goes a, c, b, c.
			a, b, c := m.NewFunc("a", nil), m.NewFunc("b", nil), m.NewFunc("c", nil)
			ba := ir.NewBuilder(a)
			ba.If(ba.Bool(true), nil, func() { ba.Call(c) }, nil)
			ba.Call(b)
			ba.Call(b)
			ba.Finish()
			calling(b, c)
			calling(c, b)
		}, "ir: fn c: recursion"},
		{"no recursion, calls repeated", func(m *ir.Module) {
			a, b := m.NewFunc("a", nil), m.NewFunc("b", nil)
			calling(b)
			ba := ir.NewBuilder(a)
			ba.Call(b)
			ba.Loop(func() { ba.Call(b); ba.Break() }, nil)
			ba.Finish()
		}, ""},
		{"recursion through a function no longer in the module", func(m *ir.Module) {
			calling(m.NewFunc("h", nil))
			f, g := m.NewFunc("f", nil), m.NewFunc("g", nil)
			calling(f, g)
			calling(g, f)
			m.RemoveFunc(g)
		}, "ir: fn f: recursion"},
		{"recursion and a call left out", func(m *ir.Module) {
			f, g := m.NewFunc("f", nil), m.NewFunc("g", nil)
			calling(g)
			bf := ir.NewBuilder(f)
			x := bf.Var("x", types.I32, 0)
			cond := bf.Eq(bf.Load(x), bf.I32(1))
			bf.If(cond, nil, func() { bf.Call(f) }, nil)
			bf.Call(g)
			bf.Finish()
			m.Def(cond).Args[0] = 9999 // the if is not checked further
		}, "ir: 2 errors:\n\tfn f: eq: operand 0 is not a value\n\tfn f: recursion"},
		{"a call of no function", func(m *ir.Module) {
			f, g := m.NewFunc("f", nil), m.NewFunc("g", nil)
			calling(g)
			b := ir.NewBuilder(f)
			b.Call(g)
			b.Inst(ir.OpCall, nil) // no callee
			b.Finish()
		}, "ir: fn f: call of an unknown function"},
		{"recursion in a construct left out without an error", func(m *ir.Module) {
			// An if whose branches return delivers a result never checked: given no
			// type, it leaves the if on it unchecked, and the call in it unrecorded.
			f := m.NewFunc("f", nil)
			b := ir.NewBuilder(f)
			x := b.If(b.Bool(true), []types.Type{types.Bool}, func() { b.Return() }, func() { b.Return() }).Results()[0]
			m.SetType(x, nil)
			b.If(x, nil, func() { b.Call(f) }, nil)
			b.Finish()
		}, "ir: fn f: recursion"},
		{"operands not visible", func(m *ir.Module) {
			f, g := m.NewFunc("f", nil), m.NewFunc("g", nil)
			bf := ir.NewBuilder(f)
			x := bf.Add(bf.I32(1), bf.I32(2))
			bf.Finish()
			bg := ir.NewBuilder(g)
			bg.Add(x, bg.I32(2)) // f's value, twice
			bg.Add(bg.I32(1), x)
			bg.Finish()
		}, "ir: 2 errors:\n\tfn g: add: operand 0 (%3) is not defined before use or not visible here\n" +
			"\tfn g: add: operand 1 (%3) is not defined before use or not visible here"},
		{"a module-scope expression used before its definition", func(m *ir.Module) {
			o := m.NewOverride("o", types.I32, 0, 0)
			eb := m.ExprBuilder()
			x := eb.Add(o.Value, eb.I32(1))
			y := eb.Mul(x, x)
			m.Exprs.Insts[0], m.Exprs.Insts[1] = m.Exprs.Insts[1], m.Exprs.Insts[0]
			f := m.NewFunc("f", nil)
			b := ir.NewBuilder(f)
			b.Add(y, x) // both visible here
			b.Finish()
		}, "ir: 2 errors:\n\tmodule exprs: mul: operand 0 (%3) is used before its definition\n" +
			"\tmodule exprs: mul: operand 1 (%3) is used before its definition"},
		{"types of parameters", func(m *ir.Module) {
			f := m.NewFunc("f", nil)
			f.AddParam("a", types.AbstractInt, types.NoIO)
			f.AddParam("b", types.Vec(3, types.AbstractFloat), types.NoIO)
			f.AddParam("c", types.Mat(2, 2, types.AbstractFloat), types.NoIO)
			f.AddParam("d", &types.Array{Elem: types.AbstractInt, Count: 2}, types.NoIO)
			f.AddParam("e", &types.Reference{Space: types.AddrFunction, Elem: types.F32, Access: types.ReadWrite}, types.NoIO)
			f.AddParam("f", &types.Struct{Name: "S", Members: []*types.Member{{Name: "r", Offset: -1,
				Type: &types.Reference{Space: types.AddrFunction, Elem: types.F32, Access: types.ReadWrite}}}}, types.NoIO)
			f.AddParam("g", nil, types.NoIO)
			f.AddParam("h", &types.Pointer{Space: types.AddrFunction, Elem: types.AbstractInt, Access: types.ReadWrite}, types.NoIO)
			f.AddParam("i", types.Vec(2, types.F32), types.NoIO)
			ir.NewBuilder(f).Finish()
		}, "ir: 7 errors:\n\tfn f: abstract type AbstractInt in the IR\n\tfn f: abstract type vec3<AbstractFloat> in the IR\n" +
			"\tfn f: abstract type mat2x2<AbstractFloat> in the IR\n\tfn f: abstract type array<AbstractInt, 2> in the IR\n" +
			"\tfn f: reference type ref<function, f32> in the IR\n\tfn f: reference type S in the IR\n\tfn f: missing type"},
		{"duplicate function name", func(m *ir.Module) {
			ir.NewBuilder(m.NewFunc("f", nil)).Finish()
			ir.NewBuilder(m.NewFunc("f", nil)).Finish()
		}, "ir: fn f: duplicate function name"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := ir.NewModule()
			tt.build(m)
			// Twice: a validation leaves nothing behind for the next one.
			for range 2 {
				err := ir.Validate(m)
				if tt.want == "" {
					require.NoError(t, err, ir.Print(m))
				} else {
					require.Error(t, err, ir.Print(m))
					assert.Equal(t, tt.want, err.Error())
				}
			}
			m.Release()
		})
	}
}
