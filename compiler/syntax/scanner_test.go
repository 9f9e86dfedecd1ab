package syntax

import (
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler/diag"
)

// render shows tokens as their text separated by spaces; template list delimiters are
// shown as "<T" and "T>" so they differ from comparison operators.
func render(src string, toks []Token) string {
	var parts []string
	for _, t := range toks {
		switch t.Kind {
		case TokEOF:
			continue
		case TemplateStart:
			parts = append(parts, "<T")
		case TemplateEnd:
			parts = append(parts, "T>")
		default:
			parts = append(parts, src[t.Start:t.End])
		}
	}
	return strings.Join(parts, " ")
}

func scanString(src string, d Dialect) ([]Token, diag.List) {
	return Scan(diag.NewFile("test.wgsl", []byte(src)), d)
}

func TestScanLiterals(t *testing.T) {
	tests := []struct {
		src    string
		kind   Kind
		suffix byte
	}{
		{"1", TokInt, 0},
		{"1i", TokInt, 'i'},
		{"1u", TokInt, 'u'},
		{"0", TokInt, 0},
		{"0i", TokInt, 'i'},
		{"0u", TokInt, 'u'},
		{"123", TokInt, 0},
		{"0x1F", TokInt, 0},
		{"0X123u", TokInt, 'u'},
		{"0x3f", TokInt, 0},
		{"0x1f", TokInt, 0}, // f is a hex digit, not a suffix
		{"0x1fi", TokInt, 'i'},
		{"1.", TokFloat, 0},
		{".5", TokFloat, 0},
		{"1.f", TokFloat, 'f'},
		{"1h", TokFloat, 'h'},
		{"1f", TokFloat, 'f'},
		{"0f", TokFloat, 'f'},
		{"0h", TokFloat, 'h'},
		{"1e-3", TokFloat, 0},
		{"1E+3h", TokFloat, 'h'},
		{"1e5f", TokFloat, 'f'},
		{"0.0", TokFloat, 0},
		{"12.34", TokFloat, 0},
		{".0f", TokFloat, 'f'},
		{"01.", TokFloat, 0},
		{"00.5", TokFloat, 0},
		{"0123e2", TokFloat, 0},
		{"0.e+4f", TokFloat, 'f'},
		{"0x1p4f", TokFloat, 'f'},
		{"0x1.8p-3h", TokFloat, 'h'},
		{"0x1.fp+2", TokFloat, 0},
		{"0xa.fp+2", TokFloat, 0},
		{"0x1P+4f", TokFloat, 'f'},
		{"0X.3", TokFloat, 0},
		{"0x3p+2h", TokFloat, 'h'},
		{"0X1.fp-4", TokFloat, 0},
		{"0x3.2p+2h", TokFloat, 'h'},
		{"0x1.", TokFloat, 0},
		{"0x1.0p10", TokFloat, 0},
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			toks, diags := scanString(tt.src, DialectModern)
			require.Empty(t, diags)
			require.Len(t, toks, 2)
			assert.Equal(t, tt.kind, toks[0].Kind)
			assert.Equal(t, diag.Pos(len(tt.src)), toks[0].End)
			f, diags := parseString("t.wgsl", "const c = "+tt.src+";", DialectModern)
			require.Empty(t, diags)
			switch x := f.Decls[0].(*ConstDecl).Init.(type) {
			case *IntLit:
				assert.Equal(t, TokInt, tt.kind)
				assert.Equal(t, tt.suffix, x.Suffix)
				assert.Equal(t, tt.src, x.Raw)
			case *FloatLit:
				assert.Equal(t, TokFloat, tt.kind)
				assert.Equal(t, tt.suffix, x.Suffix)
				assert.Equal(t, tt.src, x.Raw)
			default:
				t.Fatalf("literal parsed as %T", x)
			}
		})
	}
}

func TestScanMalformedLiterals(t *testing.T) {
	tests := []struct{ src, msg string }{
		{"0x", "hexadecimal literal has no digits"},
		{"0x.p1", "hexadecimal literal has no digits"},
		{"1e", "exponent has no digits"},
		{"1e+", "exponent has no digits"},
		{"0x1p", "exponent has no digits"},
		{"08", "leading zeros are not allowed"},
		{"012", "leading zeros are not allowed"},
		{"00f", "leading zeros are not allowed"},
		{"1u8", `invalid suffix "8"`},
		{"1i32", `invalid suffix "32"`},
		{"1.0u", `invalid suffix "u"`},
		{"0x1.8h", `invalid suffix "h"`},
		{"1fh", `invalid suffix "h"`},
		{"0x1g", `invalid suffix "g"`},
		{"12abc", `invalid suffix "abc"`},
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			toks, diags := scanString("  "+tt.src+" ;", DialectModern)
			require.Len(t, diags, 1)
			assert.Contains(t, diags[0].Message, tt.msg)
			assert.Equal(t, "test.wgsl:1:3", diags[0].Position().String())
			// The malformed literal is still one token, followed by the ';'.
			require.Len(t, toks, 3)
			assert.Equal(t, Semicolon, toks[1].Kind)
		})
	}
}

