package syntax

import (
	"fmt"
	"unicode/utf8"

	"github.com/wgslgo/wgslgo/compiler/diag"
)

// Scan tokenizes f in the given dialect (DialectAuto detects it) and returns the tokens,
// ending with an EOF token, and the lexical diagnostics. Template list delimiters are
// already resolved: a `<` that opens a template list has kind TemplateStart and the `>`
// that closes it TemplateEnd, found by the spec's template list discovery algorithm.
func Scan(f *diag.File, d Dialect) ([]Token, diag.List) {
	if d == DialectAuto {
		d = DetectDialect(f.Text)
	}
	rep := &diag.Reporter{File: f, Limit: DefaultMaxErrors}
	toks, _ := scan(f.Text, d, rep, DefaultMaxTokens)
	return toks, rep.Diags
}

// scanner turns source bytes into tokens in one pass, interleaving the template list
// discovery algorithm of the spec ("Template Lists"): it runs over the same code points the
// scanner visits, so candidates are recorded as `<` tokens are produced and resolved when a
// matching `>` is reached.
type scanner struct {
	src       []byte
	legacy    bool
	dialect   int            // dialectIndex of the dialect scanned
	rep       *diag.Reporter // nil: no diagnostics (dialect detection)
	toks      []Token
	maxTokens int
	stop      bool

	// template list discovery state
	pending  []candidate
	depth    int32
	prevWord bool

	badEnd int // end of the last reported run of unexpected bytes, to merge runs

	keepComments bool
	comments     []diag.Span

	// base is added to every position: the file's place in its program's position space
	// (diag.File.Base).
	base int
}

type candidate struct {
	tok   int32 // index of the `<` token
	depth int32
}

// The classes of bytes (byteClass, in tables_gen.go) tell the scanner what a byte starts or
// continues. Class 0 is every other byte: NUL, unexpected ASCII and the bytes of non-ASCII
// code points.
const (
	classLetter = 1 << iota // '_', a-z, A-Z: starts and continues a word
	classDigit              // 0-9: starts a number, continues a word
	classBlank              // ASCII blankspace
	classPunct              // starts a syntactic token or a comment
)

// scan tokenizes src; stopped reports that a limit (tokens or errors) ended the scan early.
func scan(src []byte, d Dialect, rep *diag.Reporter, maxTokens int) (toks []Token, stopped bool) {
	toks, _, stopped = scanWithComments(src, 0, d, rep, maxTokens, false, nil)
	return toks, stopped
}

// scanWithComments is scan that also returns the spans of the comments when keep is set;
// buf, when large enough, is reused for the tokens.
func scanWithComments(src []byte, base diag.Pos, d Dialect, rep *diag.Reporter, maxTokens int, keep bool, buf []Token) (toks []Token, comments []diag.Span, stopped bool) {
	s := scanner{
		src:          src,
		base:         int(base),
		legacy:       d == DialectLegacy2021,
		dialect:      dialectIndex(d),
		rep:          rep,
		maxTokens:    maxTokens,
		badEnd:       -1,
		keepComments: keep,
	}
	// Dense shader code has about one token per 3 bytes; indentation and comments make
	// that sparser. Growing the slice costs more than a little slack.
	if want := len(src)/3 + 16; cap(buf) >= want {
		s.toks = buf[:0]
	} else {
		s.toks = make([]Token, 0, want)
	}
	s.run()
	end := base + diag.Pos(len(src))
	s.toks = append(s.toks, Token{Kind: TokEOF, Start: end, End: end})
	return s.toks, s.comments, s.stop
}

func (s *scanner) errorf(start, end int, format string, args ...any) {
	if s.rep == nil {
		return
	}
	if s.rep.Limit > 0 && s.rep.ErrorCount() >= s.rep.Limit {
		s.stop = true
		return
	}
	s.rep.Errorf(diag.Span{Start: diag.Pos(s.base + start), End: diag.Pos(s.base + end)}, format, args...)
}

// moreTokens makes room in s.toks for the token from start to end, or reports that there
// are too many and stops.
func (s *scanner) moreTokens(start, end int) {
	if len(s.toks) >= s.maxTokens {
		s.errorf(start, end, "too many tokens (more than %d)", s.maxTokens)
		s.stop = true
		return
	}
	toks := append(s.toks, Token{})[:len(s.toks)]
	s.toks = toks[:len(toks):min(cap(toks), s.maxTokens)]
}

