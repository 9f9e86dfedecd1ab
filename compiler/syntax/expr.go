package syntax

import "github.com/wgslgo/wgslgo/compiler/diag"

// Modern WGSL has no single precedence table: syntax.bnf makes bitwise operators,
// shifts, comparisons and short-circuit operators non-associative with each other, so that
// `a & b | c`, `a < b < c`, `a + b << c` and `a && b || c` all need parentheses. The
// expression parser follows the grammar's structure level by level:
//
//	expression       = relational | or-chain of relational | and-chain of relational
//	                 | bitwise chain of unary (one operator kind only)
//	relational       = shift [ compare shift ]
//	shift            = additive | unary (<< | >>) unary
//	additive, multiplicative: left-associative chains ending in unary
//
// The 2021 draft used C-like precedence climbing instead (parseLegacyBinary).

func binaryOp(k Kind) Op {
	switch k {
	case Plus:
		return OpAdd
	case Minus, MinusMinus:
		return OpSub
	case Star:
		return OpMul
	case Slash:
		return OpDiv
	case Percent:
		return OpRem
	case And:
		return OpAnd
	case Or:
		return OpOr
	case Xor:
		return OpXor
	case ShiftLeft:
		return OpShl
	case ShiftRight:
		return OpShr
	case AndAnd:
		return OpLogAnd
	case OrOr:
		return OpLogOr
	case EqualEqual:
		return OpEq
	case NotEqual:
		return OpNe
	case Less:
		return OpLt
	case LessEqual:
		return OpLe
	case Greater:
		return OpGt
	case GreaterEqual:
		return OpGe
	}
	return OpNone
}

func (p *parser) binary(op Op, opPos diag.Pos, x, y Expr) *BinaryExpr {
	b := p.binarySlab.new()
	*b = BinaryExpr{id: p.exprID(), Loc: diag.Span{Start: x.Span().Start, End: p.prevEnd}, Op: op, OpPos: opPos, X: x, Y: y}
	return b
}

// takeBinaryOp consumes the operator token at the current position and returns its
// position. `--` in binary position is split into `-` and a unary `-`.
func (p *parser) takeBinaryOp() diag.Pos {
	pos := p.tok.Start
	if p.tok.Kind == MinusMinus {
		p.split(Minus)
	} else {
		p.next()
	}
	return pos
}

// parseExpr parses an expression.
func (p *parser) parseExpr() Expr {
	if !p.enter() {
		return &BadExpr{id: p.exprID(), Loc: p.tok.Span()}
	}
	defer p.leave()
	p.tracef("expression")
	if p.legacy {
		return p.parseLegacyBinary(1)
	}
	x := p.parseUnary()
	switch p.tok.Kind {
	case And, Or, Xor:
		x = p.parseBitwise(x)
	default:
		x = p.parseRelationalRest(x)
		switch p.tok.Kind {
		case AndAnd, OrOr:
			kind := p.tok.Kind
			if kind == AndAnd {
				p.tracef("short_circuit_and_expression")
			} else {
				p.tracef("short_circuit_or_expression")
			}
			for p.tok.Kind == kind {
				pos := p.takeBinaryOp()
				y := p.parseRelational()
				x = p.binary(binaryOp(kind), pos, x, y)
			}
		}
	}
	if op := binaryOp(p.tok.Kind); op != OpNone {
		x = p.mixedOperators(x, op)
	}
	return x
}

// mixedOperators reports an operator that cannot follow the expression x without
// parentheses, then parses the rest of the operator chain to recover.
func (p *parser) mixedOperators(x Expr, op Op) Expr {
	prev := OpNone
	if b, ok := x.(*BinaryExpr); ok {
		prev = b.Op
	}
	switch {
	case prev == OpNone:
		p.errorf(p.tok.Span(), "unexpected operator '%s'", op)
	case prev.IsComparison() && op.IsComparison():
		p.errorf(p.tok.Span(), "comparison operators cannot be chained: add parentheses, as in '(a %s b) %s c'", prev, op)
	case prev == op:
		p.errorf(p.tok.Span(), "operator '%s' cannot be chained here: add parentheses", op)
	default:
		p.errorf(p.tok.Span(), "mixing '%s' and '%s' requires parentheses, as in '(a %s b) %s c'", prev, op, prev, op)
	}
	p.needSync = false
	for {
		op := binaryOp(p.tok.Kind)
		if op == OpNone {
			return x
		}
		pos := p.takeBinaryOp()
		y := p.parseUnary()
		x = p.binary(op, pos, x, y)
	}
}