func TestScanTokens(t *testing.T) {
	tests := []struct{ src, want string }{
		{"a+=b", "a += b"},
		{"a<<=b>>=c", "a <<= b >>= c"},
		{"x++ y-- ->", "x ++ y -- ->"},
		{"&& & &= || | |= ^ ^= ~ ! != == = < <= << > >= >>", "&& & &= || | |= ^ ^= ~ ! != == = < <= << > >= >>"},
		{"@a(b) {c} [d] e.f, g; h: _", "@ a ( b ) { c } [ d ] e . f , g ; h : _"},
		{"a/b%c*d", "a / b % c * d"},
		{"a /* x /* nested */ y */ b", "a b"},
		{"a // line comment\nb", "a b"},
		{"a // comment ends at U+2028\u2028b", "a b"},
		{"a/**/b", "a b"},
		{"a/***/b", "a b"},
		{"_ __a _a a_", "_ __a _a a_"},
	}
	for _, tt := range tests {
		toks, _ := scanString(tt.src, DialectModern)
		assert.Equal(t, tt.want, render(tt.src, toks), "%q", tt.src)
	}
}

func TestScanBlankspace(t *testing.T) {
	for _, ws := range []string{" ", "\t", "\n", "\v", "\f", "\r", "\r\n", "\u0085", "\u200e", "\u200f", "\u2028", "\u2029"} {
		src := "a" + ws + "b"
		toks, diags := scanString(src, DialectModern)
		require.Empty(t, diags, "%q", ws)
		assert.Equal(t, "a b", render(src, toks), "%q", ws)
	}
	// Other Unicode spaces are not blankspace.
	_, diags := scanString("a\u00a0b", DialectModern)
	require.Len(t, diags, 1)
	assert.Contains(t, diags[0].Message, "unexpected character")
}

func TestScanIdentifiers(t *testing.T) {
	for _, id := range []string{"Δέλτα", "réflexion", "Кызыл", "𐰓𐰏𐰇", "朝焼け", "سلام", "검정", "שָׁלוֹם", "गुलाबी", "փիրուզ", "a1", "_a", "__", "x_y_z"} {
		toks, _ := scanString(id, DialectModern)
		require.Len(t, toks, 2, id)
		assert.Equal(t, TokIdent, toks[0].Kind, id)
		assert.Equal(t, diag.Pos(len(id)), toks[0].End, id)
	}
	toks, _ := scanString("_", DialectModern)
	assert.Equal(t, Underscore, toks[0].Kind)
	// A combining mark cannot start an identifier.
	_, diags := scanString("\u0301a", DialectModern)
	require.Len(t, diags, 1)
}

func TestScanReservedAndKeywords(t *testing.T) {
	_, diags := scanString("let NULL = 1; var typedef: i32;", DialectModern)
	require.Len(t, diags, 2)
	assert.Equal(t, `test.wgsl:1:5: error: "NULL" is a reserved word and cannot be used as an identifier`, diags[0].Error())
	assert.Contains(t, diags[1].Message, `"typedef" is a reserved word`)

	_, diags = scanString("let __x = 1;", DialectModern)
	require.Len(t, diags, 1)
	assert.Contains(t, diags[0].Message, "must not start with '__'")

	toks, diags := scanString("alias const_assert diagnostic enable requires override while fn", DialectModern)
	require.Empty(t, diags)
	for _, tok := range toks[:len(toks)-1] {
		assert.True(t, tok.Kind.IsKeyword(), tok.Kind.String())
	}
	// In the 2021 draft these are ordinary names, and type/elseif/fallthrough are keywords.
	toks, diags = scanString("alias override enable type elseif fallthrough", DialectLegacy2021)
	require.Empty(t, diags)
	assert.Equal(t, []Kind{TokIdent, TokIdent, TokIdent, KwType, KwElseif, KwFallthrough, TokEOF},
		[]Kind{toks[0].Kind, toks[1].Kind, toks[2].Kind, toks[3].Kind, toks[4].Kind, toks[5].Kind, toks[6].Kind})
	_, diags = scanString("var while: i32;", DialectLegacy2021)
	require.Len(t, diags, 1)
}

