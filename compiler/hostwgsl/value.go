package hostwgsl

import (
	"math"
	"strconv"

	"github.com/wgslgo/wgslgo/compiler/constant"
	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/compiler/syntax"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// maxSpelledZero is the longest zero composite written out element by element; a longer one
// is written as its zero-value constructor, T().
const maxSpelledZero = 16

// valueExpr writes a constant value as an expression of its type: literals with their
// suffix, constructors with their type written (inferring ones for abstract values, which
// only occur where the value stays abstract). It returns nil when WGSL cannot spell the
// type (frexp's result structure).
func (w *writer) valueExpr(v constant.Value, at diag.Span) syntax.Expr {
	at = diag.Span{Start: at.Start, End: at.Start}
	switch t := v.Type().(type) {
	case *types.Scalar:
		return scalarExpr(t, v, at)
	case *types.Vector, *types.Matrix, *types.Array, *types.Struct:
		var callee *syntax.IdentExpr
		if types.IsAbstract(t) {
			callee = inferringCallee(t, at)
		} else {
			callee = typeOf(t, at)
		}
		if callee == nil {
			return nil
		}
		call := &syntax.CallExpr{Loc: at, Callee: callee}
		if zeroBits(v) && !types.IsAbstract(t) && isStructOrArray(t) && (v.Len() > maxSpelledZero || isStruct(t)) {
			return call
		}
		for i := range v.Len() {
			e := w.valueExpr(v.Index(i), at)
			if e == nil {
				return nil
			}
			call.Args = append(call.Args, e)
		}
		return call
	}
	return nil
}

func isStructOrArray(t types.Type) bool {
	switch t.(type) {
	case *types.Struct, *types.Array:
		return true
	}
	return false
}

// zeroBits reports whether every scalar of v is zero in all its bits (-0.0 is not: T()
// would lose its sign).
func zeroBits(v constant.Value) bool {
	if _, ok := v.Type().(*types.Scalar); ok {
		return v.Bits() == 0
	}
	for i := range v.Len() {
		if !zeroBits(v.Index(i)) {
			return false
		}
	}
	return true
}

func isStruct(t types.Type) bool {
	_, ok := t.(*types.Struct)
	return ok
}

// scalarExpr writes a scalar: a literal, negated when negative (WGSL literals have no sign).
func scalarExpr(t *types.Scalar, v constant.Value, at diag.Span) syntax.Expr {
	neg := func(x syntax.Expr) syntax.Expr { return &syntax.UnaryExpr{Loc: at, Op: syntax.OpNeg, X: x} }
	switch t.Kind {
	case types.KindBool:
		return &syntax.BoolLit{Loc: at, Value: v.Bool()}
	case types.KindAbstractInt, types.KindI32, types.KindU32:
		suffix := map[types.ScalarKind]byte{types.KindI32: 'i', types.KindU32: 'u'}[t.Kind]
		lit := func(u uint64) syntax.Expr {
			raw := strconv.FormatUint(u, 10)
			if suffix != 0 {
				raw += string(suffix)
			}
			return &syntax.IntLit{Loc: at, Raw: raw, Suffix: suffix}
		}
		x := v.Int64()
		switch {
		case t.Kind == types.KindU32:
			return lit(uint64(uint32(x)))
		case x >= 0:
			return lit(uint64(x))
		case t.Kind == types.KindI32 && x == math.MinInt32:
			// -2147483648i reads as the negation of 2147483648i, which is out of range.
			return &syntax.ParenExpr{Loc: at, X: &syntax.BinaryExpr{Loc: at, Op: syntax.OpSub, X: neg(lit(math.MaxInt32)), Y: lit(1)}}
		case x == math.MinInt64:
			return &syntax.ParenExpr{Loc: at, X: &syntax.BinaryExpr{Loc: at, Op: syntax.OpSub, X: neg(lit(math.MaxInt64)), Y: lit(1)}}
		}
		return neg(lit(uint64(-x)))
	}
	f := v.Float64()
	var raw string
	switch t.Kind {
	case types.KindF32:
		raw = constant.FormatFloat(math.Abs(f), t.Kind) + "f"
	case types.KindF16:
		raw = constant.FormatFloat(math.Abs(f), t.Kind) + "h"
	default:
		raw = constant.FormatFloat(math.Abs(f), t.Kind)
	}
	lit := &syntax.FloatLit{Loc: at, Raw: raw}
	if t.Kind != types.KindAbstractFloat {
		lit.Suffix = raw[len(raw)-1]
	}
	if math.Signbit(f) {
		return neg(lit)
	}
	return lit
}

// inferringCallee is the constructor of an abstract composite that infers its element type:
// vec2, mat2x2, array.
func inferringCallee(t types.Type, at diag.Span) *syntax.IdentExpr {
	switch t := t.(type) {
	case *types.Vector:
		return ident("vec"+strconv.Itoa(t.N), at)
	case *types.Matrix:
		return ident("mat"+strconv.Itoa(t.Cols)+"x"+strconv.Itoa(t.Rows), at)
	case *types.Array:
		return ident("array", at)
	}
	return nil
}

func ident(name string, at diag.Span, args ...syntax.Expr) *syntax.IdentExpr {
	return &syntax.IdentExpr{Loc: at, Name: syntax.Ident{Loc: at, Name: name}, TemplateArgs: args}
}

// typeOf writes a concrete type as a type expression; nil when WGSL cannot spell it (the
// result structures of frexp and modf, override-sized arrays, 2021-draft strides).
func typeOf(t types.Type, at diag.Span) *syntax.IdentExpr {
	sub := func(e types.Type) syntax.Expr {
		x := typeOf(e, at)
		if x == nil {
			return nil
		}
		return x
	}
	switch t := t.(type) {
	case *types.Scalar:
		if t.IsAbstract() {
			return nil
		}
		return ident(t.String(), at)
	case *types.Vector:
		if t.Elem.IsAbstract() {
			return nil
		}
		return ident("vec"+strconv.Itoa(t.N), at, ident(t.Elem.String(), at))
	case *types.Matrix:
		if t.Elem.IsAbstract() {
			return nil
		}
		return ident("mat"+strconv.Itoa(t.Cols)+"x"+strconv.Itoa(t.Rows), at, ident(t.Elem.String(), at))
	case *types.Atomic:
		return ident("atomic", at, ident(t.Elem.String(), at))
	case *types.Array:
		if t.IsOverrideSized() || t.Stride != 0 {
			return nil
		}
		e := sub(t.Elem)
		if e == nil {
			return nil
		}
		if t.IsRuntimeSized() {
			return ident("array", at, e)
		}
		return ident("array", at, e, &syntax.IntLit{Loc: at, Raw: strconv.Itoa(t.Count)})
	case *types.Struct:
		if t.Builtin {
			return nil
		}
		return ident(t.Name, at)
	case *types.Sampler:
		return ident(t.String(), at)
	case *types.Texture:
		switch t.Kind {
		case types.TexSampled:
			return ident("texture_"+t.Dim.String(), at, ident(t.Sampled.String(), at))
		case types.TexMultisampled:
			return ident("texture_multisampled_"+t.Dim.String(), at, ident(t.Sampled.String(), at))
		case types.TexStorage:
			return ident("texture_storage_"+t.Dim.String(), at, ident(t.Format.String(), at), ident(t.Access.String(), at))
		}
		return ident(t.String(), at)
	case *types.Pointer:
		e := sub(t.Elem)
		if e == nil {
			return nil
		}
		args := []syntax.Expr{ident(t.Space.String(), at), e}
		if t.Space == types.AddrStorage {
			args = append(args, ident(t.Access.String(), at))
		}
		return ident("ptr", at, args...)
	}
	return nil
}
