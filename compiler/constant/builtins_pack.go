package constant

import (
	"fmt"
	"math"

	"github.com/wgslgo/wgslgo/compiler/builtins"
	"github.com/wgslgo/wgslgo/compiler/types"
)

func packBuiltins() map[builtins.Fn]builtin {
	// ⌊0.5 + scale × clamp(e, lo, 1)⌋, the product an f32 multiplication (rounded, as Tint's
	// constant evaluation and the SPIR-V compute it), the sum and floor exact.
	snorm := func(scale float64) func(Value) (uint32, error) {
		return func(x Value) (uint32, error) {
			return uint32(int32(math.Floor(0.5 + roundTo(types.KindF32, scale*math.Min(1, math.Max(-1, x.float())))))), nil
		}
	}
	unorm := func(scale float64) func(Value) (uint32, error) {
		return func(x Value) (uint32, error) {
			return uint32(math.Floor(0.5 + roundTo(types.KindF32, scale*math.Min(1, math.Max(0, x.float()))))), nil
		}
	}
	low := func(x Value) (uint32, error) { return uint32(x.bits), nil }
	return map[builtins.Fn]builtin{
		builtins.FnPack4x8snorm: pack(4, types.F32, snorm(127)),
		builtins.FnPack4x8unorm: pack(4, types.F32, unorm(255)),
		builtins.FnPack4xI8:     pack(4, types.I32, low),
		builtins.FnPack4xU8:     pack(4, types.U32, low),
		builtins.FnPack4xI8Clamp: pack(4, types.I32, func(x Value) (uint32, error) {
			return uint32(min(max(x.int(), -128), 127)), nil
		}),
		builtins.FnPack4xU8Clamp: pack(4, types.U32, func(x Value) (uint32, error) {
			return uint32(min(x.bits, 255)), nil
		}),
		builtins.FnPack2x16snorm: pack(2, types.F32, snorm(32767)),
		builtins.FnPack2x16unorm: pack(2, types.F32, unorm(65535)),
		builtins.FnPack2x16float: pack(2, types.F32, func(x Value) (uint32, error) {
			if math.Abs(x.float()) > MaxF16 {
				return uint32(F16Bits(x.float())), fmt.Errorf("pack2x16float of %s, outside the finite range of f16, in constant expression", x)
			}
			return uint32(F16Bits(x.float())), nil
		}),
		builtins.FnUnpack4x8snorm: unpack(4, types.F32, func(b uint32) (Value, error) {
			return makeFloat(types.F32, roundTo(types.KindF32, math.Max(float64(int8(b))/127, -1))), nil
		}),
		builtins.FnUnpack4x8unorm: unpack(4, types.F32, func(b uint32) (Value, error) {
			return makeFloat(types.F32, roundTo(types.KindF32, float64(uint8(b))/255)), nil
		}),
		builtins.FnUnpack4xI8: unpack(4, types.I32, func(b uint32) (Value, error) { return MakeI32(int32(int8(b))), nil }),
		builtins.FnUnpack4xU8: unpack(4, types.U32, func(b uint32) (Value, error) { return MakeU32(b & 0xff), nil }),
		builtins.FnUnpack2x16snorm: unpack(2, types.F32, func(b uint32) (Value, error) {
			return makeFloat(types.F32, roundTo(types.KindF32, math.Max(float64(int16(b))/32767, -1))), nil
		}),
		builtins.FnUnpack2x16unorm: unpack(2, types.F32, func(b uint32) (Value, error) {
			return makeFloat(types.F32, roundTo(types.KindF32, float64(uint16(b))/65535)), nil
		}),
		builtins.FnUnpack2x16float: unpack(2, types.F32, func(b uint32) (Value, error) {
			x := F16FromBits(uint16(b))
			if math.IsInf(x, 0) || math.IsNaN(x) {
				return makeFloat(types.F32, x), fmt.Errorf("unpack2x16float of bits 0x%04x, an f16 infinity or NaN, in constant expression", uint16(b))
			}
			return makeFloat(types.F32, x), nil
		}),
	}
}

// pack is a built-in packing the n components of a vecN<elem> into the n fields of a u32,
// component i in bits [32/n*i, 32/n*(i+1)). f returns a component's field and, for a
// component outside the function's domain, an error too: constant evaluation reports it,
// runtime evaluation packs the field.
func pack(n int, elem *types.Scalar, f func(Value) (uint32, error)) builtin {
	return builtin{1, func(ec evalCall, args []Value, _ types.Type) (Value, error) {
		if args[0].typ != types.Vec(n, elem) {
			return Value{}, fmt.Errorf("%s takes vec%d<%s>, not %s", ec.name, n, elem, args[0].typ)
		}
		width := 32 / n
		var r uint32
		for i, c := range args[0].elems {
			field, err := f(c)
			if err != nil && !ec.runtime {
				return Value{}, err
			}
			r |= (field & (1<<width - 1)) << (i * width)
		}
		return MakeU32(r), nil
	}}
}

// unpack is a built-in splitting a u32 into the n fields pack makes, each becoming a
// component of a vecN<elem>. f's errors are as pack's.
func unpack(n int, elem *types.Scalar, f func(field uint32) (Value, error)) builtin {
	return builtin{1, func(ec evalCall, args []Value, _ types.Type) (Value, error) {
		if args[0].typ != types.U32 {
			return Value{}, fmt.Errorf("%s takes u32, not %s", ec.name, args[0].typ)
		}
		width := 32 / n
		x := uint32(args[0].bits)
		elems := make([]Value, n)
		for i := range elems {
			c, err := f(x >> (i * width) & (1<<width - 1))
			if err != nil && !ec.runtime {
				return Value{}, err
			}
			elems[i] = c
		}
		return Value{typ: types.Vec(n, elem), elems: elems}, nil
	}}
}

func otherBuiltins() map[builtins.Fn]builtin {
	return map[builtins.Fn]builtin{
		builtins.FnAll:    {1, allAny},
		builtins.FnAny:    {1, allAny},
		builtins.FnSelect: {3, selectFn},
	}
}

func allAny(ec evalCall, args []Value, _ types.Type) (Value, error) {
	v := args[0]
	if types.ElemScalar(v.typ) != types.Bool || !v.IsScalar() && v.elems == nil {
		return Value{}, fmt.Errorf("%s is not defined for %s", ec.name, v.typ)
	}
	if v.IsScalar() {
		return v, nil
	}
	all := ec.name == "all"
	for _, e := range v.elems {
		if (e.bits != 0) != all {
			return MakeBool(!all), nil
		}
	}
	return MakeBool(all), nil
}

func selectFn(ec evalCall, args []Value, _ types.Type) (Value, error) {
	f, t, cond := args[0], args[1], args[2]
	if f.typ != t.typ && !types.Identical(f.typ, t.typ) {
		return Value{}, fmt.Errorf("select: mismatched argument types %s and %s", f.typ, t.typ)
	}
	if cond.typ == types.Bool {
		if cond.bits != 0 {
			return t, nil
		}
		return f, nil
	}
	ct, ok := cond.typ.(*types.Vector)
	if ft, fok := f.typ.(*types.Vector); !ok || ct.Elem != types.Bool || !fok || ft.N != ct.N {
		return Value{}, fmt.Errorf("select is not defined for %s, %s and %s", f.typ, t.typ, cond.typ)
	}
	elems := make([]Value, ct.N)
	for i, c := range cond.elems {
		if c.bits != 0 {
			elems[i] = t.elems[i]
		} else {
			elems[i] = f.elems[i]
		}
	}
	return Value{typ: f.typ, elems: elems}, nil
}
