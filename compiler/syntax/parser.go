package syntax

import (
	"fmt"
	"runtime/debug"
	"sync"

	"github.com/wgslgo/wgslgo/compiler/diag"
)

// Parse parses f. It never panics; it returns an AST, partial when there are errors, and
// the diagnostics sorted by position.
func Parse(f *diag.File, opts Options) (*File, diag.List) {
	return parse(f, opts, nil)
}

func parse(f *diag.File, opts Options, trace func(string)) (file *File, diags diag.List) {
	maxErrors := opts.MaxErrors
	if maxErrors <= 0 {
		maxErrors = DefaultMaxErrors
	}
	maxTokens := opts.MaxTokens
	if maxTokens <= 0 {
		maxTokens = DefaultMaxTokens
	}
	maxNesting := opts.MaxNesting
	if maxNesting <= 0 {
		maxNesting = DefaultMaxNesting
	}
	rep := &diag.Reporter{File: f, Limit: maxErrors}
	file = &File{Source: f}
	if f.Base != 0 && opts.Dialect == DialectAuto {
		// A file of a WESL program: modern WGSL (dialect detection reads positions as
		// offsets).
		opts.Dialect = DialectModern
	}
	defer func() {
		// A panic is a bug in the parser; report it as a diagnostic rather than crash the
		// caller (the fuzz tests look for this message).
		if r := recover(); r != nil {
			rep.Limit = 0
			rep.Errorf(diag.Span{Start: 0, End: 0}, "internal error: parser panic: %v\n%s", r, debug.Stack())
			diags = rep.Diags
		}
	}()
	d := opts.Dialect
	// The token list does not outlive the parse (nodes keep spans, not tokens), so its
	// memory is reused across parses.
	buf := tokenPool.Get().(*[]Token)
	defer func() {
		if cap(*buf) <= maxPooledTokens {
			tokenPool.Put(buf)
		}
	}()
	var toks []Token
	var stopped bool
	if d == DialectAuto {
		// Scan as modern WGSL and keep the result unless the tokens say otherwise.
		toks, file.Comments, stopped = scanWithComments(f.Text, 0, DialectModern, rep, maxTokens, true, *buf)
		d = detectFromTokens(f.Text, toks)
		if d == DialectLegacy2021 {
			rep = &diag.Reporter{File: f, Limit: maxErrors}
			toks, file.Comments, stopped = scanWithComments(f.Text, 0, d, rep, maxTokens, true, toks)
		}
	} else {
		toks, file.Comments, stopped = scanWithComments(f.Text, f.Base, d, rep, maxTokens, true, *buf)
	}
	*buf = toks[:0]
	file.Dialect = d
	p := &parser{
		src:         f.Text,
		text:        string(f.Text),
		base:        f.Base,
		file:        file,
		features:    opts.Features,
		allBranches: opts.AllBranches,
		exprIDs:     opts.FirstExprID,
		toks:        toks,
		legacy:      d == DialectLegacy2021,
		rep:         rep,
		maxNesting:  maxNesting,
		trace:       trace,
		lastErr:     -1,
	}
	if stopped {
		// The token list is truncated: parsing it would only report its truncation.
		p.aborted = true
	}
	if a := opts.Arena; a != nil {
		p.identSlab, p.binarySlab, p.callSlab, p.memberSlab = a.ident, a.binary, a.call, a.member
		p.intSlab, p.floatSlab, p.exprLists, p.stmtLists = a.int, a.float, a.exprs, a.stmts
		p.attrSlab, p.attrLists = a.attr, a.attrs
		defer func() {
			a.ident, a.binary, a.call, a.member = p.identSlab, p.binarySlab, p.callSlab, p.memberSlab
			a.int, a.float, a.exprs, a.stmts = p.intSlab, p.floatSlab, p.exprLists, p.stmtLists
			a.attr, a.attrs = p.attrSlab, p.attrLists
		}()
	}
	p.tok = p.toks[0]
	p.sizeSlabs()
	p.parseFile(file)
	file.ExprIDs = p.exprIDs
	rep.Diags.Sort()
	return file, rep.Diags
}

