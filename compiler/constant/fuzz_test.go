package constant

import (
	"fmt"
	"math"
	"testing"

	"github.com/wgslgo/wgslgo/compiler/builtins"
	"github.com/wgslgo/wgslgo/compiler/types"
)

var fuzzKinds = []*types.Scalar{types.Bool, types.AbstractInt, types.AbstractFloat, types.I32, types.U32, types.F32, types.F16}

// fuzzScalar makes a valid scalar of the kind selected by k from arbitrary bits: floats that
// would be infinite or NaN become their bit pattern's finite neighbour in range.
func fuzzScalar(k byte, bits uint64) Value {
	s := fuzzKinds[int(k)%len(fuzzKinds)]
	switch s.Kind {
	case types.KindBool:
		return MakeBool(bits&1 != 0)
	case types.KindAbstractInt:
		return MakeAbstractInt(int64(bits))
	case types.KindI32:
		return MakeI32(int32(bits))
	case types.KindU32:
		return MakeU32(uint32(bits))
	case types.KindAbstractFloat:
		x := math.Float64frombits(bits)
		if math.IsInf(x, 0) || math.IsNaN(x) {
			x = float64(int64(bits))
		}
		return MakeAbstractFloat(x)
	case types.KindF32:
		x := math.Float32frombits(uint32(bits))
		if math.IsInf(float64(x), 0) || math.IsNaN(float64(x)) {
			x = float32(int32(bits))
		}
		return MakeF32(x)
	}
	x := F16FromBits(uint16(bits))
	if math.IsInf(x, 0) || math.IsNaN(x) {
		x = float64(int16(bits) >> 6)
	}
	return MakeF16(x)
}

// fuzzShape turns a scalar into a scalar, vector or (for floats) matrix selected by shape,
// varying the components with the bits.
func fuzzShape(s Value, shape byte, bits uint64) Value {
	n := int(shape>>1)%3 + 2
	st := s.Type().(*types.Scalar)
	k := byte(st.Kind)
	switch shape % 4 {
	case 1:
		elems := make([]Value, n)
		for i := range elems {
			elems[i] = fuzzScalar(k, bits>>(i*8)|bits<<(64-i*8))
		}
		return MakeComposite(types.Vec(n, st), elems)
	case 2:
		if st.IsFloat() {
			r := int(shape>>3)%3 + 2
			cols := make([]Value, n)
			for c := range cols {
				comps := make([]Value, r)
				for i := range comps {
					comps[i] = fuzzScalar(k, bits*uint64(c*r+i+1))
				}
				cols[c] = MakeComposite(types.Vec(r, st), comps)
			}
			return MakeComposite(types.Mat(n, r, st), cols)
		}
	}
	return s
}

// checkValid fails if v breaks the representation's invariants.
func checkValid(t *testing.T, v Value, what string) {
	t.Helper()
	switch ty := v.Type().(type) {
	case *types.Scalar:
		switch ty.Kind {
		case types.KindBool:
			if v.bits > 1 {
				t.Fatalf("%s: bool payload %d", what, v.bits)
			}
		case types.KindI32:
			if v.int() != int64(int32(v.int())) {
				t.Fatalf("%s: i32 payload %#x", what, v.bits)
			}
		case types.KindU32:
			if v.bits > math.MaxUint32 {
				t.Fatalf("%s: u32 payload %#x", what, v.bits)
			}
		case types.KindAbstractFloat, types.KindF32, types.KindF16:
			x := v.float()
			if math.IsInf(x, 0) || math.IsNaN(x) || roundTo(ty.Kind, x) != x {
				t.Fatalf("%s: %s payload %v", what, ty, x)
			}
		}
	case nil:
		t.Fatalf("%s: a result without a type", what)
	default:
		for i := 0; i < v.Len(); i++ {
			checkValid(t, v.Index(i), what)
		}
	}
	_ = v.String()
}

