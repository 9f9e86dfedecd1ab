package lower

import (
	"fmt"

	"github.com/wgslgo/wgslgo/compiler/constant"
	"github.com/wgslgo/wgslgo/compiler/sema"
	"github.com/wgslgo/wgslgo/compiler/syntax"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// constOps maps WGSL operators to the constant evaluator's.
var constOps = map[syntax.Op]constant.Op{
	syntax.OpAdd: constant.Add, syntax.OpSub: constant.Sub, syntax.OpMul: constant.Mul,
	syntax.OpDiv: constant.Div, syntax.OpRem: constant.Rem, syntax.OpAnd: constant.And,
	syntax.OpOr: constant.Or, syntax.OpXor: constant.Xor, syntax.OpShl: constant.Shl,
	syntax.OpShr: constant.Shr, syntax.OpLogAnd: constant.LogicalAnd, syntax.OpLogOr: constant.LogicalOr,
	syntax.OpEq: constant.Eq, syntax.OpNe: constant.Ne, syntax.OpLt: constant.Lt,
	syntax.OpLe: constant.Le, syntax.OpGt: constant.Gt, syntax.OpGe: constant.Ge,
	syntax.OpNeg: constant.Neg, syntax.OpNot: constant.Not, syntax.OpCompl: constant.Complement,
}

// eval evaluates an override-expression whose overrides all have values from
// Options.Overrides, so that it becomes a constant. It reports false when the expression
// depends on an override the pipeline still sets (or on anything not constant), and
// reports evaluation errors (a division by zero the values cause) as diagnostics.
func (l *lowerer) eval(e syntax.Expr) (constant.Value, bool) {
	tv := l.p.TypeOf(e)
	if tv.Value.IsValid() {
		return l.evalConvert(e, tv.Value, tv.Type)
	}
	if tv.Stage != sema.OverrideStage || l.noEval[e] {
		return constant.Value{}, false
	}
	v, ok := l.eval0(e)
	if !ok {
		l.noEval[e] = true
		return constant.Value{}, false
	}
	return l.evalConvert(e, v, tv.Type)
}

func (l *lowerer) evalConvert(e syntax.Expr, v constant.Value, t types.Type) (constant.Value, bool) {
	if t == nil || types.Identical(v.Type(), t) {
		return v, true
	}
	cv, err := constant.Convert(v, t)
	if err != nil {
		l.pipelineErrorf(e, "with the override values given: %v", err)
		l.noEval[e] = true
		return constant.Value{}, false
	}
	return cv, true
}

func (l *lowerer) eval0(e syntax.Expr) (constant.Value, bool) {
	fail := func(err error) (constant.Value, bool) {
		l.pipelineErrorf(e, "with the override values given: %v", err)
		return constant.Value{}, false
	}
	switch e := e.(type) {
	case *syntax.ParenExpr:
		return l.eval(e.X)
	case *syntax.IdentExpr:
		if o, ok := l.p.UseOf(e).(*sema.Override); ok {
			v, ok := l.subst[o]
			return v, ok
		}
	case *syntax.UnaryExpr:
		x, ok := l.eval(e.X)
		if !ok {
			return x, false
		}
		op, known := constOps[e.Op]
		if !known || e.Op == syntax.OpAddrOf || e.Op == syntax.OpDeref {
			return constant.Value{}, false
		}
		v, err := constant.Unary(op, x)
		if err != nil {
			return fail(err)
		}
		return v, true
	case *syntax.BinaryExpr:
		x, ok := l.eval(e.X)
		if !ok {
			return x, false
		}
		y, ok := l.eval(e.Y)
		if !ok {
			return y, false
		}
		v, err := constant.Binary(constOps[e.Op], x, y)
		if err != nil {
			return fail(err)
		}
		return v, true
	case *syntax.IndexExpr:
		x, ok := l.eval(e.X)
		if !ok {
			return x, false
		}
		i, ok := l.eval(e.Index)
		if !ok {
			return i, false
		}
		if k := i.Int64(); k >= 0 && int(k) < x.Len() {
			return x.Index(int(k)), true
		}
		return fail(fmt.Errorf("index %d is out of bounds for %s", i.Int64(), x.Type()))
	case *syntax.MemberExpr:
		x, ok := l.eval(e.X)
		if !ok {
			return x, false
		}
		switch t := x.Type().(type) {
		case *types.Struct:
			for i, m := range t.Members {
				if m.Name == e.Member.Name {
					return x.Index(i), true
				}
			}
		case *types.Vector:
			return constant.Swizzle(x, swizzle(e.Member.Name)...), true
		}
	case *syntax.CallExpr:
		return l.evalCall(e)
	}
	return constant.Value{}, false
}

func (l *lowerer) evalCall(e *syntax.CallExpr) (constant.Value, bool) {
	c := l.p.CallOf(e)
	if c == nil || c.Builtin == nil || c.Kind == sema.CallFunc || !c.Builtin.Const {
		return constant.Value{}, false
	}
	args := make([]constant.Value, len(e.Args))
	for i, a := range e.Args {
		v, ok := l.eval(a)
		if !ok {
			return v, false
		}
		if i < len(c.Builtin.Params) {
			if v, ok = l.evalConvert(a, v, c.Builtin.Params[i]); !ok {
				return v, false
			}
		}
		args[i] = v
	}
	var v constant.Value
	var err error
	switch c.Kind {
	case sema.CallConstructor, sema.CallStruct:
		v, err = constant.Construct(c.Type, args)
	case sema.CallBitcast:
		v, err = constant.Bitcast(args[0], c.Type)
	default:
		v, err = constant.CallBuiltin(c.Fn, args, c.Type)
	}
	if err != nil {
		l.pipelineErrorf(e, "with the override values given: %s: %v", c.Name, err)
		return constant.Value{}, false
	}
	return v, true
}
