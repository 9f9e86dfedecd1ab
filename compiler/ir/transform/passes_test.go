package transform_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler/builtins"
	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/ir/irtest"
	"github.com/wgslgo/wgslgo/compiler/ir/transform"
	"github.com/wgslgo/wgslgo/compiler/layout"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// fn builds a module with one function of the given parameters, filled by body.
func fn(result types.Type, params []types.Type, body func(b *ir.Builder, p []ir.Value)) func() *ir.Module {
	return func() *ir.Module {
		m := ir.NewModule()
		f := m.NewFunc("f", result)
		ps := make([]ir.Value, len(params))
		for i, t := range params {
			ps[i] = f.AddParam(string(rune('a'+i)), t, types.NoIO)
		}
		b := ir.NewBuilder(f)
		body(b, ps)
		b.Finish()
		return m
	}
}

func TestIntDivRem(t *testing.T) {
	v2i, v2u := types.Vec(2, types.I32), types.Vec(2, types.U32)
	golden(t, "divrem", fn(types.I32, []types.Type{types.I32, types.I32, v2u, types.U32, types.F32},
		func(b *ir.Builder, p []ir.Value) {
			q := b.Div(p[0], p[1])
			r := b.Rem(p[0], p[1])
			vq := b.Rem(p[2], p[3])     // vector by scalar
			k := b.Div(p[0], b.I32(4))  // constant divisor: untouched
			kr := b.Rem(p[0], b.I32(3)) // constant divisor: no guard, but no OpSRem either
			z := b.Div(p[0], b.I32(-1))
			fl := b.Div(p[4], p[4]) // float: untouched
			s := b.Add(b.Add(q, r), b.Add(k, z))
			s = b.Add(s, b.Convert(types.I32, fl))
			s = b.Add(s, kr)
			s = b.Add(s, b.Convert(types.I32, b.Swizzle(vq, 0)))
			s = b.Add(s, b.Swizzle(b.Div(b.Splat(v2i, p[0]), b.Splat(v2i, p[1])), 1))
			b.Return(s)
		}), transform.IntDivRem)
}

// Override-expressions become OpSpecConstantOp, where OpSRem is as undefined for negative
// operands and a zero divisor or a shift by 32 or more as undefined: they get the same
// rewrites as function bodies.
func TestIntDivRemShiftMaskOverrides(t *testing.T) {
	build := func() *ir.Module {
		m := ir.NewModule()
		a := m.NewOverride("a", types.I32, 0, m.ConstI32(-7))
		d := m.NewOverride("d", types.I32, 1, m.ConstI32(3))
		s := m.NewOverride("s", types.U32, 2, m.ConstU32(33))
		e := m.ExprBuilder()
		r := e.Rem(a.Value, d.Value)
		q := e.Div(a.Value, d.Value)
		sh := e.Shl(r, s.Value)
		k := e.Rem(a.Value, e.I32(4)) // constant divisor: no guard, but no OpSRem either
		f := m.NewFunc("f", types.I32)
		b := ir.NewBuilder(f)
		b.Return(b.Add(b.Add(q, sh), k))
		return m
	}
	golden(t, "divrem_overrides", build, func(m *ir.Module) {
		transform.IntDivRem(m)
		transform.ShiftMask(m)
	})
}

func TestShiftMask(t *testing.T) {
	golden(t, "shift", fn(types.I32, []types.Type{types.I32, types.U32, types.Vec(3, types.U32)},
		func(b *ir.Builder, p []ir.Value) {
			x := b.Shl(p[0], p[1])
			y := b.Shr(x, b.U32(3)) // constant in range: untouched
			z := b.Shr(b.Splat(types.Vec(3, types.U32), p[1]), p[2])
			b.Return(b.Add(y, b.Bitcast(types.I32, b.Swizzle(z, 2))))
		}), transform.ShiftMask)
}

func TestFloatToIntSaturate(t *testing.T) {
	golden(t, "float_to_int_saturate", fn(types.U32, []types.Type{types.F32, types.Vec(2, types.F32), types.F16},
		func(b *ir.Builder, p []ir.Value) {
			i := b.Convert(types.I32, p[0])
			u := b.Convert(types.Vec(2, types.U32), p[1])
			h := b.Convert(types.U32, p[2])
			f := b.Convert(types.F32, i) // int → float: untouched
			b.Return(b.Add(b.Add(b.Bitcast(types.U32, i), b.Swizzle(u, 1)), b.Add(h, b.Convert(types.U32, f))))
		}), transform.FloatToIntSaturate)
}

