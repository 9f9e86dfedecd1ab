package syntax

import (
	"strings"

	"github.com/wgslgo/wgslgo/compiler/diag"
)

// The parser's part of WESL: import statements, the module declaration, visibility,
// qualified names and conditional translation. See wesl_ast.go for what it produces.

// condState is the state of an @if/@elif/@else chain among the siblings of a list
// (module-scope items, structure members, parameters, statements, switch clauses).
type condState struct {
	open  bool // the previous sibling had @if or @elif
	taken bool // a node of the open chain was kept
}

// weslInfo returns the file's WESLInfo, made on first use.
func (p *parser) weslInfo() *WESLInfo {
	if p.file.WESL == nil {
		p.file.WESL = &WESLInfo{}
	}
	return p.file.WESL
}

// elide records that the linked WGSL leaves out span, and with it whatever was recorded
// inside it (the span of a removed node covers its nested elisions).
func (p *parser) elide(span diag.Span) {
	if span.End <= span.Start {
		return
	}
	w := p.weslInfo()
	for n := len(w.Elided); n > 0 && w.Elided[n-1].Start >= span.Start; n-- {
		w.Elided = w.Elided[:n-1]
	}
	for n := len(w.Flattened); n > 0 && w.Flattened[n-1].Open.Start >= span.Start; n-- {
		w.Flattened = w.Flattened[:n-1]
	}
	w.Elided = append(w.Elided, span)
}

// drop records a node that conditional translation removed: it started at token index
// first and ends before the current token. In a comma-separated list (list set) the node
// takes its comma with it: the one after it, or when it is the last, the one before it.
//
// A node alone on its lines takes the lines with it; otherwise the blank space up to the
// next token goes.
func (p *parser) drop(first int, list bool) {
	start := p.toks[first].Start
	end := p.tok.Start
	if list && p.toks[p.i-1].Kind != Comma && first > 0 && p.toks[first-1].Kind == Comma {
		start = p.toks[first-1].Start
		end = p.prevEnd
	} else if ls, ok := p.blankBefore(start); ok {
		if le, ok := p.blankAfter(p.prevEnd); ok {
			start, end = ls, le
		}
	}
	p.elide(diag.Span{Start: start, End: end})
}

// blankBefore returns the start of pos's line when only blanks precede pos on it.
func (p *parser) blankBefore(pos diag.Pos) (diag.Pos, bool) {
	i := int(pos - p.base)
	for i > 0 && (p.src[i-1] == ' ' || p.src[i-1] == '\t') {
		i--
	}
	return diag.Pos(i) + p.base, i == 0 || p.src[i-1] == '\n'
}

// blankAfter returns the position after the line break that ends pos's line when only
// blanks (or a line comment) follow pos on it.
func (p *parser) blankAfter(pos diag.Pos) (diag.Pos, bool) {
	i := int(pos - p.base)
	for i < len(p.src) && (p.src[i] == ' ' || p.src[i] == '\t' || p.src[i] == '\r') {
		i++
	}
	if i < len(p.src) && p.src[i] != '\n' {
		return 0, false
	}
	if i < len(p.src) {
		i++
	}
	return diag.Pos(i) + p.base, true
}

// isCondAttr reports whether a is a translate-time attribute.
func isCondAttr(a *Attribute) bool {
	switch a.Name.Name {
	case "if", "elif", "else":
		return true
	}
	return false
}

// cond evaluates the translate-time attribute among attrs of a node in a list with chain
// state st. It returns the other attributes and whether the node is kept; for a kept node
// the attribute is elided.
func (p *parser) cond(attrs []*Attribute, st *condState) ([]*Attribute, bool) {
	var ca *Attribute
	n := 0
	for _, a := range attrs {
		if !isCondAttr(a) {
			n++
			continue
		}
		if ca != nil {
			p.errorf(a.Loc, "a node can have only one of @if, @elif and @else: combine the conditions with && or ||")
			p.needSync = false
			continue
		}
		ca = a
	}
	if ca == nil {
		st.open, st.taken = false, false
		return attrs, true
	}
	rest := attrs
	if n != len(attrs) {
		rest = make([]*Attribute, 0, n)
		for _, a := range attrs {
			if !isCondAttr(a) {
				rest = append(rest, a)
			}
		}
	}
	keep := p.evalCondAttr(ca, st)
	if keep {
		p.elide(diag.Span{Start: ca.Loc.Start, End: ca.elideEnd})
	}
	return rest, keep
}

// evalCondAttr evaluates one translate-time attribute and advances the chain state.
func (p *parser) evalCondAttr(a *Attribute, st *condState) bool {
	p.weslInfo()
	name := a.Name.Name
	if name != "if" && !st.open {
		p.errorf(a.Loc, "@%s must follow a node with @if or @elif", name)
		p.needSync = false
		st.open, st.taken = false, false
		return p.allBranches
	}
	var v bool
	switch name {
	case "if", "elif":
		if len(a.Args) != 1 {
			p.errorf(a.Loc, "@%s takes one translate-time expression: @%s(feature), @%s(a && !b)", name, name, name)
			p.needSync = false
			v = false
		} else {
			v = p.evalFeatureExpr(a.Args[0], !(name == "elif" && st.taken))
		}
	case "else":
		v = true
	}
	if name == "if" {
		st.taken = false
	}
	keep := v && !st.taken
	if keep {
		st.taken = true
	}
	st.open = name != "else"
	if p.allBranches {
		return true
	}
	return keep
}

