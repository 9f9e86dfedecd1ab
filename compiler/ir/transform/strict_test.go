package transform_test

import (
	"fmt"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler/builtins"
	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/ir/transform"
	"github.com/wgslgo/wgslgo/compiler/types"
	"github.com/wgslgo/wgslgo/internal/wgslref"
)

// The passes that give WGSL's meaning to what SPIR-V leaves undefined cannot be checked on
// lavapipe alone: it computes MIN / -1 and a shift by 40 somehow, and the device of a user
// may not. So these tests evaluate what a pass leaves by SPIR-V's rules, strictly: an
// operation SPIR-V or Vulkan leaves undefined gives an undefined value (which a select may
// still discard), and the function's result must be defined and what WGSL says.
//
// The evaluator covers the straight-line integer and float code these passes write. The IR
// interpreter (compiler/interp) runs the IR by WGSL's rules, which define all of these
// cases; it could take this evaluator's place given a mode that reports SPIR-V's undefined
// ones.

// lane is one component of a value: an integer (i32 sign-extended, u32, bool 0 or 1) or a
// float, or undefined.
type lane struct {
	i     int64
	f     float64
	undef bool
}

type strictEval struct {
	m    *ir.Module
	vals map[ir.Value][]lane
}

// evalStrict evaluates f, a function of straight-line code ending in a return of one value,
// on the arguments args (a lane per component), and returns the result's lanes.
func evalStrict(t *testing.T, m *ir.Module, f *ir.Func, args ...[]lane) []lane {
	t.Helper()
	e := &strictEval{m: m, vals: map[ir.Value][]lane{}}
	for i, p := range f.Params {
		e.vals[p] = args[i]
	}
	var result []lane
	ir.Walk(f.Body, func(in *ir.Inst) {
		if in.Op == ir.OpReturn {
			result = e.get(in.Args[0])
			return
		}
		r := e.inst(t, in)
		if in.Result != 0 {
			e.vals[in.Result] = r
		}
	})
	return result
}

func (e *strictEval) get(v ir.Value) []lane {
	if l, ok := e.vals[v]; ok {
		return l
	}
	c := e.m.Const(v)
	if c == nil {
		panic(fmt.Sprintf("strict evaluation: %v has no value", v))
	}
	t := e.m.Type(v)
	if vt, ok := t.(*types.Vector); ok {
		out := make([]lane, vt.N)
		for k := range out {
			if !c.Zero {
				out[k] = e.get(c.Elems[k])[0]
			}
		}
		return out
	}
	if c.Scalar().IsFloat() {
		return []lane{{f: c.Float()}}
	}
	return []lane{{i: c.Int()}}
}

// wrap reduces an integer result to its type's range.
func wrap(s *types.Scalar, x int64) int64 {
	if s.Kind == types.KindI32 {
		return int64(int32(x))
	}
	if s.Kind == types.KindU32 {
		return int64(uint32(x))
	}
	return x
}

func (e *strictEval) inst(t *testing.T, in *ir.Inst) []lane {
	rt := e.m.Type(in.Result)
	rs := types.ElemScalar(rt)
	n := 1
	if vt, ok := rt.(*types.Vector); ok {
		n = vt.N
	}
	arg := func(i int) []lane {
		l := e.get(in.Args[i])
		if len(l) == 1 && n > 1 {
			l = append([]lane(nil), l...)
			for len(l) < n {
				l = append(l, l[0])
			}
		}
		return l
	}
	out := make([]lane, n)
	each := func(f func(k int) lane) []lane {
		for k := range out {
			out[k] = f(k)
		}
		return out
	}
	switch in.Op {
	case ir.OpSplat:
		return each(func(int) lane { return e.get(in.Args[0])[0] })
	case ir.OpConstruct:
		return each(func(k int) lane { return e.get(in.Args[k])[0] })
	case ir.OpSwizzle:
		x := e.get(in.Args[0])
		return each(func(k int) lane { return x[in.Swizzle()[k]] })
	case ir.OpSelect:
		c, x, y := arg(0), arg(1), arg(2)
		return each(func(k int) lane {
			switch {
			case c[k].undef:
				return lane{undef: true}
			case c[k].i != 0:
				return x[k]
			}
			return y[k]
		})
	case ir.OpConvert:
		from := types.ElemScalar(e.m.Type(in.Args[0]))
		x := arg(0)
		return each(func(k int) lane { return convertStrict(from, rs, x[k]) })
	case ir.OpBuiltin:
		return e.builtin(t, in, rs, arg, each)
	}
	if !in.Op.IsBinary() {
		t.Fatalf("strict evaluation: no rule for %s", in.Op)
	}
	xs := types.ElemScalar(e.m.Type(in.Args[0]))
	x, y := arg(0), arg(1)
	return each(func(k int) lane {
		a, b := x[k], y[k]
		if a.undef || b.undef {
			return lane{undef: true}
		}
		if xs.IsFloat() {
			return floatBinary(in.Op, a.f, b.f)
		}
		return intBinary(in.Op, xs, rs, a.i, b.i)
	})
}

