package constant

import (
	"fmt"
	"math"
	"math/big"
	"math/bits"
	"strings"
	"testing"

	"github.com/wgslgo/wgslgo/compiler/builtins"
	"github.com/wgslgo/wgslgo/compiler/types"
	"github.com/wgslgo/wgslgo/internal/wgslref"
)

// The fuzzers' reference: WGSL's constant operations on scalars computed another way, exactly
// with math/big and then rounded once (internal/wgslref for f16), so that the fuzzers
// compare values, not only the representation's invariants.

// refResult is a reference result: the value (an integer, or a float's exact value rounded
// to its type, or a bool), or that the operation is a shader-creation error.
type refResult struct {
	err bool
	i   *big.Int
	f   float64
	b   bool
}

func floatBits(k types.ScalarKind) int {
	switch k {
	case types.KindF16:
		return 16
	case types.KindF32:
		return 32
	}
	return 64
}

// intRange returns the bounds of an integer kind.
func intRange(k types.ScalarKind) (lo, hi *big.Int) {
	switch k {
	case types.KindI32:
		return big.NewInt(math.MinInt32), big.NewInt(math.MaxInt32)
	case types.KindU32:
		return big.NewInt(0), big.NewInt(math.MaxUint32)
	}
	return big.NewInt(math.MinInt64), big.NewInt(math.MaxInt64)
}

// wrapInt reduces x modulo 2^32 into the range of i32 or u32.
func wrapInt(k types.ScalarKind, x *big.Int) *big.Int {
	m := new(big.Int).Lsh(big.NewInt(1), 32)
	r := new(big.Int).Mod(x, m)
	if k == types.KindI32 && r.Cmp(big.NewInt(math.MaxInt32)) > 0 {
		r.Sub(r, m)
	}
	return r
}

func refInt(v Value, k types.ScalarKind) *big.Int {
	if k == types.KindU32 {
		return new(big.Int).SetUint64(v.bits)
	}
	return big.NewInt(v.int())
}

func cmpResult(op Op, c int) refResult {
	switch op {
	case Eq:
		return refResult{b: c == 0}
	case Ne:
		return refResult{b: c != 0}
	case Lt:
		return refResult{b: c < 0}
	case Le:
		return refResult{b: c <= 0}
	case Gt:
		return refResult{b: c > 0}
	}
	return refResult{b: c >= 0}
}

// refBinary is x op y on scalars of kind k (y is u32 for shifts), or ok false where the
// reference does not say.
func refBinary(op Op, k types.ScalarKind, x, y Value) (r refResult, ok bool) {
	s := types.ScalarOf(k)
	switch {
	case k == types.KindBool:
		a, b := x.bits != 0, y.bits != 0
		switch op {
		case And, LogicalAnd:
			return refResult{b: a && b}, true
		case Or, LogicalOr:
			return refResult{b: a || b}, true
		case Eq:
			return refResult{b: a == b}, true
		case Ne:
			return refResult{b: a != b}, true
		}
		return r, false
	case s.IsFloat():
		a, b := new(big.Rat).SetFloat64(x.float()), new(big.Rat).SetFloat64(y.float())
		if op.IsComparison() {
			return cmpResult(op, a.Cmp(b)), true
		}
		e := new(big.Rat)
		switch op {
		case Add:
			e.Add(a, b)
		case Sub:
			e.Sub(a, b)
		case Mul:
			e.Mul(a, b)
		case Div, Rem:
			if b.Sign() == 0 {
				return refResult{err: true}, true
			}
			e.Quo(a, b)
			if op == Rem {
				// e1 - e2 * trunc(e1 / e2), the quotient a real value.
				q := new(big.Int).Quo(e.Num(), e.Denom())
				e.Sub(a, new(big.Rat).Mul(b, new(big.Rat).SetInt(q)))
			}
		default:
			return r, false
		}
		f := wgslref.RoundRat(e, floatBits(k))
		return refResult{f: f, err: math.IsInf(f, 0)}, true
	}
	a, b := refInt(x, k), refInt(y, types.KindU32)
	if op != Shl && op != Shr {
		b = refInt(y, k)
	}
	if op.IsComparison() {
		return cmpResult(op, a.Cmp(b)), true
	}
	lo, hi := intRange(k)
	e := new(big.Int)
	switch op {
	case Add:
		e.Add(a, b)
	case Sub:
		e.Sub(a, b)
	case Mul:
		e.Mul(a, b)
	case Div, Rem:
		if b.Sign() == 0 {
			return refResult{err: true}, true
		}
		if op == Div {
			e.Quo(a, b)
		} else {
			e.Rem(a, b)
		}
		// The lowest value divided by -1 is an error in a const-expression, for i32 as
		// for AbstractInt (where the quotient does not fit).
		if k != types.KindU32 && a.Cmp(lo) == 0 && b.Cmp(big.NewInt(-1)) == 0 {
			return refResult{err: true}, true
		}
	case And:
		e.And(a, b)
	case Or:
		e.Or(a, b)
	case Xor:
		e.Xor(a, b)
	case Shl, Shr:
		n := b.Uint64()
		if k != types.KindAbstractInt && n >= 32 {
			return refResult{err: true}, true // a shift by the bit width or more
		}
		if op == Shr {
			if n > 64 {
				n = 64
			}
			return refResult{i: e.Rsh(a, uint(n))}, true // floor: arithmetic for signed
		}
		if a.Sign() == 0 {
			return refResult{i: e}, true
		}
		if n > 64 {
			return refResult{err: true}, true
		}
		// A left shift that loses bits or changes the sign is an error.
		e.Lsh(a, uint(n))
		return refResult{i: e, err: e.Cmp(lo) < 0 || e.Cmp(hi) > 0}, true
	default:
		return r, false
	}
	if k == types.KindAbstractInt {
		return refResult{i: e, err: e.Cmp(lo) < 0 || e.Cmp(hi) > 0}, true
	}
	if op == Div || op == Rem {
		return refResult{i: e}, true
	}
	return refResult{i: wrapInt(k, e)}, true
}