func TestBitFieldClamp(t *testing.T) {
	golden(t, "bit_field_clamp", fn(types.I32, []types.Type{types.I32, types.U32, types.U32},
		func(b *ir.Builder, p []ir.Value) {
			x := b.Builtin(builtins.FnExtractBits, p[0], p[1], p[2])
			y := b.Builtin(builtins.FnInsertBits, x, p[0], p[1], p[2])
			z := b.Builtin(builtins.FnExtractBits, y, b.U32(4), b.U32(8)) // in range: untouched
			b.Return(z)
		}), transform.BitFieldClamp)
}

func TestRobustness(t *testing.T) {
	build := func() *ir.Module {
		m := ir.NewModule()
		elem := &types.Struct{Name: "E", Members: []*types.Member{
			{Name: "v", Type: types.Vec(4, types.F32), Offset: -1, IO: types.NoIO},
			{Name: "m", Type: types.Mat(2, 3, types.F32), Offset: -1, IO: types.NoIO},
		}}
		buf := &types.Struct{Name: "Buf", Members: []*types.Member{
			{Name: "n", Type: types.U32, Offset: -1, IO: types.NoIO},
			{Name: "items", Type: &types.Array{Elem: elem}, Offset: -1, IO: types.NoIO},
		}}
		g := m.NewGlobal("buf", types.AddrStorage, types.ReadWrite, buf)
		g.Binding = &ir.BindingPoint{}
		n := m.NewOverride("n", types.I32, 0, m.ConstI32(8))
		key := new(int)
		wg := m.NewGlobal("wg", types.AddrWorkgroup, types.ReadWrite, &types.Array{Elem: types.F32, CountOverride: key, CountName: "n"})
		m.BindArrayCount(key, n.Value)
		f := m.NewFunc("f", types.F32)
		i := f.AddParam("i", types.I32, types.NoIO)
		j := f.AddParam("j", types.U32, types.NoIO)
		arr := f.AddParam("arr", &types.Array{Elem: types.F32, Count: 4}, types.NoIO)
		b := ir.NewBuilder(f)
		x := b.Load(b.Access(g.Value, b.U32(1), i, b.U32(0), j))                  // items[i].v[j]
		y := b.Load(b.Access(g.Value, b.U32(1), b.U32(2), b.U32(1), j, b.U32(2))) // items[2].m[j][2]
		z := b.Extract(arr, i)
		w := b.Load(b.Access(wg.Value, j))
		c := b.Extract(arr, b.U32(3)) // constant in range: untouched
		v := b.Insert(b.Splat(types.Vec(4, types.F32), x), y, j)
		b.Return(b.Add(b.Add(b.Add(z, w), c), b.Swizzle(v, 0)))
		return m
	}
	golden(t, "robustness", build, transform.Robustness)
}

func TestZeroInitWorkgroup(t *testing.T) {
	build := func() *ir.Module {
		m := ir.NewModule()
		size := m.NewOverride("size", types.U32, 0, m.ConstU32(16))
		tile := m.NewGlobal("tile", types.AddrWorkgroup, types.ReadWrite, &types.Array{Elem: types.Vec(2, types.F32), Count: 100})
		flag := m.NewGlobal("flag", types.AddrWorkgroup, types.ReadWrite, &types.Atomic{Elem: types.U32})
		f := m.NewFunc("main", nil)
		f.Stage = ir.StageCompute
		f.WorkgroupSize = [3]ir.Value{size.Value, m.ConstU32(2)}
		b := ir.NewBuilder(f)
		b.Store(b.AccessN(tile.Value, 3), b.Zero(types.Vec(2, types.F32)))
		b.Builtin(builtins.FnAtomicAdd, flag.Value, b.U32(1))
		b.Finish()
		return m
	}
	golden(t, "zeroinit", build, transform.ZeroInitWorkgroup)
}

func TestForkExplicitLayout(t *testing.T) {
	golden(t, "fork", irtest.UniformStruct, func(m *ir.Module) {
		transform.ForkExplicitLayout(m, layout.New(layout.Options{}))
	})
}

func TestShaderIO(t *testing.T) {
	golden(t, "shaderio", irtest.VertexFragment, transform.ShaderIO)
}

func TestShaderIOSampleMask(t *testing.T) {
	build := func() *ir.Module {
		m := ir.NewModule()
		f := m.NewFunc("fs", types.U32)
		f.Stage = ir.StageFragment
		io := types.NoIO
		io.Builtin = "sample_mask"
		f.ResultIO = io
		in := f.AddParam("mask", types.U32, io)
		b := ir.NewBuilder(f)
		b.Return(b.And(in, b.U32(1)))
		return m
	}
	golden(t, "shaderio_sample_mask", build, transform.ShaderIO)
}

