package sema

import (
	"github.com/wgslgo/wgslgo/compiler/syntax"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// The uniformity rules for statements: control flow, scopes, assignments and loops (see
// uniformity.go).

func (u *uniformity) pushScope() { u.scopes = append(u.scopes, int32(len(u.varStack))) }

func (u *uniformity) popScope() {
	last := len(u.scopes) - 1
	u.varStack = u.varStack[:u.scopes[last]]
	u.scopes = u.scopes[:last]
}

func (u *uniformity) newLocal(obj Object, val int32) int32 {
	id := int32(len(u.loc))
	u.loc = append(u.loc, local{val: val, root: memRoot{local: -1}})
	u.locals[obj] = id
	return id
}

// setVar gives variable v a new value, logging the old one inside branches.
func (u *uniformity) setVar(v, val int32) {
	if u.logging > 0 {
		u.log = append(u.log, assignment{v, u.loc[v].val})
	}
	u.loc[v].val = val
}

// undo restores the variable values of before log entry mark.
func (u *uniformity) undo(mark int) {
	for i := len(u.log) - 1; i >= mark; i-- {
		a := u.log[i]
		u.loc[a.v].val = a.old
	}
	u.log = u.log[:mark]
}

// stmtList analyzes statements in order; those after one without Next are unreachable and
// take no part.
func (u *uniformity) stmtList(list []syntax.Stmt, cf int32) (int32, Behavior) {
	b := BehNext
	for _, s := range list {
		if !b.has(BehNext) {
			break
		}
		var sb Behavior
		cf, sb = u.stmt(s, cf)
		b = (b &^ BehNext) | sb
	}
	return cf, b
}

func (u *uniformity) block(b *syntax.CompoundStmt, cf int32) (int32, Behavior) {
	if b == nil {
		return cf, BehNext
	}
	u.pushScope()
	cf, beh := u.stmtList(b.Stmts, cf)
	u.popScope()
	return cf, beh
}

func (u *uniformity) stmt(s syntax.Stmt, cf int32) (int32, Behavior) {
	switch s := s.(type) {
	case *syntax.CompoundStmt:
		return u.block(s, cf)
	case *syntax.VarDecl:
		val := cf
		if s.Init != nil {
			val = u.value(s.Init, cf)
		}
		if v, ok := u.c.prog.Defs[s].(*Var); ok {
			u.varStack = append(u.varStack, u.newLocal(v, val))
		}
	case *syntax.LetDecl:
		val := u.value(s.Init, cf)
		if l, ok := u.c.prog.Defs[s].(*Let); ok {
			id := u.newLocal(l, val)
			if _, ok := l.Type.(*types.Pointer); ok {
				u.loc[id].ptr, u.loc[id].root = true, u.root(s.Init)
			}
		}
	case *syntax.AssignStmt:
		if s.Phony {
			u.value(s.RHS, cf)
			break
		}
		u.assign(s.LHS, s.RHS, s.Op != syntax.OpNone, cf)
	case *syntax.IncDecStmt:
		u.assign(s.X, nil, true, cf)
	case *syntax.CallStmt:
		u.call(s.Call, cf)
	case *syntax.ReturnStmt:
		if s.Value != nil {
			u.edge(nValueReturn, u.value(s.Value, cf))
		}
		u.pointerOutputs()
		return cf, BehReturn
	case *syntax.BreakStmt:
		if u.nTargets > 0 {
			u.recordExit(u.nTargets - 1)
		}
		return cf, BehBreak
	case *syntax.ContinueStmt:
		if t := u.innermostLoop(); t >= 0 {
			u.recordContinue(t)
		}
		return cf, BehContinue
	case *syntax.BreakIfStmt:
		// Only the 2021 draft writes break if outside a continuing block.
		v := u.value(s.Cond, cf)
		n := u.node(nkDiverge, s.Cond, int32(divBreakIf))
		u.edge(n, v)
		if t := u.innermostLoop(); t >= 0 {
			u.recordExit(t)
		}
		return n, BehBreak | BehNext
	case *syntax.IfStmt:
		return u.ifStmt(s, cf)
	case *syntax.SwitchStmt:
		return u.switchStmt(s, cf)
	case *syntax.LoopStmt:
		return u.loopStmt(s, cf)
	case *syntax.ForStmt:
		return u.forStmt(s, cf)
	case *syntax.WhileStmt:
		return u.whileStmt(s, cf)
	}
	// const, const_assert, discard and empty statements leave uniformity alone.
	return cf, BehNext
}

// assign analyzes lhs = rhs (rhs nil for ++ and --); update marks lhs op= rhs, ++ and --,
// whose new value depends on the old one.
func (u *uniformity) assign(lhs, rhs syntax.Expr, update bool, cf int32) {
	root, dep := u.lhs(lhs, cf)
	val := cf
	if rhs != nil {
		val = u.value(rhs, cf)
	}
	if root.local < 0 {
		return // module-scope memory: loads from it are non-uniform anyway
	}
	n := u.node(nkPlain, nil, 0)
	u.edge(n, cf)
	u.edge(n, val)
	if dep >= 0 {
		u.edge(n, dep)
	}
	if update || root.partial {
		// A partial assignment keeps the rest of the old value.
		u.edge(n, u.loc[root.local].val)
	}
	u.setVar(root.local, n)
}

// lhs analyzes the left side of an assignment (an LHSValue): the variable written, and the
// node of the values that select which part of it (indices, pointers), -1 if none.
func (u *uniformity) lhs(e syntax.Expr, cf int32) (memRoot, int32) {
	switch e := e.(type) {
	case *syntax.ParenExpr:
		return u.lhs(e.X, cf)
	case *syntax.UnaryExpr:
		return u.lhs(e.X, cf)
	case *syntax.MemberExpr:
		r, dep := u.lhs(e.X, cf)
		r.partial = true
		return r, dep
	case *syntax.IndexExpr:
		r, dep := u.lhs(e.X, cf)
		r.partial = true
		i := u.value(e.Index, cf)
		if dep < 0 {
			return r, i
		}
		return r, u.join(cf, dep, i)
	case *syntax.IdentExpr:
		switch o := u.c.prog.UseOf(e).(type) {
		case *Let:
			if id, ok := u.locals[o]; ok && u.loc[id].ptr {
				return u.loc[id].root, u.loc[id].val
			}
		default:
			return u.root(e), -1
		}
	}
	return memRoot{local: -1}, -1
}

// root finds the originating variable of a reference or pointer expression.
func (u *uniformity) root(e syntax.Expr) memRoot {
	switch e := e.(type) {
	case *syntax.ParenExpr:
		return u.root(e.X)
	case *syntax.UnaryExpr:
		if e.Op == syntax.OpAddrOf || e.Op == syntax.OpDeref {
			return u.root(e.X)
		}
	case *syntax.MemberExpr:
		r := u.root(e.X)
		r.partial = true
		return r
	case *syntax.IndexExpr:
		r := u.root(e.X)
		r.partial = true
		return r
	case *syntax.IdentExpr:
		switch o := u.c.prog.UseOf(e).(type) {
		case *Var:
			if id, ok := u.locals[o]; ok {
				return memRoot{local: id}
			}
			return memRoot{local: -1, obj: o}
		case *Let:
			if id, ok := u.locals[o]; ok && u.loc[id].ptr {
				return u.loc[id].root
			}
		case *Param:
			if o.Index < len(u.params) && u.params[o.Index].local >= 0 {
				return memRoot{local: u.params[o.Index].local}
			}
			return memRoot{local: -1, obj: o}
		}
	}
	return memRoot{local: -1}
}

// mutableMemory reports whether loads from a module-scope variable or through a pointer
// parameter outside the function address space may be non-uniform.
func mutableMemory(o Object) bool {
	switch o := o.(type) {
	case *Var:
		return o.Access != types.Read
	case *Param:
		p, ok := o.Type.(*types.Pointer)
		return ok && p.Access != types.Read
	}
	return false
}

func (u *uniformity) ifStmt(s *syntax.IfStmt, cf int32) (int32, Behavior) {
	v := u.value(s.Cond, cf)
	in := u.node(nkDiverge, s.Cond, int32(divIf))
	u.edge(in, v)
	mark, before := len(u.log), int32(len(u.loc))
	u.logging++
	cf1, b1 := u.block(s.Then, in)
	thenStart := len(u.pairs)
	u.collectAssigned(mark, before)
	u.undo(mark)
	cf2, b2 := in, BehNext
	if s.Else != nil {
		cf2, b2 = u.stmt(s.Else, in)
	}
	elseStart := len(u.pairs)
	u.collectAssigned(mark, before)
	u.undo(mark)
	u.logging--

	// Join the values of the variables either branch assigned, from the branches that
	// reach the end of the if statement.
	if b1.has(BehNext) || b2.has(BehNext) {
		u.seen++
		a, b := u.seen, u.seen+1
		u.seen++
		for _, p := range u.pairs[thenStart:elseStart] {
			u.loc[p.v].stampA, u.loc[p.v].valA = a, p.val
		}
		for _, p := range u.pairs[elseStart:] {
			u.loc[p.v].stampB, u.loc[p.v].valB = b, p.val
		}
		for i, p := range u.pairs[thenStart:] {
			l := &u.loc[p.v]
			if thenStart+i >= elseStart && l.stampA == a {
				continue // assigned in both branches: done with the then branch's entry
			}
			pre, tv, ev := l.val, l.val, l.val
			if l.stampA == a {
				tv = l.valA
			}
			if l.stampB == b {
				ev = l.valB
			}
			out := ev
			switch {
			case b1.has(BehNext) && b2.has(BehNext):
				out = u.join(-1, tv, ev)
			case b1.has(BehNext):
				out = tv
			}
			if out != pre {
				u.setVar(p.v, out)
			}
		}
	}
	u.pairs = u.pairs[:thenStart]

	beh := b1 | b2
	if beh == BehNext {
		return cf, beh
	}
	end := u.node(nkPlain, nil, 0)
	u.edge(end, cf1)
	u.edge(end, cf2)
	return end, beh
}

// collectAssigned appends to pairs the current value of every variable declared before
// local id before that was assigned since log entry mark.
func (u *uniformity) collectAssigned(mark int, before int32) {
	u.seen++
	for _, a := range u.log[mark:] {
		if l := &u.loc[a.v]; a.v < before && l.seen != u.seen {
			l.seen = u.seen
			u.pairs = append(u.pairs, varValue{a.v, l.val})
		}
	}
}

func (u *uniformity) switchStmt(s *syntax.SwitchStmt, cf int32) (int32, Behavior) {
	v := u.value(s.Selector, cf)
	sel := u.node(nkDiverge, s.Selector, int32(divSwitch))
	u.edge(sel, v)
	t := u.pushTarget(false, -1)
	mark := len(u.log)
	cfStart := len(u.cfs)
	u.logging++
	var b Behavior
	for _, cl := range s.Clauses {
		cfi, bi := u.block(cl.Body, sel)
		b |= bi
		u.cfs = append(u.cfs, cfi)
		if bi.has(BehNext) {
			u.recordExit(t)
		}
		u.undo(mark)
	}
	u.logging--
	u.finishExits(t)
	u.nTargets--
	if b.has(BehBreak) {
		b = (b | BehNext) &^ BehBreak
	}
	if b == BehNext {
		u.cfs = u.cfs[:cfStart]
		return cf, b
	}
	end := u.node(nkPlain, nil, 0)
	for _, c := range u.cfs[cfStart:] {
		u.edge(end, c)
	}
	u.cfs = u.cfs[:cfStart]
	return end, b
}

// pushTarget enters a loop or switch statement; targets are reused by depth, so callers hold
// the index, not a pointer.
func (u *uniformity) pushTarget(loop bool, contScope int) int {
	if u.nTargets == len(u.targets) {
		u.targets = append(u.targets, flowTarget{})
	}
	i := u.nTargets
	u.nTargets++
	t := &u.targets[i]
	t.loop, t.outer, t.contScope = loop, int32(len(u.varStack)), contScope
	t.exits = t.exits[:0]
	for range t.outer {
		t.exits = append(t.exits, -1)
	}
	t.conts = t.conts[:0]
	return i
}

func (u *uniformity) innermostLoop() int {
	for i := u.nTargets - 1; i >= 0; i-- {
		if u.targets[i].loop {
			return i
		}
	}
	return -1
}

// recordExit adds the current values of the outer variables to their values after target t.
func (u *uniformity) recordExit(t int) {
	for p := range u.targets[t].outer {
		x := u.targets[t].exits[p]
		if x < 0 {
			x = u.node(nkPlain, nil, 0)
			u.targets[t].exits[p] = x
		}
		u.edge(x, u.loc[u.varStack[p]].val)
	}
}

// finishExits gives the outer variables their values after target t.
func (u *uniformity) finishExits(t int) {
	for p, x := range u.targets[t].exits {
		if x >= 0 {
			u.setVar(u.varStack[p], x)
		}
	}
}

// recordContinue adds the current values of the variables the continuing block of loop t
// sees to their values at its start.
func (u *uniformity) recordContinue(t int) {
	tg := &u.targets[t]
	visible := int(tg.outer)
	if cs := tg.contScope; cs >= 0 {
		visible = len(u.varStack)
		if cs+1 < len(u.scopes) {
			visible = int(u.scopes[cs+1])
		}
	}
	for p := range visible {
		for len(tg.conts) <= p {
			tg.conts = append(tg.conts, -1)
		}
		if tg.conts[p] < 0 {
			tg.conts[p] = u.node(nkPlain, nil, 0)
		}
		u.edge(tg.conts[p], u.loc[u.varStack[p]].val)
	}
}

// joinContinues gives the variables their values at the start of the continuing block of
// loop t: those at continue statements and, when the body reaches its end, those there.
func (u *uniformity) joinContinues(t int, bodyNext bool) {
	for p, x := range u.targets[t].conts {
		if x < 0 || p >= len(u.varStack) {
			continue
		}
		v := u.varStack[p]
		if bodyNext {
			u.edge(x, u.loc[v].val)
		}
		u.setVar(v, x)
	}
}

// loopEntry creates CF' and the variables' values at the start of each iteration.
func (u *uniformity) loopEntry() (cfLoop int32, insStart int) {
	cfLoop = u.node(nkPlain, nil, 0)
	insStart = len(u.pairs)
	for _, v := range u.varStack {
		in := u.node(nkPlain, nil, 0)
		u.edge(in, u.loc[v].val)
		u.setVar(v, in)
		u.pairs = append(u.pairs, varValue{v, in})
	}
	return cfLoop, insStart
}

// loopBack adds the edges from the start of an iteration to the end of the previous one.
func (u *uniformity) loopBack(cfLoop, cfEnd int32, insStart int) {
	for _, p := range u.pairs[insStart:] {
		if val := u.loc[p.v].val; val != p.val {
			u.edge(p.val, val)
		}
	}
	u.edge(cfLoop, cfEnd)
}

// loopExit finishes loop target t and returns the control flow after it.
func (u *uniformity) loopExit(t int, cf, cfLoop, cf1 int32, insStart int, body Behavior) int32 {
	u.edge(cfLoop, cf)
	u.finishExits(t)
	u.nTargets--
	u.pairs = u.pairs[:insStart]
	switch {
	case !body.has(BehReturn):
		// Control flow is uniform again after a loop that only completes normally.
		return cf
	case body&(BehNext|BehContinue) != 0:
		return cfLoop
	}
	return cf1
}

func (u *uniformity) loopStmt(s *syntax.LoopStmt, cf int32) (int32, Behavior) {
	u.pushScope() // the body's, which the continuing block sees
	t := u.pushTarget(true, len(u.scopes)-1)
	cfLoop, ins := u.loopEntry()
	cf1, b1 := u.stmtList(s.Body.Stmts, cfLoop)
	b2 := BehNext
	if b1&(BehNext|BehContinue) != 0 {
		u.joinContinues(t, b1.has(BehNext))
		cf2 := cf1
		if s.Continuing != nil {
			u.pushScope()
			cf2, b2 = u.stmtList(s.Continuing.Body.Stmts, cf1)
			if bi := s.Continuing.BreakIf; bi != nil && b2.has(BehNext) {
				v := u.value(bi.Cond, cf2)
				n := u.node(nkDiverge, bi.Cond, int32(divBreakIf))
				u.edge(n, v)
				u.recordExit(t)
				cf2 = n
				b2 |= BehBreak
			}
			u.popScope()
		}
		u.loopBack(cfLoop, cf2, ins)
	}
	u.popScope()
	return u.loopExit(t, cf, cfLoop, cf1, ins, b1), loopBehavior(b1, b2)
}

func (u *uniformity) forStmt(s *syntax.ForStmt, cf int32) (int32, Behavior) {
	u.pushScope()
	defer u.popScope()
	if s.Init != nil {
		cf, _ = u.stmt(s.Init, cf)
	}
	return u.condLoop(s.Cond, divFor, s.Body, s.Update, cf)
}

func (u *uniformity) whileStmt(s *syntax.WhileStmt, cf int32) (int32, Behavior) {
	return u.condLoop(s.Cond, divWhile, s.Body, nil, cf)
}

// condLoop analyzes for and while loops as their desugaring:
// loop { if !cond { break; } body continuing { update } }.
func (u *uniformity) condLoop(cond syntax.Expr, dk divKind, body *syntax.CompoundStmt, update syntax.Stmt, cf int32) (int32, Behavior) {
	t := u.pushTarget(true, -1)
	cfLoop, ins := u.loopEntry()
	start := cfLoop
	var b1 Behavior
	if cond != nil {
		v := u.value(cond, cfLoop)
		start = u.node(nkDiverge, cond, int32(dk))
		u.edge(start, v)
		u.recordExit(t)
		b1 = BehBreak
	}
	cf1, bb := u.block(body, start)
	b1 |= bb
	if bb&(BehNext|BehContinue) != 0 {
		u.joinContinues(t, bb.has(BehNext))
		cf2 := cf1
		if update != nil {
			cf2, _ = u.stmt(update, cf1)
		}
		u.loopBack(cfLoop, cf2, ins)
	}
	return u.loopExit(t, cf, cfLoop, cf1, ins, b1), loopBehavior(b1, BehNext)
}

// loopBehavior is the behavior of a loop whose body has behavior body and whose continuing
// block has behavior cont, as the checker computes it.
func loopBehavior(body, cont Behavior) Behavior {
	switch {
	case body == BehReturn:
		return BehReturn
	case !(body | cont).has(BehBreak):
		return (body | cont) &^ (BehContinue | BehNext)
	}
	return (body | cont | BehNext) &^ (BehBreak | BehContinue)
}
