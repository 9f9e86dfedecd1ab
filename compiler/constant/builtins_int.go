package constant

import (
	"fmt"
	"math"
	"math/bits"

	"github.com/wgslgo/wgslgo/compiler/builtins"
	"github.com/wgslgo/wgslgo/compiler/types"
)

func numericBuiltins() map[builtins.Fn]builtin {
	return map[builtins.Fn]builtin{
		builtins.FnAbs:   {1, abs},
		builtins.FnSign:  {1, sign},
		builtins.FnMax:   {2, minMax},
		builtins.FnMin:   {2, minMax},
		builtins.FnClamp: {3, clamp},
		builtins.FnDot:   {2, dot},
	}
}

func abs(ec evalCall, args []Value, _ types.Type) (Value, error) {
	s, err := argScalar(ec, args, isNumeric, "numbers")
	if err != nil {
		return Value{}, err
	}
	return componentwise(args, func(cs []Value) (Value, error) {
		x := cs[0]
		switch s.Kind {
		case types.KindU32:
			return x, nil
		case types.KindAbstractInt, types.KindI32: // abs of the most negative value is itself
			if x.int() < 0 {
				return makeInt(s, -x.int()), nil
			}
			return x, nil
		}
		return makeFloat(s, math.Abs(x.float())), nil
	})
}

func sign(ec evalCall, args []Value, _ types.Type) (Value, error) {
	s, err := argScalar(ec, args, func(s *types.Scalar) bool { return s.IsSigned() }, "signed numbers")
	if err != nil {
		return Value{}, err
	}
	return componentwise(args, func(cs []Value) (Value, error) {
		x := cs[0]
		if s.IsFloat() {
			f := x.float()
			switch {
			case f > 0:
				return makeFloat(s, 1), nil
			case f < 0:
				return makeFloat(s, -1), nil
			}
			return makeFloat(s, 0), nil
		}
		return makeInt(s, int64(cmpOrdered(x.int(), 0))), nil
	})
}

func minMax(ec evalCall, args []Value, _ types.Type) (Value, error) {
	s, err := argScalar(ec, args, isNumeric, "numbers")
	if err != nil {
		return Value{}, err
	}
	return componentwise(args, func(cs []Value) (Value, error) {
		a, b := cs[0], cs[1]
		if ec.name == "max" && compare(Lt, s, a, b) || ec.name == "min" && compare(Lt, s, b, a) {
			return b, nil
		}
		return a, nil
	})
}

func clamp(ec evalCall, args []Value, _ types.Type) (Value, error) {
	s, err := argScalar(ec, args, isNumeric, "numbers")
	if err != nil {
		return Value{}, err
	}
	return componentwise(args, func(cs []Value) (Value, error) {
		e, lo, hi := cs[0], cs[1], cs[2]
		if compare(Gt, s, lo, hi) && !ec.runtime {
			return Value{}, fmt.Errorf("clamp with low %s greater than high %s in constant expression", lo, hi)
		}
		if compare(Lt, s, e, lo) {
			e = lo
		}
		if compare(Lt, s, hi, e) {
			e = hi
		}
		return e, nil
	})
}

func dot(ec evalCall, args []Value, _ types.Type) (Value, error) {
	t, ok := args[0].typ.(*types.Vector)
	if !ok || !t.Elem.IsNumeric() || args[1].typ != t {
		return Value{}, fmt.Errorf("dot is not defined for %s and %s", typeName(args[0].typ), typeName(args[1].typ))
	}
	if t.Elem.IsFloat() {
		return finish(ec, t.Elem, dotFloat(args[0], args[1]), args)
	}
	// Integers: AbstractInt overflow is an error, i32 and u32 wrap; Binary does both.
	sum := Zero(t.Elem)
	for i := range args[0].elems {
		p, err := Binary(Mul, args[0].elems[i], args[1].elems[i])
		if err == nil {
			sum, err = Binary(Add, sum, p)
		}
		if err != nil {
			return Value{}, fmt.Errorf("%s overflows %s in constant expression", call(ec.name, args), t.Elem)
		}
	}
	return sum, nil
}

// The bit built-ins take i32, u32 and vectors of them; they work on the 32-bit patterns.

