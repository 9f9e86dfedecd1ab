package syntax

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/wgslgo/wgslgo/compiler/diag"
)

// ErrLegacyConstruct is returned (wrapped) by Print when the tree holds 2021-draft
// constructs modern WGSL cannot express. They are still printed, inside a comment that
// starts with "legacy:", so the output shows what was dropped.
var ErrLegacyConstruct = errors.New("2021-draft construct with no modern WGSL form")

// Print writes f as modern WGSL in canonical form: one declaration per line group,
// two-space indentation, attributes as `@name(...)`. Parentheses are added where the
// modern grammar needs them (a tree parsed from the 2021 draft may mix operators that
// modern WGSL only accepts parenthesised).
//
// Trees from the 2021 draft print with their attribute names as written (`@stride(16)`
// stays `@stride(16)`), `type` aliases as `alias`, `elseif` as `else if` and `-> void`
// omitted, and a module-scope `[[constant_id(n)]] const` as `@constant_id(n) override`
// (the only modern declaration that carries attributes); migrating attribute names is a
// separate pass. Attributes on type expressions, `fallthrough`, `break if` outside a
// continuing block and empty structures have no modern form: they are printed marked with
// a "legacy:" comment (or as written) and Print returns an error wrapping
// ErrLegacyConstruct.
func Print(w io.Writer, f *File) error {
	_, err := printTree(w, f, false)
	return err
}

// PrintMapped is Print, and returns where the constructs of the text are in f's source.
func PrintMapped(w io.Writer, f *File) (*PositionMap, error) {
	return printTree(w, f, true)
}

// A PositionMap relates offsets of a printed text to positions in the source of the tree
// it was printed from: the start of each declaration, statement, attribute, name and
// expression printed, from its place in the text to its node's.
type PositionMap struct {
	marks []posMark // by text offset; a construct's marks follow its parent's
	size  diag.Pos  // the source's length
}

type posMark struct{ text, src diag.Pos }

// Source returns the position in the source of offset off of the printed text: the start
// of the innermost construct printed at or before off, moved by off's distance from it in
// the text (within a name or a literal, which print as written, the same character), and
// at most the source's end. ok is false before the first construct with a position.
func (m *PositionMap) Source(off diag.Pos) (pos diag.Pos, ok bool) {
	i := sort.Search(len(m.marks), func(i int) bool { return m.marks[i].text > off }) - 1
	if i < 0 {
		return diag.NoPos, false
	}
	return min(m.marks[i].src+(off-m.marks[i].text), m.size), true
}

// SourceSpan is the span of the source where span of the printed text is (Source of both
// ends; an end that maps before the start is the start).
func (m *PositionMap) SourceSpan(span diag.Span) (diag.Span, bool) {
	start, ok := m.Source(span.Start)
	if !ok {
		return span, false
	}
	end, _ := m.Source(span.End)
	return diag.Span{Start: start, End: max(start, end)}, true
}

// countWriter counts the bytes written through it.
type countWriter struct {
	w io.Writer
	n int
}

func (c *countWriter) Write(b []byte) (int, error) {
	n, err := c.w.Write(b)
	c.n += n
	return n, err
}

func printTree(w io.Writer, f *File, mapped bool) (*PositionMap, error) {
	p := &printer{w: bufio.NewWriter(w)}
	if mapped {
		p.count = &countWriter{w: w}
		p.w = bufio.NewWriter(p.count)
		p.positions = &PositionMap{}
	}
	if f.Source != nil {
		p.src = f.Source.Text
		p.comments = f.Comments
	}
	if mapped {
		p.positions.size = diag.Pos(len(p.src))
	}
	end := diag.Pos(len(p.src))
	for i, d := range f.Directives {
		limit := end
		if i+1 < len(f.Directives) {
			limit = f.Directives[i+1].Span().Start
		} else if len(f.Decls) > 0 {
			limit = f.Decls[0].Span().Start
		}
		p.commentsBefore(d.Span().Start)
		p.directive(d)
		p.trailingComments(d.Span().End, limit)
		p.nl()
	}
	if len(f.Directives) > 0 && len(f.Decls) > 0 {
		p.nl()
	}
	for i, d := range f.Decls {
		if i > 0 {
			// Functions and structures stand apart; runs of simple declarations stay together.
			if isBlockDecl(d) || isBlockDecl(f.Decls[i-1]) {
				p.nl()
			}
		}
		limit := end
		if i+1 < len(f.Decls) {
			limit = f.Decls[i+1].Span().Start
		}
		p.commentsBefore(d.Span().Start)
		p.decl(d)
		p.trailingComments(d.Span().End, limit)
		p.nl()
	}
	p.commentsBefore(end + 1)
	if err := p.w.Flush(); err != nil {
		return nil, err
	}
	if len(p.legacy) > 0 {
		return p.positions, fmt.Errorf("%w: %s", ErrLegacyConstruct, strings.Join(p.legacy, ", "))
	}
	return p.positions, nil
}

