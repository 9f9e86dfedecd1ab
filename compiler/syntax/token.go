package syntax

import (
	"sync"

	"github.com/wgslgo/wgslgo/compiler/diag"
)

// Kind is the kind of a token.
type Kind uint8

// Token kinds. Keywords of both dialects have their own kinds; which words are keywords
// depends on the dialect being scanned.
const (
	TokEOF Kind = iota
	TokInvalid
	TokIdent
	TokInt
	TokFloat

	// keywords (modern and 2021 draft)
	KwAlias
	KwBreak
	KwCase
	KwConst
	KwConstAssert
	KwContinue
	KwContinuing
	KwDefault
	KwDiagnostic
	KwDiscard
	KwElse
	KwEnable
	KwFalse
	KwFn
	KwFor
	KwIf
	KwLet
	KwLoop
	KwOverride
	KwRequires
	KwReturn
	KwStruct
	KwSwitch
	KwTrue
	KwVar
	KwWhile
	KwType        // 2021 draft: type alias
	KwElseif      // 2021 draft
	KwFallthrough // 2021 draft

	// WESL keywords (reserved words of WGSL, so no WGSL program uses them as names)
	KwAs
	KwImport
	KwModule
	KwPackage
	KwPublic
	KwSelf
	KwSuper

	// syntactic tokens
	And           // &
	AndAnd        // &&
	Arrow         // ->
	At            // @
	Slash         // /
	Bang          // !
	LBracket      // [
	RBracket      // ]
	LBrace        // {
	RBrace        // }
	Colon         // :
	Comma         // ,
	Equal         // =
	EqualEqual    // ==
	NotEqual      // !=
	Greater       // >
	GreaterEqual  // >=
	ShiftRight    // >>
	Less          // <
	LessEqual     // <=
	ShiftLeft     // <<
	Percent       // %
	Minus         // -
	MinusMinus    // --
	Period        // .
	Plus          // +
	PlusPlus      // ++
	Or            // |
	OrOr          // ||
	LParen        // (
	RParen        // )
	Semicolon     // ;
	Star          // *
	Tilde         // ~
	Underscore    // _
	Xor           // ^
	PlusEqual     // +=
	MinusEqual    // -=
	StarEqual     // *=
	SlashEqual    // /=
	PercentEqual  // %=
	AndEqual      // &=
	OrEqual       // |=
	XorEqual      // ^=
	ShiftRightEq  // >>=
	ShiftLeftEq   // <<=
	TemplateStart // < that opens a template list
	TemplateEnd   // > that closes a template list
	ColonColon    // :: (WESL paths)

	numKinds
)

var kindNames = [numKinds]string{
	TokEOF: "end of file", TokInvalid: "invalid token", TokIdent: "identifier",
	TokInt: "integer literal", TokFloat: "floating point literal",
	KwAlias: "alias", KwBreak: "break", KwCase: "case", KwConst: "const",
	KwConstAssert: "const_assert", KwContinue: "continue", KwContinuing: "continuing",
	KwDefault: "default", KwDiagnostic: "diagnostic", KwDiscard: "discard", KwElse: "else",
	KwEnable: "enable", KwFalse: "false", KwFn: "fn", KwFor: "for", KwIf: "if", KwLet: "let",
	KwLoop: "loop", KwOverride: "override", KwRequires: "requires", KwReturn: "return",
	KwStruct: "struct", KwSwitch: "switch", KwTrue: "true", KwVar: "var", KwWhile: "while",
	KwType: "type", KwElseif: "elseif", KwFallthrough: "fallthrough",
	KwAs: "as", KwImport: "import", KwModule: "module", KwPackage: "package", KwPublic: "public",
	KwSelf: "self", KwSuper: "super",
	And: "&", AndAnd: "&&", Arrow: "->", At: "@", Slash: "/", Bang: "!", LBracket: "[",
	RBracket: "]", LBrace: "{", RBrace: "}", Colon: ":", Comma: ",", Equal: "=",
	EqualEqual: "==", NotEqual: "!=", Greater: ">", GreaterEqual: ">=", ShiftRight: ">>",
	Less: "<", LessEqual: "<=", ShiftLeft: "<<", Percent: "%", Minus: "-", MinusMinus: "--",
	Period: ".", Plus: "+", PlusPlus: "++", Or: "|", OrOr: "||", LParen: "(", RParen: ")",
	Semicolon: ";", Star: "*", Tilde: "~", Underscore: "_", Xor: "^", PlusEqual: "+=",
	MinusEqual: "-=", StarEqual: "*=", SlashEqual: "/=", PercentEqual: "%=", AndEqual: "&=",
	OrEqual: "|=", XorEqual: "^=", ShiftRightEq: ">>=", ShiftLeftEq: "<<=",
	TemplateStart: "<", TemplateEnd: ">", ColonColon: "::",
}

