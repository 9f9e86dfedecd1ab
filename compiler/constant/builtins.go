package constant

import (
	"fmt"
	"math"
	"strings"
	"sync"

	"github.com/wgslgo/wgslgo/compiler/builtins"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// builtin is one @const built-in function: its parameter count (-1 for any) and its
// evaluation on arguments that already have the types of one of its overloads.
type builtin struct {
	params int
	eval   func(ec evalCall, args []Value, rt types.Type) (Value, error)
}

// evalCall is what an evaluation of a built-in function knows besides its arguments: the
// function's name, for messages, and whether it runs as a shader would (see CallRuntime).
type evalCall struct {
	name    string
	runtime bool
}

// builtinTable is built on first use, not at package initialisation: most shaders evaluate no
// built-in function at compile time, and a process that compiles one shader (wgslc) would
// pay for the table's 100 allocations at start. (A sync.Once, not sync.OnceValue, which is
// itself made at initialisation.)
var (
	builtinOnce sync.Once
	builtinMap  map[builtins.Fn]builtin
)

func builtinTable() map[builtins.Fn]builtin {
	builtinOnce.Do(func() {
		builtinMap = map[builtins.Fn]builtin{}
		for _, m := range []map[builtins.Fn]builtin{floatBuiltins(), numericBuiltins(), bitBuiltins(), packBuiltins(), otherBuiltins()} {
			for fn, b := range m {
				builtinMap[fn] = b
			}
		}
	})
	return builtinMap
}

// Evaluates reports whether CallBuiltin evaluates fn. It does every function the table
// declares @const (builtins.Fn.Const) and no other; the tests hold it to that.
func Evaluates(fn builtins.Fn) bool {
	_, ok := builtinTable()[fn]
	return ok || fn == builtins.FnBitcast
}

// CallBuiltin evaluates the @const built-in function fn on args. The caller has resolved the
// overload: the arguments already have the overload's parameter types (abstract ones
// included, when the overload takes them) and resultType is the overload's return type. The
// result type is taken from the arguments except for bitcast (which goes to Bitcast). Value
// constructors are Construct's.
//
// Errors are the spec's shader-creation errors: arguments outside a function's domain
// (sqrt(-1.0), acos(2.0), log(0.0), normalize of the zero vector), results that overflow,
// clamp with low > high, smoothstep with equal edges, extractBits and insertBits with
// offset + count beyond the bit width, ldexp exponents beyond bias + 1, quantizeToF16 and
// pack2x16float of values outside the finite range of f16, bitcasts to infinity or NaN.
func CallBuiltin(fn builtins.Fn, args []Value, resultType types.Type) (Value, error) {
	if fn == builtins.FnBitcast {
		if len(args) != 1 {
			return Value{}, fmt.Errorf("bitcast takes 1 argument, got %d", len(args))
		}
		return Bitcast(args[0], resultType)
	}
	return evaluate(evalCall{name: fn.String()}, fn, args, resultType)
}

// CallRuntime evaluates fn on args as a shader does when it runs: with the implementations
// of CallBuiltin, one source of truth, but with the IEEE-754 results the Finite Math
// Assumption makes errors of in constant expressions. Results that overflow are infinite;
// infinite and NaN arguments are arguments like others; an argument outside a function's
// domain gives what its formula gives in binary64 (the spec's indeterminate value: NaN for
// sqrt(-1.0) and acos(2.0), -inf for log(0.0), NaN for pow of a negative base and for
// normalize of the zero vector); clamp with low > high is min(max(e, low), high);
// extractBits and insertBits clamp offset and count as the spec says; ldexp, quantizeToF16,
// pack2x16float and unpack2x16float go to infinities and NaNs. It evaluates the functions
// that CallBuiltin does but bitcast, a bit reinterpretation for the caller.
func CallRuntime(fn builtins.Fn, args []Value, resultType types.Type) (Value, error) {
	return evaluate(evalCall{name: fn.String(), runtime: true}, fn, args, resultType)
}

func evaluate(ec evalCall, fn builtins.Fn, args []Value, resultType types.Type) (Value, error) {
	for _, a := range args {
		if a.typ == nil {
			return Value{}, fmt.Errorf("%s called with an invalid value", ec.name)
		}
	}
	b, ok := builtinTable()[fn]
	if !ok {
		return Value{}, fmt.Errorf("%s is not a built-in function that can be evaluated in a constant expression", ec.name)
	}
	if b.params >= 0 && len(args) != b.params {
		return Value{}, fmt.Errorf("%s takes %d arguments, got %d", ec.name, b.params, len(args))
	}
	return b.eval(ec, args, resultType)
}

// componentwise applies f to the scalars of args, or for vector arguments to their i'th
// components in turn (scalar arguments are passed as they are to every call), building the
// vector of the results. cs is reused between calls.
func componentwise(args []Value, f func(cs []Value) (Value, error)) (Value, error) {
	n := 0
	for _, a := range args {
		if v, ok := a.typ.(*types.Vector); ok {
			if n != 0 && v.N != n {
				return Value{}, fmt.Errorf("vector arguments of different sizes %d and %d", n, v.N)
			}
			n = v.N
		} else if !a.IsScalar() {
			return Value{}, fmt.Errorf("argument of type %s where a scalar or vector is needed", typeName(a.typ))
		}
	}
	if n == 0 {
		return f(args)
	}
	var buf [4]Value
	cs := buf[:len(args)]
	if len(args) > len(buf) {
		cs = make([]Value, len(args))
	}
	elems := make([]Value, n)
	for i := range elems {
		for j, a := range args {
			if a.elems != nil {
				cs[j] = a.elems[i]
			} else {
				cs[j] = a
			}
		}
		r, err := f(cs)
		if err != nil {
			return Value{}, err
		}
		elems[i] = r
	}
	return Value{typ: types.Vec(n, elems[0].typ.(*types.Scalar)), elems: elems}, nil
}

// argScalar returns the component type shared by all args, checking it with ok.
func argScalar(ec evalCall, args []Value, ok func(*types.Scalar) bool, what string) (*types.Scalar, error) {
	s := types.ElemScalar(args[0].typ)
	for _, a := range args {
		if as := types.ElemScalar(a.typ); as == nil || as != s {
			return nil, fmt.Errorf("%s: mismatched argument types %s and %s", ec.name, typeName(args[0].typ), typeName(a.typ))
		}
	}
	if !ok(s) {
		return nil, fmt.Errorf("%s is not defined for %s (it takes %s)", ec.name, typeName(args[0].typ), what)
	}
	return s, nil
}

func isFloat(s *types.Scalar) bool   { return s.IsFloat() }
func isNumeric(s *types.Scalar) bool { return s.IsNumeric() }
func isConcrete32(s *types.Scalar) bool {
	return s.Kind == types.KindI32 || s.Kind == types.KindU32
}

// finish rounds the float result r of ec.name(args) to s and checks it is finite (at
// runtime, infinities and NaNs are results like others).
func finish(ec evalCall, s *types.Scalar, r float64, args []Value) (Value, error) {
	rr := roundTo(s.Kind, r)
	if ec.runtime {
		return makeFloat(s, rr), nil
	}
	if math.IsInf(rr, 0) {
		return Value{}, fmt.Errorf("%s overflows %s in constant expression", call(ec.name, args), s)
	}
	if math.IsNaN(rr) {
		return Value{}, fmt.Errorf("%s is not a number in constant expression", call(ec.name, args))
	}
	return makeFloat(s, rr), nil
}

// call spells name(args) for messages.
func call(name string, args []Value) string {
	var b strings.Builder
	b.WriteString(name)
	b.WriteByte('(')
	for i, a := range args {
		if i > 0 {
			b.WriteString(", ")
		}
		a.write(&b)
	}
	b.WriteByte(')')
	return b.String()
}

func domainErr(format string, args []Value) error {
	vals := make([]any, len(args))
	for i, a := range args {
		vals[i] = a
	}
	return fmt.Errorf(format+" in constant expression", vals...)
}