// run scans the whole source in one loop that takes the frequent tokens itself: ASCII
// blankspace, names, plain decimal literals and syntactic tokens, classified by byteClass.
// Calls are left to the rarer cases (keywords and reserved words, other literals, comments,
// non-ASCII text, errors). A limit reached by a diagnostic stops the scan after the token
// (or the blankspace) that reported it; the limit on tokens stops it before the token.
func (s *scanner) run() {
	src := s.src
	n := len(src)
	base := s.base
	// The capacity of the token slice never exceeds the limit on tokens: one comparison
	// per token checks both.
	s.toks = s.toks[:len(s.toks):min(cap(s.toks), s.maxTokens)]
	i := 0
scan:
	for {
		for i < n && byteClass[src[i]] == classBlank {
			i++
		}
		if i >= n {
			break scan
		}
		c := src[i]
		class := byteClass[c]
		if class == 0 && (c == 0 || (c >= utf8.RuneSelf && blankRune(src[i:]) > 0)) ||
			c == '/' && i+1 < n && (src[i+1] == '/' || src[i+1] == '*') {
			// Comments and the rarer blankspace. A limit reached in them stops the scan
			// after the blankspace that follows.
			if i = s.skipBlank(i); s.stop {
				break scan
			}
			continue
		}
		mayStop := false // a diagnostic was reported, which may have reached the limit
		var k Kind
		var end int
		prevWord := false // the token matches ident_pattern_token (template list discovery)
		switch class {
		case classLetter:
			end = i + 1
			for end < n && byteClass[src[end]]&(classLetter|classDigit) != 0 {
				end++
			}
			if end < n && src[end] >= utf8.RuneSelf {
				end = s.wordRest(end)
			}
			// Most words are names outside the word table that start with a letter; the
			// filter tells most of them by their length and end bytes, with no call.
			k, prevWord = TokIdent, true
			if l := uint(end - i); c == '_' || (l <= maxWordLen && wordFilter[l][c&31]&(1<<(src[end-1]&31)) != 0) {
				k = s.word(src[i:end], i)
				mayStop = true
				prevWord = k.isWord()
			}
		case classDigit:
			// Most literals are decimal digits with at most a fraction: they are taken here,
			// and number scans the rest (suffixes, exponents, hexadecimal, leading zeros, and
			// the letters that make a literal malformed).
			end = i + 1
			for end < n && byteClass[src[end]] == classDigit {
				end++
			}
			k = TokInt
			if end < n && src[end] == '.' {
				k = TokFloat
				end++
				for end < n && byteClass[src[end]] == classDigit {
					end++
				}
			}
			if (end < n && (byteClass[src[end]]&classLetter != 0 || src[end] >= utf8.RuneSelf)) || (k == TokInt && c == '0' && end-i > 1) {
				k, end = s.number(i)
				mayStop = true
			}
		case classPunct:
			// A syntactic token, and the template list discovery steps attached to its code
			// points.
			next := byte(0)
			if i+1 < n {
				next = src[i+1]
			}
			k = TokInvalid
			size := 1
			switch c {
			case '&':
				switch next {
				case '&':
					k, size = AndAnd, 2
					s.popPendingAtDepth()
				case '=':
					k, size = AndEqual, 2
					s.clearPending()
				default:
					k = And
				}
			case '|':
				switch next {
				case '|':
					k, size = OrOr, 2
					s.popPendingAtDepth()
				case '=':
					k, size = OrEqual, 2
					s.clearPending()
				default:
					k = Or
				}
			case '-':
				switch next {
				case '>':
					// The '>' may close a template list; only otherwise is this an arrow.
					if s.closesTemplate() {
						k = Minus
					} else {
						k, size = Arrow, 2
					}
				case '-':
					k, size = MinusMinus, 2
				case '=':
					k, size = MinusEqual, 2
					s.clearPending()
				default:
					k = Minus
				}
			case '+':
				switch next {
				case '+':
					k, size = PlusPlus, 2
				case '=':
					k, size = PlusEqual, 2
					s.clearPending()
				default:
					k = Plus
				}
			case '*':
				k, size = s.opOrAssign(next, Star, StarEqual)
			case '/':
				k, size = s.opOrAssign(next, Slash, SlashEqual)
			case '%':
				k, size = s.opOrAssign(next, Percent, PercentEqual)
			case '^':
				k, size = s.opOrAssign(next, Xor, XorEqual)
			case '!':
				if next == '=' {
					k, size = NotEqual, 2
				} else {
					k = Bang
				}
			case '=':
				if next == '=' {
					k, size = EqualEqual, 2
				} else {
					k = Equal
					s.clearPending()
				}
			case '<':
				switch {
				case next == '<' && i+2 < n && src[i+2] == '=':
					k, size = ShiftLeftEq, 3
					s.clearPending()
				case next == '<':
					k, size = ShiftLeft, 2
				case next == '=':
					k, size = LessEqual, 2
				default:
					k = Less
					if s.prevWord {
						s.pending = append(s.pending, candidate{tok: int32(len(s.toks)), depth: s.depth})
					}
				}
			case '>':
				if s.closesTemplate() {
					top := s.pending[len(s.pending)-1]
					s.pending = s.pending[:len(s.pending)-1]
					s.toks[top.tok].Kind = TemplateStart
					k = TemplateEnd
					break
				}
				switch {
				case next == '>' && i+2 < n && src[i+2] == '=':
					k, size = ShiftRightEq, 3
				case next == '>':
					k, size = ShiftRight, 2
				case next == '=':
					k, size = GreaterEqual, 2
				default:
					k = Greater
				}
			case '(':
				k = LParen
				s.depth++
			case '[':
				k = LBracket
				s.depth++
			case ')', ']':
				k = RParen
				if c == ']' {
					k = RBracket
				}
				for len(s.pending) > 0 && s.pending[len(s.pending)-1].depth >= s.depth {
					s.pending = s.pending[:len(s.pending)-1]
				}
				if s.depth > 0 {
					s.depth--
				}
			case ':':
				if next == ':' && !s.legacy {
					// A WESL path separator: part of an expression, so template list candidates
					// before it stay pending (`array<pkg::T, 4>`).
					k, size = ColonColon, 2
					break
				}
				k = Colon
				s.clearPending()
			case ';', '{':
				switch c {
				case ';':
					k = Semicolon
				default:
					k = LBrace
				}
				s.clearPending()
			case '}':
				k = RBrace
			case ',':
				k = Comma
			case '.':
				if isDigit(next) {
					var numEnd int
					k, numEnd = s.number(i)
					mayStop = true
					size = numEnd - i
					break
				}
				k = Period
			case '@':
				k = At
			case '~':
				k = Tilde
			}
			end = i + size
			if k == TokInvalid {
				s.bad(i, i+1, fmt.Sprintf("unexpected character %q", rune(c)))
				if i = end; s.stop {
					break scan
				}
				continue
			}
		default:
			k, end = s.other(i)
			mayStop = true
			if k == TokInvalid {
				if i = end; s.stop {
					break scan
				}
				continue
			}
			prevWord = k.isWord()
		}
		t := len(s.toks)
		if t == cap(s.toks) {
			if s.moreTokens(i, end); s.stop {
				break scan
			}
		}
		s.toks = s.toks[:t+1]
		s.toks[t] = Token{Kind: k, Start: diag.Pos(base + i), End: diag.Pos(base + end)}
		s.prevWord = prevWord
		if i = end; mayStop && s.stop {
			break scan
		}
	}
}