func (k Kind) String() string {
	if k < numKinds {
		return kindNames[k]
	}
	return "?"
}

// IsKeyword reports whether k is a keyword kind.
func (k Kind) IsKeyword() bool { return k >= KwAlias && k <= KwSuper }

// isWord reports whether tokens of kind k match ident_pattern_token (identifiers and
// keywords), which matters for template list discovery.
func (k Kind) isWord() bool { return k == TokIdent || (k.IsKeyword() && k != KwTrue && k != KwFalse) }

// Token is one token: its kind and its byte range in the source.
type Token struct {
	Kind       Kind
	Start, End diag.Pos
}

// Span returns the token's span.
func (t Token) Span() diag.Span { return diag.Span{Start: t.Start, End: t.End} }

// modernKeyword maps a word to its keyword kind in modern WGSL, or Ident.
func modernKeyword(w []byte) Kind {
	if len(w) < 2 || len(w) > 12 {
		return TokIdent
	}
	switch w[0] {
	case 'a':
		switch string(w) {
		case "alias":
			return KwAlias
		case "as":
			return KwAs
		}
	case 'b':
		if string(w) == "break" {
			return KwBreak
		}
	case 'c':
		switch string(w) {
		case "case":
			return KwCase
		case "const":
			return KwConst
		case "const_assert":
			return KwConstAssert
		case "continue":
			return KwContinue
		case "continuing":
			return KwContinuing
		}
	case 'd':
		switch string(w) {
		case "default":
			return KwDefault
		case "diagnostic":
			return KwDiagnostic
		case "discard":
			return KwDiscard
		}
	case 'e':
		switch string(w) {
		case "else":
			return KwElse
		case "enable":
			return KwEnable
		}
	case 'f':
		switch string(w) {
		case "false":
			return KwFalse
		case "fn":
			return KwFn
		case "for":
			return KwFor
		}
	case 'i':
		switch string(w) {
		case "if":
			return KwIf
		case "import":
			return KwImport
		}
	case 'l':
		switch string(w) {
		case "let":
			return KwLet
		case "loop":
			return KwLoop
		}
	case 'm':
		if string(w) == "module" {
			return KwModule
		}
	case 'o':
		if string(w) == "override" {
			return KwOverride
		}
	case 'p':
		switch string(w) {
		case "package":
			return KwPackage
		case "public":
			return KwPublic
		}
	case 'r':
		switch string(w) {
		case "requires":
			return KwRequires
		case "return":
			return KwReturn
		}
	case 's':
		switch string(w) {
		case "self":
			return KwSelf
		case "struct":
			return KwStruct
		case "super":
			return KwSuper
		case "switch":
			return KwSwitch
		}
	case 't':
		if string(w) == "true" {
			return KwTrue
		}
	case 'v':
		if string(w) == "var" {
			return KwVar
		}
	case 'w':
		if string(w) == "while" {
			return KwWhile
		}
	}
	return TokIdent
}

// legacyKeyword maps a word to its keyword kind in the 2021 draft, or Ident. The draft's
// type-name keywords (f32, vec4, sampler, ...) are scanned as identifiers; the parser treats
// them like modern predeclared names. `let` is accepted as in later 2021 drafts.
func legacyKeyword(w []byte) Kind {
	switch string(w) {
	case "break":
		return KwBreak
	case "case":
		return KwCase
	case "const":
		return KwConst
	case "continue":
		return KwContinue
	case "continuing":
		return KwContinuing
	case "default":
		return KwDefault
	case "discard":
		return KwDiscard
	case "else":
		return KwElse
	case "elseif":
		return KwElseif
	case "fallthrough":
		return KwFallthrough
	case "false":
		return KwFalse
	case "fn":
		return KwFn
	case "for":
		return KwFor
	case "if":
		return KwIf
	case "let":
		return KwLet
	case "loop":
		return KwLoop
	case "return":
		return KwReturn
	case "struct":
		return KwStruct
	case "switch":
		return KwSwitch
	case "true":
		return KwTrue
	case "type":
		return KwType
	case "var":
		return KwVar
	}
	return TokIdent
}