// parseBitwise parses the rest of `x & y & ...`, `x | y | ...` or `x ^ y ^ ...`.
func (p *parser) parseBitwise(x Expr) Expr {
	kind := p.tok.Kind
	p.tracef("bitwise_expression")
	switch kind {
	case And:
		p.tracef("binary_and_expression")
	case Or:
		p.tracef("binary_or_expression")
	default:
		p.tracef("binary_xor_expression")
	}
	for p.tok.Kind == kind {
		pos := p.takeBinaryOp()
		y := p.parseUnary()
		x = p.binary(binaryOp(kind), pos, x, y)
	}
	return x
}

// parseRelational parses relational_expression.
func (p *parser) parseRelational() Expr {
	return p.parseRelationalRest(p.parseUnary())
}

// parseRelationalRest parses relational_expression whose first unary operand is x.
func (p *parser) parseRelationalRest(x Expr) Expr {
	x = p.parseShiftRest(x)
	switch p.tok.Kind {
	case Less, LessEqual, Greater, GreaterEqual, EqualEqual, NotEqual:
		p.tracef("relational_expression")
		op := binaryOp(p.tok.Kind)
		pos := p.takeBinaryOp()
		y := p.parseShiftRest(p.parseUnary())
		x = p.binary(op, pos, x, y)
	}
	return x
}

// parseShiftRest parses shift_expression whose first unary operand is x.
func (p *parser) parseShiftRest(x Expr) Expr {
	if p.tok.Kind == ShiftLeft || p.tok.Kind == ShiftRight {
		p.tracef("shift_expression")
		op := binaryOp(p.tok.Kind)
		pos := p.takeBinaryOp()
		y := p.parseUnary()
		return p.binary(op, pos, x, y)
	}
	return p.parseAdditiveRest(x)
}

// parseAdditiveRest parses additive_expression whose first unary operand is x.
func (p *parser) parseAdditiveRest(x Expr) Expr {
	x = p.parseMultiplicativeRest(x)
	for p.tok.Kind == Plus || p.tok.Kind == Minus || p.tok.Kind == MinusMinus {
		p.tracef("additive_expression")
		p.tracef("additive_operator")
		op := binaryOp(p.tok.Kind)
		pos := p.takeBinaryOp()
		y := p.parseMultiplicativeRest(p.parseUnary())
		x = p.binary(op, pos, x, y)
	}
	return x
}

// parseMultiplicativeRest parses multiplicative_expression whose first operand is x.
func (p *parser) parseMultiplicativeRest(x Expr) Expr {
	for p.tok.Kind == Star || p.tok.Kind == Slash || p.tok.Kind == Percent {
		p.tracef("multiplicative_expression")
		p.tracef("multiplicative_operator")
		op := binaryOp(p.tok.Kind)
		pos := p.takeBinaryOp()
		y := p.parseUnary()
		x = p.binary(op, pos, x, y)
	}
	return x
}

// legacyPrec is the 2021 draft's C-like precedence of binary operators (0: not binary).
func legacyPrec(k Kind) int {
	switch k {
	case OrOr:
		return 1
	case AndAnd:
		return 2
	case Or:
		return 3
	case Xor:
		return 4
	case And:
		return 5
	case EqualEqual, NotEqual:
		return 6
	case Less, LessEqual, Greater, GreaterEqual:
		return 7
	case ShiftLeft, ShiftRight:
		return 8
	case Plus, Minus, MinusMinus:
		return 9
	case Star, Slash, Percent:
		return 10
	}
	return 0
}

// parseLegacyBinary parses a 2021-draft binary expression with operators of precedence at
// least minPrec (all left-associative).
func (p *parser) parseLegacyBinary(minPrec int) Expr {
	x := p.parseUnary()
	for {
		prec := legacyPrec(p.tok.Kind)
		if prec < minPrec || prec == 0 {
			return x
		}
		op := binaryOp(p.tok.Kind)
		pos := p.takeBinaryOp()
		y := p.parseLegacyBinary(prec + 1)
		x = p.binary(op, pos, x, y)
	}
}

// parseUnary parses unary_expression.
func (p *parser) parseUnary() Expr {
	p.tracef("unary_expression")
	start := p.tok.Start
	var op Op
	switch p.tok.Kind {
	case Minus:
		op = OpNeg
	case Bang:
		op = OpNot
	case Tilde:
		op = OpCompl
	case Star:
		op = OpDeref
	case And:
		op = OpAddrOf
	case MinusMinus:
		// `--x` in an expression is `-(-x)`.
		p.split(Minus)
		return p.unaryOperand(start, OpNeg)
	case AndAnd:
		p.split(And)
		return p.unaryOperand(start, OpAddrOf)
	default:
		return p.parseSingular()
	}
	p.next()
	return p.unaryOperand(start, op)
}

func (p *parser) unaryOperand(start diag.Pos, op Op) Expr {
	if !p.enter() {
		return &BadExpr{id: p.exprID(), Loc: p.tok.Span()}
	}
	x := p.parseUnary()
	p.leave()
	return &UnaryExpr{id: p.exprID(), Loc: p.span(start), Op: op, X: x}
}

