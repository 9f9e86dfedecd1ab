package syntax

import "github.com/wgslgo/wgslgo/compiler/diag"

// parseGlobalDecl parses one module-scope declaration (global_decl, global_assert) after
// its attributes, which start at start.
func (p *parser) parseGlobalDecl(start diag.Pos, attrs []*Attribute) Decl {
	vis := VisPackage
	if !p.legacy {
		vis = p.parseVisibility()
	}
	d := p.parseGlobalDeclBody(start, attrs)
	if vis != VisPackage {
		if _, ok := d.(*ConstAssert); ok {
			p.errorf(d.Span(), "const_assert takes no visibility: it declares no name")
			p.needSync = false
		} else if _, ok := d.(*BadDecl); !ok {
			w := p.weslInfo()
			if w.Visibility == nil {
				w.Visibility = map[Decl]Visibility{}
			}
			w.Visibility[d] = vis
		}
	}
	return d
}

func (p *parser) parseGlobalDeclBody(start diag.Pos, attrs []*Attribute) Decl {
	switch p.tok.Kind {
	case KwVar:
		p.tracef("global_decl")
		p.tracef("global_variable_decl")
		d := p.parseVarDecl(start, attrs)
		p.expectSemi("after variable declaration")
		d.Loc = p.span(start)
		return d
	case KwConst:
		p.tracef("global_decl")
		if p.legacy {
			d := p.parseLegacyModuleConst(start, attrs)
			p.expectSemi("after constant declaration")
			d.Loc = p.span(start)
			return d
		}
		p.tracef("global_value_decl")
		p.noAttrs(attrs, "const declarations")
		d := p.parseConstDecl(start)
		p.expectSemi("after constant declaration")
		d.Loc = p.span(start)
		return d
	case KwOverride:
		p.tracef("global_decl")
		p.tracef("global_value_decl")
		p.next()
		d := &OverrideDecl{Attrs: attrs}
		d.Name, d.Type = p.parseOptionallyTypedIdent()
		if p.got(Equal) {
			d.Init = p.parseExpr()
		}
		p.expectSemi("after override declaration")
		d.Loc = p.span(start)
		return d
	case KwLet:
		p.errorf(p.tok.Span(), "'let' declarations are only allowed inside functions: use 'const' for a module-scope constant")
		p.needSync = false
		d := p.parseLetDecl(start)
		p.expectSemi("after declaration")
		d.Loc = p.span(start)
		return d
	case KwAlias, KwType:
		p.tracef("global_decl")
		p.noAttrs(attrs, "type aliases")
		d := p.parseAlias(start)
		p.expectSemi("after type alias")
		d.Loc = p.span(start)
		return d
	case KwStruct:
		p.tracef("global_decl")
		if !p.legacy {
			p.noAttrs(attrs, "structure declarations")
		}
		return p.parseStruct(start, attrs)
	case KwFn:
		p.tracef("global_decl")
		return p.parseFunc(start, attrs)
	case KwConstAssert:
		p.tracef("global_assert")
		p.noAttrs(attrs, "const_assert")
		d := p.parseConstAssert(start)
		p.expectSemi("after const_assert")
		d.Loc = p.span(start)
		return d
	}
	if len(attrs) > 0 {
		p.errorExpected("declaration after attributes")
	} else {
		p.errorExpected("declaration (fn, struct, var, const, override, alias or const_assert)")
	}
	return &BadDecl{Loc: p.span(start)}
}

func (p *parser) noAttrs(attrs []*Attribute, what string) {
	if len(attrs) > 0 && !(attrs[0].Legacy && !p.legacy) { // '[[...]]' was reported already
		p.errorf(diag.Join(attrs[0].Loc, attrs[len(attrs)-1].Loc), "attributes are not allowed on %s", what)
		p.needSync = false
	}
}

// parseVarDecl parses `var<...> name: T = init` without the ';'.
func (p *parser) parseVarDecl(start diag.Pos, attrs []*Attribute) *VarDecl {
	p.tracef("variable_decl")
	p.next() // var
	d := &VarDecl{Attrs: attrs}
	if p.tok.Kind == TemplateStart {
		d.TemplateArgs = p.parseTemplateList()
	} else if p.tok.Kind == Less {
		p.errorf(p.tok.Span(), "the '<' after 'var' does not start a template list: is the closing '>' missing?")
		d.Loc = p.span(start)
		return d
	}
	d.Name, d.Type = p.parseOptionallyTypedIdent()
	if p.got(Equal) {
		d.Init = p.parseExpr()
	}
	d.Loc = p.span(start)
	return d
}

