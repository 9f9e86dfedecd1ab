package interpcheck

import (
	"math"

	"github.com/wgslgo/wgslgo/compiler/builtins"
	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// The spec's accuracy table ("Accuracy of Concrete Floating Point Expressions") lets f32
// results of the functions below differ from the correctly rounded value; the interpreter
// computes them with compiler/constant's implementations (in binary64, rounded once), lavapipe
// with its own. Where a module calls one, its f32 results are compared within the function's
// bound rather than bit for bit: |a - b| <= max(abs, ulps × ulp(max(|a|, |b|))). Every other
// operation of the language is correctly rounded or exact, in the spec and in both
// implementations (division is 2.5 ULP in the spec, but both divide exactly), and compared
// bit for bit. An inherited bound (the accuracy of an expression the spec gives) is counted
// as the ULPs of the roundings of that expression, or of the function it inherits from.
type bound struct {
	ulps float64
	abs  float64
}

// accuracy lists the f32 bounds of the functions that are not correctly rounded, from the
// spec's table.
var accuracy = map[builtins.Fn]bound{
	builtins.FnAcos:            {4096, 6.77e-5}, // the worse of 6.77e-5 and atan2's 4096 ULP
	builtins.FnAsin:            {4096, 6.81e-5},
	builtins.FnAtan:            {4096, 0},
	builtins.FnAtan2:           {4096, 0},
	builtins.FnAcosh:           {8, 0x1p-21}, // log(x + sqrt(x * x - 1.0))
	builtins.FnAsinh:           {8, 0x1p-21}, // log(x + sqrt(x * x + 1.0))
	builtins.FnAtanh:           {8, 0x1p-21}, // log((1.0 + x) / (1.0 - x)) * 0.5
	builtins.FnCos:             {0, 0x1p-11}, // absolute, on [-pi, pi]
	builtins.FnSin:             {0, 0x1p-11},
	builtins.FnTan:             {8, 0x1p-10}, // sin(x) / cos(x)
	builtins.FnCosh:            {180, 0},     // (exp(x) + exp(-x)) * 0.5
	builtins.FnSinh:            {180, 0},
	builtins.FnTanh:            {180, 1e-5},
	builtins.FnExp:             {180, 0}, // 3 + 2|x| ULP, |x| < 89 for a finite f32 result
	builtins.FnExp2:            {260, 0}, // 3 + 2|x| ULP, |x| < 128
	builtins.FnLog:             {3, 0x1p-21},
	builtins.FnLog2:            {3, 0x1p-21},
	builtins.FnPow:             {260, 0x1p-21}, // exp2(y * log2(x))
	builtins.FnInverseSqrt:     {2, 0},
	builtins.FnSqrt:            {3, 0}, // 1.0 / inverseSqrt(x)
	builtins.FnCross:           {3, 0},
	builtins.FnDegrees:         {2, 0},
	builtins.FnRadians:         {2, 0},
	builtins.FnDeterminant:     {64, 0}, // infinite ULP; what a naive expansion loses
	builtins.FnDistance:        {8, 0},  // length(x - y)
	builtins.FnLength:          {8, 0},  // sqrt(dot(x, x))
	builtins.FnNormalize:       {8, 0},  // x / length(x)
	builtins.FnDot:             {4, 0},
	builtins.FnFaceForward:     {4, 0},
	builtins.FnFma:             {2, 0}, // x * y + z
	builtins.FnFract:           {1, 0}, // x - floor(x)
	builtins.FnMix:             {4, 0}, // x * (1.0 - z) + y * z
	builtins.FnReflect:         {8, 0},
	builtins.FnRefract:         {16, 0},
	builtins.FnSmoothstep:      {8, 0}, // t * t * (3.0 - 2.0 * t), t from a division
	builtins.FnUnpack4x8snorm:  {3, 0},
	builtins.FnUnpack4x8unorm:  {3, 0},
	builtins.FnUnpack2x16snorm: {3, 0},
	builtins.FnUnpack2x16unorm: {3, 0},
}

// remainder is x % y of floats, inherited from x - y * trunc(x / y).
var remainder = bound{4, 0}

// toleranceOf returns the loosest bound of what m computes, or the zero bound (bit for bit)
// when it computes nothing imprecise.
func toleranceOf(m *ir.Module) bound {
	var b bound
	widen := func(o bound) {
		b.ulps, b.abs = max(b.ulps, o.ulps), max(b.abs, o.abs)
	}
	ir.WalkModule(m, func(in *ir.Inst) {
		switch in.Op {
		case ir.OpBuiltin:
			if a, ok := accuracy[in.Builtin()]; ok {
				widen(a)
			}
		case ir.OpRem:
			if s := types.ElemScalar(m.Type(in.Result)); s != nil && s.IsFloat() {
				widen(remainder)
			}
		}
	})
	return b
}

// within reports whether the f32 values a and b are within b of each other.
func (b bound) within(x, y float32) bool {
	if b == (bound{}) {
		return false
	}
	if math.IsNaN(float64(x)) && math.IsNaN(float64(y)) {
		return true
	}
	d := math.Abs(float64(x) - float64(y))
	m := max(math.Abs(float64(x)), math.Abs(float64(y)))
	_, e := math.Frexp(m)
	ulp := math.Ldexp(1, max(e-24, -149))
	return d <= max(b.abs, b.ulps*ulp)
}
