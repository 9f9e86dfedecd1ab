package syntax

import "github.com/wgslgo/wgslgo/compiler/diag"

// The AST mirrors the grammar of syntax.bnf closely, with a few merges that make it easier
// to consume:
//
//   - Type specifiers are ordinary expressions: `array<f32, 4>` is an *IdentExpr whose
//     TemplateArgs are the expressions `f32` and `4`. Enumerants such as `function`,
//     `rgba8unorm` or `read_write` are identifiers resolved later by the checker.
//   - Declarations that may appear inside functions (var, let, const, const_assert) are both
//     Decl and Stmt.
//   - Every node carries its source span (byte offsets into the diag.File).
//
// Nodes built from the 2021 draft dialect keep what the draft wrote (attribute names such as
// `stride`, `offset`, `block`, `stage`; `-> void`; `elseif`; `fallthrough`) and mark it, so a
// later pass can migrate it to modern WGSL.

// Node is any syntax tree node.
type Node interface {
	Span() diag.Span
}

// Decl is a module-scope declaration.
type Decl interface {
	Node
	declNode()
}

// Stmt is a statement inside a function body.
type Stmt interface {
	Node
	stmtNode()
}

// Expr is an expression, including type expressions.
type Expr interface {
	Node
	exprNode()
	// ExprID is the expression's number in its file, from 1 to File.ExprIDs, unique per
	// parse; 0 for expressions built outside the parser (and for a nil node). Checkers use it to keep facts about
	// expressions in dense tables instead of maps.
	ExprID() int32
}

// Directive is a global directive: enable, requires or diagnostic.
type Directive interface {
	Node
	directiveNode()
}

// File is a parsed WGSL module.
type File struct {
	Source     *diag.File
	Dialect    Dialect
	Directives []Directive
	Decls      []Decl
	// Comments are the spans of all comments, in source order; Print re-emits them.
	Comments []diag.Span
	// ExprIDs is the number of expressions the parser created: their ExprIDs are 1..ExprIDs
	// (FirstExprID+1..ExprIDs when Options.FirstExprID is set).
	ExprIDs int32

	// Imports are the WESL import statements; Module the module declaration, nil without
	// one; WESL what the printer of linked WGSL needs to know, nil when the file has no
	// WESL syntax (see wesl_ast.go).
	Imports []*Import
	Module  *ModuleDecl
	WESL    *WESLInfo
}

// Ident is a name with its span.
type Ident struct {
	Loc  diag.Span
	Name string
}

func (n *Ident) Span() diag.Span { return n.Loc }

// Attribute is `@name` or `@name(args...)`, or one entry of a 2021-draft `[[a, b(c)]]` list.
type Attribute struct {
	Loc  diag.Span
	Name Ident
	// Args are the parenthesised arguments; enumerant-like arguments (`position`, `flat`,
	// `compute`) are *IdentExpr.
	Args []Expr
	// HasParens records whether an argument list was written, even an empty `()`.
	HasParens bool
	// Diagnostic holds the parsed control of `@diagnostic(severity, rule)`; Args is empty
	// for it.
	Diagnostic *DiagnosticControl
	// Legacy marks an attribute written in `[[...]]` form.
	Legacy bool

	// elideEnd is the start of the token after a translate-time attribute: the linked WGSL
	// leaves out the attribute with the blank space after it.
	elideEnd diag.Pos
}

func (n *Attribute) Span() diag.Span { return n.Loc }

// DiagnosticControl is `(severity, rule)` of a diagnostic directive or attribute.
type DiagnosticControl struct {
	Loc      diag.Span
	Severity Ident
	// Rule is the whole rule name, dotted when it has two parts
	// ("derivative_uniformity", "chromium.unreachable_code").
	Rule Ident
}

// ---- Directives ----

// Enable is `enable f16, clip_distances;`.
type Enable struct {
	Loc   diag.Span
	Names []Ident
}

// Requires is `requires readonly_and_readwrite_storage_textures;`.
type Requires struct {
	Loc   diag.Span
	Names []Ident
}

