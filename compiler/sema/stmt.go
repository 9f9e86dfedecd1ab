package sema

import (
	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/compiler/syntax"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// Behavior is the spec's statement behavior: the set of ways control leaves a statement.
type Behavior uint8

const (
	BehNext Behavior = 1 << iota
	BehReturn
	BehBreak
	BehContinue
)

func (b Behavior) has(x Behavior) bool { return b&x != 0 }

// stmtList checks a sequence of statements and combines their behaviors. The first
// statement that cannot be reached gets a warning.
func (c *checker) stmtList(list []syntax.Stmt) Behavior {
	b := BehNext
	warned := false
	for i, s := range list {
		if !b.has(BehNext) {
			if !warned && !(c.legacy && c.legacyReturnNotLast(list[i-1], s)) {
				c.warn(s.Span(), "unreachable_code", "code is unreachable")
			}
			warned = true
			c.stmt(s)
			continue
		}
		sb := c.stmt(s)
		b = (b &^ BehNext) | sb
	}
	return b
}

// block checks a compound statement in its own scope.
func (c *checker) block(b *syntax.CompoundStmt) Behavior {
	if b == nil {
		return BehNext
	}
	c.stmtAttrs(b.Attrs, b.Loc)
	c.pushScope()
	c.enterBraces(b.Loc)
	beh := c.stmtList(b.Stmts)
	c.leaveBraces()
	c.popScope()
	return beh
}

func (c *checker) stmt(s syntax.Stmt) Behavior {
	switch s := s.(type) {
	case *syntax.CompoundStmt:
		return c.block(s)
	case *syntax.VarDecl:
		c.localVar(s)
	case *syntax.LetDecl:
		c.localLet(s)
	case *syntax.ConstDecl:
		if obj := c.constDecl(s, false); obj != nil {
			c.prog.Defs[s] = obj
			c.declare(&s.Name, obj)
		}
	case *syntax.ConstAssert:
		c.constAssert(s)
	case *syntax.AssignStmt:
		c.assign(s)
	case *syntax.IncDecStmt:
		c.incDec(s)
	case *syntax.CallStmt:
		c.callStmt(s)
	case *syntax.ReturnStmt:
		c.returnStmt(s)
		return BehReturn
	case *syntax.DiscardStmt:
		c.fn.fn.Builtins = append(c.fn.fn.Builtins, BuiltinUse{Name: "discard", Stages: builtinStage(Fragment), Span: s.Loc})
		return BehNext
	case *syntax.BreakStmt:
		switch {
		case len(c.fn.ctl) == 0:
			c.errorf(s, "break must be inside a loop or switch")
		case c.fn.ctl[len(c.fn.ctl)-1].kind == ctlContinuing:
			c.errorf(s, "break cannot leave a continuing block; use 'break if' at its end")
		}
		return BehBreak
	case *syntax.ContinueStmt:
		c.continueStmt(s)
		return BehContinue
	case *syntax.BreakIfStmt:
		c.condition(s.Cond, "break if")
		if !c.legacy {
			c.errorf(s, "'break if' must be the last statement of a continuing block")
		}
		return BehBreak | BehNext
	case *syntax.FallthroughStmt:
		if c.legacy {
			c.legacyFallthrough(s)
			return BehBreak // control continues in the next clause, then after the switch
		}
		c.errorf(s, "fallthrough is not supported: modern WGSL switch cases do not fall through; merge the case selectors instead")
	case *syntax.IfStmt:
		return c.ifStmt(s)
	case *syntax.SwitchStmt:
		return c.switchStmt(s)
	case *syntax.LoopStmt:
		return c.loopStmt(s)
	case *syntax.ForStmt:
		return c.forStmt(s)
	case *syntax.WhileStmt:
		return c.whileStmt(s)
	case *syntax.BadStmt:
	default:
		c.errorf(s, "unexpected statement")
	}
	return BehNext
}

// condition checks an if/while/for/break-if condition: a bool scalar.
func (c *checker) condition(e syntax.Expr, what string) {
	op := c.valueExpr(e)
	if op.mode == Invalid {
		return
	}
	if op.typ != types.Bool {
		c.errorf(e, "%s condition must be bool, not %s", what, describe(op.typ))
	}
}

func (c *checker) ifStmt(s *syntax.IfStmt) Behavior {
	c.stmtAttrs(s.Attrs, s.Loc)
	c.condition(s.Cond, "if")
	b := c.block(s.Then)
	switch e := s.Else.(type) {
	case nil:
		b |= BehNext
	case *syntax.IfStmt:
		b |= c.ifStmt(e)
	default:
		b |= c.stmt(e)
	}
	return b
}

func (c *checker) switchStmt(s *syntax.SwitchStmt) Behavior {
	c.stmtAttrs(s.Attrs, s.Loc)
	c.stmtAttrs(s.BodyAttrs, s.Loc)
	sel := c.valueExpr(s.Selector)
	var selType types.Type
	if sel.mode != Invalid {
		if st := sel.typ; st != types.I32 && st != types.U32 && st != types.AbstractInt {
			c.errorf(s.Selector, "switch selector must be i32 or u32, not %s", describe(sel.typ))
		} else {
			selType = st
		}
	}
	// The selector and every case value convert to one common type.
	type caseVal struct {
		op  operand
		sel syntax.CaseSelector
	}
	var vals []caseVal
	defaults := 0
	var firstDefault diag.Span
	for _, cl := range s.Clauses {
		for _, cs := range cl.Selectors {
			if cs.IsDefault() {
				defaults++
				if defaults == 2 {
					e := c.errorAt(cs.Loc, "switch has more than one default clause")
					c.note(e, firstDefault, "first default is here")
				}
				firstDefault = cs.Loc
				continue
			}
			op := c.valueExpr(cs.Expr)
			if op.mode == Invalid {
				continue
			}
			if op.stage != ConstStage || !op.val.IsValid() {
				c.errorf(cs.Expr, "case selector must be a const-expression")
				continue
			}
			if op.typ != types.I32 && op.typ != types.U32 && op.typ != types.AbstractInt {
				c.errorf(cs.Expr, "case selector must be an integer, not %s", op.typ)
				continue
			}
			vals = append(vals, caseVal{op, cs})
		}
	}
	if defaults == 0 {
		c.errorf(s, "switch must have a default clause")
	}
	if selType != nil {
		target := selType
		for _, v := range vals {
			if v.op.typ != types.AbstractInt {
				if target == types.AbstractInt {
					target = v.op.typ
				} else if target != v.op.typ {
					c.errorf(v.sel.Expr, "case selector of type %s does not match the switch selector type %s", v.op.typ, target)
					target = nil
					break
				}
			}
		}
		if target == types.AbstractInt {
			target = types.I32
		}
		if target != nil {
			c.convert(&sel, target, " as the switch selector")
			seen := map[int64]diag.Span{}
			for i := range vals {
				if !c.convert(&vals[i].op, target, " as a case selector") {
					continue
				}
				k := vals[i].op.val.Int64()
				if prev, dup := seen[k]; dup {
					e := c.errorf(vals[i].sel.Expr, "duplicate case selector value %s", vals[i].op.val)
					c.note(e, prev, "previous case is here")
				}
				seen[k] = vals[i].sel.Loc
			}
		}
	}
	if c.legacy {
		c.legacyFallthroughs(s)
	}
	c.checkCaseSelectors(s)
	c.fn.push(ctlSwitch)
	c.enterBraces(s.Loc)
	var b Behavior
	for _, cl := range s.Clauses {
		b |= c.block(cl.Body)
	}
	c.leaveBraces()
	c.fn.pop()
	if b.has(BehBreak) {
		b = (b | BehNext) &^ BehBreak
	}
	return b
}

// loopBehavior combines a loop body's and continuing block's behaviors by the spec's rules.
func (c *checker) loopBehavior(at syntax.Node, errorsBefore int, body, cont Behavior) Behavior {
	var b Behavior
	switch {
	case body == BehReturn:
		b = BehReturn
	case !(body | cont).has(BehBreak):
		b = (body | cont) &^ (BehContinue | BehNext)
	default:
		b = (body | cont | BehNext) &^ (BehBreak | BehContinue)
	}
	if b == 0 {
		if c.ErrorCount() == errorsBefore {
			c.errorf(at, "loop never exits: add a break, a 'break if' or a return")
		}
		b = BehNext // keep checking what follows as reachable
	}
	return b
}

func (c *checker) loopStmt(s *syntax.LoopStmt) Behavior {
	errs := c.ErrorCount()
	c.stmtAttrs(s.Attrs, s.Loc)
	c.fn.push(ctlLoop)
	// The continuing block sees the body's declarations: check both in one scope.
	c.stmtAttrs(s.Body.Attrs, s.Loc)
	c.pushScope()
	c.enterBraces(s.Body.Loc)
	body := c.stmtList(s.Body.Stmts)
	frame := c.fn.pop()
	cont := Behavior(BehNext)
	if s.Continuing != nil {
		c.fn.push(ctlContinuing)
		c.fn.inContinuing++
		c.stmtAttrs(s.Continuing.Body.Attrs, s.Continuing.Loc)
		bodyScope := c.scope
		c.pushScope()
		c.enterBraces(s.Continuing.Body.Loc)
		stmts := s.Continuing.Body.Stmts
		legacyBreak := false
		if n := len(stmts); c.legacy && n > 0 && s.Continuing.BreakIf == nil && c.legacyContinuingBreak(stmts[n-1]) {
			stmts, legacyBreak = stmts[:n-1], true
		}
		cont = c.stmtList(stmts)
		if legacyBreak && cont.has(BehNext) {
			cont |= BehBreak
		}
		if bi := s.Continuing.BreakIf; bi != nil {
			c.condition(bi.Cond, "break if")
			if cont.has(BehNext) {
				cont |= BehBreak
			}
		}
		c.leaveBraces()
		c.popScope()
		c.fn.inContinuing--
		c.fn.pop()
		// continue and return in a continuing block were reported where they are.
		cont &^= BehContinue | BehReturn
		c.checkContinuesSkipDecls(frame.continues, bodyScope, s.Continuing)
	}
	c.leaveBraces()
	c.popScope()
	return c.loopBehavior(s, errs, body, cont)
}

// continueStmt checks that continue is in a loop's body (switches in between are fine) and
// records it for the declaration rule of continuing blocks.
func (c *checker) continueStmt(s *syntax.ContinueStmt) {
	for i := len(c.fn.ctl) - 1; i >= 0; i-- {
		switch c.fn.ctl[i].kind {
		case ctlSwitch:
			continue
		case ctlContinuing:
			c.errorf(s, "continue is not allowed in a continuing block")
			return
		case ctlLoop:
			c.fn.ctl[i].continues = append(c.fn.ctl[i].continues, s)
			return
		}
	}
	c.errorf(s, "continue must be inside a loop")
}

// checkContinuesSkipDecls reports a continue that jumps past the declaration of a name the
// continuing block uses.
func (c *checker) checkContinuesSkipDecls(continues []*syntax.ContinueStmt, bodyScope *scope, cont *syntax.ContinuingStmt) {
	if len(continues) == 0 {
		return
	}
	reported := map[Object]bool{}
	syntax.Inspect(cont, func(n syntax.Node) bool {
		id, ok := n.(*syntax.IdentExpr)
		if !ok {
			return true
		}
		obj := c.prog.UseOf(id)
		if obj == nil || reported[obj] {
			return true
		}
		if in, _ := bodyScope.get(obj.Name()); in != obj {
			return true
		}
		for _, k := range continues {
			if k.Loc.Start < obj.Span().Start {
				e := c.errorf(k, "continue skips the declaration of '%s', which the continuing block uses", obj.Name())
				c.note(e, obj.Span(), "'%s' is declared here", obj.Name())
				reported[obj] = true
				return true
			}
		}
		return true
	})
}

func (c *checker) forStmt(s *syntax.ForStmt) Behavior {
	errs := c.ErrorCount()
	c.stmtAttrs(s.Attrs, s.Loc)
	c.pushScope()
	defer c.popScope()
	if s.Init != nil {
		c.stmt(s.Init)
	}
	// Desugared: loop { if !cond { break; } body continuing { update } }.
	body := Behavior(0)
	if s.Cond != nil {
		c.condition(s.Cond, "for")
		body = BehBreak | BehNext
	} else {
		body = BehNext
	}
	c.fn.push(ctlLoop)
	// The body shares the scope of the initializer's declarations.
	c.stmtAttrs(s.Body.Attrs, s.Body.Loc)
	c.enterBraces(s.Body.Loc)
	bb := c.stmtList(s.Body.Stmts)
	c.leaveBraces()
	c.fn.pop()
	if body.has(BehNext) {
		body = (body &^ BehNext) | bb
	}
	cont := Behavior(BehNext)
	if s.Update != nil {
		c.fn.push(ctlContinuing)
		c.fn.inContinuing++
		cont = c.stmt(s.Update)
		c.fn.inContinuing--
		c.fn.pop()
	}
	return c.loopBehavior(s, errs, body, cont)
}

func (c *checker) whileStmt(s *syntax.WhileStmt) Behavior {
	errs := c.ErrorCount()
	c.stmtAttrs(s.Attrs, s.Loc)
	c.condition(s.Cond, "while")
	c.fn.push(ctlLoop)
	bb := c.block(s.Body)
	c.fn.pop()
	return c.loopBehavior(s, errs, (bb&^BehNext)|BehBreak|(bb&BehNext), BehNext)
}

func (c *checker) returnStmt(s *syntax.ReturnStmt) {
	f := c.fn.fn
	if c.fn.inContinuing > 0 {
		c.errorf(s, "return is not allowed in a continuing block")
	}
	if s.Value == nil {
		if f.Result != nil {
			c.errorf(s, "function '%s' must return a value of type %s", f.name, f.Result)
		}
		return
	}
	op := c.valueExpr(s.Value)
	if op.mode == Invalid {
		return
	}
	if f.Result == nil {
		c.errorf(s.Value, "function '%s' does not return a value", f.name)
		return
	}
	c.convert(&op, f.Result, " as the return value")
}

// localVar checks a function-scope `var`.
func (c *checker) localVar(d *syntax.VarDecl) {
	v := &Var{objectBase: objectBase{name: d.Name.Name, span: d.Name.Loc}, Decl: d, Group: -1, Binding: -1,
		IO: types.NoIO, Init: d.Init, Space: types.AddrFunction, Access: types.ReadWrite}
	if len(d.Attrs) > 0 {
		c.attrs(d.Attrs, "a function-scope variable")
	}
	if len(d.TemplateArgs) > 0 {
		if as, ok := c.addressSpaceArg(d.TemplateArgs[0]); ok && as != types.AddrFunction {
			c.errorf(d.TemplateArgs[0], "function-scope variables must be in the function address space, not %s", as)
		}
		if len(d.TemplateArgs) > 1 {
			c.errorf(d.TemplateArgs[1], "an access mode may only be written for the storage address space")
		}
	}
	var t types.Type
	if d.Type != nil {
		t = c.typeOf(d.Type)
	}
	if d.Init != nil {
		op := c.valueExpr(d.Init)
		if op.mode != Invalid {
			switch {
			case t != nil:
				c.convertFor(&op, t, " to initialize", d.Name.Name)
			default:
				if c.concretize(&op) {
					t = op.typ
				}
			}
		}
	} else if d.Type == nil {
		c.errorf(d, "variable '%s' needs a type or an initializer", d.Name.Name)
	}
	if t == nil {
		c.declare(&d.Name, &badObject{objectBase{name: d.Name.Name, span: d.Name.Loc}})
		return
	}
	v.Type = t
	c.checkStoreType(d, v)
	c.prog.Defs[d] = v
	c.declare(&d.Name, v)
}

// localLet checks `let x[: T] = e;`.
func (c *checker) localLet(d *syntax.LetDecl) {
	l := &Let{objectBase: objectBase{name: d.Name.Name, span: d.Name.Loc}, Decl: d}
	var t types.Type
	if d.Type != nil {
		t = c.typeOf(d.Type)
	}
	op := c.valueExpr(d.Init)
	if op.mode != Invalid {
		switch {
		case t != nil:
			c.convertFor(&op, t, " to initialize", d.Name.Name)
		default:
			if c.concretize(&op) {
				t = op.typ
			}
		}
	} else {
		t = nil
	}
	if t != nil {
		switch t.(type) {
		case *types.Pointer, *types.Texture, *types.Sampler:
		default:
			if !types.IsConstructible(t) {
				c.errorf(d, "let '%s' has type %s, which is not constructible", d.Name.Name, t)
			}
		}
		l.Type = t
		if _, isPtr := t.(*types.Pointer); isPtr && op.obj != nil {
			if c.letRoots == nil {
				c.letRoots = map[*Let]Object{}
			}
			c.letRoots[l] = op.obj
		}
		c.prog.Defs[d] = l
		c.declare(&d.Name, l)
		return
	}
	c.declare(&d.Name, &badObject{objectBase{name: d.Name.Name, span: d.Name.Loc}})
}

// lhs checks the left side of an assignment: a writable reference.
func (c *checker) lhs(e syntax.Expr, k accessKind) (types.Type, bool) {
	op := c.expr(e)
	if op.mode == Invalid {
		return nil, false
	}
	if op.mode != Reference {
		what := "a value"
		if _, isLet := op.obj.(*Let); isLet {
			what = "let '" + op.obj.Name() + "'"
		} else if _, isConst := op.obj.(*Const); isConst {
			what = "const '" + op.obj.Name() + "'"
		} else if _, isParam := op.obj.(*Param); isParam {
			what = "parameter '" + op.obj.Name() + "'"
		}
		c.errorf(e, "cannot assign to %s; only variables (and parts of them) can be assigned", what)
		return nil, false
	}
	ref := op.typ.(*types.Reference)
	if !ref.Access.CanWrite() {
		c.errorf(e, "cannot assign to %s: its access mode is %s", describeRefTarget(&op), ref.Access)
		return nil, false
	}
	if !types.IsConstructible(ref.Elem) {
		c.errorf(e, "cannot assign a value of type %s (it is not constructible)", ref.Elem)
		return nil, false
	}
	c.access(op.obj, k)
	return ref.Elem, true
}

func (c *checker) assign(s *syntax.AssignStmt) {
	if s.Phony {
		op := c.expr(s.RHS)
		if op.mode == Reference {
			ref := op.typ.(*types.Reference)
			switch ref.Elem.(type) {
			case *types.Texture, *types.Sampler:
				return
			}
		}
		c.toValue(&op)
		if op.mode != Invalid && op.typ == nil {
			c.errorf(s.RHS, "function call does not return a value")
		}
		return
	}
	k := accessWrite
	if s.Op != syntax.OpNone {
		k |= accessRead
	}
	t, ok := c.lhs(s.LHS, k)
	rhs := c.valueExpr(s.RHS)
	if !ok || rhs.mode == Invalid {
		return
	}
	if s.Op == syntax.OpNone {
		c.convert(&rhs, t, " in assignment")
		return
	}
	// x op= e is x = x op e, with x evaluated once. The left operand is concrete, so the
	// operator check never converts (or re-records) it.
	lhsVal := operand{mode: Value, typ: t, stage: RuntimeStage}
	be := &syntax.BinaryExpr{Loc: s.Loc, Op: s.Op, X: s.LHS, Y: s.RHS}
	res, ok := c.binaryType(be, &lhsVal, &rhs)
	if ok && rhs.stage == ConstStage && rhs.val.IsValid() {
		c.checkConstRHS(s.Op, s.RHS, &lhsVal, &rhs)
	}
	if ok && !types.Identical(res.typ, t) {
		c.errorf(s, "the result of '%s' has type %s, which cannot be assigned to %s", s.Op, res.typ, t)
	}
}

func (c *checker) incDec(s *syntax.IncDecStmt) {
	t, ok := c.lhs(s.X, accessRead|accessWrite)
	if !ok {
		return
	}
	if t != types.I32 && t != types.U32 {
		c.errorf(s, "'%s' needs an i32 or u32 variable, not %s", map[bool]string{true: "++", false: "--"}[s.Inc], t)
	}
}

func (c *checker) callStmt(s *syntax.CallStmt) {
	op := c.expr(s.Call)
	if op.mode == Invalid {
		return
	}
	call := c.prog.CallOf(s.Call)
	if call == nil {
		return
	}
	switch call.Kind {
	case CallFunc:
		if call.Func.MustUse {
			c.errorf(s, "the result of '%s' must be used (it is declared @must_use)", call.Func.name)
		}
	case CallBuiltin:
		if call.Builtin.MustUse {
			c.errorf(s, "the result of builtin '%s' must be used", call.Name)
		}
	default:
		c.errorf(s, "a value constructor cannot be used as a statement")
	}
}