var tokenPool = sync.Pool{New: func() any { return new([]Token) }}

// maxPooledTokens bounds the token buffers kept for reuse (12 MB).
const maxPooledTokens = 1 << 20

type parser struct {
	src     []byte
	toks    []Token
	i       int   // index of tok in toks
	tok     Token // current token
	prevEnd diag.Pos
	legacy  bool
	rep     *diag.Reporter

	maxNesting int
	depth      int
	aborted    bool // a limit was hit: skip to EOF without further diagnostics

	lastErr  diag.Pos // start of the last reported error; later errors must come after it
	needSync bool     // an error happened since the last synchronisation point (recovery mode)

	trace func(production string) // records grammar productions (tests only)

	// text is the source as one string: names and literal spellings are substrings of it,
	// so they cost no allocation.
	text string
	// base is the position of text[0] (diag.File.Base).
	base diag.Pos

	file        *File
	features    map[string]bool // see Options.Features
	allBranches bool
	// stmtCond is the @if chain of the statement list being parsed; flat is set by
	// parseStmt to a block whose statements go into the enclosing list.
	stmtCond *condState
	flat     *CompoundStmt
	phase    int // phaseImports, phaseDirectives or phaseDecls
	// importPath holds the segments of the import path being parsed.
	importPath []Ident

	// Slabs for the most frequent nodes: one allocation per chunk instead of per node.
	identSlab  slab[IdentExpr]
	binarySlab slab[BinaryExpr]
	callSlab   slab[CallExpr]
	memberSlab slab[MemberExpr]
	intSlab    slab[IntLit]
	floatSlab  slab[FloatLit]
	attrSlab   slab[Attribute]

	exprStack []Expr
	exprLists listSlab[Expr]
	exprIDs   int32 // the last ExprID handed out
	stmtStack []Stmt
	stmtLists listSlab[Stmt]
	attrStack []*Attribute
	attrLists listSlab[*Attribute]
}

// Expression and statement lists are collected on shared stacks and copied out at their
// exact length, which saves the intermediate slices of repeated appends. Nested lists push
// above the outer list's entries and pop back to them.
func (p *parser) exprsFrom(mark int) []Expr {
	return p.exprLists.pop(&p.exprStack, mark)
}

func (p *parser) stmtsFrom(mark int) []Stmt {
	if len(p.stmtStack) == mark {
		return nil
	}
	return p.stmtLists.pop(&p.stmtStack, mark)
}

// attrsFrom is exprsFrom for attributes; no attributes are nil.
func (p *parser) attrsFrom(mark int) []*Attribute {
	if len(p.attrStack) == mark {
		return nil
	}
	return p.attrLists.pop(&p.attrStack, mark)
}

// exprID numbers a new expression node.
func (p *parser) exprID() int32 {
	p.exprIDs++
	return p.exprIDs
}

// Arena carries the parser's node slabs from one parse to the next (Options.Arena): the
// files of one program, parsed one after the other, fill the same chunks instead of each
// leaving the end of its own unused.
type Arena struct {
	ident  slab[IdentExpr]
	binary slab[BinaryExpr]
	call   slab[CallExpr]
	member slab[MemberExpr]
	int    slab[IntLit]
	float  slab[FloatLit]
	attr   slab[Attribute]
	exprs  listSlab[Expr]
	stmts  listSlab[Stmt]
	attrs  listSlab[*Attribute]
}