// other scans a token that starts with a byte of class 0: a word that starts with a non-ASCII
// letter, or an unexpected character (TokInvalid: no token).
func (s *scanner) other(i int) (Kind, int) {
	src := s.src
	c := src[i]
	if c < utf8.RuneSelf {
		s.bad(i, i+1, fmt.Sprintf("unexpected character %q", rune(c)))
		return TokInvalid, i + 1
	}
	r, size := utf8.DecodeRune(src[i:])
	switch {
	case r == utf8.RuneError && size <= 1:
		s.bad(i, i+1, "invalid UTF-8 encoding")
		return TokInvalid, i + 1
	case isXIDStart(r):
		end := s.wordRest(i + size)
		return s.word(src[i:end], i), end
	default:
		s.bad(i, i+size, fmt.Sprintf("unexpected character %q (U+%04X)", r, r))
		return TokInvalid, i + size
	}
}

// bad reports an unexpected byte sequence, merging adjacent runs into one diagnostic so
// binary input does not flood the output.
func (s *scanner) bad(start, end int, msg string) {
	if start != s.badEnd {
		s.errorf(start, end, "%s", msg)
	}
	s.badEnd = end
}

// skipBlank skips blankspace and comments starting at i and returns the new position.
func (s *scanner) skipBlank(i int) int {
	src := s.src
	n := len(src)
	for i < n {
		c := src[i]
		switch c {
		case ' ', '\t', '\n', '\r', '\v', '\f':
			i++
			continue
		case '/':
			if i+1 < n {
				if src[i+1] == '/' {
					start := i
					i = s.lineComment(i + 2)
					s.comment(start, i)
					continue
				}
				if src[i+1] == '*' {
					start := i
					i = s.blockComment(i)
					s.comment(start, i)
					continue
				}
			}
			return i
		case 0:
			s.bad(i, i+1, "NUL character (U+0000) is not allowed in WGSL source")
			i++
			continue
		}
		if c < utf8.RuneSelf {
			return i
		}
		if size := blankRune(src[i:]); size > 0 {
			i += size
			continue
		}
		return i
	}
	return i
}