// parseConstDecl parses `const name: T = init` without the ';'.
func (p *parser) parseConstDecl(start diag.Pos) *ConstDecl {
	p.next() // const
	d := &ConstDecl{}
	d.Name, d.Type = p.parseOptionallyTypedIdent()
	if p.expect(Equal, "and an initializer in a const declaration") {
		d.Init = p.parseExpr()
	}
	d.Loc = p.span(start)
	return d
}

// parseLegacyModuleConst parses the 2021 draft's module constant
// `[[constant_id(n)]] const name : T (= init)?`. The grammar makes the initializer optional
// in every module constant; the checker requires it unless the constant has constant_id.
func (p *parser) parseLegacyModuleConst(start diag.Pos, attrs []*Attribute) *ConstDecl {
	p.next() // const
	d := &ConstDecl{Attrs: attrs, Legacy: true}
	d.Name, d.Type = p.parseOptionallyTypedIdent()
	if p.got(Equal) {
		d.Init = p.parseExpr()
	}
	d.Loc = p.span(start)
	return d
}

// parseLetDecl parses `let name: T = init` without the ';'.
func (p *parser) parseLetDecl(start diag.Pos) *LetDecl {
	legacy := p.tok.Kind == KwConst
	p.next() // let, or the 2021 draft's function-scope const
	d := &LetDecl{Legacy: legacy}
	d.Name, d.Type = p.parseOptionallyTypedIdent()
	if p.expect(Equal, "and an initializer") {
		d.Init = p.parseExpr()
	}
	d.Loc = p.span(start)
	return d
}

// parseOptionallyTypedIdent parses `name` or `name: T`.
func (p *parser) parseOptionallyTypedIdent() (Ident, Expr) {
	p.tracef("optionally_typed_ident")
	p.tracef("ident")
	name := p.ident("name")
	if p.got(Colon) {
		return name, p.parseType()
	}
	return name, nil
}

func (p *parser) parseAlias(start diag.Pos) *AliasDecl {
	d := &AliasDecl{Legacy: p.tok.Kind == KwType}
	if !d.Legacy {
		p.tracef("type_alias_decl")
	}
	p.next()
	p.tracef("ident")
	d.Name = p.ident("type alias name")
	if p.expect(Equal, "in type alias") {
		d.Type = p.parseType()
	}
	d.Loc = p.span(start)
	return d
}

func (p *parser) parseConstAssert(start diag.Pos) *ConstAssert {
	p.tracef("const_assert")
	p.next()
	d := &ConstAssert{Cond: p.parseExpr()}
	d.Loc = p.span(start)
	return d
}

// parseStruct parses a structure declaration; members are separated by ',' (modern) or
// terminated by ';' (2021 draft).
func (p *parser) parseStruct(start diag.Pos, attrs []*Attribute) *StructDecl {
	p.tracef("struct_decl")
	p.next()
	d := &StructDecl{Attrs: attrs}
	p.tracef("ident")
	d.Name = p.ident("structure name")
	p.tracef("struct_body_decl")
	open := p.tok
	if !p.expect(LBrace, "to start the structure body") {
		d.Loc = p.span(start)
		return d
	}
	var st condState
	dropped := false
	for p.tok.Kind != RBrace && p.tok.Kind != TokEOF {
		before := p.i
		mstart := p.tok.Start
		p.tracef("struct_member")
		attrs, keep := p.cond(p.parseAttributes(), &st)
		m := &StructMember{Attrs: attrs}
		p.tracef("member_ident")
		m.Name = p.ident("member name")
		if p.expect(Colon, "after member name") {
			m.Type = p.parseType()
		}
		m.Loc = p.span(mstart)
		if keep {
			d.Members = append(d.Members, m)
		} else {
			dropped = true
		}
		switch p.tok.Kind {
		case Comma:
			p.next()
		case Semicolon:
			if !p.legacy {
				p.errorf(p.tok.Span(), "structure members are separated by ',', not ';'")
				p.needSync = false
			}
			p.next()
		case RBrace:
			if p.legacy {
				p.errorExpected("';' after structure member")
				p.needSync = false
			}
		default:
			p.errorExpected("',' or '}' after structure member")
			p.skipMember()
		}
		if !keep {
			p.drop(before, true)
		}
		if p.aborted || p.i == before {
			break // no progress: the body is probably missing its '}'
		}
	}
	if len(d.Members) == 0 && !p.legacy {
		if dropped {
			p.errorf(d.Name.Loc, "conditional translation leaves structure '%s' without members: a structure must have at least one", d.Name.Name)
		} else {
			p.errorf(p.tok.Span(), "a structure must have at least one member")
		}
		p.needSync = false
	}
	p.closeBrace(open, "structure body")
	d.Loc = p.span(start)
	return d
}