// parseSingular parses singular_expression: a primary expression and its postfixes.
func (p *parser) parseSingular() Expr {
	p.tracef("singular_expression")
	start := p.tok.Start
	return p.parsePostfix(p.parsePrimary(), start)
}

// parsePostfix parses component_or_swizzle_specifier after x.
func (p *parser) parsePostfix(x Expr, start diag.Pos) Expr {
	for {
		switch p.tok.Kind {
		case LBracket:
			p.tracef("component_or_swizzle_specifier")
			p.next()
			idx := p.parseExpr()
			p.expect(RBracket, "to close the index")
			x = &IndexExpr{id: p.exprID(), Loc: p.span(start), X: x, Index: idx}
		case Period:
			p.tracef("component_or_swizzle_specifier")
			p.next()
			var m Ident
			if p.tok.Kind == TokIdent {
				if p.trace != nil {
					if IsSwizzle(string(p.bytes(p.tok))) {
						p.tracef("swizzle_name")
					} else {
						p.tracef("member_ident")
					}
				}
				m = Ident{Loc: p.tok.Span(), Name: p.name(p.tok)}
				p.next()
			} else {
				m = p.ident("member name or swizzle after '.'")
				if m.Name == "" {
					return &BadExpr{id: p.exprID(), Loc: p.span(start)}
				}
			}
			mx := p.memberSlab.new()
			*mx = MemberExpr{id: p.exprID(), Loc: p.span(start), X: x, Member: m}
			x = mx
		default:
			return x
		}
	}
}

// parsePrimary parses primary_expression.
func (p *parser) parsePrimary() Expr {
	p.tracef("primary_expression")
	start := p.tok.Start
	switch p.tok.Kind {
	case TokIdent, KwPackage, KwSuper:
		id := p.parseTemplateElaboratedIdent()
		if p.tok.Kind == LParen {
			return p.parseCall(id)
		}
		return id
	case TokInt:
		p.tracef("literal")
		t := p.tok
		p.next()
		raw := p.name(t)
		if p.trace != nil {
			p.traceLiteral(raw, false)
		}
		x := p.intSlab.new()
		*x = IntLit{id: p.exprID(), Loc: t.Span(), Raw: raw, Suffix: intSuffix(raw)}
		return x
	case TokFloat:
		p.tracef("literal")
		t := p.tok
		p.next()
		raw := p.name(t)
		if p.trace != nil {
			p.traceLiteral(raw, true)
		}
		x := p.floatSlab.new()
		*x = FloatLit{id: p.exprID(), Loc: t.Span(), Raw: raw, Suffix: floatSuffix(raw)}
		return x
	case KwTrue, KwFalse:
		p.tracef("literal")
		p.tracef("bool_literal")
		v := p.tok.Kind == KwTrue
		p.next()
		return &BoolLit{id: p.exprID(), Loc: p.span(start), Value: v}
	case LParen:
		p.tracef("paren_expression")
		p.next()
		x := p.parseExpr()
		p.expect(RParen, "to close the parenthesised expression")
		return &ParenExpr{id: p.exprID(), Loc: p.span(start), X: x}
	case LBracket:
		if p.legacy && p.peek(1) == LBracket {
			t := p.parseType()
			if id, ok := t.(*IdentExpr); ok && p.tok.Kind == LParen {
				return p.parseCall(id)
			}
			return t
		}
	}
	if p.tok.Kind.IsKeyword() {
		p.errorf(p.tok.Span(), "expected expression, found keyword '%s'", p.bytes(p.tok))
	} else {
		p.errorExpected("expression")
	}
	return &BadExpr{id: p.exprID(), Loc: diag.Span{Start: start, End: start}}
}

func (p *parser) traceLiteral(raw string, float bool) {
	hex := isHexLiteral(raw)
	switch {
	case float && hex:
		p.tracef("float_literal")
		p.tracef("hex_float_literal")
	case float:
		p.tracef("float_literal")
		p.tracef("decimal_float_literal")
	case hex:
		p.tracef("int_literal")
		p.tracef("hex_int_literal")
	default:
		p.tracef("int_literal")
		p.tracef("decimal_int_literal")
	}
}

// parseCall parses the argument list of a call to callee.
func (p *parser) parseCall(callee *IdentExpr) *CallExpr {
	p.tracef("call_expression")
	p.tracef("call_phrase")
	args := p.parseArgumentList()
	c := p.callSlab.new()
	*c = CallExpr{id: p.exprID(), Loc: diag.Span{Start: callee.Loc.Start, End: p.prevEnd}, Callee: callee, Args: args}
	return c
}