// refConvert is the conversion of scalar x of kind from to kind to.
func refConvert(x Value, from, to types.ScalarKind) refResult {
	fs, ts := types.ScalarOf(from), types.ScalarOf(to)
	switch {
	case to == types.KindBool:
		return refResult{b: x.bits != 0 && !(fs.IsFloat() && x.float() == 0)}
	case from == types.KindBool:
		if ts.IsFloat() {
			return refResult{f: float64(x.bits)}
		}
		return refResult{i: big.NewInt(int64(x.bits))}
	case fs.IsInteger() && ts.IsInteger():
		a := refInt(x, from)
		if from == types.KindAbstractInt {
			lo, hi := intRange(to)
			return refResult{i: a, err: a.Cmp(lo) < 0 || a.Cmp(hi) > 0}
		}
		return refResult{i: wrapIntKind(to, a)}
	case fs.IsInteger():
		// Outside the finite range of the float type (before rounding) is an error (spec
		// "numeric scalar conversion to floating point"); inside, the nearest value.
		e := new(big.Rat).SetInt(refInt(x, from))
		return refResult{f: wgslref.RoundRat(e, floatBits(to)), err: beyondFinite(e, to)}
	case ts.IsInteger():
		// Truncated, then clamped to the integers of the target type that the source
		// float type represents (spec "scalar floating point to integral conversion"): the
		// top of the range rounded toward zero to the source's precision, at most its
		// largest finite value.
		r, _ := new(big.Float).SetFloat64(math.Trunc(x.float())).Int(nil)
		lo, hi := intRange(to)
		top, _ := new(big.Float).SetPrec(map[int]uint{16: 11, 32: 24, 64: 53}[floatBits(from)]).SetMode(big.ToZero).SetInt(hi).Int(nil)
		if max, _ := new(big.Float).SetFloat64(maxFiniteOf(from)).Int(nil); top.Cmp(max) > 0 {
			top = max
		}
		switch {
		case r.Cmp(lo) < 0:
			r = lo
		case r.Cmp(top) > 0:
			r = top
		}
		return refResult{i: r}
	}
	e := new(big.Rat).SetFloat64(x.float())
	return refResult{f: wgslref.RoundRat(e, floatBits(to)), err: beyondFinite(e, to)}
}

func maxFiniteOf(k types.ScalarKind) float64 {
	switch k {
	case types.KindF16:
		return 65504
	case types.KindF32:
		return math.MaxFloat32
	}
	return math.MaxFloat64
}

func beyondFinite(e *big.Rat, k types.ScalarKind) bool {
	return new(big.Rat).Abs(e).Cmp(new(big.Rat).SetFloat64(maxFiniteOf(k))) > 0
}

