package sema

import (
	"github.com/wgslgo/wgslgo/compiler/builtins"
	"github.com/wgslgo/wgslgo/compiler/syntax"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// The uniformity rules for expressions and function calls (see uniformity.go).

// value analyzes an expression whose value is used (an RHSValue), applying the load rule
// where the checker did.
func (u *uniformity) value(e syntax.Expr, cf int32) int32 {
	switch e := e.(type) {
	case *syntax.IntLit, *syntax.FloatLit, *syntax.BoolLit:
		return cf
	case *syntax.BinaryExpr, *syntax.CallExpr:
		return u.expr(e, cf, false)
	case *syntax.IdentExpr:
		// Only variables are memory views here; lets and parameters are values, even of
		// pointer type.
		obj := u.c.prog.UseOf(e)
		_, isVar := obj.(*Var)
		return u.identObj(e, obj, cf, isVar)
	case *syntax.UnaryExpr:
		if e.Op != syntax.OpDeref {
			return u.expr(e, cf, false)
		}
	}
	return u.expr(e, cf, u.c.prog.TypeOf(e).Mode == Reference)
}

// expr analyzes an expression; load is set when the load rule applies to the memory view
// the expression (or its root identifier) denotes.
func (u *uniformity) expr(e syntax.Expr, cf int32, load bool) int32 {
	switch e := e.(type) {
	case *syntax.ParenExpr:
		return u.expr(e.X, cf, load)
	case *syntax.IdentExpr:
		return u.ident(e, cf, load)
	case *syntax.CallExpr:
		return u.call(e, cf)
	case *syntax.UnaryExpr:
		if e.Op == syntax.OpAddrOf || e.Op == syntax.OpDeref {
			return u.expr(e.X, cf, load)
		}
		return u.value(e.X, cf)
	case *syntax.BinaryExpr:
		if e.Op == syntax.OpLogAnd || e.Op == syntax.OpLogOr {
			// The right operand runs only for some invocations when the left one is
			// non-uniform.
			dk := divAnd
			if e.Op == syntax.OpLogOr {
				dk = divOr
			}
			sc := u.node(nkDiverge, e.X, int32(dk))
			u.edge(sc, u.value(e.X, cf))
			return u.value(e.Y, sc)
		}
		return u.join(cf, u.value(e.X, cf), u.value(e.Y, cf))
	case *syntax.MemberExpr:
		return u.expr(e.X, cf, load)
	case *syntax.IndexExpr:
		base := u.expr(e.X, cf, load)
		return u.join(cf, base, u.value(e.Index, cf))
	}
	return cf
}

// read is the value of identifier e that depends on x, at control flow cf.
func (u *uniformity) read(e *syntax.IdentExpr, cf, x int32) int32 {
	if x == cf {
		return cf
	}
	n := u.node(nkRead, e, 0)
	u.edge(n, cf)
	u.edge(n, x)
	return n
}

// source is a read of identifier e that may be non-uniform.
func (u *uniformity) source(e *syntax.IdentExpr) int32 {
	n := u.node(nkRead, e, 0)
	u.edge(n, nMayBeNonUniform)
	return n
}

func (u *uniformity) ident(e *syntax.IdentExpr, cf int32, load bool) int32 {
	return u.identObj(e, u.c.prog.UseOf(e), cf, load)
}

func (u *uniformity) identObj(e *syntax.IdentExpr, obj Object, cf int32, load bool) int32 {
	switch o := obj.(type) {
	case *Var:
		if id, ok := u.locals[o]; ok {
			if !load {
				return cf
			}
			return u.read(e, cf, u.loc[id].val)
		}
		if load && mutableMemory(o) {
			return u.source(e)
		}
	case *Let:
		id, ok := u.locals[o]
		if !ok {
			break
		}
		l := &u.loc[id]
		v := u.read(e, cf, l.val)
		if !load || !l.ptr {
			return v
		}
		// Loading through a pointer: the contents of what it points into.
		switch r := l.root; {
		case r.local >= 0:
			return u.join(cf, v, u.read(e, cf, u.loc[r.local].val))
		case mutableMemory(r.obj):
			return u.join(cf, v, u.source(e))
		}
		return v
	case *Param:
		if o.Index >= len(u.params) {
			break
		}
		pn := &u.params[o.Index]
		switch {
		case u.fn.IsEntryPoint():
			if pn.uniform {
				return cf
			}
			return u.source(e)
		case pn.local >= 0:
			if load {
				return u.read(e, cf, u.loc[pn.local].val)
			}
			return u.read(e, cf, pn.value)
		}
		if _, isPtr := o.Type.(*types.Pointer); isPtr {
			if load && mutableMemory(o) {
				return u.source(e)
			}
			return cf
		}
		return u.read(e, cf, pn.value)
	}
	// Constants, overrides, read-only module-scope variables and memory views not loaded.
	return cf
}

func (u *uniformity) call(e *syntax.CallExpr, cf int32) int32 {
	ci := u.c.prog.CallOf(e)
	if ci != nil && ci.Kind == CallFunc {
		return u.userCall(e, ci.Func, cf)
	}
	base := len(u.args)
	r := cf
	for _, a := range e.Args {
		v := u.value(a, cf)
		u.args = append(u.args, callArg{val: v})
		r = u.join(cf, r, v)
	}
	defer func() { u.args = u.args[:base] }()
	if ci == nil || ci.Kind != CallBuiltin {
		// Value constructors, conversions and bitcast.
		return r
	}
	o := ci.Builtin.Overload
	// requireParams requires the arguments of the overload's @uniform parameters to be
	// uniform, with severity sev.
	requireParams := func(sev filterSeverity) {
		for i, p := range o.Params {
			if p.Uniform && i < len(e.Args) {
				u.require(sev, u.argNode(e, i, u.args[base+i].val))
			}
		}
	}
	switch o.Uniformity {
	case builtins.UniformityBarrier:
		if u.scope == workgroupScope {
			u.require(sevError, u.callNode(e, cf))
			requireParams(sevError)
			return cf
		}
	case builtins.UniformityDerivative:
		if u.scope == workgroupScope {
			if sev := u.c.severityAt(o.Uniformity.TriggeringRule(), e.Loc.Start); sev != sevOff {
				u.require(sev, u.callNode(e, cf))
			}
		}
		return u.nonUniformResult(e)
	case builtins.UniformitySubgroup, builtins.UniformitySubgroupUniform:
		if u.scope != subgroupScope {
			return u.nonUniformResult(e)
		}
		if sev := u.c.severityAt(o.Uniformity.TriggeringRule(), e.Loc.Start); sev != sevOff {
			u.require(sev, u.callNode(e, cf))
			requireParams(sev)
		}
		if o.Uniformity == builtins.UniformitySubgroup {
			return u.nonUniformResult(e)
		}
	case builtins.UniformityNonUniformResult:
		return u.nonUniformResult(e)
	case builtins.UniformityStorageTextureLoad:
		if len(ci.Builtin.Params) > 0 {
			if tex, ok := ci.Builtin.Params[0].(*types.Texture); ok && tex.Kind == types.TexStorage && tex.Access == types.ReadWrite {
				return u.nonUniformResult(e)
			}
		}
	}
	return r
}

func (u *uniformity) callNode(e *syntax.CallExpr, cf int32) int32 {
	n := u.node(nkCall, e, 0)
	u.edge(n, cf)
	return n
}

func (u *uniformity) argNode(e *syntax.CallExpr, i int, val int32) int32 {
	n := u.node(nkArg, e, int32(i))
	u.edge(n, val)
	return n
}

func (u *uniformity) nonUniformResult(e *syntax.CallExpr) int32 {
	n := u.node(nkResult, e, 0)
	u.edge(n, nMayBeNonUniform)
	return n
}

// userCall applies the callee's tags to a call of a user-declared function.
func (u *uniformity) userCall(e *syntax.CallExpr, g *Func, cf int32) int32 {
	base := len(u.args)
	for _, a := range e.Args {
		v := u.value(a, cf)
		u.args = append(u.args, callArg{val: v, contents: -1})
	}
	args := u.args[base:]
	defer func() { u.args = u.args[:base] }()

	call := u.callNode(e, cf)
	result := int32(-1)
	if g.Result != nil {
		result = u.node(nkResult, e, 0)
		u.edge(result, call)
	}
	gi := u.infos[g]
	if gi == nil || len(gi.params) != len(args) {
		// Not analyzed (it has errors): assume no restriction.
		if result < 0 {
			return cf
		}
		for _, a := range args {
			u.edge(result, a.val)
		}
		return result
	}
	if gi.callSite != sevDefault {
		u.require(gi.callSite, call)
	}
	if gi.returnNonUniform && result >= 0 {
		u.edge(result, nMayBeNonUniform)
	}
	for i := range args {
		a := &args[i]
		a.node = u.argNode(e, i, a.val)
		if pt := &gi.params[i]; pt.pointer {
			// The contents of the memory the argument points to, before the call.
			a.contents = u.node(nkArgContents, e, int32(i))
			u.edge(a.contents, a.node)
			switch r := u.root(e.Args[i]); {
			case r.local >= 0:
				u.edge(a.contents, u.loc[r.local].val)
			case mutableMemory(r.obj):
				u.edge(a.contents, nMayBeNonUniform)
			}
		}
	}
	for i := range args {
		pt, a := &gi.params[i], &args[i]
		switch pt.req {
		case reqValue:
			u.require(pt.reqSev, a.node)
		case reqContents:
			u.require(pt.reqSev, a.contents)
		}
		if result >= 0 {
			switch pt.ret {
			case reqValue:
				u.edge(result, a.node)
			case reqContents:
				u.edge(result, a.contents)
			}
		}
	}
	// What the pointer arguments point to after the call.
	for i := range args {
		pt := &gi.params[i]
		if !pt.pointer {
			continue
		}
		out := u.node(nkPtrResult, e, int32(i))
		if pt.mayBecomeNonUniform {
			u.edge(out, nMayBeNonUniform)
		} else {
			u.edge(out, call)
			for _, j := range pt.fromValues {
				u.edge(out, args[j].node)
			}
			for _, j := range pt.fromContents {
				u.edge(out, args[j].contents)
			}
		}
		if r := u.root(e.Args[i]); r.local >= 0 {
			if r.partial {
				// The call writes part of the variable at most.
				u.edge(out, u.loc[r.local].val)
			}
			u.setVar(r.local, out)
		}
	}
	if result < 0 {
		return cf
	}
	return result
}
