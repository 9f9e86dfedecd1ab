package syntax

import "github.com/wgslgo/wgslgo/compiler/diag"

// parseCompound parses `{ statement* }` with attrs already parsed.
func (p *parser) parseCompound(attrs []*Attribute, start diag.Pos) *CompoundStmt {
	p.tracef("compound_statement")
	b := &CompoundStmt{Attrs: attrs}
	open := p.tok
	if !p.expect(LBrace, "to start a block") {
		b.Loc = p.span(start)
		return b
	}
	if !p.enter() {
		b.Loc = p.span(start)
		return b
	}
	b.Stmts = p.parseStmtList(nil)
	p.leave()
	p.closeBrace(open, "block")
	b.Loc = p.span(start)
	return b
}

// parseBlock parses compound_statement: attribute* '{' statement* '}'.
func (p *parser) parseBlock() *CompoundStmt {
	start := p.tok.Start
	return p.parseCompound(p.noCond(p.parseAttributes(), "the body of a statement"), start)
}

// parseStmtList parses statements up to a '}' (or, when stop is non-nil, until stop says
// the current token ends the list).
func (p *parser) parseStmtList(stop func() bool) []Stmt {
	mark := len(p.stmtStack)
	outer := p.stmtCond
	var st condState
	p.stmtCond = &st
	defer func() { p.stmtCond = outer }()
	for p.tok.Kind != RBrace && p.tok.Kind != TokEOF {
		if stop != nil && stop() {
			break
		}
		before := p.i
		p.needSync = false
		if s := p.parseStmt(); s != nil {
			if b, ok := s.(*CompoundStmt); ok && b == p.flat {
				p.flat = nil
				p.stmtStack = append(p.stmtStack, b.Stmts...)
			} else {
				p.stmtStack = append(p.stmtStack, s)
			}
		}
		if p.needSync {
			p.syncStmt()
		}
		if p.i == before && p.tok.Kind != RBrace && p.tok.Kind != TokEOF {
			p.next()
		}
	}
	return p.stmtsFrom(mark)
}

// syncStmt skips to the start of the next statement: past a ';', or up to a '}' that
// closes the enclosing block or a keyword that starts a statement.
func (p *parser) syncStmt() {
	p.needSync = false
	depth := 0
	for {
		switch p.tok.Kind {
		case TokEOF:
			return
		case Semicolon:
			if depth == 0 {
				p.next()
				return
			}
		case LBrace, LParen, LBracket:
			depth++
		case RParen, RBracket:
			if depth > 0 {
				depth--
			}
		case RBrace:
			if depth == 0 {
				return
			}
			depth--
			if depth == 0 {
				p.next()
				return
			}
		case KwIf, KwFor, KwWhile, KwLoop, KwSwitch, KwReturn, KwVar, KwLet, KwConst, KwBreak,
			KwContinue, KwDiscard, KwConstAssert, KwFn:
			if depth == 0 {
				return
			}
		}
		p.next()
	}
}

// parseStmt parses one statement; it returns nil for an empty statement.
func (p *parser) parseStmt() Stmt {
	p.tracef("statement")
	start, first := p.tok.Start, p.i
	if p.tok.Kind != At {
		*p.stmtCond = condState{}
		return p.parseStmtAfterAttrs(start, nil)
	}
	all := p.parseAttributes()
	attrs, keep := p.cond(all, p.stmtCond)
	if !keep {
		p.parseStmtAfterAttrs(start, attrs)
		p.drop(first, false)
		return nil
	}
	open, afterOpen := p.tok, p.toks[min(p.i+1, len(p.toks)-1)].Start
	s := p.parseStmtAfterAttrs(start, attrs)
	if b, ok := s.(*CompoundStmt); ok && len(attrs) == 0 && len(all) != 0 && open.Kind == LBrace {
		// A block whose @if held is flattened: its statements belong to the enclosing
		// list; its braces stay in linked WGSL unless a name declared in it is used after
		// it.
		p.flat = b
		w := p.weslInfo()
		w.Flattened = append(w.Flattened, FlatBlock{
			Open:  diag.Span{Start: open.Start, End: afterOpen},
			Close: diag.Span{Start: b.Loc.End - 1, End: b.Loc.End},
		})
	}
	return s
}

