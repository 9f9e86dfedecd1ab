package constant

import (
	"fmt"
	"math"

	"github.com/wgslgo/wgslgo/compiler/builtins"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// The floating-point built-ins are evaluated in float64 and rounded once to the result type;
// the spec's accuracy bounds for f32 and f16 are far looser than that. A result that rounds
// to infinity (or is NaN) is an error; arguments outside a function's domain are reported as
// such rather than as the NaN they would produce.

// floatFunc computes a component of a float built-in from up to three argument components.
// ok is false when they are outside the function's domain; r is then the value at runtime
// (see CallRuntime).
type floatFunc func(x, y, z float64) (r float64, ok bool)

func always(f func(float64) float64) floatFunc {
	return func(x, _, _ float64) (float64, bool) { return f(x), true }
}

func when(cond func(x float64) bool, f func(float64) float64) floatFunc {
	return func(x, _, _ float64) (float64, bool) { return f(x), cond(x) }
}

// fb is a component-wise float built-in of n parameters. domain formats the domain error
// from the argument components.
func fb(n int, domain string, f floatFunc) builtin {
	return builtin{n, func(ec evalCall, args []Value, _ types.Type) (Value, error) {
		s, err := argScalar(ec, args, isFloat, "floating-point values")
		if err != nil {
			return Value{}, err
		}
		return componentwise(args, func(cs []Value) (Value, error) {
			var x [3]float64
			for i, c := range cs {
				x[i] = c.float()
			}
			r, ok := f(x[0], x[1], x[2])
			if !ok && !ec.runtime {
				return Value{}, domainErr(domain, cs)
			}
			return finish(ec, s, r, cs)
		})
	}}
}

func floatBuiltins() map[builtins.Fn]builtin {
	unit := func(x float64) bool { return x >= -1 && x <= 1 }
	positive := func(x float64) bool { return x > 0 }
	return map[builtins.Fn]builtin{
		builtins.FnAcos:        fb(1, "acos of %s, outside its domain [-1, 1],", when(unit, math.Acos)),
		builtins.FnAcosh:       fb(1, "acosh of %s, outside its domain [1, +inf),", when(func(x float64) bool { return x >= 1 }, math.Acosh)),
		builtins.FnAsin:        fb(1, "asin of %s, outside its domain [-1, 1],", when(unit, math.Asin)),
		builtins.FnAsinh:       fb(1, "", always(math.Asinh)),
		builtins.FnAtan:        fb(1, "", always(math.Atan)),
		builtins.FnAtanh:       fb(1, "atanh of %s, outside its domain (-1, 1),", when(func(x float64) bool { return x > -1 && x < 1 }, math.Atanh)),
		builtins.FnCeil:        fb(1, "", always(math.Ceil)),
		builtins.FnCos:         fb(1, "", always(math.Cos)),
		builtins.FnCosh:        fb(1, "", always(math.Cosh)),
		builtins.FnDegrees:     fb(1, "", always(func(x float64) float64 { return x * (180 / math.Pi) })),
		builtins.FnExp:         fb(1, "", always(math.Exp)),
		builtins.FnExp2:        fb(1, "", always(math.Exp2)),
		builtins.FnFloor:       fb(1, "", always(math.Floor)),
		builtins.FnFract:       fb(1, "", always(func(x float64) float64 { return x - math.Floor(x) })),
		builtins.FnInverseSqrt: fb(1, "inverseSqrt of non-positive value %s", when(positive, func(x float64) float64 { return 1 / math.Sqrt(x) })),
		builtins.FnLog:         fb(1, "log of non-positive value %s", when(positive, math.Log)),
		builtins.FnLog2:        fb(1, "log2 of non-positive value %s", when(positive, math.Log2)),
		builtins.FnRadians:     fb(1, "", always(func(x float64) float64 { return x * (math.Pi / 180) })),
		builtins.FnRound:       fb(1, "", always(math.RoundToEven)),
		builtins.FnSaturate:    fb(1, "", always(func(x float64) float64 { return math.Min(math.Max(x, 0), 1) })),
		builtins.FnSin:         fb(1, "", always(math.Sin)),
		builtins.FnSinh:        fb(1, "", always(math.Sinh)),
		builtins.FnSqrt:        fb(1, "sqrt of negative value %s", when(func(x float64) bool { return x >= 0 }, math.Sqrt)),
		builtins.FnTan:         fb(1, "", always(math.Tan)),
		builtins.FnTanh:        fb(1, "", always(math.Tanh)),
		builtins.FnTrunc:       fb(1, "", always(math.Trunc)),
		builtins.FnAtan2:       fb(2, "", func(y, x, _ float64) (float64, bool) { return math.Atan2(y, x), true }),
		builtins.FnPow: fb(2, "pow(%s, %s) is undefined: the base is negative, or zero with an exponent that is not positive,",
			func(x, y, _ float64) (float64, bool) {
				if x < 0 || x == 0 && y <= 0 {
					// What exp2(y * log2(x)), the spec's definition, gives there.
					return math.Exp2(y * math.Log2(x)), false
				}
				return math.Pow(x, y), true
			}),
		builtins.FnStep: fb(2, "", func(edge, x, _ float64) (float64, bool) {
			if edge <= x {
				return 1, true
			}
			return 0, true
		}),
		builtins.FnFma: fb(3, "", func(x, y, z float64) (float64, bool) { return math.FMA(x, y, z), true }),
		builtins.FnMix: fb(3, "", func(x, y, t float64) (float64, bool) { return x*(1-t) + y*t, true }),
		builtins.FnSmoothstep: fb(3, "smoothstep with equal edges %s and %[2]s", func(e0, e1, x float64) (float64, bool) {
			t := math.Min(math.Max((x-e0)/(e1-e0), 0), 1)
			return t * t * (3 - 2*t), e0 != e1
		}),
		builtins.FnQuantizeToF16: {1, quantizeToF16},
		builtins.FnLdexp:         {2, ldexp},
		builtins.FnFrexp:         {1, frexp},
		builtins.FnModf:          {1, modf},
		builtins.FnLength:        {1, length},
		builtins.FnDistance:      {2, distance},
		builtins.FnNormalize:     {1, normalize},
		builtins.FnCross:         {2, cross},
		builtins.FnDeterminant:   {1, determinant},
		builtins.FnTranspose:     {1, transpose},
		builtins.FnFaceForward:   {3, faceForward},
		builtins.FnReflect:       {2, reflect},
		builtins.FnRefract:       {3, refract},
	}
}

func quantizeToF16(ec evalCall, args []Value, _ types.Type) (Value, error) {
	if _, err := argScalar(ec, args, func(s *types.Scalar) bool { return s == types.F32 }, "f32 values"); err != nil {
		return Value{}, err
	}
	return componentwise(args, func(cs []Value) (Value, error) {
		x := cs[0].float()
		if math.Abs(x) > MaxF16 && !ec.runtime {
			return Value{}, domainErr("quantizeToF16 of %s, outside the finite range of f16,", cs)
		}
		return makeFloat(types.F32, RoundF16(x)), nil
	})
}

func ldexp(ec evalCall, args []Value, _ types.Type) (Value, error) {
	s := types.ElemScalar(args[0].typ)
	is := types.ElemScalar(args[1].typ)
	if s == nil || !s.IsFloat() || is == nil || (is != types.I32 && is != types.AbstractInt) {
		return Value{}, fmt.Errorf("ldexp is not defined for %s and %s", typeName(args[0].typ), typeName(args[1].typ))
	}
	bias := int64(1023)
	switch s.Kind {
	case types.KindF32:
		bias = 127
	case types.KindF16:
		bias = 15
	}
	return componentwise(args, func(cs []Value) (Value, error) {
		e := cs[1].int()
		if e > bias+1 && !ec.runtime {
			return Value{}, fmt.Errorf("ldexp exponent %s is greater than %d, the exponent bias of %s plus 1, in constant expression", cs[1], bias+1, s)
		}
		e = min(max(e, -4000), 4000) // far enough beyond every format's range
		return finish(ec, s, math.Ldexp(cs[0].float(), int(e)), cs)
	})
}

func floatArg(ec evalCall, v Value) (*types.Scalar, int, error) {
	switch t := v.typ.(type) {
	case *types.Scalar:
		if t.IsFloat() {
			return t, 1, nil
		}
	case *types.Vector:
		if t.Elem.IsFloat() {
			return t.Elem, t.N, nil
		}
	}
	return nil, 0, fmt.Errorf("%s is not defined for %s", ec.name, typeName(v.typ))
}

func floatVectorArgs(ec evalCall, args []Value) (*types.Vector, error) {
	t, ok := args[0].typ.(*types.Vector)
	if !ok || !t.Elem.IsFloat() {
		return nil, fmt.Errorf("%s is not defined for %s", ec.name, typeName(args[0].typ))
	}
	for _, a := range args[1:] {
		if a.typ != t {
			return nil, fmt.Errorf("%s: mismatched argument types %s and %s", ec.name, t, typeName(a.typ))
		}
	}
	return t, nil
}

// splitResult builds a frexp or modf result structure from per-component halves.
func splitResult(rt *types.Struct, n int, f func(x Value) (Value, Value), v Value) Value {
	if n == 1 {
		a, b := f(v)
		return Value{typ: rt, elems: []Value{a, b}}
	}
	as, bs := make([]Value, n), make([]Value, n)
	for i, c := range v.elems {
		as[i], bs[i] = f(c)
	}
	return Value{typ: rt, elems: []Value{
		{typ: rt.Members[0].Type, elems: as},
		{typ: rt.Members[1].Type, elems: bs},
	}}
}

func frexp(ec evalCall, args []Value, _ types.Type) (Value, error) {
	s, n, err := floatArg(ec, args[0])
	if err != nil {
		return Value{}, err
	}
	exp := types.I32
	if s.Kind == types.KindAbstractFloat {
		exp = types.AbstractInt
	}
	return splitResult(types.FrexpResult(n, s), n, func(x Value) (Value, Value) {
		fr, e := math.Frexp(x.float()) // fr keeps x's significand: exact in x's format
		return makeFloat(s, fr), makeInt(exp, int64(e))
	}, args[0]), nil
}

func modf(ec evalCall, args []Value, _ types.Type) (Value, error) {
	s, n, err := floatArg(ec, args[0])
	if err != nil {
		return Value{}, err
	}
	return splitResult(types.ModfResult(n, s), n, func(x Value) (Value, Value) {
		w := math.Trunc(x.float())
		return makeFloat(s, x.float()-w), makeFloat(s, w) // the difference is exact
	}, args[0]), nil
}

// norm returns the Euclidean norm of xs. When the squares would overflow or underflow, the
// components are first scaled by a power of two, which is exact.
func norm(xs []float64) float64 {
	m := 0.0
	for _, x := range xs {
		m = math.Max(m, math.Abs(x))
	}
	if m == 0 {
		return 0
	}
	e := 0
	if m > 0x1p500 || m < 0x1p-500 {
		_, e = math.Frexp(m)
	}
	sum := 0.0
	for _, x := range xs {
		y := math.Ldexp(x, -e)
		sum += y * y
	}
	return math.Ldexp(math.Sqrt(sum), e)
}

func floats(v Value) []float64 {
	if v.elems == nil {
		return []float64{v.float()}
	}
	xs := make([]float64, len(v.elems))
	for i, e := range v.elems {
		xs[i] = e.float()
	}
	return xs
}

func length(ec evalCall, args []Value, _ types.Type) (Value, error) {
	s, _, err := floatArg(ec, args[0])
	if err != nil {
		return Value{}, err
	}
	return finish(ec, s, sqrtSumSquares(floats(args[0])), args)
}

// sqrtSumSquares is length as the spec defines it, sqrt(e[0]^2 + ... + e[n-1]^2): an
// intermediate square or sum that overflows makes the result infinite, which finish reports
// as a constant-evaluation error, as it is for any const-expression that overflows.
func sqrtSumSquares(xs []float64) float64 {
	if len(xs) == 1 {
		return math.Abs(xs[0])
	}
	sum := 0.0
	for _, x := range xs {
		sum += x * x
	}
	return math.Sqrt(sum)
}

func distance(ec evalCall, args []Value, _ types.Type) (Value, error) {
	s, _, err := floatArg(ec, args[0])
	if err != nil {
		return Value{}, err
	}
	if args[1].typ != args[0].typ {
		return Value{}, fmt.Errorf("%s: mismatched argument types %s and %s", ec.name, args[0].typ, typeName(args[1].typ))
	}
	xs, ys := floats(args[0]), floats(args[1])
	for i := range xs {
		xs[i] -= ys[i]
	}
	return finish(ec, s, sqrtSumSquares(xs), args)
}

func normalize(ec evalCall, args []Value, _ types.Type) (Value, error) {
	t, err := floatVectorArgs(ec, args)
	if err != nil {
		return Value{}, err
	}
	xs := floats(args[0])
	m := 0.0
	for _, x := range xs {
		m = math.Max(m, math.Abs(x))
	}
	if m == 0 && !ec.runtime {
		return Value{}, fmt.Errorf("normalize of the zero vector %s in constant expression", args[0])
	}
	for i := range xs {
		xs[i] /= m
	}
	l := norm(xs)
	return buildFloats(ec, t, args, func(i int) float64 { return xs[i] / l })
}

// buildFloats builds a float vector of type t from the components f(i), rounded and checked.
func buildFloats(ec evalCall, t *types.Vector, args []Value, f func(i int) float64) (Value, error) {
	elems := make([]Value, t.N)
	for i := range elems {
		e, err := finish(ec, t.Elem, f(i), args)
		if err != nil {
			return Value{}, err
		}
		elems[i] = e
	}
	return Value{typ: t, elems: elems}, nil
}

func dotFloat(a, b Value) float64 {
	sum := 0.0
	for i := range a.elems {
		sum += a.elems[i].float() * b.elems[i].float()
	}
	return sum
}

func cross(ec evalCall, args []Value, _ types.Type) (Value, error) {
	t, err := floatVectorArgs(ec, args)
	if err != nil {
		return Value{}, err
	}
	if t.N != 3 {
		return Value{}, fmt.Errorf("cross is not defined for %s", t)
	}
	a, b := floats(args[0]), floats(args[1])
	c := [3]float64{a[1]*b[2] - a[2]*b[1], a[2]*b[0] - a[0]*b[2], a[0]*b[1] - a[1]*b[0]}
	return buildFloats(ec, t, args, func(i int) float64 { return c[i] })
}

func squareMatrix(ec evalCall, v Value) (*types.Matrix, [][]float64, error) {
	m, ok := v.typ.(*types.Matrix)
	if !ok || !m.Elem.IsFloat() {
		return nil, nil, fmt.Errorf("%s is not defined for %s", ec.name, typeName(v.typ))
	}
	cols := make([][]float64, m.Cols)
	for i, c := range v.elems {
		cols[i] = floats(c)
	}
	return m, cols, nil
}

func determinant(ec evalCall, args []Value, _ types.Type) (Value, error) {
	m, cols, err := squareMatrix(ec, args[0])
	if err != nil {
		return Value{}, err
	}
	if m.Cols != m.Rows {
		return Value{}, fmt.Errorf("determinant is not defined for %s, which is not square", m)
	}
	return finish(ec, m.Elem, det(cols), args)
}

// det is the Laplace expansion of the determinant along the first column (rows are indexed
// within each column); n is at most 4.
func det(cols [][]float64) float64 {
	n := len(cols)
	if n == 1 {
		return cols[0][0]
	}
	if n == 2 {
		return cols[0][0]*cols[1][1] - cols[1][0]*cols[0][1]
	}
	sum := 0.0
	sign := 1.0
	for r := 0; r < n; r++ {
		minor := make([][]float64, n-1)
		for c := 1; c < n; c++ {
			col := make([]float64, 0, n-1)
			col = append(col, cols[c][:r]...)
			col = append(col, cols[c][r+1:]...)
			minor[c-1] = col
		}
		sum += sign * cols[0][r] * det(minor)
		sign = -sign
	}
	return sum
}

func transpose(ec evalCall, args []Value, _ types.Type) (Value, error) {
	m, ok := args[0].typ.(*types.Matrix)
	if !ok {
		return Value{}, fmt.Errorf("%s is not defined for %s", ec.name, typeName(args[0].typ))
	}
	rt := types.Mat(m.Rows, m.Cols, m.Elem)
	cols := make([]Value, m.Rows)
	for r := range cols {
		col := make([]Value, m.Cols)
		for c := range col {
			col[c] = args[0].elems[c].elems[r]
		}
		cols[r] = Value{typ: rt.Column(), elems: col}
	}
	return Value{typ: rt, elems: cols}, nil
}

func faceForward(ec evalCall, args []Value, _ types.Type) (Value, error) {
	if _, err := floatVectorArgs(ec, args); err != nil {
		return Value{}, err
	}
	if dotFloat(args[1], args[2]) < 0 {
		return args[0], nil
	}
	return Unary(Neg, args[0])
}

func reflect(ec evalCall, args []Value, _ types.Type) (Value, error) {
	t, err := floatVectorArgs(ec, args)
	if err != nil {
		return Value{}, err
	}
	d := dotFloat(args[1], args[0])
	return buildFloats(ec, t, args, func(i int) float64 {
		return args[0].elems[i].float() - 2*d*args[1].elems[i].float()
	})
}

func refract(ec evalCall, args []Value, _ types.Type) (Value, error) {
	t, err := floatVectorArgs(ec, args[:2])
	if err != nil {
		return Value{}, err
	}
	if args[2].typ != t.Elem {
		return Value{}, fmt.Errorf("refract: the ratio of indices of refraction is %s, not %s", typeName(args[2].typ), t.Elem)
	}
	d, eta := dotFloat(args[1], args[0]), args[2].float()
	k := 1 - eta*eta*(1-d*d)
	if k < 0 {
		return Zero(t), nil
	}
	f := eta*d + math.Sqrt(k)
	return buildFloats(ec, t, args, func(i int) float64 {
		return eta*args[0].elems[i].float() - f*args[1].elems[i].float()
	})
}