// FormatExpr returns the modern WGSL text of an expression.
func FormatExpr(x Expr) string {
	var b strings.Builder
	p := &printer{w: bufio.NewWriter(&b)}
	p.expr(x)
	p.w.Flush()
	return b.String()
}

func isBlockDecl(d Decl) bool {
	switch d.(type) {
	case *FuncDecl, *StructDecl:
		return true
	}
	return false
}

type printer struct {
	w      *bufio.Writer
	indent int
	legacy []string

	// With PrintMapped: the bytes written past w's buffer, and the marks made so far.
	count     *countWriter
	positions *PositionMap

	// Comments are re-emitted between declarations, statements, members and clauses:
	// a comment on the line where a construct ends stays at the end of that line, others
	// go on lines of their own before the next construct (comments inside expressions
	// therefore move after their statement).
	src      []byte
	comments []diag.Span
	next     int // index of the first comment not printed yet
}

// commentsBefore prints, each on its own line, the pending comments that start before pos.
func (p *printer) commentsBefore(pos diag.Pos) {
	for p.next < len(p.comments) && p.comments[p.next].Start < pos {
		c := p.comments[p.next]
		p.tabs()
		p.w.Write(p.src[c.Start:c.End])
		p.nl()
		p.next++
	}
}

// hasCommentsBefore reports whether a pending comment starts before pos.
func (p *printer) hasCommentsBefore(pos diag.Pos) bool {
	return p.next < len(p.comments) && p.comments[p.next].Start < pos
}

// trailingComments prints, at the end of the current output line, the pending comments
// of the construct that ends at end: those inside it (not printed by a nested construct)
// and those that follow it on the same source line before limit (where the next construct
// starts).
func (p *printer) trailingComments(end, limit diag.Pos) {
	for p.next < len(p.comments) {
		c := p.comments[p.next]
		if c.Start >= end && (c.Start >= limit || hasLineBreak(p.src[end:c.Start])) {
			return
		}
		p.str(" ")
		p.w.Write(p.src[c.Start:c.End])
		p.next++
		if c.End > end {
			end = c.End
		}
		if p.src[c.Start+1] == '/' {
			return // a line comment ends the line
		}
	}
}

func hasLineBreak(b []byte) bool {
	for i := 0; i < len(b); i++ {
		switch b[i] {
		case '\n', '\r', '\v', '\f':
			return true
		case 0xC2: // U+0085
			if i+1 < len(b) && b[i+1] == 0x85 {
				return true
			}
		case 0xE2: // U+2028, U+2029
			if i+2 < len(b) && b[i+1] == 0x80 && (b[i+2] == 0xA8 || b[i+2] == 0xA9) {
				return true
			}
		}
	}
	return false
}

// mark records that the construct starting at src in the source starts here in the text.
func (p *printer) mark(src diag.Pos) {
	if p.positions != nil && src >= 0 {
		p.positions.marks = append(p.positions.marks, posMark{text: diag.Pos(p.count.n + p.w.Buffered()), src: src})
	}
}

// markNode marks the start of n (with PrintMapped).
func (p *printer) markNode(n Node) {
	if p.positions != nil && n != nil {
		p.mark(n.Span().Start)
	}
}

func (p *printer) str(s string) { p.w.WriteString(s) }
func (p *printer) nl()          { p.w.WriteByte('\n') }
func (p *printer) tabs() {
	for i := 0; i < p.indent; i++ {
		p.w.WriteString("  ")
	}
}

// name prints a declared or referenced name. Names from the 2021 draft may be keywords or
// reserved words of modern WGSL (`diagnostic`, `override`, `type`), which needs renaming.
func (p *printer) name(n string) {
	p.str(n)
	if n != "" && (IsKeyword(n, DialectModern) || IsReserved(n, DialectModern)) {
		p.unexpressible(fmt.Sprintf("name '%s' (a keyword or reserved word of modern WGSL)", n))
	}
}

