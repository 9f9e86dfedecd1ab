package constant

import (
	"fmt"
	"math"

	"github.com/wgslgo/wgslgo/compiler/types"
)

// Op is a WGSL unary or binary operator.
type Op uint8

// The operators. Neg, Not and Complement are unary; the rest are binary.
const (
	OpInvalid  Op = iota
	Neg           // -e
	Not           // !e
	Complement    // ~e
	Add           // +
	Sub           // -
	Mul           // *
	Div           // /
	Rem           // %
	And           // & (bitwise, or logical on bool)
	Or            // | (bitwise, or logical on bool)
	Xor           // ^
	Shl           // <<
	Shr           // >>
	LogicalAnd    // &&
	LogicalOr     // ||
	Eq            // ==
	Ne            // !=
	Lt            // <
	Le            // <=
	Gt            // >
	Ge            // >=
	numOps
)

var opNames = [numOps]string{"?", "-", "!", "~", "+", "-", "*", "/", "%", "&", "|", "^", "<<", ">>", "&&", "||", "==", "!=", "<", "<=", ">", ">="}

// String returns the operator's WGSL token.
func (op Op) String() string {
	if op >= numOps {
		return "?"
	}
	return opNames[op]
}

// IsUnary reports whether op is a prefix operator.
func (op Op) IsUnary() bool { return op >= Neg && op <= Complement }

// IsComparison reports whether op yields bool (or a bool vector).
func (op Op) IsComparison() bool { return op >= Eq && op <= Ge }

func errOp(op Op, t types.Type) error {
	return fmt.Errorf("operator %s is not defined for %s", op, typeName(t))
}

// Unary evaluates op (Neg, Not or Complement) on a scalar or vector, component-wise.
// Negating the most negative value of an integer type, AbstractInt included, gives that value
// back, as the spec's negation rule says.
func Unary(op Op, v Value) (Value, error) {
	var s *types.Scalar
	switch t := v.typ.(type) {
	case *types.Scalar:
		s = t
	case *types.Vector:
		s = t.Elem
	default:
		return Value{}, errOp(op, v.typ)
	}
	switch {
	case op == Neg && s.IsSigned(), op == Not && s.Kind == types.KindBool, op == Complement && s.IsInteger():
	default:
		return Value{}, errOp(op, v.typ)
	}
	return mapScalars(v, func(x Value) (Value, error) { return unaryScalar(op, s, x) })
}

func unaryScalar(op Op, s *types.Scalar, v Value) (Value, error) {
	switch op {
	case Not:
		return MakeBool(v.bits == 0), nil
	case Complement:
		return makeInt(s, ^v.int()), nil
	}
	if s.IsInteger() {
		return makeInt(s, -v.int()), nil // the most negative value negates to itself
	}
	return makeFloat(s, -v.float()), nil
}

// mapScalars applies f to a scalar, or to each component of a vector.
func mapScalars(v Value, f func(Value) (Value, error)) (Value, error) {
	vt, ok := v.typ.(*types.Vector)
	if !ok {
		return f(v)
	}
	elems := make([]Value, vt.N)
	for i, e := range v.elems {
		r, err := f(e)
		if err != nil {
			return Value{}, err
		}
		elems[i] = r
	}
	return Value{typ: types.Vec(vt.N, elems[0].typ.(*types.Scalar)), elems: elems}, nil
}

// mapScalars2 applies f to two scalars, or to the pairs of components of two vectors of the
// same size.
func mapScalars2(a, b Value, f func(x, y Value) (Value, error)) (Value, error) {
	vt, ok := a.typ.(*types.Vector)
	if !ok {
		return f(a, b)
	}
	elems := make([]Value, vt.N)
	for i := range elems {
		r, err := f(a.elems[i], b.elems[i])
		if err != nil {
			return Value{}, err
		}
		elems[i] = r
	}
	return Value{typ: types.Vec(vt.N, elems[0].typ.(*types.Scalar)), elems: elems}, nil
}