// f16 inputs and outputs are f32 variables, converted after the loads and before the stores:
// the SPIR-V needs no StorageInputOutput16.
func TestShaderIOF16(t *testing.T) {
	build := func() *ir.Module {
		m := ir.NewModule()
		loc := func(l int) types.IO { io := types.NoIO; io.Location = l; return io }
		v3h := types.Vec(3, types.F16)
		vout := &types.Struct{Name: "VOut", Members: []*types.Member{
			{Name: "c", Type: v3h, IO: loc(0), Offset: -1},
			{Name: "n", Type: types.U32, IO: loc(1), Offset: -1},
		}}
		f := m.NewFunc("vs", vout)
		f.Stage = ir.StageVertex
		x := f.AddParam("x", types.F16, loc(0))
		v := f.AddParam("v", v3h, loc(1))
		b := ir.NewBuilder(f)
		b.Return(b.Construct(vout, b.Mul(v, b.Splat(v3h, x)), b.U32(2)))
		return m
	}
	m := golden(t, "shaderio_f16", build, transform.ShaderIO)
	for _, g := range m.Globals {
		assert.False(t, types.UsesF16(g.Type), "%s: %s", g.Name, g.Type)
	}
}

// An entry point with two returns, one inside an if: each stores the outputs, and the
// parameters become loads at the top of the entry point itself.
func TestShaderIOReturns(t *testing.T) {
	build := func() *ir.Module {
		m := ir.NewModule()
		loc := func(l int) types.IO { io := types.NoIO; io.Location = l; return io }
		fout := &types.Struct{Name: "FOut", Members: []*types.Member{
			{Name: "a", Type: types.F32, IO: loc(0), Offset: -1},
			{Name: "b", Type: types.U32, IO: loc(1), Offset: -1},
		}}
		f := m.NewFunc("fs", fout)
		f.Stage = ir.StageFragment
		x := f.AddParam("x", types.F32, loc(0))
		b := ir.NewBuilder(f)
		b.If(b.Lt(x, b.F32(0)), nil, func() {
			b.Return(b.Construct(fout, b.Neg(x), b.U32(1)))
		}, nil)
		b.Return(b.Construct(fout, x, b.U32(2)))
		return m
	}
	m := golden(t, "shaderio_returns", build, transform.ShaderIO)
	f := m.Funcs[0]
	require.Len(t, m.Funcs, 1)
	assert.Empty(t, f.Params)
	assert.Equal(t, types.Type(types.VoidType), f.Result)
	stores := 0
	ir.Walk(f.Body, func(in *ir.Inst) {
		if in.Op == ir.OpStore {
			stores++
		}
		if in.Op == ir.OpReturn {
			assert.Empty(t, in.Args)
		}
	})
	assert.Equal(t, 4, stores, "two outputs stored before each of the two returns")
}

func TestFold(t *testing.T) {
	golden(t, "fold", fn(types.I32, []types.Type{types.I32},
		func(b *ir.Builder, p []ir.Value) {
			v3 := types.Vec(3, types.I32)
			x := b.Add(b.I32(2), b.Mul(b.I32(3), b.I32(4)))    // 14
			d := b.Div(b.I32(7), b.I32(0))                     // 7 (x / 0 = x)
			mn := b.Div(b.I32(-2147483648), b.I32(-1))         // MIN
			r := b.Rem(b.I32(-7), b.I32(2))                    // -1
			sh := b.Shl(b.I32(1), b.U32(33))                   // 2 (masked)
			v := b.Construct(v3, x, d, b.I32(1))               // vec3(14, 7, 1)
			s := b.Swizzle(b.Add(v, b.Splat(v3, b.I32(1))), 1) // 8
			c := b.Select(b.Gt(x, d), b.I32(100), b.I32(200))  // 100
			f := b.Convert(types.I32, b.F32(3e10))             // 2147483520
			u := b.Convert(types.U32, b.F32(-5))               // 0
			dyn := b.Add(p[0], b.Add(x, s))                    // stays, with a folded operand
			sum := b.Add(b.Add(mn, r), b.Add(sh, c))
			sum = b.Add(sum, b.Add(f, b.Bitcast(types.I32, u)))
			b.Return(b.Add(sum, dyn))
		}), transform.Fold)
}