func (p *printer) unexpressible(what string) {
	for _, l := range p.legacy {
		if l == what {
			return
		}
	}
	p.legacy = append(p.legacy, what)
}

func (p *printer) directive(d Directive) {
	switch d := d.(type) {
	case *Enable:
		p.str("enable ")
		p.idents(d.Names)
		p.str(";")
	case *Requires:
		p.str("requires ")
		p.idents(d.Names)
		p.str(";")
	case *DiagnosticDirective:
		p.str("diagnostic")
		p.diagControl(d.Control)
		p.str(";")
	}
}

func (p *printer) idents(ids []Ident) {
	for i, id := range ids {
		if i > 0 {
			p.str(", ")
		}
		p.str(id.Name)
	}
}

func (p *printer) diagControl(c DiagnosticControl) {
	p.str("(")
	p.str(c.Severity.Name)
	p.str(", ")
	p.str(c.Rule.Name)
	p.str(")")
}

// attrs prints attributes followed by sep after each one.
func (p *printer) attrs(as []*Attribute, sep string) {
	for _, a := range as {
		p.mark(a.Loc.Start)
		p.str("@")
		p.str(a.Name.Name)
		if a.Diagnostic != nil {
			p.diagControl(*a.Diagnostic)
		} else if a.HasParens {
			p.str("(")
			p.exprList(a.Args)
			p.str(")")
		}
		p.str(sep)
	}
}

// declAttrs prints attributes on their own line before a function, or inline otherwise.
func (p *printer) declAttrs(as []*Attribute, ownLine bool) {
	if len(as) == 0 {
		return
	}
	if ownLine {
		for i, a := range as {
			if i > 0 {
				p.str(" ")
			}
			p.attrs([]*Attribute{a}, "")
		}
		p.nl()
		p.tabs()
		return
	}
	p.attrs(as, " ")
}

func (p *printer) decl(d Decl) {
	p.tabs()
	p.markNode(d)
	switch d := d.(type) {
	case *StructDecl:
		p.declAttrs(d.Attrs, true)
		p.str("struct ")
		p.name(d.Name.Name)
		p.str(" {\n")
		if len(d.Members) == 0 {
			p.unexpressible("empty structure")
		}
		p.indent++
		for i, m := range d.Members {
			limit := d.Loc.End
			if i+1 < len(d.Members) {
				limit = d.Members[i+1].Loc.Start
			}
			p.commentsBefore(m.Loc.Start)
			p.tabs()
			p.attrs(m.Attrs, " ")
			p.name(m.Name.Name)
			p.str(": ")
			p.expr(m.Type)
			p.str(",")
			p.trailingComments(m.Loc.End, limit)
			p.nl()
		}
		p.commentsBefore(d.Loc.End)
		p.indent--
		p.tabs()
		p.str("}")
	case *FuncDecl:
		p.declAttrs(d.Attrs, true)
		p.str("fn ")
		p.name(d.Name.Name)
		p.str("(")
		for i, prm := range d.Params {
			if i > 0 {
				p.str(", ")
			}
			p.attrs(prm.Attrs, " ")
			p.name(prm.Name.Name)
			p.str(": ")
			p.expr(prm.Type)
		}
		p.str(")")
		if d.ReturnType != nil {
			p.str(" -> ")
			p.attrs(d.ReturnAttrs, " ")
			p.expr(d.ReturnType)
		}
		p.str(" ")
		p.blockOrEmpty(d.Body)
	default:
		p.simpleDecl(d)
		p.str(";")
	}
}