// Binary evaluates a op b. The operands must already have the types of one of the operator's
// overloads (the caller resolves overloads and applies automatic conversions, see
// CommonScalar and Convert):
//
//   - the same scalar or vector type on both sides, component-wise, for every operator
//     (&& and || take bool scalars; comparisons yield bool or vecN<bool>);
//   - a vector and a scalar of its component type, either way round, for + - * / %;
//   - matrices: M + M, M - M, M * s, s * M, M * v, v * M and M * M of matching shapes;
//   - for << and >>: an integer scalar or vector on the left, u32 or vecN<u32> of the same
//     shape on the right.
//
// Concrete integers wrap on overflow, except that division and remainder by zero, i32 MIN / -1,
// out-of-range shift amounts and left shifts that change the sign or drop set bits are errors,
// as the spec makes them in const- and override-expressions. AbstractInt overflow is an error.
// Float results are rounded to their type; an infinite or NaN result is an error.
func Binary(op Op, a, b Value) (Value, error) {
	if a.typ == nil || b.typ == nil {
		return Value{}, fmt.Errorf("operator %s applied to an invalid value", op)
	}
	switch op {
	case Shl, Shr:
		return shift(op, a, b)
	case LogicalAnd, LogicalOr:
		if a.typ != types.Bool || b.typ != types.Bool {
			return Value{}, mismatch(op, a, b)
		}
		if op == LogicalAnd {
			return MakeBool(a.bits&b.bits != 0), nil
		}
		return MakeBool(a.bits|b.bits != 0), nil
	}
	_, am := a.typ.(*types.Matrix)
	_, bm := b.typ.(*types.Matrix)
	if am || bm {
		return matrixBinary(op, a, b)
	}
	if a.typ != b.typ && op >= Add && op <= Rem {
		// vector-scalar forms: splat the scalar
		if av, ok := a.typ.(*types.Vector); ok && av.Elem == b.typ {
			b = splat(av, b)
		} else if bv, ok := b.typ.(*types.Vector); ok && bv.Elem == a.typ {
			a = splat(bv, a)
		}
	}
	if a.typ != b.typ {
		return Value{}, mismatch(op, a, b)
	}
	s := types.ElemScalar(a.typ)
	if s == nil || !opDefined(op, s) {
		return Value{}, errOp(op, a.typ)
	}
	if a.elems == nil {
		return scalarBinary(op, s, a, b)
	}
	return mapScalars2(a, b, func(x, y Value) (Value, error) { return scalarBinary(op, s, x, y) })
}

func mismatch(op Op, a, b Value) error {
	return fmt.Errorf("operator %s is not defined for %s and %s", op, typeName(a.typ), typeName(b.typ))
}

// opDefined reports whether binary op applies to components of type s.
func opDefined(op Op, s *types.Scalar) bool {
	switch op {
	case Add, Sub, Mul, Div, Rem, Lt, Le, Gt, Ge:
		return s.IsNumeric()
	case And, Or:
		return s.IsInteger() || s.Kind == types.KindBool
	case Xor:
		return s.IsInteger()
	case Eq, Ne:
		return true
	}
	return false
}

func scalarBinary(op Op, s *types.Scalar, a, b Value) (Value, error) {
	switch op {
	case Eq, Ne, Lt, Le, Gt, Ge:
		return MakeBool(compare(op, s, a, b)), nil
	}
	switch s.Kind {
	case types.KindBool:
		if op == And {
			return MakeBool(a.bits&b.bits != 0), nil
		}
		return MakeBool(a.bits|b.bits != 0), nil
	case types.KindAbstractInt:
		return abstractIntBinary(op, a, b)
	case types.KindI32, types.KindU32:
		return concreteIntBinary(op, s, a, b)
	}
	return floatBinary(op, s, a, b)
}

func compare(op Op, s *types.Scalar, a, b Value) bool {
	var c int // -1, 0, 1
	switch s.Kind {
	case types.KindBool, types.KindU32:
		c = cmpOrdered(a.bits, b.bits)
	case types.KindAbstractInt, types.KindI32:
		c = cmpOrdered(a.int(), b.int())
	default:
		c = cmpOrdered(a.float(), b.float())
	}
	switch op {
	case Eq:
		return c == 0
	case Ne:
		return c != 0
	case Lt:
		return c < 0
	case Le:
		return c <= 0
	case Gt:
		return c > 0
	}
	return c >= 0
}