// Fold folds module-scope expressions too, and rewrites the uses outside instructions: a
// global's initializer and a workgroup size.
func TestFoldModuleScope(t *testing.T) {
	m := ir.NewModule()
	e := m.ExprBuilder()
	sum := e.Add(m.ConstI32(2), m.ConstI32(3))
	size := e.Mul(m.ConstU32(8), m.ConstU32(4))
	g := m.NewGlobal("g", types.AddrPrivate, types.ReadWrite, types.I32)
	g.Init = sum
	f := m.NewFunc("main", nil)
	f.Stage = ir.StageCompute
	f.WorkgroupSize = [3]ir.Value{size}
	b := ir.NewBuilder(f)
	b.Store(g.Value, b.Add(b.Load(g.Value), sum))
	b.Finish()
	require.NoError(t, ir.Validate(m))
	transform.Fold(m)
	require.NoError(t, ir.Validate(m), ir.Print(m))
	assert.Empty(t, m.Exprs.Insts, "every module-scope expression folded")
	require.NotNil(t, m.Const(g.Init), "the initializer is a constant")
	assert.EqualValues(t, 5, m.Const(g.Init).Int())
	require.NotNil(t, m.Const(f.WorkgroupSize[0]), "the workgroup size is a constant")
	assert.EqualValues(t, 32, m.Const(f.WorkgroupSize[0]).Int())
}

func TestDeadCode(t *testing.T) {
	build := func() *ir.Module {
		m := ir.NewModule()
		unused := m.NewFunc("unused", nil)
		ir.NewBuilder(unused).Finish()
		f := m.NewFunc("main", nil)
		f.Stage = ir.StageCompute
		f.WorkgroupSize = [3]ir.Value{m.ConstU32(1)}
		g := m.NewGlobal("g", types.AddrPrivate, types.ReadWrite, types.I32)
		b := ir.NewBuilder(f)
		v := b.Var("v", types.I32, 0) // never used
		_ = v
		x := b.Load(g.Value)
		b.Add(x, x) // unused
		b.Loop(func() {
			b.If(b.Gt(b.Load(g.Value), b.I32(3)), nil, func() { b.Break() }, func() { b.Return() })
			b.Store(g.Value, b.I32(1)) // after an if that never completes
		}, nil)
		b.Store(g.Value, b.I32(2))
		b.Finish()
		return m
	}
	golden(t, "deadcode", build, transform.DeadCode)
}

// ForSPIRV on every sample, with every pass on and with those that can be turned off off: the
// module is valid after each pass of Passes, and ForSPIRV gives what the passes give one by one.
func TestForSPIRVSamples(t *testing.T) {
	all := transform.Options{}
	fewest := transform.Options{NoRobustness: true, NoZeroInitWorkgroup: true, NativeDemote: true, NoOptimize: true}
	for _, s := range irtest.Samples {
		for _, opts := range []transform.Options{all, fewest} {
			t.Run(fmt.Sprintf("%s/%d", s.Name, len(transform.Passes(opts))), func(t *testing.T) {
				m := s.Build()
				lay := layout.New(layout.Options{})
				for _, p := range transform.Passes(opts) {
					require.NoError(t, p.Run(m, opts, lay), p.Name)
					require.NoError(t, ir.Validate(m), "after %s:\n%s", p.Name, ir.Print(m))
				}
				for _, f := range m.Funcs {
					if f.Stage != ir.StageNone {
						assert.Empty(t, f.Params, "entry point %s keeps parameters", f.Name)
					}
				}
				whole := s.Build()
				require.NoError(t, transform.ForSPIRV(whole, opts))
				assert.Equal(t, ir.Print(m), ir.Print(whole))
			})
		}
	}
}

// The order of ForSPIRV, and what each option leaves out.
func TestPasses(t *testing.T) {
	names := func(opts transform.Options) string {
		var out []string
		for _, p := range transform.Passes(opts) {
			out = append(out, p.Name)
		}
		return strings.Join(out, " ")
	}
	assert.Equal(t, "SpecConstants DirectVariableAccess ExternalTextures ZeroInitWorkgroup ShaderIO Robustness DemoteToHelper "+
		"IntDivRem ShiftMask FloatToIntSaturate BitFieldClamp SampleIndexClamp Std140 ForkExplicitLayout Fold CSE "+
		"PruneClamps DeadCode", names(transform.Options{}))
	assert.Equal(t, "SpecConstants DirectVariableAccess ExternalTextures ShaderIO IntDivRem ShiftMask FloatToIntSaturate "+
		"BitFieldClamp SampleIndexClamp Std140 ForkExplicitLayout Fold DeadCode",
		names(transform.Options{NoRobustness: true, NoZeroInitWorkgroup: true, NativeDemote: true, NoOptimize: true}))
}

func TestStd140(t *testing.T) {
	golden(t, "std140", irtest.UniformMatrices, func(m *ir.Module) {
		transform.Std140(m, layout.New(layout.Options{}))
	})
}

func TestStd140StandardLayout(t *testing.T) {
	m := irtest.UniformMatrices()
	before := ir.Print(m)
	transform.Std140(m, layout.New(layout.Options{UniformStandardLayout: true}))
	assert.Equal(t, before, ir.Print(m))
}