// evalFeatureExpr evaluates a translate-time expression: feature names, true, false, !,
// &&, || and parentheses. When eval is false (short-circuited) it only checks the form.
func (p *parser) evalFeatureExpr(x Expr, eval bool) bool {
	eval = eval && !p.allBranches
	switch x := x.(type) {
	case *BoolLit:
		return x.Value
	case *ParenExpr:
		return p.evalFeatureExpr(x.X, eval)
	case *UnaryExpr:
		if x.Op == OpNot {
			return !p.evalFeatureExpr(x.X, eval)
		}
	case *BinaryExpr:
		switch x.Op {
		case OpLogAnd:
			l := p.evalFeatureExpr(x.X, eval)
			return p.evalFeatureExpr(x.Y, eval && l) && l
		case OpLogOr:
			l := p.evalFeatureExpr(x.X, eval)
			return p.evalFeatureExpr(x.Y, eval && !l) || l
		}
	case *IdentExpr:
		if len(x.TemplateArgs) == 0 && !IsQualified(x.Name.Name) {
			if !eval {
				return false
			}
			v, ok := p.features[x.Name.Name]
			if !ok {
				p.errorf(x.Loc, "translate-time feature '%s' has no value: set it on (--feature %s) or off (--feature %s=false)", x.Name.Name, x.Name.Name, x.Name.Name)
				p.needSync = false
			}
			return v
		}
	case *BadExpr:
		return false
	}
	p.errorf(x.Span(), "a translate-time expression holds only feature names, true, false, !, &&, || and parentheses")
	p.needSync = false
	return false
}

// noCond reports translate-time attributes where conditional translation does not allow
// them and returns the others.
func (p *parser) noCond(attrs []*Attribute, where string) []*Attribute {
	for _, a := range attrs {
		if isCondAttr(a) {
			p.errorf(a.Loc, "@%s is not allowed on %s", a.Name.Name, where)
			p.needSync = false
		}
	}
	return attrs
}

// kindAfterAttrs returns the index of the first token after the attributes that start at
// the current token.
func (p *parser) afterAttrs() int {
	j := p.i
	for p.toks[j].Kind == At && j+2 < len(p.toks) {
		name := p.toks[j+1]
		j += 2
		if p.toks[j].Kind != LParen || name.Kind == KwElse {
			continue
		}
		depth := 0
		for ; j < len(p.toks)-1; j++ {
			switch p.toks[j].Kind {
			case LParen:
				depth++
			case RParen:
				depth--
			}
			if depth == 0 {
				j++
				break
			}
		}
	}
	return j
}

// atAfterAttrs reports whether the current token, past any attributes, has kind k (and
// the next kind k2 unless k2 is TokEOF).
func (p *parser) atAfterAttrs(k, k2 Kind) bool {
	j := p.i
	if p.tok.Kind == At {
		j = p.afterAttrs()
	}
	if p.toks[j].Kind != k {
		return false
	}
	return k2 == TokEOF || (j+1 < len(p.toks) && p.toks[j+1].Kind == k2)
}

// ---- imports ----

// parseImport parses an import statement after its attributes: attribute* 'public'?
// 'import' import_relative? (import_collection | import_path_or_item) ';'.
func (p *parser) parseImport(start diag.Pos) *Import {
	p.tracef("import_statement")
	imp := &Import{}
	if p.tok.Kind == KwPublic {
		imp.Public = true
		p.next()
	}
	p.next() // import
	var item ImportItem
	item.Start = p.tok.Span()
	switch p.tok.Kind {
	case KwPackage:
		p.tracef("import_relative")
		item.Package = true
		p.next()
		p.expect(ColonColon, "after 'package' in an import path")
	case KwSuper:
		p.tracef("import_relative")
		for p.tok.Kind == KwSuper {
			item.Supers++
			p.next()
			if !p.expect(ColonColon, "after 'super' in an import path") {
				break
			}
		}
	}
	if !p.needSync {
		p.importPath = p.importPath[:0]
		if p.tok.Kind == LBrace {
			p.parseImportCollection(&item, imp)
		} else {
			p.parseImportPathOrItem(&item, imp)
		}
	}
	if !p.needSync {
		p.expectSemi("after import statement")
	}
	imp.Loc = p.span(start)
	return imp
}