func cmpOrdered[T int64 | uint64 | float64](a, b T) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func abstractIntBinary(op Op, a, b Value) (Value, error) {
	x, y := a.int(), b.int()
	var r int64
	overflow := false
	switch op {
	case Add:
		r = x + y
		overflow = (x^r)&(y^r) < 0
	case Sub:
		r = x - y
		overflow = (x^y)&(x^r) < 0
	case Mul:
		r = x * y
		overflow = x == -1 && y == math.MinInt64 || y == -1 && x == math.MinInt64 || x != 0 && r/x != y
	case Div, Rem:
		if y == 0 {
			return Value{}, divByZero(op, a, b)
		}
		if x == math.MinInt64 && y == -1 {
			return Value{}, overflowErr(op, a, b)
		}
		if op == Div {
			r = x / y
		} else {
			r = x % y
		}
	case And:
		r = x & y
	case Or:
		r = x | y
	case Xor:
		r = x ^ y
	}
	if overflow {
		return Value{}, overflowErr(op, a, b)
	}
	return MakeAbstractInt(r), nil
}

func concreteIntBinary(op Op, s *types.Scalar, a, b Value) (Value, error) {
	x, y := a.int(), b.int() // i32 sign-extended, u32 zero-extended: exact in int64
	var r int64
	switch op {
	case Add:
		r = x + y
	case Sub:
		r = x - y
	case Mul:
		r = int64(uint64(x) * uint64(y)) // the low 32 bits are right either way
	case Div, Rem:
		if y == 0 {
			return Value{}, divByZero(op, a, b)
		}
		if s.Kind == types.KindI32 && x == math.MinInt32 && y == -1 {
			return Value{}, overflowErr(op, a, b)
		}
		if op == Div {
			r = x / y
		} else {
			r = x % y
		}
	case And:
		r = x & y
	case Or:
		r = x | y
	case Xor:
		r = x ^ y
	}
	return makeInt(s, r), nil
}

func floatBinary(op Op, s *types.Scalar, a, b Value) (Value, error) {
	x, y := a.float(), b.float()
	var r float64
	switch op {
	case Add:
		r = x + y
	case Sub:
		r = x - y
	case Mul:
		r = x * y
	case Div:
		if y == 0 {
			return Value{}, divByZero(op, a, b)
		}
		r = x / y
	case Rem:
		if y == 0 {
			return Value{}, divByZero(op, a, b)
		}
		// math.Mod is exact: it is x - y*trunc(x/y) with the quotient taken as a real value.
		r = math.Mod(x, y)
	}
	r = roundTo(s.Kind, r)
	if math.IsInf(r, 0) || math.IsNaN(r) {
		return Value{}, overflowErr(op, a, b)
	}
	return makeFloat(s, r), nil
}

func divByZero(op Op, a, b Value) error {
	what := "division"
	if op == Rem {
		what = "remainder"
	}
	return fmt.Errorf("%s by zero in constant expression: %s %s %s", what, a, op, b)
}

func overflowErr(op Op, a, b Value) error {
	return fmt.Errorf("%s %s %s overflows %s in constant expression", a, op, b, types.LeafScalar(a.typ))
}

// shift evaluates a << b and a >> b.
func shift(op Op, a, b Value) (Value, error) {
	s := types.ElemScalar(a.typ)
	if s == nil || !s.IsInteger() || types.ElemScalar(b.typ) != types.U32 {
		return Value{}, mismatch(op, a, b)
	}
	if av, ok := a.typ.(*types.Vector); ok {
		if bv, ok := b.typ.(*types.Vector); !ok || bv.N != av.N {
			return Value{}, mismatch(op, a, b)
		}
	} else if !a.IsScalar() || !b.IsScalar() {
		return Value{}, mismatch(op, a, b)
	}
	return mapScalars2(a, b, func(x, y Value) (Value, error) { return shiftScalar(op, s, x, y) })
}

func shiftScalar(op Op, s *types.Scalar, a, b Value) (Value, error) {
	x, n := a.int(), b.bits
	if s.Kind == types.KindAbstractInt {
		if op == Shr {
			if n >= 64 {
				n = 63 // every bit becomes the sign bit
			}
			return MakeAbstractInt(x >> n), nil
		}
		// The n+1 most significant bits must agree, or bits (or the sign) would be lost.
		if n >= 64 && x != 0 || n < 64 && !allSame(x>>(63-n)) {
			return Value{}, fmt.Errorf("%s << %s overflows AbstractInt in constant expression", a, b)
		}
		if n >= 64 {
			return MakeAbstractInt(0), nil
		}
		return MakeAbstractInt(x << n), nil
	}
	if n >= 32 {
		return Value{}, fmt.Errorf("shift amount %s is not less than 32, the bit width of %s, in constant expression", b, s)
	}
	if op == Shr {
		if s.Kind == types.KindU32 {
			return makeInt(s, int64(uint32(x)>>n)), nil
		}
		return makeInt(s, int64(int32(x)>>n)), nil
	}
	if s.Kind == types.KindI32 {
		if !allSame(int64(int32(x) >> (31 - n))) {
			return Value{}, fmt.Errorf("%s << %s overflows i32 in constant expression: the %d most significant bits are not all the same", a, b, n+1)
		}
	} else if n > 0 && uint32(x)>>(32-n) != 0 {
		return Value{}, fmt.Errorf("%s << %s overflows u32 in constant expression: one of the %d most significant bits is set", a, b, n)
	}
	return makeInt(s, x<<n), nil
}