func (p *parser) parseStmtAfterAttrs(start diag.Pos, attrs []*Attribute) Stmt {
	switch p.tok.Kind {
	case LBrace:
		return p.parseCompound(attrs, start)
	case KwIf:
		return p.parseIf(attrs, start)
	case KwSwitch:
		return p.parseSwitch(attrs, start)
	case KwLoop:
		return p.parseLoop(attrs, start)
	case KwFor:
		return p.parseFor(attrs, start)
	case KwWhile:
		return p.parseWhile(attrs, start)
	}
	if len(attrs) > 0 {
		p.errorf(diag.Join(attrs[0].Loc, attrs[len(attrs)-1].Loc),
			"attributes are only allowed on compound, if, switch, loop, for and while statements")
		p.needSync = false
	}
	var s Stmt
	switch p.tok.Kind {
	case Semicolon:
		p.next()
		return nil
	case KwReturn:
		p.tracef("return_statement")
		p.next()
		r := &ReturnStmt{}
		if p.tok.Kind != Semicolon {
			r.Value = p.parseExpr()
		}
		p.expectSemi("after return statement")
		r.Loc = p.span(start)
		return r
	case KwBreak:
		if p.peek(1) == KwIf {
			b := p.parseBreakIf()
			if !p.legacy {
				p.errorf(b.Loc, "'break if' is only allowed as the last statement of a continuing block")
				p.needSync = false
			}
			return b
		}
		p.tracef("break_statement")
		p.next()
		s = &BreakStmt{}
	case KwContinue:
		p.tracef("continue_statement")
		p.next()
		s = &ContinueStmt{}
	case KwDiscard:
		p.next()
		s = &DiscardStmt{}
	case KwFallthrough:
		p.next()
		s = &FallthroughStmt{}
	case KwVar, KwLet, KwConst:
		s = p.parseVariableOrValueStmt()
	case KwConstAssert:
		p.tracef("assert_statement")
		s = p.parseConstAssert(start)
	case KwElse, KwElseif:
		p.errorf(p.tok.Span(), "'%s' without a preceding 'if' block", p.bytes(p.tok))
		return &BadStmt{Loc: p.tok.Span()}
	case KwCase, KwDefault:
		p.errorf(p.tok.Span(), "'%s' outside of a switch statement", p.bytes(p.tok))
		return &BadStmt{Loc: p.tok.Span()}
	case KwContinuing:
		p.errorf(p.tok.Span(), "'continuing' must be the last statement of a loop body")
		return &BadStmt{Loc: p.tok.Span()}
	case KwFn:
		p.errorf(p.tok.Span(), "functions cannot be declared inside functions")
		return &BadStmt{Loc: p.tok.Span()}
	default:
		s = p.parseSimpleStmt(false)
		if s == nil {
			return &BadStmt{Loc: p.span(start)}
		}
	}
	p.expectSemi("after statement")
	setLoc(s, p.span(start))
	return s
}

// setLoc widens a simple statement's span to include its ';'.
func setLoc(s Stmt, sp diag.Span) {
	switch s := s.(type) {
	case *BreakStmt:
		s.Loc = sp
	case *ContinueStmt:
		s.Loc = sp
	case *DiscardStmt:
		s.Loc = sp
	case *FallthroughStmt:
		s.Loc = sp
	}
}

// parseVariableOrValueStmt parses a var, let or const declaration without its ';'.
func (p *parser) parseVariableOrValueStmt() Stmt {
	p.tracef("variable_or_value_statement")
	start := p.tok.Start
	switch p.tok.Kind {
	case KwVar:
		return p.parseVarDecl(start, nil)
	case KwConst:
		if p.legacy {
			return p.parseLetDecl(start)
		}
		return p.parseConstDecl(start)
	default:
		return p.parseLetDecl(start)
	}
}

