package wgslfuzz

// tokKind classifies the pieces of a WGSL text that the mutations work on. The tokenizer is
// deliberately independent of compiler/syntax: it splits any bytes, valid WGSL or not, into
// pieces whose concatenation is the input, so mutants are made of the input's own text.
type tokKind uint8

const (
	tokSpace  tokKind = iota // white space and comments
	tokIdent                 // identifiers and keywords
	tokNumber                // numeric literals, suffix included
	tokPunct                 // operators and punctuation
)

type token struct {
	kind tokKind
	text string
}

// multiPunct are the punctuation tokens longer than one byte, longest first.
var multiPunct = []string{"<<=", ">>=", "->", "&&", "||", "<<", ">>", "<=", ">=", "==", "!=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "++", "--"}

// tokenize splits src into tokens; joining their texts gives src back.
func tokenize(src string) []token {
	var toks []token
	for i := 0; i < len(src); {
		start := i
		c := src[i]
		kind := tokPunct
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f':
			kind = tokSpace
			for i < len(src) && (src[i] == ' ' || src[i] == '\t' || src[i] == '\n' || src[i] == '\r' || src[i] == '\v' || src[i] == '\f') {
				i++
			}
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			kind = tokSpace
			for i < len(src) && src[i] != '\n' {
				i++
			}
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			kind = tokSpace
			i += 2
			for depth := 1; i < len(src) && depth > 0; {
				switch {
				case i+1 < len(src) && src[i] == '/' && src[i+1] == '*':
					depth++
					i += 2
				case i+1 < len(src) && src[i] == '*' && src[i+1] == '/':
					depth--
					i += 2
				default:
					i++
				}
			}
		case isIdentStart(c):
			kind = tokIdent
			for i < len(src) && isIdentPart(src[i]) {
				i++
			}
		case isDigit(c) || (c == '.' && i+1 < len(src) && isDigit(src[i+1])):
			kind = tokNumber
			for i < len(src) {
				d := src[i]
				if (d == '+' || d == '-') && i > start && (src[i-1] == 'e' || src[i-1] == 'E' || src[i-1] == 'p' || src[i-1] == 'P') &&
					!(len(src[start:i]) > 1 && (src[start+1] == 'x' || src[start+1] == 'X') && (src[i-1] == 'e' || src[i-1] == 'E')) {
					i++
					continue
				}
				if !isIdentPart(d) && d != '.' {
					break
				}
				i++
			}
		default:
			i++
			for _, p := range multiPunct {
				if len(src)-start >= len(p) && src[start:start+len(p)] == p {
					i = start + len(p)
					break
				}
			}
		}
		toks = append(toks, token{kind, src[start:i]})
	}
	return toks
}

func isIdentStart(c byte) bool {
	return c == '_' || ('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z') || c >= 0x80
}

func isIdentPart(c byte) bool { return isIdentStart(c) || isDigit(c) }

func isDigit(c byte) bool { return '0' <= c && c <= '9' }