func bitBuiltins() map[builtins.Fn]builtin {
	return map[builtins.Fn]builtin{
		builtins.FnCountLeadingZeros:  bitFunc(func(x uint32, _ bool) uint32 { return uint32(bits.LeadingZeros32(x)) }),
		builtins.FnCountOneBits:       bitFunc(func(x uint32, _ bool) uint32 { return uint32(bits.OnesCount32(x)) }),
		builtins.FnCountTrailingZeros: bitFunc(func(x uint32, _ bool) uint32 { return uint32(bits.TrailingZeros32(x)) }),
		builtins.FnReverseBits:        bitFunc(func(x uint32, _ bool) uint32 { return bits.Reverse32(x) }),
		builtins.FnFirstLeadingBit: bitFunc(func(x uint32, signed bool) uint32 {
			if signed && int32(x) < 0 {
				x = ^x // the most significant bit that differs from the sign bit
			}
			if x == 0 {
				return math.MaxUint32 // -1 for i32
			}
			return uint32(31 - bits.LeadingZeros32(x))
		}),
		builtins.FnFirstTrailingBit: bitFunc(func(x uint32, _ bool) uint32 {
			if x == 0 {
				return math.MaxUint32
			}
			return uint32(bits.TrailingZeros32(x))
		}),
		builtins.FnExtractBits:  {3, extractBits},
		builtins.FnInsertBits:   {4, insertBits},
		builtins.FnDot4U8Packed: {2, dot4Packed},
		builtins.FnDot4I8Packed: {2, dot4Packed},
	}
}

func bitFunc(f func(x uint32, signed bool) uint32) builtin {
	return builtin{1, func(ec evalCall, args []Value, _ types.Type) (Value, error) {
		s, err := argScalar(ec, args, isConcrete32, "i32 or u32 values")
		if err != nil {
			return Value{}, err
		}
		return componentwise(args, func(cs []Value) (Value, error) {
			return makeInt(s, int64(f(uint32(cs[0].bits), s.Kind == types.KindI32))), nil
		})
	}}
}

// bitRange checks the offset and count arguments of extractBits and insertBits and returns
// them clamped as the spec describes (o = min(offset, 32), c = min(count, 32 - o)).
func bitRange(ec evalCall, offset, count Value) (o, c uint, err error) {
	if offset.typ != types.U32 || count.typ != types.U32 {
		return 0, 0, fmt.Errorf("%s takes u32 offset and count, not %s and %s", ec.name, typeName(offset.typ), typeName(count.typ))
	}
	if offset.bits+count.bits > 32 && !ec.runtime {
		return 0, 0, fmt.Errorf("%s with offset %s plus count %s greater than 32, the bit width, in constant expression", ec.name, offset, count)
	}
	o = uint(min(offset.bits, 32))
	c = uint(min(count.bits, 32-uint64(o)))
	return o, c, nil
}

func extractBits(ec evalCall, args []Value, _ types.Type) (Value, error) {
	s, err := argScalar(ec, args[:1], isConcrete32, "i32 or u32 values")
	if err != nil {
		return Value{}, err
	}
	o, c, err := bitRange(ec, args[1], args[2])
	if err != nil {
		return Value{}, err
	}
	return componentwise(args[:1], func(cs []Value) (Value, error) {
		if c == 0 {
			return makeInt(s, 0), nil
		}
		x := uint32(cs[0].bits) >> o
		if s.Kind == types.KindI32 {
			// shift the field to the top, then back down arithmetically to extend bit c-1
			return makeInt(s, int64(int32(x<<(32-c))>>(32-c))), nil
		}
		return makeInt(s, int64(x&uint32(uint64(1)<<c-1))), nil
	})
}

func insertBits(ec evalCall, args []Value, _ types.Type) (Value, error) {
	s, err := argScalar(ec, args[:2], isConcrete32, "i32 or u32 values")
	if err != nil {
		return Value{}, err
	}
	o, c, err := bitRange(ec, args[2], args[3])
	if err != nil {
		return Value{}, err
	}
	mask := uint32(uint64(1)<<c-1) << o
	return componentwise(args[:2], func(cs []Value) (Value, error) {
		e, nb := uint32(cs[0].bits), uint32(cs[1].bits)
		return makeInt(s, int64(e&^mask|nb<<o&mask)), nil
	})
}

func dot4Packed(ec evalCall, args []Value, _ types.Type) (Value, error) {
	if args[0].typ != types.U32 || args[1].typ != types.U32 {
		return Value{}, fmt.Errorf("%s takes two u32 values, not %s and %s", ec.name, args[0].typ, args[1].typ)
	}
	a, b := uint32(args[0].bits), uint32(args[1].bits)
	var sum int64
	for i := 0; i < 32; i += 8 {
		if ec.name == "dot4I8Packed" {
			sum += int64(int8(a>>i)) * int64(int8(b>>i))
		} else {
			sum += int64(uint8(a>>i)) * int64(uint8(b>>i))
		}
	}
	if ec.name == "dot4I8Packed" {
		return MakeI32(int32(sum)), nil
	}
	return MakeU32(uint32(sum)), nil
}