// allSame reports whether the arithmetic-shifted top bits t are all zeros or all ones.
func allSame(t int64) bool { return t == 0 || t == -1 }

// matrixBinary evaluates the operators with a matrix operand.
func matrixBinary(op Op, a, b Value) (Value, error) {
	am, aIsM := a.typ.(*types.Matrix)
	bm, bIsM := b.typ.(*types.Matrix)
	switch op {
	case Add, Sub:
		if a.typ != b.typ {
			return Value{}, mismatch(op, a, b)
		}
		cols := make([]Value, am.Cols)
		for i := range cols {
			c, err := Binary(op, a.elems[i], b.elems[i])
			if err != nil {
				return Value{}, err
			}
			cols[i] = c
		}
		return Value{typ: am, elems: cols}, nil
	case Mul:
	default:
		return Value{}, mismatch(op, a, b)
	}
	switch {
	case aIsM && bIsM: // (K cols x R rows) * (C x K) = C x R
		if am.Elem != bm.Elem || am.Cols != bm.Rows {
			return Value{}, mismatch(op, a, b)
		}
		rt := types.Mat(bm.Cols, am.Rows, am.Elem)
		cols := make([]Value, bm.Cols)
		for c := range cols {
			col, err := linear(rt.Column(), am.Rows, am.Cols, func(r, k int) (Value, Value) {
				return a.elems[k].elems[r], b.elems[c].elems[k]
			}, op, a, b)
			if err != nil {
				return Value{}, err
			}
			cols[c] = col
		}
		return Value{typ: rt, elems: cols}, nil
	case aIsM:
		if v, ok := b.typ.(*types.Vector); ok { // M * v: component r is sum over k of M[k][r] * v[k]
			if v.Elem != am.Elem || v.N != am.Cols {
				return Value{}, mismatch(op, a, b)
			}
			return linear(am.Column(), am.Rows, am.Cols, func(r, k int) (Value, Value) {
				return a.elems[k].elems[r], b.elems[k]
			}, op, a, b)
		}
		if b.typ != am.Elem {
			return Value{}, mismatch(op, a, b)
		}
		return scaleMatrix(a, b)
	default:
		if v, ok := a.typ.(*types.Vector); ok { // v * M: component c is sum over k of v[k] * M[c][k]
			if v.Elem != bm.Elem || v.N != bm.Rows {
				return Value{}, mismatch(op, a, b)
			}
			return linear(types.Vec(bm.Cols, bm.Elem), bm.Cols, bm.Rows, func(c, k int) (Value, Value) {
				return a.elems[k], b.elems[c].elems[k]
			}, op, a, b)
		}
		if a.typ != bm.Elem {
			return Value{}, mismatch(op, a, b)
		}
		return scaleMatrix(b, a)
	}
}

// linear builds the vector rt of n components where component i is the sum over k < terms of
// the products of the pairs pair(i, k), each component computed in float64 and rounded once.
func linear(rt *types.Vector, n, terms int, pair func(i, k int) (Value, Value), op Op, a, b Value) (Value, error) {
	elems := make([]Value, n)
	for i := range elems {
		sum := 0.0
		for k := 0; k < terms; k++ {
			x, y := pair(i, k)
			sum += x.float() * y.float()
		}
		r := roundTo(rt.Elem.Kind, sum)
		if math.IsInf(r, 0) || math.IsNaN(r) {
			return Value{}, overflowErr(op, a, b)
		}
		elems[i] = makeFloat(rt.Elem, r)
	}
	return Value{typ: rt, elems: elems}, nil
}

func scaleMatrix(m, s Value) (Value, error) {
	mt := m.typ.(*types.Matrix)
	cols := make([]Value, mt.Cols)
	for i := range cols {
		c, err := Binary(Mul, m.elems[i], s)
		if err != nil {
			return Value{}, err
		}
		cols[i] = c
	}
	return Value{typ: mt, elems: cols}, nil
}