// TestScanTemplateLists covers the template list discovery algorithm, including every
// example of the spec's "Template Lists" section.
func TestScanTemplateLists(t *testing.T) {
	tests := []struct{ src, want string }{
		{"array<f32,4>", "array <T f32 , 4 T>"},
		{"vec3<f32>(1)", "vec3 <T f32 T> ( 1 )"},
		{"array<vec4<f32>>", "array <T vec4 <T f32 T> T>"},
		{"var<storage,read_write> x", "var <T storage , read_write T> x"},
		{"a<b>c", "a <T b T> c"},
		{"a < b > c", "a <T b T> c"},
		{"a<b || c>d", "a < b || c > d"},
		{"a<b && c>d", "a < b && c > d"},
		{"A ( B < C, D > ( E ) )", "A ( B <T C , D T> ( E ) )"},
		{"array<i32,select(2,3,a>b)>", "array <T i32 , select ( 2 , 3 , a > b ) T>"},
		{"a[b<d]>()", "a [ b < d ] > ( )"},
		{"A<B<<C>", "A <T B << C T>"},
		{"A<B<=C>", "A <T B <= C T>"},
		{"A<(B>=C)>", "A <T ( B >= C ) T>"},
		{"A<(B!=C)>", "A <T ( B != C ) T>"},
		{"A<(B==C)>", "A <T ( B == C ) T>"},
		{"x = a < b;", "x = a < b ;"},
		{"for (var i = 0; i < n; i++) {", "for ( var i = 0 ; i < n ; i ++ ) {"},
		{"if a < b { c = d > e; }", "if a < b { c = d > e ; }"},
		{"x = a<b>>c;", "x = a <T b T> > c ;"},
		{"x = a<b<c>>=d;", "x = a <T b <T c T> T> = d ;"},
		{"x = a<b>=c;", "x = a <T b T> = c ;"},
		{"a<b->c", "a <T b - T> c"},
		{"fn f() -> vec4<f32>", "fn f ( ) -> vec4 <T f32 T>"},
		{"1.0f<a>b", "1.0f < a > b"},
		{"true<a>b", "true < a > b"},
		{"x = a < b; y > z", "x = a < b ; y > z"},
		{"a<b:c>d", "a < b : c > d"},
		{"a<b{c>d", "a < b { c > d"},
		{"a<b=c>d", "a < b = c > d"},
		{"a<b+=c>d", "a < b += c > d"},
		{"a<b-=c>d", "a < b -= c > d"}, // every compound assignment ends the candidates
		{"a<b*=c>d", "a < b *= c > d"},
		{"a<b/=c>d", "a < b /= c > d"},
		{"a<b%=c>d", "a < b %= c > d"},
		{"a<b^=c>d", "a < b ^= c > d"},
		{"a<b&=c>d", "a < b &= c > d"},
		{"a<b|=c>d", "a < b |= c > d"},
		{"a<b<<=c>d", "a < b <<= c > d"},
		{"a<b/*c*/>d", "a <T b T> d"},
		{"a /* c */ <b>", "a <T b T>"},
		{"ptr<function, array<i32, 4>>", "ptr <T function , array <T i32 , 4 T> T>"},
		{"_<a>b", "_ < a > b"},
	}
	for _, tt := range tests {
		toks, _ := scanString(tt.src, DialectModern)
		assert.Equal(t, tt.want, render(tt.src, toks), "%q", tt.src)
	}
}

func TestScanInvalidInput(t *testing.T) {
	toks, diags := scanString("a \xff\xfe b\x00c $ d", DialectModern)
	assert.Equal(t, "a b c d", render("a \xff\xfe b\x00c $ d", toks))
	require.Len(t, diags, 3)
	assert.Equal(t, "test.wgsl:1:3: error: invalid UTF-8 encoding", diags[0].Error())
	assert.Equal(t, diag.Span{Start: 6, End: 7}, diags[1].Span)
	assert.Contains(t, diags[1].Message, "NUL")
	assert.Contains(t, diags[2].Message, `unexpected character '$'`)

	_, diags = scanString("a /* \xff */ b // \x00\n", DialectModern)
	require.Len(t, diags, 2)

	_, diags = scanString("a /* /* */ b", DialectModern)
	require.Len(t, diags, 1)
	assert.Equal(t, "test.wgsl:1:3: error: unterminated block comment", diags[0].Error())
}

func TestScanTokenLimit(t *testing.T) {
	src := strings.Repeat("a ", 100)
	_, diags := Parse(diag.NewFile("t.wgsl", []byte(src)), Options{MaxTokens: 10})
	require.NotEmpty(t, diags)
	assert.Equal(t, "t.wgsl:1:21: error: too many tokens (more than 10)", diags[0].Error())
}

// TestReservedWords: the word lists are sorted (for their reader), and every word of each is
// reserved in its dialect, asked or scanned (unless also a keyword).
func TestReservedWords(t *testing.T) {
	for _, c := range []struct {
		d     Dialect
		words []string
	}{{DialectModern, modernReserved[:]}, {DialectLegacy2021, legacyReserved[:]}} {
		require.True(t, slices.IsSorted(c.words))
		for _, w := range c.words {
			require.True(t, IsReserved(w, c.d), w)
			require.False(t, IsReserved(w+"_", c.d), w)
			if IsKeyword(w, c.d) {
				continue // scanned as the keyword it also is
			}
			_, diags := scanString(w+" "+w+"_", c.d)
			require.Len(t, diags, 1, "%q in dialect %v", w, c.d)
			require.Contains(t, diags[0].Message, "is a reserved word")
		}
	}
}