// DiagnosticDirective is `diagnostic(off, derivative_uniformity);` at module scope.
type DiagnosticDirective struct {
	Loc     diag.Span
	Control DiagnosticControl
}

func (n *Enable) Span() diag.Span              { return n.Loc }
func (n *Requires) Span() diag.Span            { return n.Loc }
func (n *DiagnosticDirective) Span() diag.Span { return n.Loc }
func (*Enable) directiveNode()                 {}
func (*Requires) directiveNode()               {}
func (*DiagnosticDirective) directiveNode()    {}

// ---- Declarations ----

// StructDecl is `struct S { a: f32, @size(16) b: vec3f }`.
type StructDecl struct {
	Loc     diag.Span
	Attrs   []*Attribute // only in the 2021 draft: [[block]]
	Name    Ident
	Members []*StructMember
}

// StructMember is one member of a structure.
type StructMember struct {
	Loc   diag.Span
	Attrs []*Attribute
	Name  Ident
	Type  Expr
}

// AliasDecl is `alias T = array<f32, 4>;` (in the 2021 draft: `type T = ...;`).
type AliasDecl struct {
	Loc    diag.Span
	Name   Ident
	Type   Expr
	Legacy bool // written with the draft's `type` keyword
}

// ConstDecl is `const x: T = e;` at module or function scope.
//
// In the 2021 draft a module-scope `const` is a constant whose initializer may be missing
// when it carries `[[constant_id(n)]]`; such declarations have Legacy set and keep their
// attributes.
type ConstDecl struct {
	Loc    diag.Span
	Attrs  []*Attribute
	Name   Ident
	Type   Expr // nil when inferred
	Init   Expr // nil only for legacy pipeline-overridable constants
	Legacy bool
}

// OverrideDecl is `@id(0) override x: f32 = 1.0;`.
type OverrideDecl struct {
	Loc   diag.Span
	Attrs []*Attribute
	Name  Ident
	Type  Expr // nil when inferred
	Init  Expr // nil when absent
}

// VarDecl is `var<storage, read_write> x: T = e;` at module or function scope.
type VarDecl struct {
	Loc   diag.Span
	Attrs []*Attribute
	// TemplateArgs are the address space and access mode (`storage`, `read_write`); in the
	// 2021 draft the storage class (`in`, `out`, `uniform`, ...).
	TemplateArgs []Expr
	Name         Ident
	Type         Expr // nil when inferred
	Init         Expr // nil when absent
}

// LetDecl is `let x: T = e;` inside a function.
type LetDecl struct {
	Loc  diag.Span
	Name Ident
	Type Expr // nil when inferred
	Init Expr
	// Legacy marks a function-scope `const` of the 2021 draft, which names a runtime value
	// like today's `let`.
	Legacy bool
}

// FuncDecl is a function declaration.
type FuncDecl struct {
	Loc         diag.Span
	Attrs       []*Attribute
	Name        Ident
	Params      []*Param
	ReturnAttrs []*Attribute
	ReturnType  Expr // nil when the function returns nothing
	// VoidReturn records a 2021-draft `-> void`; ReturnType is nil then.
	VoidReturn bool
	Body       *CompoundStmt
}

// Param is one formal parameter.
type Param struct {
	Loc   diag.Span
	Attrs []*Attribute
	Name  Ident
	Type  Expr
}

// ConstAssert is `const_assert e;` at module or function scope.
type ConstAssert struct {
	Loc  diag.Span
	Cond Expr
}

func (n *StructDecl) Span() diag.Span   { return n.Loc }
func (n *StructMember) Span() diag.Span { return n.Loc }
func (n *AliasDecl) Span() diag.Span    { return n.Loc }
func (n *ConstDecl) Span() diag.Span    { return n.Loc }
func (n *OverrideDecl) Span() diag.Span { return n.Loc }
func (n *VarDecl) Span() diag.Span      { return n.Loc }
func (n *LetDecl) Span() diag.Span      { return n.Loc }
func (n *FuncDecl) Span() diag.Span     { return n.Loc }
func (n *Param) Span() diag.Span        { return n.Loc }
func (n *ConstAssert) Span() diag.Span  { return n.Loc }