func b2l(c bool) lane {
	if c {
		return lane{i: 1}
	}
	return lane{}
}

// intBinary is an integer operation by SPIR-V's rules (Vulkan's for OpSRem).
func intBinary(op ir.Op, s, rs *types.Scalar, a, b int64) lane {
	switch op {
	case ir.OpEq:
		return b2l(a == b)
	case ir.OpNe:
		return b2l(a != b)
	case ir.OpLt:
		return b2l(a < b)
	case ir.OpLe:
		return b2l(a <= b)
	case ir.OpGt:
		return b2l(a > b)
	case ir.OpGe:
		return b2l(a >= b)
	case ir.OpAnd:
		return lane{i: a & b}
	case ir.OpOr:
		return lane{i: a | b}
	case ir.OpXor:
		return lane{i: wrap(s, a^b)}
	case ir.OpAdd:
		return lane{i: wrap(s, a+b)}
	case ir.OpSub:
		return lane{i: wrap(s, a-b)}
	case ir.OpMul:
		return lane{i: wrap(s, a*b)}
	case ir.OpDiv, ir.OpRem:
		// OpSDiv and OpUDiv: undefined for a zero divisor, and OpSDiv of the lowest i32 by -1
		// overflows. OpSRem: Vulkan leaves negative operands undefined.
		if b == 0 || s.Kind == types.KindI32 && a == math.MinInt32 && b == -1 {
			return lane{undef: true}
		}
		if op == ir.OpDiv {
			return lane{i: a / b}
		}
		if s.Kind == types.KindI32 && (a < 0 || b < 0) {
			return lane{undef: true}
		}
		return lane{i: a % b}
	case ir.OpShl, ir.OpShr:
		// A shift by the bit width or more is undefined.
		if b < 0 || b >= 32 {
			return lane{undef: true}
		}
		if op == ir.OpShl {
			return lane{i: wrap(s, a<<b)}
		}
		if s.Kind == types.KindI32 {
			return lane{i: a >> b}
		}
		return lane{i: int64(uint32(a) >> b)}
	}
	panic(fmt.Sprintf("strict evaluation: no integer rule for %s", op))
}

func floatBinary(op ir.Op, a, b float64) lane {
	switch op {
	case ir.OpEq:
		return b2l(a == b)
	case ir.OpNe:
		return b2l(a != b)
	case ir.OpLt:
		return b2l(a < b)
	case ir.OpGe:
		return b2l(a >= b)
	}
	panic(fmt.Sprintf("strict evaluation: no float rule for %s", op))
}

// convertStrict: OpConvertFToS and OpConvertFToU are undefined for a value (NaN included)
// that does not fit the integer type after truncation.
func convertStrict(from, to *types.Scalar, x lane) lane {
	if x.undef {
		return x
	}
	switch {
	case from.IsFloat() && to.IsInteger():
		tr := math.Trunc(x.f)
		lo, hi := float64(math.MinInt32), float64(math.MaxInt32)
		if to.Kind == types.KindU32 {
			lo, hi = 0, math.MaxUint32
		}
		if math.IsNaN(x.f) || tr < lo || tr > hi {
			return lane{undef: true}
		}
		return lane{i: int64(tr)}
	case from.IsInteger() && to.IsInteger():
		return lane{i: wrap(to, x.i)}
	case from.IsInteger():
		return lane{f: float64(x.i)}
	}
	return x
}