// parseSimpleStmt parses an assignment, increment, decrement, phony assignment or
// function call statement (no ';'). inFor is set for the update clause of a for loop.
func (p *parser) parseSimpleStmt(inFor bool) Stmt {
	start := p.tok.Start
	if p.tok.Kind == Underscore {
		p.tracef("variable_updating_statement")
		p.tracef("assignment_statement")
		p.next()
		a := &AssignStmt{Phony: true}
		if p.expect(Equal, "after '_'") {
			a.RHS = p.parseExpr()
		}
		a.Loc = p.span(start)
		return a
	}
	switch p.tok.Kind {
	case TokIdent, LParen, Star, And, AndAnd, KwPackage, KwSuper:
	default:
		p.errorExpected("statement")
		return nil
	}
	lhs := p.parseLHS()
	if call, ok := lhs.(*CallExpr); ok && (p.tok.Kind == Semicolon || (inFor && p.tok.Kind == RParen)) {
		p.tracef("func_call_statement")
		return &CallStmt{Loc: call.Loc, Call: call}
	}
	op, assign := OpNone, true
	switch p.tok.Kind {
	case Equal:
	case PlusEqual:
		op = OpAdd
	case MinusEqual:
		op = OpSub
	case StarEqual:
		op = OpMul
	case SlashEqual:
		op = OpDiv
	case PercentEqual:
		op = OpRem
	case AndEqual:
		op = OpAnd
	case OrEqual:
		op = OpOr
	case XorEqual:
		op = OpXor
	case ShiftLeftEq:
		op = OpShl
	case ShiftRightEq:
		op = OpShr
	default:
		assign = false
	}
	if assign {
		p.tracef("variable_updating_statement")
		p.tracef("assignment_statement")
		if op != OpNone {
			p.tracef("compound_assignment_operator")
		}
		p.next()
		a := &AssignStmt{Op: op, LHS: lhs, RHS: p.parseExpr()}
		a.Loc = p.span(start)
		return a
	}
	if p.tok.Kind == PlusPlus || p.tok.Kind == MinusMinus {
		p.tracef("variable_updating_statement")
		if p.tok.Kind == PlusPlus {
			p.tracef("increment_statement")
		} else {
			p.tracef("decrement_statement")
		}
		inc := p.tok.Kind == PlusPlus
		p.next()
		return &IncDecStmt{Loc: p.span(start), X: lhs, Inc: inc}
	}
	if _, ok := lhs.(*BadExpr); !ok {
		p.errorf(p.tok.Span(), "expected assignment, '++', '--' or function call, found %s", p.describe(p.tok))
	}
	return nil
}

// parseLHS parses an lhs_expression.
func (p *parser) parseLHS() Expr {
	p.tracef("lhs_expression")
	start := p.tok.Start
	if !p.enter() {
		return &BadExpr{id: p.exprID(), Loc: p.tok.Span()}
	}
	defer p.leave()
	switch p.tok.Kind {
	case AndAnd:
		p.split(And)
		x := p.parseLHS()
		return &UnaryExpr{id: p.exprID(), Loc: p.span(start), Op: OpAddrOf, X: x}
	case Star, And:
		op := OpDeref
		if p.tok.Kind == And {
			op = OpAddrOf
		}
		p.next()
		x := p.parseLHS()
		return &UnaryExpr{id: p.exprID(), Loc: p.span(start), Op: op, X: x}
	}
	p.tracef("core_lhs_expression")
	var x Expr
	switch p.tok.Kind {
	case LParen:
		p.next()
		inner := p.parseLHS()
		p.expect(RParen, "to close parenthesised expression")
		x = &ParenExpr{id: p.exprID(), Loc: p.span(start), X: inner}
	case TokIdent, KwPackage, KwSuper:
		id := p.parseTemplateElaboratedIdent()
		if p.tok.Kind == LParen {
			x = p.parseCall(id)
		} else {
			if len(id.TemplateArgs) > 0 {
				p.errorExpected("'(' after template list")
			}
			x = id
		}
	default:
		p.errorExpected("expression to assign to")
		return &BadExpr{id: p.exprID(), Loc: diag.Span{Start: start, End: start}}
	}
	return p.parsePostfix(x, start)
}

func (p *parser) parseBreakIf() *BreakIfStmt {
	p.tracef("break_if_statement")
	start := p.tok.Start
	p.next() // break
	p.next() // if
	b := &BreakIfStmt{Cond: p.parseExpr()}
	p.expectSemi("after 'break if' condition")
	b.Loc = p.span(start)
	return b
}