// compareBinary checks r, err = Binary(op, a, b) against the reference, component by
// component, where a and b have one shape (a vector and a scalar are splatted).
func compareBinary(t *testing.T, op Op, a, b Value, r Value, err error) {
	t.Helper()
	sa, sb := types.ElemScalar(a.typ), types.ElemScalar(b.typ)
	if sa == nil || sb == nil || err != nil && strings.Contains(err.Error(), "is not defined for") {
		return // which operators apply to which types is the checker's to say
	}
	if op == Shl || op == Shr {
		if sb != types.U32 || a.Len() != b.Len() || !sa.IsInteger() {
			return
		}
	} else if sa != sb {
		return
	}
	n := max(a.Len(), b.Len(), 1) // Len is 0 for a scalar
	comp := func(v Value, i int) Value {
		if v.IsScalar() {
			return v
		}
		return v.Index(i)
	}
	if !a.IsScalar() && !b.IsScalar() && a.Len() != b.Len() || a.IsScalar() != b.IsScalar() && (op < Add || op > Rem) {
		return
	}
	if _, ok := a.typ.(*types.Matrix); ok {
		return
	}
	if _, ok := b.typ.(*types.Matrix); ok {
		return
	}
	rk := sa.Kind
	if op.IsComparison() {
		rk = types.KindBool
	}
	// The operation is an error if any component's is; else each component is the
	// reference's.
	wantErr := false
	wants := make([]refResult, n)
	for i := range n {
		w, ok := refBinary(op, sa.Kind, comp(a, i), comp(b, i))
		if !ok {
			return
		}
		wants[i], wantErr = w, wantErr || w.err
	}
	what := fmt.Sprintf("%v %s %v", a, op, b)
	if wantErr || err != nil {
		checkRef(t, what, refResult{err: wantErr}, rk, r, err)
		return
	}
	for i, w := range wants {
		checkRef(t, fmt.Sprintf("%s [%d]", what, i), w, rk, comp(r, i), nil)
	}
}

// checkRef compares what the evaluator gave (r, err) for a scalar result of kind k with the
// reference.
func checkRef(t *testing.T, what string, want refResult, k types.ScalarKind, r Value, err error) {
	t.Helper()
	switch {
	case want.err && err == nil:
		t.Fatalf("%s: %v, want an error", what, r)
	case !want.err && err != nil:
		t.Fatalf("%s: %v, want a value", what, err)
	case err != nil:
		return
	}
	s := types.ScalarOf(k)
	var ok bool
	var show string
	switch {
	case k == types.KindBool:
		ok, show = (r.bits != 0) == want.b, fmt.Sprint(want.b)
	case s.IsFloat():
		ok, show = r.float() == want.f, fmt.Sprint(want.f)
	default:
		ok, show = refInt(r, k).Cmp(want.i) == 0, want.i.String()
	}
	if !ok {
		t.Fatalf("%s = %v, want %s", what, r, show)
	}
}

// compareUnary checks r = Unary(op, a) component by component: -e negates (the lowest
// integer stays itself), ~e complements, !e negates a bool.
func compareUnary(t *testing.T, op Op, a, r Value) {
	t.Helper()
	s := types.ElemScalar(a.typ)
	for i := range max(a.Len(), 1) {
		x, got := a, r
		if !a.IsScalar() {
			x, got = a.Index(i), r.Index(i)
		}
		var want refResult
		switch {
		case op == Not:
			want.b = x.bits == 0
		case s.IsFloat():
			want.f = -x.float()
		case op == Complement:
			want.i = wrapIntKind(s.Kind, new(big.Int).Not(refInt(x, s.Kind)))
		default:
			want.i = wrapIntKind(s.Kind, new(big.Int).Neg(refInt(x, s.Kind)))
		}
		kind := s.Kind
		if op == Not {
			kind = types.KindBool
		}
		checkRef(t, fmt.Sprintf("%s%v", op, x), want, kind, got, nil)
	}
}

// wrapIntKind wraps x into an integer kind, 64-bit two's complement for AbstractInt.
func wrapIntKind(k types.ScalarKind, x *big.Int) *big.Int {
	if k != types.KindAbstractInt {
		return wrapInt(k, x)
	}
	m := new(big.Int).Lsh(big.NewInt(1), 64)
	r := new(big.Int).Mod(x, m)
	if r.Cmp(big.NewInt(math.MaxInt64)) > 0 {
		r.Sub(r, m)
	}
	return r
}