// sizeSlabs bounds what each slab can be asked for from the tokens: a node of each kind
// takes a token of its own (an integer literal its literal, a call its '(', a binary
// expression its operator, a list element its ',' or its list's opening token, a statement
// its ';' or '}'), so that a small file allocates a few nodes of each kind, not a whole
// chunk of each. (A file's memory is most of a small compilation's cost: it is allocated,
// cleared and touched once.)
func (p *parser) sizeSlabs() {
	var n [numKinds]int32
	for _, t := range p.toks {
		n[t.Kind]++
	}
	p.identSlab.left = n[TokIdent]
	p.intSlab.left = n[TokInt]
	p.floatSlab.left = n[TokFloat]
	p.callSlab.left = n[LParen]
	p.memberSlab.left = n[Period]
	var ops int32
	for _, k := range [...]Kind{And, AndAnd, Slash, EqualEqual, NotEqual, Greater, GreaterEqual, ShiftRight,
		Less, LessEqual, ShiftLeft, Percent, Minus, MinusMinus, Plus, Or, OrOr, Star, Xor} {
		ops += n[k]
	}
	p.binarySlab.left = ops
	p.exprLists.left = n[Comma] + n[LParen] + n[TemplateStart] + n[LBracket]
	p.stmtLists.left = n[Semicolon] + n[RBrace]
	p.attrSlab.left = n[At]
	p.attrLists.left = n[At]
}

// listSlab hands out lists of exact length (their capacity too, so that appending to one
// copies it) from chunks of up to 256 elements; longer lists get their own.
type listSlab[T any] struct {
	free []T
	left int32 // how many more elements the file can need at most (see sizeSlabs)
}

func (s *listSlab[T]) take(n int) []T {
	if n == 0 || n > 64 {
		return make([]T, n)
	}
	if len(s.free) < n {
		s.free = make([]T, chunkFor(&s.left, int32(n), 256))
	}
	out := s.free[:n:n]
	s.free = s.free[n:]
	return out
}

// pop copies the entries of *stack above mark into a list of their exact length and cuts the
// stack back to mark, clearing what it held so that the stack keeps no node alive.
func (s *listSlab[T]) pop(stack *[]T, mark int) []T {
	out := s.take(len(*stack) - mark)
	copy(out, (*stack)[mark:])
	clear((*stack)[mark:])
	*stack = (*stack)[:mark]
	return out
}

// slab hands out pointers to elements of chunks of up to 64 nodes.
type slab[T any] struct {
	free []T
	left int32 // how many more nodes the file can need at most (see sizeSlabs)
}

func (s *slab[T]) new() *T {
	if len(s.free) == 0 {
		s.free = make([]T, chunkFor(&s.left, 1, 64))
	}
	x := &s.free[0]
	s.free = s.free[1:]
	return x
}

// chunkFor returns the size of a slab's next chunk, at least need and at most limit unless
// need is more: what is left of the bound, or limit once the bound is spent (a bound that
// fell short only costs a full chunk).
func chunkFor(left *int32, need, limit int32) int32 {
	n := limit
	if *left >= need && *left < limit {
		n = *left
	}
	*left -= n
	return n
}

// ---- token handling ----

func (p *parser) next() {
	p.prevEnd = p.tok.End
	if p.i < len(p.toks)-1 {
		p.i++
		p.tok = p.toks[p.i]
	}
}

func (p *parser) peek(n int) Kind {
	if j := p.i + n; j < len(p.toks) {
		return p.toks[j].Kind
	}
	return TokEOF
}

func (p *parser) got(k Kind) bool {
	if p.tok.Kind == k {
		p.next()
		return true
	}
	return false
}

// split consumes the first byte of the current two-character token and leaves the rest as
// a token of kind rest: the spec picks the longest token valid for the parser state, so
// `&&x` in unary position is `&` `&x` and `a--b` in an expression is `a - -b`.
func (p *parser) split(rest Kind) {
	t := &p.toks[p.i]
	t.Start++
	t.Kind = rest
	p.prevEnd = t.Start
	p.tok = *t
}

func (p *parser) bytes(t Token) []byte { return p.src[t.Start-p.base : t.End-p.base] }

// name returns the text of t.
func (p *parser) name(t Token) string { return p.text[t.Start-p.base : t.End-p.base] }