func (p *parser) parseIf(attrs []*Attribute, start diag.Pos) *IfStmt {
	p.tracef("if_statement")
	p.tracef("if_clause")
	p.next() // if
	s := &IfStmt{Attrs: attrs}
	s.Cond = p.parseExpr()
	s.Then = p.parseBlock()
	tail := s
	for {
		elseStart := p.tok.Start
		switch {
		case p.tok.Kind == KwElse && p.peek(1) == KwIf:
			p.tracef("else_if_clause")
			p.next()
			p.next()
		case p.tok.Kind == KwElseif:
			p.next()
		case p.tok.Kind == KwElse:
			p.tracef("else_clause")
			p.next()
			tail.Else = p.parseBlock()
			s.Loc = p.span(start)
			p.fixIfSpans(s)
			return s
		default:
			s.Loc = p.span(start)
			p.fixIfSpans(s)
			return s
		}
		elif := &IfStmt{LegacyElseIf: p.toks[p.i-1].Kind == KwElseif}
		elif.Loc.Start = elseStart
		elif.Cond = p.parseExpr()
		elif.Then = p.parseBlock()
		tail.Else = elif
		tail = elif
		if p.aborted {
			s.Loc = p.span(start)
			return s
		}
	}
}

// fixIfSpans ends every IfStmt of an else-if chain where the whole chain ends.
func (p *parser) fixIfSpans(s *IfStmt) {
	end := p.prevEnd
	for e, ok := s.Else.(*IfStmt); ok; e, ok = e.Else.(*IfStmt) {
		e.Loc.End = end
	}
}

func (p *parser) parseSwitch(attrs []*Attribute, start diag.Pos) *SwitchStmt {
	p.tracef("switch_statement")
	p.next() // switch
	s := &SwitchStmt{Attrs: attrs}
	s.Selector = p.parseExpr()
	p.tracef("switch_body")
	s.BodyAttrs = p.noCond(p.parseAttributes(), "the body of a switch statement")
	open := p.tok
	if !p.expect(LBrace, "to start the switch body") {
		s.Loc = p.span(start)
		return s
	}
	var st condState
	for p.tok.Kind != RBrace && p.tok.Kind != TokEOF && !p.aborted {
		cstart, first := p.tok.Start, p.i
		p.needSync = false
		c := &CaseClause{}
		p.tracef("switch_clause")
		keep := true
		if p.tok.Kind == At {
			var attrs []*Attribute
			attrs, keep = p.cond(p.parseAttributes(), &st)
			p.noAttrs(attrs, "switch clauses")
		} else {
			st = condState{}
		}
		switch p.tok.Kind {
		case KwCase:
			p.tracef("case_clause")
			p.tracef("case_selectors")
			p.next()
			for {
				p.tracef("case_selector")
				if p.tok.Kind == KwDefault {
					c.Selectors = append(c.Selectors, CaseSelector{Loc: p.tok.Span()})
					p.next()
				} else {
					x := p.parseExpr()
					c.Selectors = append(c.Selectors, CaseSelector{Loc: x.Span(), Expr: x})
				}
				if p.tok.Kind != Comma {
					break
				}
				p.next()
				if p.tok.Kind == Colon || p.tok.Kind == LBrace {
					break
				}
			}
		case KwDefault:
			p.tracef("default_alone_clause")
			c.DefaultAlone = true
			c.Selectors = []CaseSelector{{Loc: p.tok.Span()}}
			p.next()
		default:
			p.errorExpected("'case' or 'default' in switch body")
			before := p.i
			p.syncStmt()
			if p.i == before {
				p.next()
			}
			continue
		}
		p.got(Colon)
		c.Body = p.parseBlock()
		c.Loc = p.span(cstart)
		if keep {
			s.Clauses = append(s.Clauses, c)
		} else {
			p.drop(first, false)
		}
	}
	if len(s.Clauses) == 0 && p.tok.Kind == RBrace {
		p.errorf(p.tok.Span(), "a switch statement must have at least one clause (a 'default' clause is required)")
		p.needSync = false
	}
	p.closeBrace(open, "switch body")
	s.Loc = p.span(start)
	return s
}