// refValues are the operands of TestAgainstReference, per kind: the boundaries where
// overflow, wrapping, rounding and errors begin.
var refValues = map[types.ScalarKind][]Value{
	types.KindBool: {MakeBool(false), MakeBool(true)},
	types.KindAbstractInt: {MakeAbstractInt(0), MakeAbstractInt(1), MakeAbstractInt(-1), MakeAbstractInt(2), MakeAbstractInt(63), MakeAbstractInt(64),
		MakeAbstractInt(math.MaxInt64), MakeAbstractInt(math.MinInt64), MakeAbstractInt(math.MinInt64 + 1), MakeAbstractInt(1 << 62),
		MakeAbstractInt(math.MaxInt32), MakeAbstractInt(math.MinInt32), MakeAbstractInt(math.MaxUint32), MakeAbstractInt(1 << 32), MakeAbstractInt(-7), MakeAbstractInt(65504), MakeAbstractInt(65520)},
	types.KindI32: {MakeI32(0), MakeI32(1), MakeI32(-1), MakeI32(2), MakeI32(31), MakeI32(32), MakeI32(math.MaxInt32), MakeI32(math.MinInt32),
		MakeI32(math.MinInt32 + 1), MakeI32(1 << 30), MakeI32(-7), MakeI32(0x40000001), MakeI32(65520)},
	types.KindU32: {MakeU32(0), MakeU32(1), MakeU32(2), MakeU32(31), MakeU32(32), MakeU32(33), MakeU32(math.MaxUint32), MakeU32(1 << 31),
		MakeU32(1<<31 - 1), MakeU32(7), MakeU32(0x80000001), MakeU32(65520)},
	types.KindAbstractFloat: {MakeAbstractFloat(0), MakeAbstractFloat(1), MakeAbstractFloat(-1.5), MakeAbstractFloat(math.MaxFloat64),
		MakeAbstractFloat(-math.MaxFloat64), MakeAbstractFloat(0x1p-1074), MakeAbstractFloat(3), MakeAbstractFloat(1e300), MakeAbstractFloat(0.1),
		MakeAbstractFloat(2147483647.5), MakeAbstractFloat(-2147483648.9), MakeAbstractFloat(4294967295.5), MakeAbstractFloat(65519.9), MakeAbstractFloat(math.MaxFloat32 * 1.0000001)},
	types.KindF32: {MakeF32(0), MakeF32(1), MakeF32(-1.5), MakeF32(math.MaxFloat32), MakeF32(-math.MaxFloat32), MakeF32(0x1p-149),
		MakeF32(3), MakeF32(1e30), MakeF32(0.1), MakeF32(16777216), MakeF32(2147483520), MakeF32(2147483648), MakeF32(4294967040), MakeF32(65519.99)},
	types.KindF16: {MakeF16(0), MakeF16(1), MakeF16(-1.5), MakeF16(65504), MakeF16(-65504), MakeF16(0x1p-24), MakeF16(3),
		MakeF16(0x1p-14), MakeF16(2048), MakeF16(2049 + 1), MakeF16(0.0999755859375), MakeF16(1 + 0x1p-10)},
}

// TestAgainstReference: every operator, on every pair of refValues of each kind (and of a
// vector of them), every negation and complement, and every conversion between scalar kinds
// give the reference's value or its error.
func TestAgainstReference(t *testing.T) {
	ops := []Op{Add, Sub, Mul, Div, Rem, And, Or, Xor, Shl, Shr, LogicalAnd, LogicalOr, Eq, Ne, Lt, Le, Gt, Ge}
	for k, vals := range refValues {
		for _, a := range vals {
			for _, b := range vals {
				for _, op := range ops {
					y := b
					if op == Shl || op == Shr {
						y = MakeU32(uint32(b.Int64()))
					}
					r, err := Binary(op, a, y)
					compareBinary(t, op, a, y, r, err)
					va, vb := MakeComposite(types.Vec(2, a.typ.(*types.Scalar)), []Value{a, b}), MakeComposite(types.Vec(2, y.typ.(*types.Scalar)), []Value{y, a})
					if op == Shl || op == Shr {
						vb = MakeComposite(types.Vec(2, types.U32), []Value{y, MakeU32(uint32(a.Int64()))})
					}
					r, err = Binary(op, va, vb)
					compareBinary(t, op, va, vb, r, err)
				}
			}
			for _, op := range []Op{Neg, Not, Complement} {
				if r, err := Unary(op, a); err == nil {
					compareUnary(t, op, a, r)
				}
			}
			for to := range refValues {
				if to != k {
					r, err := Convert(a, types.ScalarOf(to))
					checkRef(t, fmt.Sprintf("%s(%v)", types.ScalarOf(to), a), refConvert(a, k, to), to, r, err)
				}
			}
		}
	}
}