func (p *parser) span(start diag.Pos) diag.Span {
	end := p.prevEnd
	if end < start {
		end = start
	}
	return diag.Span{Start: start, End: end}
}

func (p *parser) tracef(production string) {
	if p.trace != nil {
		p.trace(production)
	}
}

// ---- diagnostics ----

// errorf reports a syntax error and puts the parser in recovery mode: until the next
// synchronisation point (needSync cleared), further errors are suppressed because they are
// likely consequences of this one. Callers that recover on the spot clear needSync.
func (p *parser) errorf(span diag.Span, format string, args ...any) *diag.Diagnostic {
	if p.aborted || p.needSync || span.Start <= p.lastErr {
		p.needSync = true
		return nil
	}
	p.needSync = true
	p.lastErr = span.Start
	d := p.rep.Errorf(span, format, args...)
	if p.rep.Limit > 0 && p.rep.ErrorCount() >= p.rep.Limit {
		p.abort()
	}
	return d
}

// abort stops parsing: the rest of the input is skipped silently.
func (p *parser) abort() {
	p.aborted = true
	p.i = len(p.toks) - 1
	p.tok = p.toks[p.i]
}

// describe returns a phrase naming token t for diagnostics.
func (p *parser) describe(t Token) string {
	switch {
	case t.Kind == TokEOF:
		return "end of file"
	case t.Kind == TokIdent:
		return fmt.Sprintf("identifier '%s'", p.bytes(t))
	case t.Kind == TokInt || t.Kind == TokFloat:
		return fmt.Sprintf("literal '%s'", p.bytes(t))
	case t.Kind.IsKeyword():
		return fmt.Sprintf("keyword '%s'", p.bytes(t))
	}
	return fmt.Sprintf("'%s'", p.bytes(t))
}

func (p *parser) errorExpected(what string) {
	p.errorf(p.tok.Span(), "expected %s, found %s", what, p.describe(p.tok))
}

// expect consumes a token of kind k or reports what was expected.
func (p *parser) expect(k Kind, context string) bool {
	if p.tok.Kind == k {
		p.next()
		return true
	}
	what := "'" + k.String() + "'"
	if context != "" {
		what += " " + context
	}
	p.errorExpected(what)
	return false
}

// expectSemi consumes the ';' that ends a declaration or statement.
func (p *parser) expectSemi(context string) {
	if p.tok.Kind == Semicolon {
		p.next()
		p.needSync = false
		return
	}
	p.errorf(diag.Span{Start: p.prevEnd, End: p.prevEnd}, "expected ';' %s, found %s", context, p.describe(p.tok))
}

// enter increments the nesting depth; it reports false (and stops parsing) past the limit.
func (p *parser) enter() bool {
	p.depth++
	if p.depth > p.maxNesting {
		if !p.aborted {
			p.errorf(p.tok.Span(), "nesting too deep (more than %d levels)", p.maxNesting)
			p.abort()
		}
		return false
	}
	return true
}

func (p *parser) leave() { p.depth-- }

// ---- identifiers ----

// ident consumes an identifier; keywords are reported (reserved words were reported by the
// scanner and are identifiers here).
func (p *parser) ident(what string) Ident {
	t := p.tok
	if t.Kind == TokIdent {
		p.next()
		return Ident{Loc: t.Span(), Name: p.name(t)}
	}
	if t.Kind >= KwAs && t.Kind <= KwSuper {
		p.errorf(t.Span(), "%q is a reserved word and cannot be used as an identifier (WESL uses it as a keyword)", p.bytes(t))
		p.needSync = false
		p.next()
		return Ident{Loc: t.Span(), Name: p.name(t)}
	}
	if t.Kind.IsKeyword() {
		p.errorf(t.Span(), "expected %s, found keyword '%s' (keywords cannot be used as names)", what, p.bytes(t))
		p.needSync = false
		p.next()
		return Ident{Loc: t.Span(), Name: p.name(t)}
	}
	if t.Kind == Underscore {
		p.errorf(t.Span(), "expected %s, found '_' (a single underscore is not a valid name)", what)
		p.needSync = false
		p.next()
		return Ident{Loc: t.Span(), Name: "_"}
	}
	p.errorExpected(what)
	return Ident{Loc: diag.Span{Start: t.Start, End: t.Start}}
}