func (p *parser) parseLoop(attrs []*Attribute, start diag.Pos) *LoopStmt {
	p.tracef("loop_statement")
	p.next() // loop
	s := &LoopStmt{Attrs: attrs}
	bstart := p.tok.Start
	body := &CompoundStmt{Attrs: p.noCond(p.parseAttributes(), "the body of a loop")}
	s.Body = body
	open := p.tok
	if !p.expect(LBrace, "to start the loop body") {
		body.Loc = p.span(bstart)
		s.Loc = p.span(start)
		return s
	}
	if !p.enter() {
		s.Loc = p.span(start)
		return s
	}
	body.Stmts = p.parseStmtList(func() bool { return p.atAfterAttrs(KwContinuing, TokEOF) })
	body.Loc = p.span(bstart)
	// Continuing statements with @if/@else alternatives follow one another; one is kept.
	var st condState
	for p.atAfterAttrs(KwContinuing, TokEOF) {
		first := p.i
		attrs, keep := p.cond(p.parseAttributes(), &st)
		p.noAttrs(attrs, "continuing statements (write them after 'continuing')")
		c := p.parseContinuing()
		if keep && s.Continuing == nil {
			s.Continuing = c
		} else if keep && !p.allBranches {
			p.errorf(c.Loc, "a loop has one continuing statement")
			p.needSync = false
		} else {
			p.drop(first, false)
		}
		if p.tok.Kind == KwContinuing || st.open && p.atAfterAttrs(KwContinuing, TokEOF) {
			continue
		}
		if p.tok.Kind != RBrace && p.tok.Kind != TokEOF {
			p.errorf(p.tok.Span(), "the continuing block must be the last statement of a loop body")
			p.needSync = false
			more := p.parseStmtList(nil)
			body.Stmts = append(body.Stmts, more...)
		}
	}
	p.leave()
	p.closeBrace(open, "loop body")
	s.Loc = p.span(start)
	return s
}

func (p *parser) parseContinuing() *ContinuingStmt {
	p.tracef("continuing_statement")
	p.tracef("continuing_compound_statement")
	start := p.tok.Start
	p.next() // continuing
	c := &ContinuingStmt{}
	bstart := p.tok.Start
	body := &CompoundStmt{Attrs: p.noCond(p.parseAttributes(), "the body of a continuing statement")}
	c.Body = body
	open := p.tok
	if !p.expect(LBrace, "to start the continuing block") {
		body.Loc = p.span(bstart)
		c.Loc = p.span(start)
		return c
	}
	if !p.enter() {
		c.Loc = p.span(start)
		return c
	}
	body.Stmts = p.parseStmtList(func() bool { return p.atAfterAttrs(KwBreak, KwIf) })
	if p.atAfterAttrs(KwBreak, KwIf) {
		first := p.i
		var st condState
		attrs, keep := p.cond(p.parseAttributes(), &st)
		p.noAttrs(attrs, "break-if statements")
		b := p.parseBreakIf()
		if keep {
			c.BreakIf = b
		} else {
			p.drop(first, false)
		}
		if p.tok.Kind != RBrace && p.tok.Kind != TokEOF {
			p.errorf(p.tok.Span(), "'break if' must be the last statement of the continuing block")
			p.needSync = false
			body.Stmts = append(body.Stmts, p.parseStmtList(nil)...)
		}
	}
	p.leave()
	p.closeBrace(open, "continuing block")
	body.Loc = p.span(bstart)
	c.Loc = p.span(start)
	return c
}

func (p *parser) parseFor(attrs []*Attribute, start diag.Pos) *ForStmt {
	p.tracef("for_statement")
	p.next() // for
	s := &ForStmt{Attrs: attrs}
	if !p.expect(LParen, "after 'for'") {
		s.Loc = p.span(start)
		s.Body = &CompoundStmt{Loc: diag.Span{Start: s.Loc.End, End: s.Loc.End}} // never nil
		return s
	}
	p.tracef("for_header")
	if p.tok.Kind != Semicolon {
		p.tracef("for_init")
		switch p.tok.Kind {
		case KwVar, KwLet, KwConst:
			s.Init = p.parseVariableOrValueStmt()
		default:
			s.Init = p.parseSimpleStmt(false)
		}
	}
	p.expect(Semicolon, "after for-loop initializer")
	if p.tok.Kind != Semicolon {
		s.Cond = p.parseExpr()
	}
	p.expect(Semicolon, "after for-loop condition")
	if p.tok.Kind != RParen {
		p.tracef("for_update")
		s.Update = p.parseSimpleStmt(true)
	}
	if !p.expect(RParen, "to close the for-loop header") {
		p.skipTo(RParen)
		p.got(RParen)
	}
	p.needSync = false
	s.Body = p.parseBlock()
	s.Loc = p.span(start)
	return s
}

func (p *parser) parseWhile(attrs []*Attribute, start diag.Pos) *WhileStmt {
	p.tracef("while_statement")
	p.next() // while
	s := &WhileStmt{Attrs: attrs}
	s.Cond = p.parseExpr()
	s.Body = p.parseBlock()
	s.Loc = p.span(start)
	return s
}