func (*StructDecl) declNode()   {}
func (*AliasDecl) declNode()    {}
func (*ConstDecl) declNode()    {}
func (*OverrideDecl) declNode() {}
func (*VarDecl) declNode()      {}
func (*LetDecl) declNode()      {}
func (*FuncDecl) declNode()     {}
func (*ConstAssert) declNode()  {}

// DeclName returns the name a declaration declares: nil for const_assert and a bad
// declaration.
func DeclName(d Decl) *Ident {
	switch d := d.(type) {
	case *StructDecl:
		return &d.Name
	case *AliasDecl:
		return &d.Name
	case *ConstDecl:
		return &d.Name
	case *OverrideDecl:
		return &d.Name
	case *VarDecl:
		return &d.Name
	case *LetDecl:
		return &d.Name
	case *FuncDecl:
		return &d.Name
	}
	return nil
}

// BadDecl stands for a declaration that failed to parse.
type BadDecl struct {
	Loc diag.Span
}

func (n *BadDecl) Span() diag.Span { return n.Loc }
func (*BadDecl) declNode()         {}

// ---- Statements ----

// CompoundStmt is `{ ... }`, possibly with attributes.
type CompoundStmt struct {
	Loc   diag.Span
	Attrs []*Attribute
	Stmts []Stmt
}

// ReturnStmt is `return;` or `return e;`.
type ReturnStmt struct {
	Loc   diag.Span
	Value Expr // nil when absent
}

// IfStmt is `if c { } else if d { } else { }`. An else-if chain nests: Else is either nil,
// a *CompoundStmt or another *IfStmt (without attributes).
type IfStmt struct {
	Loc   diag.Span
	Attrs []*Attribute
	Cond  Expr
	Then  *CompoundStmt
	Else  Stmt
	// LegacyElseIf marks an IfStmt that was written with the 2021 draft's `elseif`.
	LegacyElseIf bool
}

// SwitchStmt is `switch e { case ...: {} default {} }`.
type SwitchStmt struct {
	Loc       diag.Span
	Attrs     []*Attribute
	Selector  Expr
	BodyAttrs []*Attribute
	Clauses   []*CaseClause
}

// CaseClause is a `case a, b, default: { }` or `default: { }` clause.
type CaseClause struct {
	Loc diag.Span
	// Selectors lists the case selectors; a nil Expr stands for `default`.
	Selectors []CaseSelector
	// DefaultAlone marks the `default { }` form (Selectors then holds one default).
	DefaultAlone bool
	Body         *CompoundStmt
}

// CaseSelector is an expression or `default` in a case selector list.
type CaseSelector struct {
	Loc  diag.Span
	Expr Expr // nil for `default`
}

// IsDefault reports whether the selector is `default`.
func (s CaseSelector) IsDefault() bool { return s.Expr == nil }

// LoopStmt is `loop { ... continuing { ... break if c; } }`.
type LoopStmt struct {
	Loc   diag.Span
	Attrs []*Attribute
	// Body holds the statements before the continuing statement; its Attrs are the ones
	// written between `loop` and `{`.
	Body       *CompoundStmt
	Continuing *ContinuingStmt // nil when absent
}

// ContinuingStmt is the `continuing { }` part of a loop.
type ContinuingStmt struct {
	Loc     diag.Span
	Body    *CompoundStmt
	BreakIf *BreakIfStmt // the trailing `break if c;`, nil when absent
}

// BreakIfStmt is `break if c;`. In modern WGSL it only occurs as ContinuingStmt.BreakIf; the
// 2021 draft's examples also use it directly in a loop body.
type BreakIfStmt struct {
	Loc  diag.Span
	Cond Expr
}