// simpleDecl prints a declaration that ends with ';' (without the ';').
func (p *printer) simpleDecl(d Node) {
	switch d := d.(type) {
	case *VarDecl:
		p.attrs(d.Attrs, " ")
		p.str("var")
		if len(d.TemplateArgs) > 0 {
			p.str("<")
			p.exprList(d.TemplateArgs)
			p.str(">")
		}
		p.str(" ")
		p.typedName(d.Name, d.Type)
		p.init(d.Init)
	case *ConstDecl:
		p.attrs(d.Attrs, " ")
		if d.Init == nil || len(d.Attrs) > 0 {
			// The draft's pipeline-overridable constant is today's override declaration.
			p.str("override ")
		} else {
			p.str("const ")
		}
		p.typedName(d.Name, d.Type)
		p.init(d.Init)
	case *OverrideDecl:
		p.attrs(d.Attrs, " ")
		p.str("override ")
		p.typedName(d.Name, d.Type)
		p.init(d.Init)
	case *LetDecl:
		p.str("let ")
		p.typedName(d.Name, d.Type)
		p.init(d.Init)
	case *AliasDecl:
		p.str("alias ")
		p.name(d.Name.Name)
		p.str(" = ")
		p.expr(d.Type)
	case *ConstAssert:
		p.str("const_assert ")
		p.expr(d.Cond)
	case *BadDecl:
		p.str("/* bad declaration */")
	}
}

func (p *printer) typedName(name Ident, t Expr) {
	p.mark(name.Loc.Start)
	p.name(name.Name)
	if t != nil {
		p.str(": ")
		p.expr(t)
	}
}

func (p *printer) init(x Expr) {
	if x != nil {
		p.str(" = ")
		p.expr(x)
	}
}

// block prints `{ ... }` (attributes included) without a trailing newline.
func (p *printer) block(b *CompoundStmt) {
	p.attrs(b.Attrs, " ")
	p.str("{")
	if len(b.Stmts) == 0 && !p.hasCommentsBefore(b.Loc.End) {
		p.str("}")
		return
	}
	p.nl()
	p.indent++
	p.stmts(b.Stmts, b.Loc.End)
	p.commentsBefore(b.Loc.End)
	p.indent--
	p.tabs()
	p.str("}")
}

// stmts prints a statement list, each statement on its own line with its comments; end
// bounds the comments of the last one.
func (p *printer) stmts(list []Stmt, end diag.Pos) {
	for i, s := range list {
		limit := end
		if i+1 < len(list) {
			limit = list[i+1].Span().Start
		}
		p.stmt(s, limit)
	}
}

// stmt prints a statement on its own line; limit is where the next construct starts.
func (p *printer) stmt(s Stmt, limit diag.Pos) {
	p.commentsBefore(s.Span().Start)
	p.tabs()
	p.markNode(s)
	switch s := s.(type) {
	case *CompoundStmt:
		p.block(s)
	case *IfStmt:
		p.attrs(s.Attrs, " ")
		p.ifChain(s)
	case *SwitchStmt:
		p.attrs(s.Attrs, " ")
		p.str("switch ")
		p.expr(s.Selector)
		p.str(" ")
		p.attrs(s.BodyAttrs, " ")
		p.str("{\n")
		p.indent++
		for i, c := range s.Clauses {
			climit := s.Loc.End
			if i+1 < len(s.Clauses) {
				climit = s.Clauses[i+1].Loc.Start
			}
			p.commentsBefore(c.Loc.Start)
			p.tabs()
			if c.DefaultAlone {
				p.str("default")
			} else {
				p.str("case ")
				for i, sel := range c.Selectors {
					if i > 0 {
						p.str(", ")
					}
					if sel.Expr == nil {
						p.str("default")
					} else {
						p.expr(sel.Expr)
					}
				}
			}
			p.str(": ")
			p.blockOrEmpty(c.Body)
			p.trailingComments(c.Loc.End, climit)
			p.nl()
		}
		p.commentsBefore(s.Loc.End)
		p.indent--
		p.tabs()
		p.str("}")
	case *LoopStmt:
		p.loop(s)
	case *ForStmt:
		p.attrs(s.Attrs, " ")
		p.str("for (")
		if s.Init != nil {
			p.simpleStmt(s.Init)
		}
		p.str(";")
		if s.Cond != nil {
			p.str(" ")
			p.expr(s.Cond)
		}
		p.str(";")
		if s.Update != nil {
			p.str(" ")
			p.simpleStmt(s.Update)
		}
		p.str(") ")
		p.blockOrEmpty(s.Body)
	case *WhileStmt:
		p.attrs(s.Attrs, " ")
		p.str("while ")
		p.expr(s.Cond)
		p.str(" ")
		p.blockOrEmpty(s.Body)
	case *BreakIfStmt:
		// Outside a continuing block only the 2021 draft's examples have it.
		p.str("break if ")
		p.expr(s.Cond)
		p.str(";")
		p.unexpressible("'break if' outside a continuing block")
	case *FallthroughStmt:
		p.str("/* legacy: fallthrough; */")
		p.unexpressible("fallthrough")
	default:
		p.simpleStmt(s)
		p.str(";")
	}
	p.trailingComments(s.Span().End, limit)
	p.nl()
}