var fuzzTypes = []types.Type{
	types.Bool, types.AbstractInt, types.AbstractFloat, types.I32, types.U32, types.F32, types.F16,
	types.Vec(2, types.F32), types.Vec(3, types.I32), types.Vec(4, types.U32), types.Vec(2, types.F16),
	types.Mat(2, 2, types.F32), types.Mat(3, 2, types.F16), types.Vec(4, types.F16),
}

func FuzzBinary(f *testing.F) {
	f.Add(byte(Add), byte(1), byte(1), uint64(math.MaxInt64), uint64(1), byte(0), byte(0))
	f.Add(byte(Div), byte(3), byte(3), uint64(0x80000000), uint64(0xffffffff), byte(1), byte(0))
	f.Add(byte(Shl), byte(3), byte(4), uint64(1), uint64(31), byte(0), byte(0))
	f.Add(byte(Mul), byte(5), byte(5), uint64(0x7f7fffff), uint64(0x40000000), byte(2), byte(1))
	f.Add(byte(Rem), byte(6), byte(6), uint64(0x7bff), uint64(0), byte(1), byte(1))
	f.Fuzz(func(t *testing.T, op, ka, kb byte, xa, xb uint64, sa, sb byte) {
		a := fuzzShape(fuzzScalar(ka, xa), sa, xa)
		bv := fuzzShape(fuzzScalar(kb, xb), sb, xb)
		o := Op(op % byte(numOps+1))
		r, err := Binary(o, a, bv)
		if err == nil {
			checkValid(t, r, o.String())
		}
		compareBinary(t, o, a, bv, r, err)
		// The same with the operands converted to a common type, as the checker would.
		if s, ok := CommonScalar(types.LeafScalar(a.Type()), types.LeafScalar(bv.Type())); ok {
			ca, err1 := ConvertElem(a, s)
			cb, err2 := ConvertElem(bv, s)
			if err1 == nil && err2 == nil {
				r, err := Binary(o, ca, cb)
				if err == nil {
					checkValid(t, r, o.String())
				}
				compareBinary(t, o, ca, cb, r, err)
			}
		}
		if r, err := Unary(o, a); err == nil {
			checkValid(t, r, o.String())
			compareUnary(t, o, a, r)
		}
		to := fuzzTypes[int(op)%len(fuzzTypes)]
		r, err = Convert(a, to)
		if err == nil {
			checkValid(t, r, "convert")
		}
		if from, ok := a.Type().(*types.Scalar); ok {
			if ts, ok := to.(*types.Scalar); ok && from != ts {
				checkRef(t, fmt.Sprintf("%s(%v)", ts, a), refConvert(a, from.Kind, ts.Kind), ts.Kind, r, err)
			}
		}
		if r, err := Bitcast(a, to); err == nil {
			checkValid(t, r, "bitcast")
		}
	})
}

func FuzzBuiltin(f *testing.F) {
	f.Add(uint16(0), byte(2), byte(5), uint64(1), uint64(2), uint64(3), byte(1), byte(1), byte(0))
	f.Add(uint16(7), byte(3), byte(3), uint64(0xff), uint64(4), uint64(28), byte(0), byte(0), byte(0))
	var fns []builtins.Fn
	for _, fn := range builtins.Fns() {
		if Evaluates(fn) {
			fns = append(fns, fn)
		}
	}
	f.Fuzz(func(t *testing.T, which uint16, nargs, kind byte, x0, x1, x2 uint64, s0, s1, s2 byte) {
		fn := fns[int(which)%len(fns)]
		xs := []uint64{x0, x1, x2, x0 ^ x1}
		ss := []byte{s0, s1, s2, s0}
		args := make([]Value, int(nargs)%5)
		for i := range args {
			k := kind
			if ss[i]&0x80 != 0 {
				k = ss[i] // an argument of another type now and then
			}
			args[i] = fuzzShape(fuzzScalar(k, xs[i]), ss[i], xs[i])
		}
		var rt types.Type
		if len(args) > 0 {
			rt = args[0].Type()
		}
		r, err := CallBuiltin(fn, args, rt)
		if err == nil {
			checkValid(t, r, fn.String())
		}
		compareBuiltin(t, fn, args, r, err)
	})
}