// ForStmt is `for (init; cond; update) { }`.
type ForStmt struct {
	Loc    diag.Span
	Attrs  []*Attribute
	Init   Stmt // nil, *VarDecl, *LetDecl, *ConstDecl, *AssignStmt, *IncDecStmt or *CallStmt
	Cond   Expr // nil when absent
	Update Stmt // nil, *AssignStmt, *IncDecStmt or *CallStmt
	Body   *CompoundStmt
}

// WhileStmt is `while c { }`.
type WhileStmt struct {
	Loc   diag.Span
	Attrs []*Attribute
	Cond  Expr
	Body  *CompoundStmt
}

// BreakStmt is `break;`.
type BreakStmt struct{ Loc diag.Span }

// ContinueStmt is `continue;`.
type ContinueStmt struct{ Loc diag.Span }

// DiscardStmt is `discard;`.
type DiscardStmt struct{ Loc diag.Span }

// FallthroughStmt is the 2021 draft's `fallthrough;` (modern WGSL has none).
type FallthroughStmt struct{ Loc diag.Span }

// AssignStmt is `lhs = e`, `lhs op= e` or the phony assignment `_ = e`.
type AssignStmt struct {
	Loc diag.Span
	// Op is OpNone for plain and phony assignment, otherwise the binary operator of a
	// compound assignment (OpAdd for `+=`, OpShl for `<<=`, ...).
	Op    Op
	Phony bool
	LHS   Expr // nil when Phony
	RHS   Expr
}

// IncDecStmt is `lhs++` or `lhs--`.
type IncDecStmt struct {
	Loc diag.Span
	X   Expr
	Inc bool
}

// CallStmt is a function call used as a statement.
type CallStmt struct {
	Loc  diag.Span
	Call *CallExpr
}

// BadStmt stands for a statement that failed to parse.
type BadStmt struct{ Loc diag.Span }

func (n *CompoundStmt) Span() diag.Span    { return n.Loc }
func (n *ReturnStmt) Span() diag.Span      { return n.Loc }
func (n *IfStmt) Span() diag.Span          { return n.Loc }
func (n *SwitchStmt) Span() diag.Span      { return n.Loc }
func (n *CaseClause) Span() diag.Span      { return n.Loc }
func (n *LoopStmt) Span() diag.Span        { return n.Loc }
func (n *ContinuingStmt) Span() diag.Span  { return n.Loc }
func (n *BreakIfStmt) Span() diag.Span     { return n.Loc }
func (n *ForStmt) Span() diag.Span         { return n.Loc }
func (n *WhileStmt) Span() diag.Span       { return n.Loc }
func (n *BreakStmt) Span() diag.Span       { return n.Loc }
func (n *ContinueStmt) Span() diag.Span    { return n.Loc }
func (n *DiscardStmt) Span() diag.Span     { return n.Loc }
func (n *FallthroughStmt) Span() diag.Span { return n.Loc }
func (n *AssignStmt) Span() diag.Span      { return n.Loc }
func (n *IncDecStmt) Span() diag.Span      { return n.Loc }
func (n *CallStmt) Span() diag.Span        { return n.Loc }
func (n *BadStmt) Span() diag.Span         { return n.Loc }

func (*CompoundStmt) stmtNode()    {}
func (*ReturnStmt) stmtNode()      {}
func (*IfStmt) stmtNode()          {}
func (*SwitchStmt) stmtNode()      {}
func (*LoopStmt) stmtNode()        {}
func (*BreakIfStmt) stmtNode()     {}
func (*ForStmt) stmtNode()         {}
func (*WhileStmt) stmtNode()       {}
func (*BreakStmt) stmtNode()       {}
func (*ContinueStmt) stmtNode()    {}
func (*DiscardStmt) stmtNode()     {}
func (*FallthroughStmt) stmtNode() {}
func (*AssignStmt) stmtNode()      {}
func (*IncDecStmt) stmtNode()      {}
func (*CallStmt) stmtNode()        {}
func (*BadStmt) stmtNode()         {}
func (*VarDecl) stmtNode()         {}
func (*LetDecl) stmtNode()         {}
func (*ConstDecl) stmtNode()       {}
func (*ConstAssert) stmtNode()     {}