// skipMember skips the rest of a malformed structure member, stopping before what looks
// like the next declaration.
func (p *parser) skipMember() {
	p.needSync = false
	for {
		switch p.tok.Kind {
		case TokEOF, RBrace, LBrace, KwFn, KwStruct, KwVar, KwConst, KwOverride, KwAlias, KwConstAssert:
			return
		case Comma, Semicolon:
			p.next()
			return
		}
		p.next()
	}
}

// closeBrace consumes the '}' matching open, or reports it missing with a note at open.
func (p *parser) closeBrace(open Token, what string) {
	if p.tok.Kind == RBrace {
		p.next()
		p.needSync = false
		return
	}
	if p.aborted {
		return
	}
	d := p.errorf(p.tok.Span(), "expected '}' to close the %s, found %s", what, p.describe(p.tok))
	if d != nil {
		d.Note(p.rep.File, open.Span(), "the %s starts here", what)
	}
}

// parseFunc parses a function declaration.
func (p *parser) parseFunc(start diag.Pos, attrs []*Attribute) *FuncDecl {
	p.tracef("function_decl")
	p.tracef("function_header")
	p.next() // fn
	d := &FuncDecl{Attrs: attrs}
	p.tracef("ident")
	d.Name = p.ident("function name")
	if p.tok.Kind == TemplateStart {
		p.errorf(p.tok.Span(), "functions cannot have template parameters")
		p.needSync = false
		p.parseTemplateList()
	}
	if p.expect(LParen, "to start the parameter list") {
		if p.tok.Kind != RParen {
			p.tracef("param_list")
		}
		var st condState
		for p.tok.Kind != RParen && p.tok.Kind != TokEOF && !p.aborted {
			pstart, first := p.tok.Start, p.i
			p.tracef("param")
			attrs, keep := p.cond(p.parseAttributes(), &st)
			prm := &Param{Attrs: attrs}
			p.tracef("ident")
			prm.Name = p.ident("parameter name")
			if p.expect(Colon, "after parameter name") {
				prm.Type = p.parseType()
			}
			prm.Loc = p.span(pstart)
			if keep {
				d.Params = append(d.Params, prm)
			}
			more := p.tok.Kind == Comma
			if more {
				p.next()
			}
			if !keep {
				p.drop(first, true)
			}
			if !more {
				break
			}
		}
		if !p.got(RParen) {
			p.errorExpected("',' or ')' in parameter list")
			p.skipTo(RParen)
			p.got(RParen)
			p.needSync = false
		}
	}
	if p.got(Arrow) {
		p.parseReturnType(d)
	}
	bodyStart := p.tok.Start
	bodyAttrs := p.noCond(p.parseAttributes(), "a function body")
	if p.tok.Kind != LBrace {
		p.errorExpected("'{' to start the function body")
		// Recover when the body is just a little further on (a stray token in the header).
		for p.tok.Kind != LBrace && p.tok.Kind != TokEOF && p.tok.Kind != Semicolon && p.tok.Kind != KwFn {
			p.next()
		}
		if p.tok.Kind != LBrace {
			d.Loc = p.span(start)
			return d
		}
		p.needSync = false
	}
	d.Body = p.parseCompound(bodyAttrs, bodyStart)
	d.Loc = p.span(start)
	return d
}