// refBuiltin is the reference of the builtins whose result the fuzzers compare, on scalar
// arguments (args[0] of kind k): the integer and bit builtins, and the float builtins that
// round exactly. ok is false for the others, and where WGSL leaves the result open.
func refBuiltin(fn builtins.Fn, k types.ScalarKind, args []Value) (r refResult, ok bool) {
	s := types.ScalarOf(k)
	if k == types.KindBool || k == types.KindAbstractInt && fn >= builtins.FnCountLeadingZeros {
		return r, false
	}
	if s.IsFloat() {
		x := make([]float64, len(args))
		for i, a := range args {
			x[i] = a.float()
		}
		round := func(f float64) refResult {
			v := wgslref.RoundRat(new(big.Rat).SetFloat64(f), floatBits(k))
			return refResult{f: v, err: math.IsInf(v, 0)}
		}
		switch {
		case fn == builtins.FnAbs && len(x) == 1:
			return round(math.Abs(x[0])), true
		case fn == builtins.FnMin && len(x) == 2:
			return round(math.Min(x[0], x[1])), true
		case fn == builtins.FnMax && len(x) == 2:
			return round(math.Max(x[0], x[1])), true
		case fn == builtins.FnClamp && len(x) == 3:
			// low > high is an error of a const-expression (spec "clamp").
			return refResult{f: math.Min(math.Max(x[0], x[1]), x[2]), err: x[1] > x[2]}, true
		case fn == builtins.FnFloor && len(x) == 1:
			return round(math.Floor(x[0])), true
		case fn == builtins.FnCeil && len(x) == 1:
			return round(math.Ceil(x[0])), true
		case fn == builtins.FnTrunc && len(x) == 1:
			return round(math.Trunc(x[0])), true
		case fn == builtins.FnRound && len(x) == 1:
			return round(math.RoundToEven(x[0])), true
		case fn == builtins.FnSign && len(x) == 1:
			return round(float64(b2f(x[0] > 0) - b2f(x[0] < 0))), true
		case fn == builtins.FnSqrt && len(x) == 1 && x[0] >= 0:
			// Rounded from f64: more than twice the bits of f32 and f16, plus two.
			return round(math.Sqrt(x[0])), true
		}
		return r, false
	}
	u := make([]uint64, len(args))
	for i, a := range args {
		if types.ElemScalar(a.typ).IsFloat() {
			return r, false
		}
		u[i] = a.bits
	}
	if len(u) == 0 {
		return r, false
	}
	x := refInt(args[0], k)
	bits32 := uint32(u[0])
	intOf := func(v int64) refResult { return refResult{i: wrapIntKind(k, big.NewInt(v))} }
	signed := k != types.KindU32
	switch {
	case fn == builtins.FnAbs && len(u) == 1:
		return refResult{i: wrapIntKind(k, new(big.Int).Abs(x))}, true
	case (fn == builtins.FnMin || fn == builtins.FnMax) && len(u) == 2:
		y := refInt(args[1], k)
		if (x.Cmp(y) < 0) == (fn == builtins.FnMin) {
			return refResult{i: x}, true
		}
		return refResult{i: y}, true
	case fn == builtins.FnClamp && len(u) == 3:
		lo, hi := refInt(args[1], k), refInt(args[2], k)
		if lo.Cmp(hi) > 0 {
			return refResult{err: true}, true
		}
		v := x
		if v.Cmp(lo) < 0 {
			v = lo
		}
		if v.Cmp(hi) > 0 {
			v = hi
		}
		return refResult{i: v}, true
	case fn == builtins.FnSign && len(u) == 1 && signed:
		return intOf(int64(x.Sign())), true
	case k == types.KindAbstractInt:
		return r, false
	case fn == builtins.FnCountOneBits && len(u) == 1:
		return intOf(int64(bits.OnesCount32(bits32))), true
	case fn == builtins.FnCountLeadingZeros && len(u) == 1:
		return intOf(int64(bits.LeadingZeros32(bits32))), true
	case fn == builtins.FnCountTrailingZeros && len(u) == 1:
		return intOf(int64(bits.TrailingZeros32(bits32))), true
	case fn == builtins.FnReverseBits && len(u) == 1:
		return intOf(int64(bits.Reverse32(bits32))), true
	case fn == builtins.FnFirstTrailingBit && len(u) == 1:
		if bits32 == 0 {
			return intOf(-1), true
		}
		return intOf(int64(bits.TrailingZeros32(bits32))), true
	case fn == builtins.FnFirstLeadingBit && len(u) == 1:
		v := bits32
		if signed && int32(v) < 0 {
			v = ^v
		}
		return intOf(int64(31 - bits.LeadingZeros32(v))), true
	case fn == builtins.FnExtractBits && len(u) == 3 && types.ElemScalar(args[1].typ) == types.U32:
		if uint32(u[1])+uint32(u[2]) > 32 || u[1] > 32 || u[2] > 32 {
			return refResult{err: true}, true // offset + count beyond the width, in a const-expression
		}
		return intOf(int64(int32(wgslref.ExtractBits(bits32, uint32(u[1]), uint32(u[2]), signed)))), true
	case fn == builtins.FnInsertBits && len(u) == 4 && types.ElemScalar(args[2].typ) == types.U32:
		if uint32(u[2])+uint32(u[3]) > 32 || u[2] > 32 || u[3] > 32 {
			return refResult{err: true}, true
		}
		return intOf(int64(int32(wgslref.InsertBits(bits32, uint32(u[1]), uint32(u[2]), uint32(u[3]))))), true
	}
	return r, false
}