// ---- Expressions ----

// IdentExpr is an identifier, optionally with a template list: `x`, `vec3<f32>`,
// `array<f32, 4>`, `ptr<function, i32>`. It is used both for values and for types.
type IdentExpr struct {
	id           int32 // see ExprID
	Loc          diag.Span
	Name         Ident
	TemplateArgs []Expr
	// attrs holds the 2021-draft attributes written on a type (see Attrs), nil without any:
	// behind a pointer, since most identifiers have none and every one would pay for the
	// slice.
	attrs *[]*Attribute
}

// Attrs returns the 2021-draft attributes written on a type: `[[stride(16)]] array<f32>`,
// `[[access(read)]] texture_storage_2d<r32float>`.
func (x *IdentExpr) Attrs() []*Attribute {
	if x.attrs == nil {
		return nil
	}
	return *x.attrs
}

// SetAttrs sets the attributes Attrs returns.
func (x *IdentExpr) SetAttrs(attrs []*Attribute) {
	if len(attrs) == 0 {
		x.attrs = nil
		return
	}
	p := new([]*Attribute) // not &attrs: the parameter would move to the heap on every call
	*p = attrs
	x.attrs = p
}

// CallExpr is `f(args)`, `vec3<f32>(args)`, `bitcast<u32>(x)`.
type CallExpr struct {
	id     int32 // see ExprID
	Loc    diag.Span
	Callee *IdentExpr
	Args   []Expr
}

// IntLit is an integer literal kept as written: Raw is the whole token including the
// suffix, Suffix is 'i', 'u' or 0.
type IntLit struct {
	id     int32 // see ExprID
	Loc    diag.Span
	Raw    string
	Suffix byte
}

// FloatLit is a floating point literal kept as written: Raw is the whole token including
// the suffix, Suffix is 'f', 'h' or 0.
type FloatLit struct {
	id     int32 // see ExprID
	Loc    diag.Span
	Raw    string
	Suffix byte
}

// BoolLit is `true` or `false`.
type BoolLit struct {
	id    int32 // see ExprID
	Loc   diag.Span
	Value bool
}

// ParenExpr is `(x)`.
type ParenExpr struct {
	id  int32 // see ExprID
	Loc diag.Span
	X   Expr
}

// UnaryExpr is `-x`, `!x`, `~x`, `*p` or `&x`.
type UnaryExpr struct {
	id  int32 // see ExprID
	Loc diag.Span
	Op  Op
	X   Expr
}

// BinaryExpr is `x op y`.
type BinaryExpr struct {
	id    int32 // see ExprID
	Loc   diag.Span
	Op    Op
	OpPos diag.Pos
	X, Y  Expr
}

// IndexExpr is `x[i]`.
type IndexExpr struct {
	id    int32 // see ExprID
	Loc   diag.Span
	X     Expr
	Index Expr
}

// MemberExpr is `x.name`: a structure member or a vector swizzle (see IsSwizzle).
type MemberExpr struct {
	id     int32 // see ExprID
	Loc    diag.Span
	X      Expr
	Member Ident
}

// BadExpr stands for an expression that failed to parse.
type BadExpr struct {
	id  int32
	Loc diag.Span
}

func (n *IdentExpr) Span() diag.Span  { return n.Loc }
func (n *CallExpr) Span() diag.Span   { return n.Loc }
func (n *IntLit) Span() diag.Span     { return n.Loc }
func (n *FloatLit) Span() diag.Span   { return n.Loc }
func (n *BoolLit) Span() diag.Span    { return n.Loc }
func (n *ParenExpr) Span() diag.Span  { return n.Loc }
func (n *UnaryExpr) Span() diag.Span  { return n.Loc }
func (n *BinaryExpr) Span() diag.Span { return n.Loc }
func (n *IndexExpr) Span() diag.Span  { return n.Loc }
func (n *MemberExpr) Span() diag.Span { return n.Loc }
func (n *BadExpr) Span() diag.Span    { return n.Loc }

