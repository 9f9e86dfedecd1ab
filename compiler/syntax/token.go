package syntax

import "github.com/wgslgo/wgslgo/compiler/diag"

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

// modernKeywords are the keywords of modern WGSL (and WESL), spelled as kindNames has them.
var modernKeywords = [...]Kind{
	KwAlias, KwBreak, KwCase, KwConst, KwConstAssert, KwContinue, KwContinuing, KwDefault,
	KwDiagnostic, KwDiscard, KwElse, KwEnable, KwFalse, KwFn, KwFor, KwIf, KwLet, KwLoop,
	KwOverride, KwRequires, KwReturn, KwStruct, KwSwitch, KwTrue, KwVar, KwWhile,
	KwAs, KwImport, KwModule, KwPackage, KwPublic, KwSelf, KwSuper,
}

// legacyKeywords are the keywords of the 2021 draft. The draft's type-name keywords (f32,
// vec4, sampler, ...) are scanned as identifiers; the parser treats them like modern
// predeclared names. `let` is accepted as in later 2021 drafts.
var legacyKeywords = [...]Kind{
	KwBreak, KwCase, KwConst, KwContinue, KwContinuing, KwDefault, KwDiscard, KwElse, KwElseif,
	KwFallthrough, KwFalse, KwFn, KwFor, KwIf, KwLet, KwLoop, KwReturn, KwStruct, KwSwitch,
	KwTrue, KwType, KwVar,
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

// word is what the scanner knows of a word that is a keyword or a reserved word in some
// dialect: its keyword kind (TokIdent if none) and whether it is reserved, indexed by
// dialectIndex. The words are in tables_gen.go, made from the lists above by
// `go generate ./compiler/syntax`.
type word struct {
	text     string
	kind     [2]Kind
	reserved [2]bool
}

// dialectIndex indexes word.kind and word.reserved: modern WGSL is 0, the 2021 draft 1.
func dialectIndex(d Dialect) int {
	if d == DialectLegacy2021 {
		return 1
	}
	return 0
}

// lookupWord returns the word w spells, or nil for a word that is neither a keyword nor
// reserved in any dialect: one slot of a perfect hash, then one comparison.
func lookupWord(w []byte) *word {
	if len(w) < 2 || len(w) > maxWordLen {
		return nil
	}
	i := wordSlots[wordSlot(w, wordHashSeed)]
	if i == 0 || words[i-1].text != string(w) {
		return nil
	}
	return &words[i-1]
}

// wordFilterBit is the bit of word w (2 <= len(w) <= maxWordLen) in
// wordFilter[len(w)][w[0]&31]: a word whose bit is clear there is not in words. Names tell
// themselves apart from the table by their length and end bytes far more often than by their
// first byte alone, and a word costs the filter two loads, whatever its length.
func wordFilterBit(w []byte) uint32 { return 1 << (w[len(w)-1] & 31) }

// wordSlotBits is the size of wordSlots: 8,192 slots hold the words without a collision
// under one of the first few seeds.
const wordSlotBits = 13

// wordSlot is w's slot under seed (len(w) >= 2): the length and five bytes (both ends and
// the middle), which tell every two words of the table apart, multiplied by an odd constant.
// It reads a fixed number of bytes, so a word costs the same however long it is.
func wordSlot(w []byte, seed uint64) uint32 {
	n := len(w)
	x := uint64(n) | uint64(w[0])<<8 | uint64(w[1])<<16 | uint64(w[n/2])<<24 | uint64(w[n-2])<<32 | uint64(w[n-1])<<40
	return uint32(x * (seed*0x9e3779b97f4a7c15 | 1) >> (64 - wordSlotBits))
}

// IsReserved reports whether word is a reserved word of the dialect.
func IsReserved(word string, d Dialect) bool {
	w := lookupWord([]byte(word))
	return w != nil && w.reserved[dialectIndex(d)]
}

// IsKeyword reports whether word is a keyword of the dialect.
func IsKeyword(word string, d Dialect) bool {
	w := lookupWord([]byte(word))
	return w != nil && w.kind[dialectIndex(d)] != TokIdent
}
