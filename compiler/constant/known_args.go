package constant

import (
	"fmt"

	"github.com/wgslgo/wgslgo/compiler/builtins"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// KnownArgs applies the rules that make a call of the builtin function fn an error when
// some of its arguments are known before the shader runs, though the call itself runs in it:
// clamp bounds, smoothstep edges, bit ranges, ldexp exponents, subgroup shuffle ids, deltas
// and masks, texture offsets and gather components. The checker applies them to
// const-expression arguments (shader-creation errors), transform.SubstituteOverrides to
// override-expression arguments that override values make known (pipeline-creation errors).
//
// vals holds the arguments converted to the parameter types res gives, the invalid Value
// for those not known. KnownArgs returns the message of the first rule broken and the index
// of the argument it concerns (-1: the call), or "".
func KnownArgs(fn builtins.Fn, res *builtins.Resolved, vals []Value) (msg string, arg int) {
	known := func(i int) bool { return i < len(vals) && vals[i].IsValid() }
	pairwise := func(i, j int, bad func(a, b Value) bool) bool {
		if !known(i) || !known(j) {
			return false
		}
		a, b := vals[i], vals[j]
		n := 1
		if !a.IsScalar() {
			n = a.Len()
		}
		for k := 0; k < n; k++ {
			x, y := a, b
			if !a.IsScalar() {
				x, y = a.Index(k), b.Index(k)
			}
			if bad(x, y) {
				return true
			}
		}
		return false
	}
	less := func(a, b Value) bool {
		if s, ok := a.Type().(*types.Scalar); ok && s.IsFloat() {
			return a.Float64() < b.Float64()
		}
		if a.Type() == types.U32 {
			return uint64(a.Int64()) < uint64(b.Int64())
		}
		return a.Int64() < b.Int64()
	}
	switch fn {
	case builtins.FnClamp:
		if pairwise(2, 1, less) {
			return "clamp: low is greater than high", -1
		}
	case builtins.FnSmoothstep:
		if pairwise(0, 1, func(a, b Value) bool { return a.Float64() == b.Float64() }) {
			return "smoothstep: edge0 and edge1 are equal", -1
		}
	case builtins.FnExtractBits, builtins.FnInsertBits:
		first := 1
		if fn == builtins.FnInsertBits {
			first = 2
		}
		if known(first) && known(first+1) {
			off, cnt := uint64(vals[first].Int64()), uint64(vals[first+1].Int64())
			if off+cnt > 32 {
				return fmt.Sprintf("%s: offset %d + count %d is greater than the bit width 32", fn, off, cnt), -1
			}
		}
	case builtins.FnLdexp:
		if known(1) {
			bias := int64(1023)
			switch types.ElemScalar(res.Params[0]) {
			case types.F32:
				bias = 127
			case types.F16:
				bias = 15
			}
			bad := false
			ForEachScalar(vals[1], func(v Value) { bad = bad || v.Int64() > bias+1 })
			if bad {
				return fmt.Sprintf("ldexp: exponent is greater than %d (the bias + 1 of %s)", bias+1, types.ElemScalar(res.Params[0])), 1
			}
		}
	}
	for i, p := range res.Overload.Params {
		if !known(i) {
			continue
		}
		v := vals[i]
		switch p.Name {
		case "offset":
			if fn.Class() != builtins.ClassTexture {
				continue
			}
			bad := false
			ForEachScalar(v, func(v Value) { bad = bad || v.Int64() < -8 || v.Int64() > 7 })
			if bad {
				return fmt.Sprintf("%s: each component of the offset must be in -8..7", fn), i
			}
		case "id":
			limit := int64(0)
			switch fn {
			case builtins.FnSubgroupBroadcast, builtins.FnSubgroupShuffle:
				limit = 128
			case builtins.FnQuadBroadcast:
				limit = 4
			}
			if n := v.Int64(); limit > 0 && (n < 0 || n >= limit) {
				return fmt.Sprintf("%s: id must be in [0, %d), not %d", fn, limit, n), i
			}
		case "delta", "mask":
			if n := v.Int64(); fn.Class() == builtins.ClassSubgroup && n > 127 {
				return fmt.Sprintf("%s: %s must be at most 127, not %d", fn, p.Name, n), i
			}
		case "component":
			if n := v.Int64(); n < 0 || n > 3 {
				return fmt.Sprintf("%s: component must be in 0..3, not %d", fn, n), i
			}
		}
	}
	return "", 0
}

// ForEachScalar calls f with each scalar component of v, in order.
func ForEachScalar(v Value, f func(Value)) {
	if v.IsScalar() {
		f(v)
		return
	}
	for i := 0; i < v.Len(); i++ {
		ForEachScalar(v.Index(i), f)
	}
}
