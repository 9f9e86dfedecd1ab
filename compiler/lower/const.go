package lower

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/wgslgo/wgslgo/compiler/constant"
	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/sema"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// constant returns the IR constant of v converted to t (nil: v's own type, concretized).
// The checker only records values it has already converted, so the conversion matters for
// the few places it leaves an abstract value (builtin arguments, defensive otherwise).
func (l *lowerer) constant(v constant.Value, t types.Type) ir.Value {
	if t == nil {
		t = v.Type()
	}
	t = types.Concretize(t)
	if !types.Identical(v.Type(), t) {
		cv, err := constant.Convert(v, t)
		if err != nil {
			// The checker accepted the program, so this is a bug: keep the message precise.
			panic(fmt.Sprintf("lower: constant %v does not convert to %v: %v", v, t, err))
		}
		v = cv
	}
	return l.constValue(v)
}

// constValue returns the IR constant of a concrete value.
func (l *lowerer) constValue(v constant.Value) ir.Value {
	t := v.Type()
	if s, ok := t.(*types.Scalar); ok {
		return l.m.ConstScalar(s, v.Bits())
	}
	if v.IsZero() {
		return l.m.Zero(t)
	}
	elems := make([]ir.Value, v.Len())
	for i := range elems {
		elems[i] = l.constValue(v.Index(i))
	}
	return l.m.ConstComposite(t, elems...)
}

// OverrideValue parses the text of --override NAME=VALUE for the override that name names
// (its name, or the decimal @id of one declared with @id, as WebGPU's pipeline constants
// do): a WGSL bool or numeric literal (suffixes allowed) or any number, converted to the
// override's type the way WebGPU converts pipeline constants (see constant.OverrideValue).
func OverrideValue(p *sema.Program, name, text string) (constant.Value, error) {
	o := FindOverride(p, name)
	if o == nil {
		return constant.Value{}, fmt.Errorf("the module declares no override named '%s'", name)
	}
	s := o.Type.(*types.Scalar)
	switch text {
	case "true":
		return constant.Convert(constant.MakeBool(true), s)
	case "false":
		return constant.Convert(constant.MakeBool(false), s)
	}
	num := strings.TrimRight(text, "iufh")
	if strings.HasPrefix(num, "0x") || strings.HasPrefix(num, "-0x") {
		if !strings.ContainsAny(num, ".pP") {
			if x, err := strconv.ParseInt(num, 0, 64); err == nil {
				return constant.OverrideValue(s, float64(x))
			}
		}
	}
	x, err := strconv.ParseFloat(num, 64)
	if err != nil {
		return constant.Value{}, fmt.Errorf("override %s: %q is not a number or bool", name, text)
	}
	return constant.OverrideValue(s, x)
}