// ---- file ----

// atDirective reports whether the current token starts a global directive (only modern
// WGSL has them; their keywords are identifiers in the 2021 draft).
func (p *parser) atDirective() bool {
	switch p.tok.Kind {
	case KwEnable, KwRequires:
		return true
	case KwDiagnostic:
		return p.peek(1) == LParen
	}
	return false
}

func (p *parser) parseFile(f *File) {
	p.tracef("translation_unit")
	var st condState
	p.parseGlobalItems(f, &st, false)
}

// Module-scope items come in this order: imports, then directives (and the module
// declaration), then declarations.
const (
	phaseImports = iota
	phaseDirectives
	phaseDecls
)

// parseGlobalItems parses module-scope items up to the end of the file, or of a compound
// declaration's '}' when inBlock is set.
func (p *parser) parseGlobalItems(f *File, st *condState, inBlock bool) {
	for p.tok.Kind != TokEOF && !(inBlock && p.tok.Kind == RBrace) {
		if p.tok.Kind == Semicolon {
			p.next()
			p.phase = phaseDecls
			*st = condState{}
			continue
		}
		before := p.i
		p.needSync = false
		p.parseGlobalItem(f, st, inBlock)
		if p.needSync {
			p.syncDecl()
		}
		if p.i == before && p.tok.Kind != TokEOF {
			p.next()
		}
	}
}

// parseGlobalItem parses one import, directive, module declaration, declaration or
// compound declaration, and keeps it in f unless conditional translation removes it.
func (p *parser) parseGlobalItem(f *File, st *condState, inBlock bool) {
	start, first := p.tok.Start, p.i
	if p.atDirective() {
		// The common case of a directive without attributes, as WGSL has it.
		p.tracef("global_directive")
		if p.phase == phaseDecls || inBlock {
			p.errorf(p.tok.Span(), "directives must come before all declarations")
			p.needSync = false
		}
		*st = condState{}
		f.Directives = append(f.Directives, p.parseDirective())
		p.phase = max(p.phase, phaseDirectives)
		return
	}
	if p.legacy || (p.tok.Kind != At && p.tok.Kind != KwImport && p.tok.Kind != KwPublic && p.tok.Kind != KwModule && p.tok.Kind != LBrace) {
		*st = condState{}
		if d := p.parseGlobalDecl(start, p.parseAttributes()); d != nil {
			f.Decls = append(f.Decls, d)
		}
		p.phase = phaseDecls
		return
	}
	attrs := p.parseAttributes()
	switch {
	case p.tok.Kind == KwImport || (p.tok.Kind == KwPublic && p.peek(1) == KwImport):
		rest, keep := p.cond(attrs, st)
		if p.phase != phaseImports || inBlock {
			p.errorf(p.tok.Span(), "import statements must come before directives and declarations")
			p.needSync = false
		}
		imp := p.parseImport(start)
		imp.Attrs = rest
		if keep {
			f.Imports = append(f.Imports, imp)
		} else {
			p.drop(first, false)
		}
	case p.atDirective():
		p.tracef("global_directive")
		rest, keep := p.cond(attrs, st)
		if len(rest) > 0 {
			p.errorf(diag.Join(rest[0].Loc, rest[len(rest)-1].Loc), "directives take no attributes but @if, @elif and @else")
			p.needSync = false
		}
		if p.phase == phaseDecls || inBlock {
			p.errorf(p.tok.Span(), "directives must come before all declarations")
			p.needSync = false
		}
		d := p.parseDirective()
		p.phase = max(p.phase, phaseDirectives)
		if keep {
			f.Directives = append(f.Directives, d)
		} else {
			p.drop(first, false)
		}
	case p.tok.Kind == KwModule:
		p.noCond(attrs, "the module declaration")
		*st = condState{}
		if p.phase == phaseDecls || inBlock {
			p.errorf(p.tok.Span(), "the module declaration must come before all declarations")
			p.needSync = false
		}
		p.parseModuleDecl(start, attrs, f)
		p.phase = max(p.phase, phaseDirectives)
	case p.tok.Kind == LBrace:
		p.parseCompoundGlobalDecl(f, st, attrs, first)
	default:
		rest, keep := p.cond(attrs, st)
		d := p.parseGlobalDecl(start, rest)
		p.phase = phaseDecls
		if d == nil {
			return
		}
		if keep {
			f.Decls = append(f.Decls, d)
		} else {
			if vis := f.WESL.Visibility; vis != nil {
				delete(vis, d)
			}
			p.drop(first, false)
		}
	}
}