func (n *IdentExpr) ExprID() int32 {
	if n == nil {
		return 0
	}
	return n.id
}

func (n *CallExpr) ExprID() int32 {
	if n == nil {
		return 0
	}
	return n.id
}

func (n *IntLit) ExprID() int32 {
	if n == nil {
		return 0
	}
	return n.id
}

func (n *FloatLit) ExprID() int32 {
	if n == nil {
		return 0
	}
	return n.id
}

func (n *BoolLit) ExprID() int32 {
	if n == nil {
		return 0
	}
	return n.id
}

func (n *ParenExpr) ExprID() int32 {
	if n == nil {
		return 0
	}
	return n.id
}

func (n *UnaryExpr) ExprID() int32 {
	if n == nil {
		return 0
	}
	return n.id
}

func (n *BinaryExpr) ExprID() int32 {
	if n == nil {
		return 0
	}
	return n.id
}

func (n *IndexExpr) ExprID() int32 {
	if n == nil {
		return 0
	}
	return n.id
}

func (n *MemberExpr) ExprID() int32 {
	if n == nil {
		return 0
	}
	return n.id
}

func (n *BadExpr) ExprID() int32 {
	if n == nil {
		return 0
	}
	return n.id
}

func (*IdentExpr) exprNode()  {}
func (*CallExpr) exprNode()   {}
func (*IntLit) exprNode()     {}
func (*FloatLit) exprNode()   {}
func (*BoolLit) exprNode()    {}
func (*ParenExpr) exprNode()  {}
func (*UnaryExpr) exprNode()  {}
func (*BinaryExpr) exprNode() {}
func (*IndexExpr) exprNode()  {}
func (*MemberExpr) exprNode() {}
func (*BadExpr) exprNode()    {}

// IsSwizzle reports whether name has the form of a swizzle: 1 to 4 letters all from
// "xyzw" or all from "rgba".
func IsSwizzle(name string) bool {
	if len(name) == 0 || len(name) > 4 {
		return false
	}
	set := ""
	switch name[0] {
	case 'x', 'y', 'z', 'w':
		set = "xyzw"
	case 'r', 'g', 'b', 'a':
		set = "rgba"
	default:
		return false
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if c != set[0] && c != set[1] && c != set[2] && c != set[3] {
			return false
		}
	}
	return true
}

// Op is a unary or binary operator.
type Op uint8

const (
	OpNone Op = iota
	// binary
	OpAdd    // +
	OpSub    // -
	OpMul    // *
	OpDiv    // /
	OpRem    // %
	OpAnd    // &
	OpOr     // |
	OpXor    // ^
	OpShl    // <<
	OpShr    // >>
	OpLogAnd // &&
	OpLogOr  // ||
	OpEq     // ==
	OpNe     // !=
	OpLt     // <
	OpLe     // <=
	OpGt     // >
	OpGe     // >=
	// unary
	OpNeg    // -x
	OpNot    // !x
	OpCompl  // ~x
	OpDeref  // *p
	OpAddrOf // &x
)

var opNames = [...]string{
	OpNone: "", OpAdd: "+", OpSub: "-", OpMul: "*", OpDiv: "/", OpRem: "%",
	OpAnd: "&", OpOr: "|", OpXor: "^", OpShl: "<<", OpShr: ">>",
	OpLogAnd: "&&", OpLogOr: "||", OpEq: "==", OpNe: "!=",
	OpLt: "<", OpLe: "<=", OpGt: ">", OpGe: ">=",
	OpNeg: "-", OpNot: "!", OpCompl: "~", OpDeref: "*", OpAddrOf: "&",
}

// String returns the operator as written in WGSL.
func (o Op) String() string {
	if int(o) < len(opNames) {
		return opNames[o]
	}
	return "?"
}

// IsComparison reports whether o is one of == != < <= > >=.
func (o Op) IsComparison() bool { return o >= OpEq && o <= OpGe }