// modernReserved are the reserved words of modern WGSL, sorted (static data: a set built at
// start-up would cost every process that never scans a word).
var modernReserved = [...]string{
	"NULL", "Self", "abstract", "active", "alignas", "alignof", "as", "asm", "asm_fragment",
	"async", "attribute", "auto", "await", "become", "cast", "catch", "class", "co_await",
	"co_return", "co_yield", "coherent", "column_major", "common", "compile", "compile_fragment",
	"concept", "const_cast", "consteval", "constexpr", "constinit", "crate", "debugger",
	"decltype", "delete", "demote", "demote_to_helper", "do", "dynamic_cast", "enum", "explicit",
	"export", "extends", "extern", "external", "fallthrough", "filter", "final", "finally",
	"friend", "from", "fxgroup", "get", "goto", "groupshared", "highp", "impl", "implements",
	"import", "inline", "instanceof", "interface", "layout", "lowp", "macro", "macro_rules",
	"match", "mediump", "meta", "mod", "module", "move", "mut", "mutable", "namespace", "new",
	"nil", "noexcept", "noinline", "nointerpolation", "noperspective", "null", "nullptr", "of",
	"operator", "package", "packoffset", "partition", "pass", "patch", "pixelfragment", "precise",
	"precision", "premerge", "priv", "protected", "pub", "public", "readonly", "ref",
	"regardless", "register", "reinterpret_cast", "require", "resource", "restrict", "self",
	"set", "shared", "sizeof", "smooth", "snorm", "static", "static_assert", "static_cast", "std",
	"subroutine", "super", "target", "template", "this", "thread_local", "throw", "trait", "try",
	"type", "typedef", "typeid", "typename", "typeof", "union", "unless", "unorm", "unsafe",
	"unsized", "use", "using", "varying", "virtual", "volatile", "wgsl", "where", "with",
	"writeonly", "yield",
}

// legacyReserved are the 2021 draft's reserved keywords, sorted (without `let`, which later
// 2021 drafts use, and without the type names f16 and the like, which the checker rejects).
var legacyReserved = [...]string{
	"asm", "bf16", "do", "enum", "f64", "handle", "i16", "i64", "i8", "premerge", "regardless",
	"typedef", "u16", "u64", "u8", "unless", "using", "while",
}

// Reserved word filters: bit n of filter[c] is set when some reserved word starts with byte c
// and has length n. They are made by the first scan.
var (
	reservedFiltersOnce  sync.Once
	modernReservedFilter [256]uint32
	legacyReservedFilter [256]uint32
)

func makeReservedFilters() {
	reservedFiltersOnce.Do(func() {
		for _, w := range modernReserved {
			modernReservedFilter[w[0]] |= 1 << len(w)
		}
		for _, w := range legacyReserved {
			legacyReservedFilter[w[0]] |= 1 << len(w)
		}
	})
}

// inSorted reports whether w is one of the sorted words.
func inSorted[S string | []byte](words []string, w S) bool {
	lo, hi := 0, len(words)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if words[m] < string(w) {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo < len(words) && words[lo] == string(w)
}

func isModernReserved(w string) bool {
	return inSorted(modernReserved[:], w)
}

// IsReserved reports whether word is a reserved word of the dialect.
func IsReserved(word string, d Dialect) bool {
	if d == DialectLegacy2021 {
		return inSorted(legacyReserved[:], word)
	}
	return inSorted(modernReserved[:], word)
}

// IsKeyword reports whether word is a keyword of the dialect.
func IsKeyword(word string, d Dialect) bool {
	if d == DialectLegacy2021 {
		return legacyKeyword([]byte(word)) != TokIdent
	}
	return modernKeyword([]byte(word)) != TokIdent
}