// parseCompoundGlobalDecl parses a compound declaration `attribute* { global_decl* }`:
// with a translate-time attribute that holds, its declarations are the module's; without
// one it has no effect.
func (p *parser) parseCompoundGlobalDecl(f *File, st *condState, attrs []*Attribute, first int) {
	p.tracef("compound_global_decl")
	hasCond := false
	for _, a := range attrs {
		if isCondAttr(a) {
			hasCond = true
		} else {
			p.errorf(a.Loc, "a compound declaration takes no attributes but @if, @elif and @else")
			p.needSync = false
		}
	}
	_, keep := p.cond(attrs, st)
	keep = keep && hasCond
	p.phase = phaseDecls
	open := p.tok
	p.next()
	if keep {
		p.elide(diag.Span{Start: open.Start, End: p.tok.Start})
	}
	if !p.enter() {
		return
	}
	n := len(f.Decls)
	var inner condState
	p.parseGlobalItems(f, &inner, true)
	p.leave()
	closing := p.tok
	p.closeBrace(open, "compound declaration")
	if keep {
		p.elide(diag.Span{Start: closing.Start, End: p.tok.Start})
		return
	}
	if !hasCond && len(f.Decls) > n && !p.allBranches {
		p.rep.Warningf(diag.Span{Start: open.Start, End: open.End}, "a block of declarations without @if has no effect: its declarations are left out (write @if(feature) before it, or remove the braces)")
	}
	f.Decls = f.Decls[:n]
	p.drop(first, false)
}

// syncDecl skips to the start of the next module-scope declaration: past a ';' or a
// closing '}' at nesting level 0, or up to a declaration keyword or attribute.
func (p *parser) syncDecl() {
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
		case RBrace, RParen, RBracket:
			if depth > 0 {
				depth--
				if depth == 0 && p.tok.Kind == RBrace {
					p.next()
					return
				}
			}
		case KwFn, KwStruct, KwVar, KwConst, KwLet, KwOverride, KwAlias, KwConstAssert, KwType, At:
			if depth == 0 {
				return
			}
		}
		p.next()
	}
}

func (p *parser) parseDirective() Directive {
	start := p.tok.Start
	switch p.tok.Kind {
	case KwEnable, KwRequires:
		enable := p.tok.Kind == KwEnable
		if enable {
			p.tracef("enable_directive")
			p.tracef("enable_extension_list")
		} else {
			p.tracef("requires_directive")
			p.tracef("language_extension_list")
		}
		p.next()
		var names []Ident
		for {
			if enable {
				p.tracef("enable_extension_name")
			} else {
				p.tracef("language_extension_name")
			}
			p.tracef("ident_pattern_token")
			names = append(names, p.ident("extension name"))
			if p.tok.Kind != Comma {
				break
			}
			p.next()
			if p.tok.Kind == Semicolon {
				break
			}
		}
		p.expectSemi("after directive")
		if enable {
			return &Enable{Loc: p.span(start), Names: names}
		}
		return &Requires{Loc: p.span(start), Names: names}
	case KwDiagnostic:
		p.tracef("diagnostic_directive")
		p.next()
		ctl := p.parseDiagnosticControl()
		p.expectSemi("after directive")
		return &DiagnosticDirective{Loc: p.span(start), Control: ctl}
	}
	return nil
}