func b2f(c bool) int {
	if c {
		return 1
	}
	return 0
}

// compareBuiltin checks r, err = CallBuiltin(fn, args) against refBuiltin, on scalar
// arguments whose call the evaluator accepts or refuses for its value (not its types).
func compareBuiltin(t *testing.T, fn builtins.Fn, args []Value, r Value, err error) {
	t.Helper()
	if len(args) == 0 || err != nil && (strings.Contains(err.Error(), "no matching") || strings.Contains(err.Error(), "not defined")) {
		return
	}
	k := types.ElemScalar(args[0].typ).Kind
	for i, a := range args {
		// One type for every argument but extractBits' and insertBits' offset and count.
		bitField := fn == builtins.FnExtractBits && i > 0 || fn == builtins.FnInsertBits && i > 1
		want := k
		if bitField {
			want = types.KindU32
		}
		if !a.IsScalar() || types.ElemScalar(a.typ).Kind != want {
			return
		}
	}
	want, ok := refBuiltin(fn, k, args)
	if !ok || err == nil && types.ElemScalar(r.typ).Kind != k {
		return
	}
	checkRef(t, fmt.Sprintf("%s%v", fn, args), want, k, r, err)
}

// TestBuiltinsAgainstReference: the builtins refBuiltin knows, on the refValues of each kind
// (and u32 offsets and counts around the bit width), give its values or its errors.
func TestBuiltinsAgainstReference(t *testing.T) {
	unary := []builtins.Fn{builtins.FnAbs, builtins.FnSign, builtins.FnFloor, builtins.FnCeil, builtins.FnTrunc, builtins.FnRound,
		builtins.FnSqrt, builtins.FnCountOneBits, builtins.FnCountLeadingZeros, builtins.FnCountTrailingZeros,
		builtins.FnReverseBits, builtins.FnFirstLeadingBit, builtins.FnFirstTrailingBit}
	fields := []Value{MakeU32(0), MakeU32(1), MakeU32(4), MakeU32(28), MakeU32(31), MakeU32(32), MakeU32(33)}
	call := func(fn builtins.Fn, args ...Value) {
		r, err := CallBuiltin(fn, args, args[0].typ)
		compareBuiltin(t, fn, args, r, err)
	}
	for _, vals := range refValues {
		for _, a := range vals {
			for _, fn := range unary {
				call(fn, a)
			}
			for _, b := range vals {
				call(builtins.FnMin, a, b)
				call(builtins.FnMax, a, b)
				call(builtins.FnClamp, a, b, vals[len(vals)/2])
				call(builtins.FnClamp, vals[1], a, b)
				call(builtins.FnInsertBits, a, b, fields[2], fields[3])
			}
			for _, off := range fields {
				for _, count := range fields {
					call(builtins.FnExtractBits, a, off, count)
					call(builtins.FnInsertBits, a, vals[len(vals)-1], off, count)
				}
			}
		}
	}
}
