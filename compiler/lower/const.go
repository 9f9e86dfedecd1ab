package lower

import (
	"fmt"

	"github.com/wgslgo/wgslgo/compiler/constant"
	"github.com/wgslgo/wgslgo/compiler/ir"
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
	return l.m.ConstValue(v)
}
