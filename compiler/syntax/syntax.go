// Package syntax is the WGSL front end: a scanner, a recursive-descent parser producing an
// AST in which every node has a source span, and a printer for that AST.
//
// It accepts modern WGSL (the current W3C draft, grammar in syntax.bnf) and the 2021 draft
// dialect with `[[attr]]` attributes, `var<in>`/`var<out>`, `-> void` and explicit layouts.
package syntax

// Dialect selects the WGSL language version the parser accepts.
type Dialect uint8

const (
	// DialectAuto detects the dialect from the source text (see DetectDialect).
	DialectAuto Dialect = iota
	// DialectModern is WGSL as in the current W3C draft.
	DialectModern
	// DialectLegacy2021 is the January 2021 editor's draft.
	DialectLegacy2021
)

func (d Dialect) String() string {
	switch d {
	case DialectAuto:
		return "auto"
	case DialectModern:
		return "modern"
	case DialectLegacy2021:
		return "legacy2021"
	}
	return "unknown"
}

// Default limits.
const (
	DefaultMaxNesting = 256
	DefaultMaxTokens  = 4 << 20
	DefaultMaxErrors  = 100
)

// Options configure Parse.
type Options struct {
	Dialect Dialect
	// MaxNesting bounds the nesting depth of expressions, blocks, template lists and types
	// (0: DefaultMaxNesting).
	MaxNesting int
	// MaxTokens bounds the number of tokens in a file (0: DefaultMaxTokens).
	MaxTokens int
	// MaxErrors stops parsing after this many errors (0: DefaultMaxErrors).
	MaxErrors int

	// Features are the values of the translate-time features of WESL's @if, @elif and
	// @else: the parser keeps the nodes whose conditions hold and leaves out the others.
	// A condition that needs a feature without a value is an error.
	Features map[string]bool
	// AllBranches keeps every node whatever its condition (without evaluating it), for a
	// check of the syntax alone.
	AllBranches bool
	// FirstExprID numbers the file's expressions from FirstExprID+1, so that the files of
	// one program have distinct ExprIDs.
	FirstExprID int32
	// Arena, when set, is shared by the parses of the files of one program (not
	// concurrently): they allocate their nodes from the same chunks.
	Arena *Arena
}
