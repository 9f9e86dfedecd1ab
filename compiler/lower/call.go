package lower

import (
	"fmt"

	"github.com/wgslgo/wgslgo/compiler/builtins"
	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/sema"
	"github.com/wgslgo/wgslgo/compiler/syntax"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// call lowers a call expression; the result is 0 for functions that return nothing.
func (l *lowerer) call(e *syntax.CallExpr) ir.Value {
	c := l.p.CallOf(e)
	if c == nil {
		l.errorf(e, "call was not resolved")
		return 0
	}
	switch c.Kind {
	case sema.CallFunc:
		return l.userCall(e, c)
	case sema.CallBuiltin:
		return l.legacyResult(e, l.builtinCall(e, c))
	case sema.CallConstructor:
		return l.construct(e, c)
	case sema.CallStruct:
		args := l.args(e, c)
		if len(args) == 0 {
			return l.m.Zero(c.Type)
		}
		return l.b.Construct(c.Type, args...)
	case sema.CallBitcast:
		args := l.args(e, c)
		if args == nil {
			return 0
		}
		if types.Identical(l.m.Type(args[0]), c.Type) {
			return args[0]
		}
		return l.b.Bitcast(c.Type, args[0])
	}
	l.errorf(e, "cannot lower this call")
	return 0
}

func (l *lowerer) userCall(e *syntax.CallExpr, c *sema.Call) ir.Value {
	f := l.funcs[c.Func]
	if f == nil {
		l.errorf(e, "function '%s' is called before it is lowered", c.Func.Name())
		return 0
	}
	args := make([]ir.Value, len(e.Args))
	type writeBack struct{ dst, tmp ir.Value }
	var backs []writeBack
	for i, a := range e.Args {
		args[i] = l.legacyArg(a)
		if args[i] == 0 {
			return 0
		}
		pt, isPtr := l.m.Type(args[i]).(*types.Pointer)
		if !isPtr || l.wholeVariable(args[i]) {
			continue
		}
		// SPIR-V passes only whole variables (memory object declarations) to functions. A
		// pointer to part of a function or private variable is passed through a copy that is
		// written back after the call: the same result, since alias analysis forbids the
		// callee to reach that memory any other way, and no other invocation can. Pointers
		// into uniform, storage and workgroup memory stay as they are:
		// transform.DirectVariableAccess gives the callee a copy that reaches the variable
		// itself.
		switch pt.Space {
		case types.AddrFunction:
			tmp := l.b.Var("", pt.Elem, l.b.Load(args[i]))
			backs = append(backs, writeBack{args[i], tmp})
			args[i] = tmp
		case types.AddrPrivate:
			// The parameter wants private memory: the copy is a private variable of its own.
			g := l.m.NewGlobal(fmt.Sprintf("%s_arg%d", f.Name, i), types.AddrPrivate, types.ReadWrite, pt.Elem)
			l.b.Store(g.Value, l.b.Load(args[i]))
			backs = append(backs, writeBack{args[i], g.Value})
			args[i] = g.Value
		}
	}
	res := l.b.Call(f, args...)
	for _, wb := range backs {
		l.b.Store(wb.dst, l.b.Load(wb.tmp))
	}
	return res
}

// wholeVariable reports whether the pointer v is a variable or a pointer parameter, which
// SPIR-V accepts as a function argument, rather than a pointer into part of one.
func (l *lowerer) wholeVariable(v ir.Value) bool {
	switch l.m.Kind(v) {
	case ir.KindGlobal, ir.KindParam:
		return true
	case ir.KindInst:
		return l.m.Def(v).Op == ir.OpVar
	}
	return false
}

// args lowers the arguments of a builtin, constructor or bitcast call, each converted to
// the parameter type overload resolution chose (pointers stay pointers). It returns nil if
// one failed.
func (l *lowerer) args(e *syntax.CallExpr, c *sema.Call) []ir.Value {
	args := make([]ir.Value, len(e.Args))
	for i, a := range e.Args {
		var pt types.Type
		if c.Builtin != nil && i < len(c.Builtin.Params) {
			pt = c.Builtin.Params[i]
		}
		if l.p.Legacy != nil && l.p.Legacy.AddrOf[a] {
			args[i] = l.ref(a) // the draft passes a variable for a pointer parameter
		} else {
			args[i] = l.valueAs(a, pt)
		}
		if args[i] == 0 {
			return nil
		}
	}
	return args
}

// valueAs lowers e as a value of type t (nil or a pointer type: as recorded).
func (l *lowerer) valueAs(e syntax.Expr, t types.Type) ir.Value {
	if _, isPtr := t.(*types.Pointer); t == nil || isPtr {
		return l.value(e)
	}
	t = types.Concretize(t)
	tv := l.p.TypeOf(e)
	if tv.Value.IsValid() {
		return l.constant(tv.Value, t)
	}
	v := l.valueOf(e, tv)
	if v == 0 {
		return 0
	}
	return l.convertTo(v, t)
}

// construct lowers a value constructor of a predeclared type: zero values, conversions,
// splats and composites.
func (l *lowerer) construct(e *syntax.CallExpr, c *sema.Call) ir.Value {
	t := c.Type
	args := l.args(e, c)
	if len(e.Args) == 0 {
		return l.m.Zero(t)
	}
	if args == nil {
		return 0
	}
	if len(args) == 1 {
		at := l.m.Type(args[0])
		if types.Identical(at, t) {
			return args[0]
		}
		switch tt := t.(type) {
		case *types.Scalar:
			return l.b.Convert(t, args[0])
		case *types.Vector:
			if _, ok := at.(*types.Scalar); ok {
				if at != types.Type(tt.Elem) {
					args[0] = l.b.Convert(tt.Elem, args[0])
				}
				return l.b.Splat(t, args[0])
			}
			return l.b.Convert(t, args[0])
		case *types.Matrix:
			return l.b.Convert(t, args[0])
		}
	}
	return l.b.Construct(t, args...)
}

// builtinCall lowers a call of a builtin function.
func (l *lowerer) builtinCall(e *syntax.CallExpr, c *sema.Call) ir.Value {
	args := l.args(e, c)
	if args != nil {
		args = append(args, l.legacyImplicitArgs(e)...)
	}
	if args == nil && len(e.Args) > 0 {
		return 0
	}
	if c.Fn == builtins.FnSelect {
		// select(f, t, cond) is SPIR-V's Select(cond, t, f).
		return l.b.Select(args[2], args[1], args[0])
	}
	var rt types.Type = types.VoidType
	if c.Type != nil {
		rt = types.Concretize(c.Type)
	}
	v := l.b.BuiltinT(c.Fn, rt, args...)
	if checks := l.knownArgs(e, c); checks != nil {
		insts := l.b.Block().Insts
		if in := l.m.Def(v); in != nil {
			l.m.CheckOperands(in, checks)
		} else if n := len(insts); n > 0 && insts[n-1].Op == ir.OpBuiltin {
			l.m.CheckOperands(insts[n-1], checks) // a call without a result
		}
	}
	return v
}

// knownArgs returns, for a builtin call some of whose arguments are override-expressions,
// where the arguments a pipeline knows are written (const- and override-expressions), so
// that transform.SubstituteOverrides applies the builtin's rules to them (constant.KnownArgs)
// once override values make them known; nil for other calls.
func (l *lowerer) knownArgs(e *syntax.CallExpr, c *sema.Call) *ir.CheckedOperands {
	if c.Builtin == nil {
		return nil
	}
	for _, a := range e.Args {
		if tv := l.p.TypeOf(a); tv.Stage != sema.OverrideStage || tv.Value.IsValid() {
			continue
		}
		checks := &ir.CheckedOperands{Spans: make([]ir.Span, len(e.Args)), Overload: c.Builtin}
		for j, a := range e.Args {
			if l.p.TypeOf(a).Stage != sema.RuntimeStage {
				checks.Spans[j] = ir.SpanOf(a.Span())
			}
		}
		return checks
	}
	return nil
}