func (s *scanner) comment(start, end int) {
	if s.keepComments {
		s.comments = append(s.comments, diag.Span{Start: diag.Pos(s.base + start), End: diag.Pos(s.base + end)})
	}
}

// blankRune returns the length of the non-ASCII blankspace code point at the start of b
// (U+0085, U+200E, U+200F, U+2028, U+2029), or 0.
func blankRune(b []byte) int {
	if len(b) >= 2 && b[0] == 0xC2 && b[1] == 0x85 {
		return 2
	}
	if len(b) >= 3 && b[0] == 0xE2 && b[1] == 0x80 {
		switch b[2] {
		case 0x8E, 0x8F, 0xA8, 0xA9:
			return 3
		}
	}
	return 0
}

// lineComment skips the text of a line-ending comment up to (not including) the next line
// break and returns that position.
func (s *scanner) lineComment(i int) int {
	src := s.src
	for i < len(src) {
		c := src[i]
		switch {
		case c == '\n' || c == '\r' || c == '\v' || c == '\f':
			return i
		case c == 0:
			s.bad(i, i+1, "NUL character (U+0000) is not allowed in WGSL source")
		case c >= utf8.RuneSelf:
			r, size := utf8.DecodeRune(src[i:])
			if r == utf8.RuneError && size <= 1 {
				s.bad(i, i+1, "invalid UTF-8 encoding")
			} else if r == 0x85 || r == 0x2028 || r == 0x2029 {
				return i
			}
			i += size
			continue
		}
		i++
	}
	return i
}

// blockComment skips a (possibly nested) block comment starting at i ("/*").
func (s *scanner) blockComment(start int) int {
	src := s.src
	n := len(src)
	depth := 0
	i := start
	for i < n {
		c := src[i]
		switch {
		case c == '/' && i+1 < n && src[i+1] == '*':
			depth++
			i += 2
			continue
		case c == '*' && i+1 < n && src[i+1] == '/':
			depth--
			i += 2
			if depth == 0 {
				return i
			}
			continue
		case c == 0:
			s.bad(i, i+1, "NUL character (U+0000) is not allowed in WGSL source")
		case c >= utf8.RuneSelf:
			r, size := utf8.DecodeRune(src[i:])
			if r == utf8.RuneError && size <= 1 {
				s.bad(i, i+1, "invalid UTF-8 encoding")
				i++
			} else {
				i += size
			}
			continue
		}
		i++
	}
	s.errorf(start, start+2, "unterminated block comment")
	return n
}

// word returns the kind of the word w that starts at start, and reports a word that is
// reserved or starts with "__".
func (s *scanner) word(w []byte, start int) Kind {
	k, reserved := TokIdent, false
	if e := lookupWord(w); e != nil {
		k, reserved = e.kind[s.dialect], e.reserved[s.dialect]
	}
	if k == TokIdent {
		switch {
		case w[0] == '_' && len(w) == 1:
			return Underscore
		case w[0] == '_' && w[1] == '_':
			s.errorf(start, start+len(w), "identifiers must not start with '__': %q is reserved for the implementation", w)
		case reserved && s.rep != nil:
			s.errorf(start, start+len(w), "%q is a reserved word and cannot be used as an identifier", w)
		}
	}
	return k
}

// wordRest continues a word at i, where a non-ASCII code point may continue it, and returns
// the word's end.
func (s *scanner) wordRest(i int) int {
	src := s.src
	for i < len(src) {
		c := src[i]
		if byteClass[c]&(classLetter|classDigit) != 0 {
			i++
			continue
		}
		if c < utf8.RuneSelf {
			break
		}
		r, size := utf8.DecodeRune(src[i:])
		if (r == utf8.RuneError && size <= 1) || !isXIDContinue(r) {
			break
		}
		i += size
	}
	return i
}