func (e *strictEval) builtin(t *testing.T, in *ir.Inst, rs *types.Scalar, arg func(int) []lane, each func(func(int) lane) []lane) []lane {
	switch fn := in.Builtin(); fn {
	case builtins.FnMin, builtins.FnMax:
		x, y := arg(0), arg(1)
		return each(func(k int) lane {
			a, b := x[k], y[k]
			switch {
			case a.undef || b.undef:
				return lane{undef: true}
			case rs.IsFloat():
				// GLSL.std.450 FMin and FMax are undefined of a NaN.
				if math.IsNaN(a.f) || math.IsNaN(b.f) {
					return lane{undef: true}
				}
				if fn == builtins.FnMin {
					return lane{f: math.Min(a.f, b.f)}
				}
				return lane{f: math.Max(a.f, b.f)}
			case fn == builtins.FnMin:
				return lane{i: min(a.i, b.i)}
			}
			return lane{i: max(a.i, b.i)}
		})
	case builtins.FnExtractBits, builtins.FnInsertBits:
		// OpBitField*: undefined when offset + count exceeds the bit width.
		last := len(in.Args) - 1
		off, count := e.get(in.Args[last-1])[0], e.get(in.Args[last])[0]
		x := arg(0)
		var nb []lane
		if fn == builtins.FnInsertBits {
			nb = arg(1)
		}
		return each(func(k int) lane {
			if off.undef || count.undef || x[k].undef || off.i+count.i > 32 {
				return lane{undef: true}
			}
			if fn == builtins.FnExtractBits {
				return lane{i: wrap(rs, int64(wgslref.ExtractBits(uint32(x[k].i), uint32(off.i), uint32(count.i), rs.Kind == types.KindI32)))}
			}
			return lane{i: wrap(rs, int64(wgslref.InsertBits(uint32(x[k].i), uint32(nb[k].i), uint32(off.i), uint32(count.i))))}
		})
	}
	t.Fatalf("strict evaluation: no rule for builtin %s", in.Builtin())
	return nil
}

// strictFunc builds a function of the given parameters returning body's value, runs pass on
// it, and returns the module and function.
func strictFunc(t *testing.T, params []types.Type, body func(b *ir.Builder, p []ir.Value) ir.Value, pass func(*ir.Module)) (*ir.Module, *ir.Func) {
	t.Helper()
	m := ir.NewModule()
	var f *ir.Func
	var r ir.Value
	f = m.NewFunc("f", nil)
	ps := make([]ir.Value, len(params))
	for i, pt := range params {
		ps[i] = f.AddParam(string(rune('a'+i)), pt, types.NoIO)
	}
	b := ir.NewBuilder(f)
	r = body(b, ps)
	f.Result = m.Type(r)
	b.Return(r)
	b.Finish()
	require.NoError(t, ir.Validate(m), ir.Print(m))
	pass(m)
	require.NoError(t, ir.Validate(m), ir.Print(m))
	return m, f
}

var (
	strictI32 = []int32{0, 1, -1, 2, -2, 7, -7, 31, 32, 33, 64, math.MinInt32, math.MinInt32 + 1, math.MaxInt32}
	strictU32 = []uint32{0, 1, 2, 7, 31, 32, 33, 64, 0x7fffffff, 0x80000000, 0xffffffff}
)

func il(x int32) []lane  { return []lane{{i: int64(x)}} }
func ul(x uint32) []lane { return []lane{{i: int64(x)}} }

// checkLanes fails unless got is defined and holds want.
func checkLanes(t *testing.T, want []int64, got []lane, what string) {
	t.Helper()
	for k, w := range want {
		if got[k].undef {
			t.Errorf("%s: component %d is undefined by SPIR-V's rules", what, k)
		} else if got[k].i != w {
			t.Errorf("%s: component %d is %d, want %d", what, k, got[k].i, w)
		}
	}
}