func (p *printer) loop(s *LoopStmt) {
	p.attrs(s.Attrs, " ")
	p.str("loop ")
	body := s.Body
	if body == nil {
		body = &CompoundStmt{}
	}
	p.attrs(body.Attrs, " ")
	if len(body.Stmts) == 0 && s.Continuing == nil && !p.hasCommentsBefore(s.Loc.End) {
		p.str("{}")
		return
	}
	p.str("{\n")
	p.indent++
	c := s.Continuing
	bodyEnd := s.Loc.End
	if c != nil {
		bodyEnd = c.Loc.Start
	}
	p.stmts(body.Stmts, bodyEnd)
	if c != nil {
		p.commentsBefore(c.Loc.Start)
		p.tabs()
		p.str("continuing ")
		cb := c.Body
		if cb == nil {
			cb = &CompoundStmt{Loc: c.Loc}
		}
		p.attrs(cb.Attrs, " ")
		if len(cb.Stmts) == 0 && c.BreakIf == nil && !p.hasCommentsBefore(cb.Loc.End) {
			p.str("{}")
		} else {
			p.str("{\n")
			p.indent++
			stmtsEnd := cb.Loc.End
			if c.BreakIf != nil {
				stmtsEnd = c.BreakIf.Loc.Start
			}
			p.stmts(cb.Stmts, stmtsEnd)
			if c.BreakIf != nil {
				p.commentsBefore(c.BreakIf.Loc.Start)
				p.tabs()
				p.str("break if ")
				p.expr(c.BreakIf.Cond)
				p.str(";")
				p.trailingComments(c.BreakIf.Loc.End, cb.Loc.End)
				p.nl()
			}
			p.commentsBefore(cb.Loc.End)
			p.indent--
			p.tabs()
			p.str("}")
		}
		p.trailingComments(c.Loc.End, s.Loc.End)
		p.nl()
	}
	p.commentsBefore(s.Loc.End)
	p.indent--
	p.tabs()
	p.str("}")
}

func (p *printer) blockOrEmpty(b *CompoundStmt) {
	if b == nil {
		p.str("{}")
		return
	}
	p.block(b)
}

func (p *printer) ifChain(s *IfStmt) {
	p.str("if ")
	p.expr(s.Cond)
	p.str(" ")
	p.blockOrEmpty(s.Then)
	switch e := s.Else.(type) {
	case *IfStmt:
		p.str(" else ")
		p.ifChain(e)
	case *CompoundStmt:
		p.str(" else ")
		p.block(e)
	}
}

// simpleStmt prints a statement that ends with ';' (without it), as in for headers.
func (p *printer) simpleStmt(s Stmt) {
	switch s := s.(type) {
	case *ReturnStmt:
		p.str("return")
		if s.Value != nil {
			p.str(" ")
			p.expr(s.Value)
		}
	case *BreakStmt:
		p.str("break")
	case *ContinueStmt:
		p.str("continue")
	case *DiscardStmt:
		p.str("discard")
	case *AssignStmt:
		if s.Phony {
			p.str("_")
		} else {
			p.expr(s.LHS)
		}
		p.str(" ")
		if s.Op != OpNone {
			p.str(s.Op.String())
		}
		p.str("= ")
		p.expr(s.RHS)
	case *IncDecStmt:
		p.expr(s.X)
		if s.Inc {
			p.str("++")
		} else {
			p.str("--")
		}
	case *CallStmt:
		p.expr(s.Call)
	case *VarDecl, *LetDecl, *ConstAssert, *ConstDecl:
		p.simpleDecl(s)
	case *BadStmt:
		p.str("/* bad statement */")
	}
}

func (p *printer) exprList(xs []Expr) {
	for i, x := range xs {
		if i > 0 {
			p.str(", ")
		}
		p.expr(x)
	}
}

// exprLevel orders expressions by the grammar level that produces them.
type exprLevel int

const (
	levelUnary exprLevel = iota
	levelMul
	levelAdd
	levelShift
	levelRelational
	levelShortCircuit
	levelBitwise
)