// parseDiagnosticControl parses `(severity, rule)`.
func (p *parser) parseDiagnosticControl() DiagnosticControl {
	p.tracef("diagnostic_control")
	start := p.tok.Start
	var c DiagnosticControl
	if !p.expect(LParen, "after 'diagnostic'") {
		return c
	}
	p.tracef("severity_control_name")
	c.Severity = p.ident("severity (error, warning, info or off)")
	p.expect(Comma, "after diagnostic severity")
	p.tracef("diagnostic_rule_name")
	p.tracef("diagnostic_name_token")
	c.Rule = p.ident("diagnostic rule name")
	if p.tok.Kind == Period {
		p.next()
		p.tracef("diagnostic_name_token")
		sub := p.ident("diagnostic rule name")
		c.Rule = Ident{Loc: diag.Join(c.Rule.Loc, sub.Loc), Name: c.Rule.Name + "." + sub.Name}
	}
	p.got(Comma)
	p.expect(RParen, "to close diagnostic control")
	c.Loc = p.span(start)
	return c
}

// ---- attributes ----

// parseAttributes parses any number of `@attr` and, in the 2021 draft, `[[a, b(c)]]`.
func (p *parser) parseAttributes() []*Attribute {
	mark := len(p.attrStack)
	for {
		switch {
		case p.tok.Kind == At:
			if a := p.parseAttribute(); a != nil {
				p.attrStack = append(p.attrStack, a)
			}
		case p.tok.Kind == LBracket && p.peek(1) == LBracket:
			p.attrStack = p.parseLegacyAttributes(p.attrStack)
		default:
			return p.attrsFrom(mark)
		}
		if p.aborted {
			return p.attrsFrom(mark)
		}
	}
}

// attrProduction is the grammar production of the attribute called name, if it has one of
// its own.
func attrProduction(name string) (string, bool) {
	switch name {
	case "align", "binding", "blend_src", "builtin", "group", "id", "interpolate", "invariant",
		"location", "must_use", "size", "workgroup_size", "subgroup_size", "vertex", "fragment",
		"compute":
		return name + "_attr", true
	}
	return "", false
}

func (p *parser) parseAttribute() *Attribute {
	start := p.tok.Start
	p.tracef("attribute")
	p.next() // @
	a := p.attrSlab.new()
	switch p.tok.Kind {
	case TokIdent, KwConst, KwDiagnostic, KwIf, KwElse:
		a.Name = Ident{Loc: p.tok.Span(), Name: p.name(p.tok)}
		p.next()
	default:
		p.errorExpected("attribute name after '@'")
		return nil
	}
	switch a.Name.Name {
	case "else":
		// @else takes no argument list: `@else (x)++;` is a statement.
		a.Loc = p.span(start)
		a.elideEnd = p.tok.Start
		return a
	case "if", "elif":
		if p.tok.Kind != LParen {
			p.errorf(p.span(start), "@%s needs a condition: @%s(feature)", a.Name.Name, a.Name.Name)
			p.needSync = false
		}
	}
	if a.Name.Name == "diagnostic" {
		p.tracef("diagnostic_attr")
		ctl := p.parseDiagnosticControl()
		a.Diagnostic = &ctl
		a.HasParens = true
		a.Loc = p.span(start)
		return a
	}
	if a.Name.Name == "const" {
		p.tracef("const_attr")
	}
	if p.tok.Kind == LParen {
		a.HasParens = true
		a.Args = p.parseArgumentList()
	}
	a.Loc = p.span(start)
	a.elideEnd = p.tok.Start
	if p.trace != nil {
		p.traceAttr(a)
	}
	return a
}