// TestIntDivRemStrict: after IntDivRem, i32 and u32 division and remainder, by run-time and
// by constant divisors, on scalars, vectors and a vector by a scalar, are defined by
// SPIR-V's rules and give WGSL's results (MIN / -1 is MIN, x / 0 is x, x % 0 is 0).
func TestIntDivRemStrict(t *testing.T) {
	v2i := types.Vec(2, types.I32)
	for _, op := range []ir.Op{ir.OpDiv, ir.OpRem} {
		ref := map[ir.Op]func(a, b int32) int32{ir.OpDiv: wgslref.DivI32, ir.OpRem: wgslref.RemI32}[op]
		refU := map[ir.Op]func(a, b uint32) uint32{ir.OpDiv: wgslref.DivU32, ir.OpRem: wgslref.RemU32}[op]
		m, f := strictFunc(t, []types.Type{types.I32, types.I32}, func(b *ir.Builder, p []ir.Value) ir.Value { return b.Binary(op, p[0], p[1]) }, transform.IntDivRem)
		mu, fu := strictFunc(t, []types.Type{types.U32, types.U32}, func(b *ir.Builder, p []ir.Value) ir.Value { return b.Binary(op, p[0], p[1]) }, transform.IntDivRem)
		mv, fv := strictFunc(t, []types.Type{v2i, types.I32}, func(b *ir.Builder, p []ir.Value) ir.Value { return b.Binary(op, p[0], p[1]) }, transform.IntDivRem)
		for _, a := range strictI32 {
			for _, d := range strictI32 {
				what := fmt.Sprintf("%d %s %d", a, op, d)
				checkLanes(t, []int64{int64(ref(a, d))}, evalStrict(t, m, f, il(a), il(d)), what)
				vec := []lane{{i: int64(a)}, {i: int64(^a)}}
				checkLanes(t, []int64{int64(ref(a, d)), int64(ref(^a, d))}, evalStrict(t, mv, fv, vec, il(d)), "vec2 "+what)
			}
			for _, d := range []int32{-1, 0, 3, -7, math.MinInt32} {
				mc, fc := strictFunc(t, []types.Type{types.I32}, func(b *ir.Builder, p []ir.Value) ir.Value { return b.Binary(op, p[0], b.I32(d)) }, transform.IntDivRem)
				checkLanes(t, []int64{int64(ref(a, d))}, evalStrict(t, mc, fc, il(a)), fmt.Sprintf("%d %s constant %d", a, op, d))
			}
		}
		for _, a := range strictU32 {
			for _, d := range strictU32 {
				checkLanes(t, []int64{int64(refU(a, d))}, evalStrict(t, mu, fu, ul(a), ul(d)), fmt.Sprintf("%du %s %du", a, op, d))
			}
		}
	}
}

// TestShiftMaskStrict: after ShiftMask, a shift by any amount is defined and takes the
// amount modulo 32.
func TestShiftMaskStrict(t *testing.T) {
	amounts := []uint32{0, 1, 31, 32, 33, 63, 64, 100, 0xffffffff}
	for _, op := range []ir.Op{ir.OpShl, ir.OpShr} {
		m, f := strictFunc(t, []types.Type{types.I32, types.U32}, func(b *ir.Builder, p []ir.Value) ir.Value { return b.Binary(op, p[0], p[1]) }, transform.ShiftMask)
		mu, fu := strictFunc(t, []types.Type{types.U32, types.U32}, func(b *ir.Builder, p []ir.Value) ir.Value { return b.Binary(op, p[0], p[1]) }, transform.ShiftMask)
		for _, a := range strictI32 {
			for _, n := range amounts {
				want := wgslref.ShlI32(a, n)
				wantU := wgslref.ShlU32(uint32(a), n)
				if op == ir.OpShr {
					want, wantU = wgslref.ShrI32(a, n), wgslref.ShrU32(uint32(a), n)
				}
				checkLanes(t, []int64{int64(want)}, evalStrict(t, m, f, il(a), ul(n)), fmt.Sprintf("%d %s %d", a, op, n))
				checkLanes(t, []int64{int64(wantU)}, evalStrict(t, mu, fu, ul(uint32(a)), ul(n)), fmt.Sprintf("%du %s %d", uint32(a), op, n))
			}
		}
		for _, n := range []uint32{3, 32, 40} {
			mc, fc := strictFunc(t, []types.Type{types.I32}, func(b *ir.Builder, p []ir.Value) ir.Value { return b.Binary(op, p[0], b.U32(n)) }, transform.ShiftMask)
			want := wgslref.ShlI32(-7, n)
			if op == ir.OpShr {
				want = wgslref.ShrI32(-7, n)
			}
			checkLanes(t, []int64{int64(want)}, evalStrict(t, mc, fc, il(-7)), fmt.Sprintf("-7 %s constant %d", op, n))
		}
	}
}