func levelOf(x Expr) exprLevel {
	b, ok := x.(*BinaryExpr)
	if !ok {
		return levelUnary
	}
	switch b.Op {
	case OpMul, OpDiv, OpRem:
		return levelMul
	case OpAdd, OpSub:
		return levelAdd
	case OpShl, OpShr:
		return levelShift
	case OpLogAnd, OpLogOr:
		return levelShortCircuit
	case OpAnd, OpOr, OpXor:
		return levelBitwise
	}
	return levelRelational
}

// operandFits reports whether x may appear unparenthesised as the left (or right) operand
// of op in modern WGSL.
func operandFits(op Op, left bool, x Expr) bool {
	l := levelOf(x)
	if l == levelUnary {
		return true
	}
	xop := x.(*BinaryExpr).Op
	switch op {
	case OpMul, OpDiv, OpRem:
		return left && l == levelMul
	case OpAdd, OpSub:
		return l == levelMul || (left && l == levelAdd)
	case OpShl, OpShr:
		return false
	case OpLogAnd, OpLogOr:
		return l <= levelRelational || (left && xop == op)
	case OpAnd, OpOr, OpXor:
		return left && xop == op
	}
	// comparisons
	return l <= levelShift
}

func (p *printer) operand(op Op, left bool, x Expr) {
	if operandFits(op, left, x) {
		p.expr(x)
		return
	}
	p.str("(")
	p.expr(x)
	p.str(")")
}

func (p *printer) expr(x Expr) {
	p.markNode(x)
	switch x := x.(type) {
	case *IdentExpr:
		if len(x.Attrs()) > 0 {
			var b strings.Builder
			for _, a := range x.Attrs() {
				b.WriteString(a.Name.Name)
				if a.HasParens {
					b.WriteString("(" + exprListString(a.Args) + ")")
				}
				b.WriteString(" ")
			}
			p.str("/* legacy: " + b.String() + "*/ ")
			p.unexpressible("attributes on types")
		}
		p.name(x.Name.Name)
		if len(x.TemplateArgs) > 0 {
			p.str("<")
			p.exprList(x.TemplateArgs)
			p.str(">")
		}
	case *CallExpr:
		p.expr(x.Callee)
		p.str("(")
		p.exprList(x.Args)
		p.str(")")
	case *IntLit:
		p.str(x.Raw)
	case *FloatLit:
		p.str(x.Raw)
	case *BoolLit:
		if x.Value {
			p.str("true")
		} else {
			p.str("false")
		}
	case *ParenExpr:
		p.str("(")
		p.expr(x.X)
		p.str(")")
	case *UnaryExpr:
		p.str(x.Op.String())
		if u, ok := x.X.(*UnaryExpr); ok && (u.Op == x.Op && (x.Op == OpNeg || x.Op == OpAddrOf)) {
			// `--x` and `&&x` would read as other tokens.
			p.str(" ")
		}
		if levelOf(x.X) != levelUnary {
			p.str("(")
			p.expr(x.X)
			p.str(")")
		} else {
			p.expr(x.X)
		}
	case *BinaryExpr:
		p.operand(x.Op, true, x.X)
		p.str(" ")
		p.str(x.Op.String())
		p.str(" ")
		p.operand(x.Op, false, x.Y)
	case *IndexExpr:
		p.postfixBase(x.X)
		p.str("[")
		p.expr(x.Index)
		p.str("]")
	case *MemberExpr:
		if _, ok := x.X.(*IntLit); ok {
			// `5.x` would scan as a malformed float literal.
			p.str("(")
			p.expr(x.X)
			p.str(")")
		} else {
			p.postfixBase(x.X)
		}
		p.str(".")
		p.name(x.Member.Name)
	case *BadExpr:
		p.str("/* bad expression */")
	case nil:
		p.str("/* missing */")
	}
}

// postfixBase prints the operand of an index or member access, parenthesised unless it
// is itself a primary or postfix expression.
func (p *printer) postfixBase(x Expr) {
	switch x.(type) {
	case *UnaryExpr, *BinaryExpr:
		p.str("(")
		p.expr(x)
		p.str(")")
	default:
		p.expr(x)
	}
}

func exprListString(xs []Expr) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = FormatExpr(x)
	}
	return strings.Join(parts, ", ")
}