func (p *parser) parseReturnType(d *FuncDecl) {
	attrs := p.noCond(p.parseAttributes(), "a function's return type")
	if p.tok.Kind == TokIdent && string(p.bytes(p.tok)) == "void" && p.peek(1) == LBrace {
		d.VoidReturn = true
		if !p.legacy {
			p.errorf(p.tok.Span(), "'-> void' is 2021-draft WGSL: omit the return type of a function that returns nothing")
			p.needSync = false
		}
		p.next()
		d.ReturnAttrs = attrs
		return
	}
	if p.legacy {
		// In the draft, attributes written after '->' belong to the type ([[stride]],
		// [[access]]); entry point IO attributes written there by later 2021 drafts
		// ([[location(0)]], [[builtin(position)]]) belong to the return value.
		var typeAttrs []*Attribute
		for _, a := range attrs {
			if a.Name.Name == "stride" || a.Name.Name == "access" {
				typeAttrs = append(typeAttrs, a)
			} else {
				d.ReturnAttrs = append(d.ReturnAttrs, a)
			}
		}
		d.ReturnType = p.parseType()
		if len(typeAttrs) > 0 {
			if t, ok := d.ReturnType.(*IdentExpr); ok {
				t.SetAttrs(append(typeAttrs, t.Attrs()...))
				t.Loc = diag.Join(t.Loc, typeAttrs[0].Loc)
			}
		}
		return
	}
	d.ReturnAttrs = attrs
	p.tracef("template_elaborated_ident")
	d.ReturnType = p.parseType()
}

// parseType parses a type specifier: `name` or `name<args>`; in the 2021 draft it may be
// preceded by attributes (`[[stride(16)]] array<f32>`).
func (p *parser) parseType() Expr {
	p.tracef("type_specifier")
	start := p.tok.Start
	var attrs []*Attribute
	if p.legacy && p.tok.Kind == LBracket && p.peek(1) == LBracket {
		attrs = p.parseLegacyAttributes(nil)
	}
	switch p.tok.Kind {
	case TokIdent:
	case TokEOF:
		p.errorExpected("type")
		return &BadExpr{id: p.exprID(), Loc: p.span(start)}
	default:
		if !p.tok.Kind.IsKeyword() {
			p.errorExpected("type")
			return &BadExpr{id: p.exprID(), Loc: diag.Span{Start: p.tok.Start, End: p.tok.Start}}
		}
	}
	x := p.parseTemplateElaboratedIdent()
	x.SetAttrs(attrs)
	x.Loc = p.span(start)
	return x
}

// parseTemplateElaboratedIdent parses `name` or `name<args>`.
func (p *parser) parseTemplateElaboratedIdent() *IdentExpr {
	p.tracef("template_elaborated_ident")
	p.tracef("ident")
	start := p.tok.Start
	x := p.identSlab.new()
	x.id = p.exprID()
	if p.tok.Kind != TokIdent || p.peek(1) == ColonColon {
		if p.atPath() {
			x.Name = p.parsePath()
		} else {
			x.Name = p.ident("name")
		}
	} else {
		x.Name = p.ident("name")
	}
	if p.tok.Kind == TemplateStart {
		x.TemplateArgs = p.parseTemplateList()
	}
	x.Loc = p.span(start)
	return x
}

// parseTemplateList parses `<arg, ...>` starting at a TemplateStart token.
func (p *parser) parseTemplateList() []Expr {
	p.tracef("template_list")
	p.tracef("template_arg_comma_list")
	open := p.tok
	p.next()
	mark := len(p.exprStack)
	for p.tok.Kind != TemplateEnd && p.tok.Kind != TokEOF {
		p.tracef("template_arg_expression")
		x := p.parseExpr()
		p.exprStack = append(p.exprStack, x)
		if p.tok.Kind != Comma {
			break
		}
		p.next()
	}
	args := p.exprsFrom(mark)
	if len(args) == 0 && p.tok.Kind == TemplateEnd {
		p.errorf(diag.Span{Start: open.Start, End: p.tok.End}, "a template list must have at least one argument")
		p.needSync = false
	}
	if !p.got(TemplateEnd) {
		if d := p.errorf(p.tok.Span(), "expected ',' or '>' in template list, found %s", p.describe(p.tok)); d != nil {
			d.Note(p.rep.File, open.Span(), "template list starts here")
		}
		// A template end always exists: discovery only creates lists with both ends.
		for p.tok.Kind != TemplateEnd && p.tok.Kind != TokEOF && !p.aborted {
			p.next()
		}
		p.got(TemplateEnd)
	}
	return args
}