// traceAttr records the specific attribute production an attribute matches.
func (p *parser) traceAttr(a *Attribute) {
	prod, ok := attrProduction(a.Name.Name)
	if !ok {
		return
	}
	p.tracef(prod)
	switch a.Name.Name {
	case "builtin":
		p.tracef("builtin_value_name")
	case "interpolate":
		p.tracef("interpolate_type_name")
		if len(a.Args) > 1 {
			p.tracef("interpolate_sampling_name")
		}
	}
}

// parseLegacyAttributes parses a 2021-draft list `[[a, b(c), ...]]`.
func (p *parser) parseLegacyAttributes(attrs []*Attribute) []*Attribute {
	if !p.legacy {
		p.errorf(diag.Span{Start: p.tok.Start, End: p.toks[p.i+1].End},
			"'[[...]]' attributes are 2021-draft WGSL: write '@name(...)' before the declaration instead")
		p.needSync = false
	}
	p.next()
	p.next()
	for {
		start := p.tok.Start
		a := &Attribute{Legacy: true}
		if p.tok.Kind == TokIdent || p.tok.Kind.IsKeyword() {
			a.Name = Ident{Loc: p.tok.Span(), Name: p.name(p.tok)}
			p.next()
		} else {
			p.errorExpected("attribute name")
			break
		}
		if p.tok.Kind == LParen {
			a.HasParens = true
			a.Args = p.parseArgumentList()
		}
		a.Loc = p.span(start)
		attrs = append(attrs, a)
		if p.tok.Kind != Comma {
			break
		}
		p.next()
	}
	if p.tok.Kind == RBracket && p.peek(1) == RBracket {
		p.next()
		p.next()
	} else {
		p.errorExpected("']]' to close the attribute list")
		for p.tok.Kind != TokEOF && p.tok.Kind != RBracket && p.tok.Kind != Semicolon && p.tok.Kind != LBrace {
			p.next()
		}
		p.got(RBracket)
		p.got(RBracket)
	}
	return attrs
}

// parseArgumentList parses `( expr, ... )`.
func (p *parser) parseArgumentList() []Expr {
	p.tracef("argument_expression_list")
	open := p.tok
	p.next()
	if p.tok.Kind != RParen {
		p.tracef("expression_comma_list")
	}
	mark := len(p.exprStack)
	for p.tok.Kind != RParen && p.tok.Kind != TokEOF {
		x := p.parseExpr()
		p.exprStack = append(p.exprStack, x)
		if p.tok.Kind != Comma {
			break
		}
		p.next()
	}
	args := p.exprsFrom(mark)
	if p.tok.Kind != RParen {
		p.errorExpected("',' or ')' in argument list")
		if d := p.lastDiag(); d != nil {
			d.Note(p.rep.File, open.Span(), "argument list starts here")
		}
		p.skipTo(RParen)
	}
	p.got(RParen)
	return args
}

// lastDiag returns the most recent diagnostic if the parser just reported it.
func (p *parser) lastDiag() *diag.Diagnostic {
	if n := len(p.rep.Diags); n > 0 && p.rep.Diags[n-1].Span.Start == p.lastErr {
		return p.rep.Diags[n-1]
	}
	return nil
}

// skipTo skips balanced tokens up to (not past) a token of kind k at the current level,
// stopping early at ';', '{' or '}' that would leave the current construct.
func (p *parser) skipTo(k Kind) {
	depth := 0
	for p.tok.Kind != TokEOF {
		switch p.tok.Kind {
		case k:
			if depth == 0 {
				return
			}
		case LParen, LBracket:
			depth++
		case RParen, RBracket:
			if depth == 0 {
				return
			}
			depth--
		case Semicolon, LBrace, RBrace:
			return
		}
		p.next()
	}
}
