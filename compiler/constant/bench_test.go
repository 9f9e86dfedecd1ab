package constant

import (
	"testing"

	"github.com/wgslgo/wgslgo/compiler/builtins"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// expr is a tiny expression tree of the kind the checker evaluates: literals, operators,
// conversions and built-in calls.
type expr struct {
	lit  Value
	op   Op
	fn   string      // "ctor", or the builtin function's name
	f    builtins.Fn // the builtin function called fn
	to   types.Type  // conversion target, or the result type of a call
	args []*expr
}

func lit(v Value) *expr                 { return &expr{lit: v} }
func bin(op Op, a, b *expr) *expr       { return &expr{op: op, args: []*expr{a, b}} }
func conv(to types.Type, a *expr) *expr { return &expr{to: to, args: []*expr{a}} }
func fcall(fn string, args ...*expr) *expr {
	f, ok := builtins.LookupFn(fn)
	if !ok {
		panic("no builtin function " + fn)
	}
	return &expr{fn: fn, f: f, args: args}
}
func ctor(to types.Type, args ...*expr) *expr { return &expr{fn: "ctor", to: to, args: args} }

func (e *expr) eval() (Value, error) {
	if e.lit.IsValid() {
		return e.lit, nil
	}
	var buf [4]Value
	vals := buf[:0]
	for _, a := range e.args {
		v, err := a.eval()
		if err != nil {
			return Value{}, err
		}
		vals = append(vals, v)
	}
	switch {
	case e.fn == "ctor":
		return Construct(e.to, vals)
	case e.fn != "":
		return CallBuiltin(e.f, vals, e.to)
	case e.to != nil:
		return Convert(vals[0], e.to)
	case len(vals) == 1:
		return Unary(e.op, vals[0])
	}
	return Binary(e.op, vals[0], vals[1])
}

// mixedTree is, in WGSL:
//
//	const k = f32((1 + 2 * 3) << 2u) / 3.0f + sqrt(2.0);
//	const m = mat3x3f(vec3f(k, 0, 0), vec3f(0, 1, 0), vec3f(0, 0.5, 1));
//	dot(m * normalize(vec3f(1, 2, clamp(k, 0.0, 100.0))), vec3f(1.0)) + f32(countOneBits(0xf0f0u) << 1u)
func mixedTree() *expr {
	k := bin(Add,
		bin(Div, conv(types.F32, bin(Shl, bin(Add, lit(ai(1)), bin(Mul, lit(ai(2)), lit(ai(3)))), lit(u32(2)))), lit(f32(3))),
		conv(types.F32, fcall("sqrt", lit(af(2)))))
	v3 := types.Vec(3, types.F32)
	m := ctor(types.Mat(3, 3, types.F32),
		ctor(v3, k, lit(ai(0)), lit(ai(0))),
		ctor(v3, lit(ai(0)), lit(ai(1)), lit(ai(0))),
		ctor(v3, lit(ai(0)), lit(af(0.5)), lit(ai(1))))
	n := fcall("normalize", ctor(v3, lit(ai(1)), lit(ai(2)), fcall("clamp", k, lit(f32(0)), lit(f32(100)))))
	return bin(Add,
		fcall("dot", bin(Mul, m, n), ctor(v3, lit(af(1)))),
		conv(types.F32, bin(Shl, fcall("countOneBits", lit(u32(0xf0f0))), lit(u32(1)))))
}

func TestMixedTree(t *testing.T) {
	v, err := mixedTree().eval()
	wantValue(t, "18.629776f", v, err)
}

func BenchmarkMixedTree(b *testing.B) {
	e := mixedTree()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := e.eval(); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkScalarArithmetic(b *testing.B) {
	x, y := MakeAbstractInt(123456789), MakeAbstractInt(987)
	f, g := MakeF32(1.5), MakeF32(2.25)
	b.ReportAllocs()
	for b.Loop() {
		v, _ := Binary(Mul, x, y)
		v, _ = Binary(Rem, v, y)
		w, _ := Binary(Div, f, g)
		_, _ = Binary(Add, w, f)
		_ = v
	}
}