// parseImportPathOrItem parses import_path_or_item below the path in prefix (whose segments
// are the top of p.importPath), adding the items it ends in to imp.
func (p *parser) parseImportPathOrItem(prefix *ImportItem, imp *Import) {
	if !p.enter() {
		return
	}
	defer p.leave()
	mark := len(p.importPath)
	defer func() { p.importPath = p.importPath[:mark] }()
	item := func(last Ident) ImportItem {
		it := *prefix
		it.Path = append(append(make([]Ident, 0, len(p.importPath)+1), p.importPath...), last)
		return it
	}
	if p.tok.Kind == Star {
		if len(p.importPath) == 0 && !prefix.Package && prefix.Supers == 0 {
			p.errorf(p.tok.Span(), "a wildcard import needs a module path: import package::util::*;")
			p.needSync = true
			return
		}
		it := item(Ident{Loc: p.tok.Span(), Name: "*"})
		it.Wildcard = true
		p.next()
		imp.Items = append(imp.Items, it)
		return
	}
	seg := p.importIdent()
	if p.needSync {
		return
	}
	if p.got(ColonColon) {
		p.importPath = append(p.importPath, seg)
		if p.tok.Kind == LBrace {
			p.parseImportCollection(prefix, imp)
		} else {
			p.parseImportPathOrItem(prefix, imp)
		}
		return
	}
	it := item(seg)
	if p.got(KwAs) {
		it.Alias = p.importIdent()
	}
	imp.Items = append(imp.Items, it)
}

// parseImportCollection parses `{ item, item, }`.
func (p *parser) parseImportCollection(prefix *ImportItem, imp *Import) {
	open := p.tok
	p.next() // {
	if p.tok.Kind == RBrace {
		p.errorf(diag.Span{Start: open.Start, End: p.tok.End}, "an import collection names at least one item")
		return
	}
	for p.tok.Kind != RBrace && p.tok.Kind != TokEOF && !p.needSync {
		p.parseImportPathOrItem(prefix, imp)
		if !p.got(Comma) {
			break
		}
	}
	if !p.needSync {
		p.closeBrace(open, "import collection")
	}
}

// importIdent parses one segment of an import path.
func (p *parser) importIdent() Ident {
	switch p.tok.Kind {
	case TokIdent:
		t := p.tok
		p.next()
		return Ident{Loc: t.Span(), Name: p.name(t)}
	case KwSuper, KwPackage:
		p.errorf(p.tok.Span(), "'%s::' can only start an import path", p.bytes(p.tok))
		return Ident{}
	}
	p.errorExpected("module or declaration name in the import path")
	return Ident{}
}

// ---- qualified names ----

// atPath reports whether the current token starts a qualified name (full_ident with a
// '::'): `package::a`, `super::a`, `a::b`.
func (p *parser) atPath() bool {
	switch p.tok.Kind {
	case KwPackage, KwSuper:
		return true
	case TokIdent:
		return p.peek(1) == ColonColon
	}
	return false
}

// parsePath parses a full_ident with at least one '::' into one Ident whose name is the
// path with its segments joined by '::' ("package::util::f", "super::super::f").
func (p *parser) parsePath() Ident {
	p.tracef("full_ident")
	start := p.tok.Start
	var segs []string
	switch p.tok.Kind {
	case KwPackage:
		segs = append(segs, "package")
		p.next()
		p.expect(ColonColon, "after 'package'")
	case KwSuper:
		for p.tok.Kind == KwSuper {
			segs = append(segs, "super")
			p.next()
			if !p.expect(ColonColon, "after 'super'") {
				break
			}
		}
	}
	for {
		segs = append(segs, p.ident("name in the path").Name)
		if p.tok.Kind != ColonColon {
			break
		}
		p.next()
	}
	p.weslInfo().Qualified = true
	return Ident{Loc: p.span(start), Name: strings.Join(segs, "::")}
}

// ---- visibility and the module declaration ----

// parseVisibility consumes `public` or `private` before a module-scope declaration and
// returns it (VisPackage when there is none).
func (p *parser) parseVisibility() Visibility {
	var v Visibility
	switch {
	case p.tok.Kind == KwPublic:
		v = VisPublic
	case p.tok.Kind == TokIdent && p.isDeclKeyword(p.peek(1)) && string(p.bytes(p.tok)) == "private":
		v = VisPrivate
	default:
		return VisPackage
	}
	t := p.tok
	p.next()
	p.elide(diag.Span{Start: t.Start, End: p.tok.Start})
	return v
}

func (p *parser) isDeclKeyword(k Kind) bool {
	switch k {
	case KwFn, KwStruct, KwVar, KwConst, KwOverride, KwAlias:
		return true
	}
	return false
}

// parseModuleDecl parses `attribute* 'module' ';'` after its attributes.
func (p *parser) parseModuleDecl(start diag.Pos, attrs []*Attribute, f *File) {
	p.tracef("module_declaration")
	p.next() // module
	p.expectSemi("after 'module'")
	d := &ModuleDecl{Loc: p.span(start), Attrs: attrs}
	if f.Module != nil {
		if e := p.errorf(d.Loc, "a file can have only one module declaration"); e != nil {
			e.Note(p.rep.File, f.Module.Loc, "the first is here")
		}
		p.needSync = false
		return
	}
	f.Module = d
}