// TestBitFieldClampStrict: after BitFieldClamp, extractBits and insertBits with any offset
// and count are defined and clamp them as WGSL does.
func TestBitFieldClampStrict(t *testing.T) {
	me, fe := strictFunc(t, []types.Type{types.I32, types.U32, types.U32}, func(b *ir.Builder, p []ir.Value) ir.Value {
		return b.Builtin(builtins.FnExtractBits, p[0], p[1], p[2])
	}, transform.BitFieldClamp)
	mu, fu := strictFunc(t, []types.Type{types.U32, types.U32, types.U32}, func(b *ir.Builder, p []ir.Value) ir.Value {
		return b.Builtin(builtins.FnExtractBits, p[0], p[1], p[2])
	}, transform.BitFieldClamp)
	mi, fi := strictFunc(t, []types.Type{types.U32, types.U32, types.U32, types.U32}, func(b *ir.Builder, p []ir.Value) ir.Value {
		return b.Builtin(builtins.FnInsertBits, p[0], p[1], p[2], p[3])
	}, transform.BitFieldClamp)
	sizes := []uint32{0, 1, 4, 28, 31, 32, 33, 100, 0xffffffff}
	for _, e := range []uint32{0, 0x12345678, 0x80000001, 0xffffffff} {
		for _, off := range sizes {
			for _, count := range sizes {
				what := fmt.Sprintf("(%#x, %d, %d)", e, off, count)
				checkLanes(t, []int64{int64(int32(wgslref.ExtractBits(e, off, count, true)))}, evalStrict(t, me, fe, il(int32(e)), ul(off), ul(count)), "extractBits i32"+what)
				checkLanes(t, []int64{int64(wgslref.ExtractBits(e, off, count, false))}, evalStrict(t, mu, fu, ul(e), ul(off), ul(count)), "extractBits u32"+what)
				checkLanes(t, []int64{int64(wgslref.InsertBits(e, 0xa5a5a5a5, off, count))}, evalStrict(t, mi, fi, ul(e), ul(0xa5a5a5a5), ul(off), ul(count)), "insertBits"+what)
			}
		}
	}
}

// TestFloatToIntSaturateStrict: after FloatToIntSaturate, f32 to i32 and u32 conversions of
// any float are defined and clamp as WGSL does; NaN gives a defined value too.
func TestFloatToIntSaturateStrict(t *testing.T) {
	for _, to := range []*types.Scalar{types.I32, types.U32} {
		m, f := strictFunc(t, []types.Type{types.F32}, func(b *ir.Builder, p []ir.Value) ir.Value { return b.Convert(to, p[0]) }, transform.FloatToIntSaturate)
		for _, x := range []float64{0, 1.5, -1.5, -1, 1e10, -1e10, 2147483520, 2147483648, 4294967040, 4294967296, math.Inf(1), math.Inf(-1), math.NaN()} {
			got := evalStrict(t, m, f, []lane{{f: float64(float32(x))}})
			r, ok := wgslref.FloatToI32(x, wgslref.MaxI32InF32)
			want := int64(r)
			if to == types.U32 {
				u, _ := wgslref.FloatToU32(x, wgslref.MaxU32InF32)
				want = int64(u)
			}
			if !ok {
				assert.False(t, got[0].undef, "%s(NaN) is undefined by SPIR-V's rules", to)
				continue
			}
			checkLanes(t, []int64{want}, got, fmt.Sprintf("%s(%v)", to, x))
		}
	}
}