func isDigit(c byte) bool    { return '0' <= c && c <= '9' }
func isHexDigit(c byte) bool { return isDigit(c) || ('a' <= c|0x20 && c|0x20 <= 'f') }
func isWordByte(c byte) bool {
	return byteClass[c]&(classLetter|classDigit) != 0 || c >= utf8.RuneSelf
}

// number scans a numeric literal starting at start, following the token grammar of
// syntax.bnf (decimal_int_literal, hex_int_literal, decimal_float_literal,
// hex_float_literal), and reports malformed literals. It returns the literal's kind and end.
func (s *scanner) number(start int) (Kind, int) {
	src := s.src
	n := len(src)
	i := start
	kind := TokInt
	var bad string // first problem found, reported once for the whole token

	if src[i] == '0' && i+1 < n && (src[i+1] == 'x' || src[i+1] == 'X') {
		i += 2
		mant := i
		for i < n && isHexDigit(src[i]) {
			i++
		}
		digits := i - mant
		if i < n && src[i] == '.' {
			kind = TokFloat
			i++
			f := i
			for i < n && isHexDigit(src[i]) {
				i++
			}
			digits += i - f
		}
		if digits == 0 {
			bad = "hexadecimal literal has no digits"
		}
		if i < n && (src[i] == 'p' || src[i] == 'P') {
			kind = TokFloat
			i++
			if i < n && (src[i] == '+' || src[i] == '-') {
				i++
			}
			e := i
			for i < n && isDigit(src[i]) {
				i++
			}
			if i == e && bad == "" {
				bad = "exponent has no digits"
			}
			if i < n && (src[i] == 'f' || src[i] == 'h') {
				i++
			}
		} else if kind == TokInt && i < n && (src[i] == 'i' || src[i] == 'u') {
			i++
		}
	} else {
		for i < n && isDigit(src[i]) {
			i++
		}
		intEnd := i
		dotOrExp := false
		if i < n && src[i] == '.' {
			kind, dotOrExp = TokFloat, true
			i++
			for i < n && isDigit(src[i]) {
				i++
			}
		}
		if i < n && (src[i] == 'e' || src[i] == 'E') {
			kind, dotOrExp = TokFloat, true
			i++
			if i < n && (src[i] == '+' || src[i] == '-') {
				i++
			}
			e := i
			for i < n && isDigit(src[i]) {
				i++
			}
			if i == e {
				bad = "exponent has no digits"
			}
		}
		if i < n && (src[i] == 'f' || src[i] == 'h') {
			kind = TokFloat
			i++
		} else if kind == TokInt && i < n && (src[i] == 'i' || src[i] == 'u') {
			i++
		}
		// A leading zero is only allowed on literals with a decimal point or an exponent.
		if !s.legacy && !dotOrExp && intEnd-start > 1 && src[start] == '0' && bad == "" {
			bad = "leading zeros are not allowed (they would read as octal in other languages); write the number without them"
		}
	}
	// Letters or digits glued to the literal make it malformed: `1u8`, `0x1g`, `1.0x`.
	if i < n && isWordByte(src[i]) {
		j := i
		for j < n && isWordByte(src[j]) {
			j++
		}
		if bad == "" {
			bad = fmt.Sprintf("invalid suffix %q on numeric literal", src[i:j])
		}
		i = j
	}
	if bad != "" {
		s.errorf(start, i, "malformed numeric literal %q: %s", src[start:i], bad)
	}
	return kind, i
}

// opOrAssign is the token of an operator character followed by next: op, or the compound
// assignment assign ("op=", two bytes), which ends every pending template list candidate.
func (s *scanner) opOrAssign(next byte, op, assign Kind) (Kind, int) {
	if next == '=' {
		s.clearPending()
		return assign, 2
	}
	return op, 1
}

// closesTemplate reports whether a '>' at the current nesting depth ends the innermost
// pending template list candidate.
func (s *scanner) closesTemplate() bool {
	return len(s.pending) > 0 && s.pending[len(s.pending)-1].depth == s.depth
}

// clearPending handles code points that cannot occur inside an expression (assignment,
// ';', '{', ':'): no pending candidate can become a template list.
func (s *scanner) clearPending() {
	s.pending = s.pending[:0]
	s.depth = 0
}

// popPendingAtDepth handles '&&' and '||', which bind more loosely than comparisons: they
// reject the candidates at the current expression level.
func (s *scanner) popPendingAtDepth() {
	for len(s.pending) > 0 && s.pending[len(s.pending)-1].depth >= s.depth {
		s.pending = s.pending[:len(s.pending)-1]
	}
}
