package syntax

import (
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// sexpr renders an expression tree with explicit structure.
func sexpr(x Expr) string {
	switch x := x.(type) {
	case *IdentExpr:
		if len(x.TemplateArgs) == 0 {
			return x.Name.Name
		}
		return x.Name.Name + "<" + sexprList(x.TemplateArgs) + ">"
	case *CallExpr:
		return "(call " + sexpr(x.Callee) + " " + sexprList(x.Args) + ")"
	case *IntLit:
		return x.Raw
	case *FloatLit:
		return x.Raw
	case *BoolLit:
		return fmt.Sprint(x.Value)
	case *ParenExpr:
		return "[" + sexpr(x.X) + "]"
	case *UnaryExpr:
		return "(" + x.Op.String() + " " + sexpr(x.X) + ")"
	case *BinaryExpr:
		return "(" + x.Op.String() + " " + sexpr(x.X) + " " + sexpr(x.Y) + ")"
	case *IndexExpr:
		return "(index " + sexpr(x.X) + " " + sexpr(x.Index) + ")"
	case *MemberExpr:
		return "(. " + sexpr(x.X) + " " + x.Member.Name + ")"
	case *BadExpr:
		return "BAD"
	}
	return fmt.Sprintf("%T", x)
}

func sexprList(xs []Expr) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = sexpr(x)
	}
	return strings.Join(parts, " ")
}

// parseExprString parses src as the initializer of a const declaration.
func parseExprString(t *testing.T, src string, d Dialect) Expr {
	t.Helper()
	f, diags := parseString("e.wgsl", "const x = "+src+";", d)
	require.False(t, diags.HasErrors(), "%s: %s", src, errorText(diags))
	require.Len(t, f.Decls, 1)
	return f.Decls[0].(*ConstDecl).Init
}

func TestExpressionStructure(t *testing.T) {
	tests := []struct{ src, want string }{
		{"1 + 2 * 3", "(+ 1 (* 2 3))"},
		{"1 - 2 - 3", "(- (- 1 2) 3)"},
		{"a * b / c % d", "(% (/ (* a b) c) d)"},
		{"-a * b", "(* (- a) b)"},
		{"a << b", "(<< a b)"},
		{"-a << ~b", "(<< (- a) (~ b))"},
		{"a + b < c * d", "(< (+ a b) (* c d))"},
		{"a << b <= c >> d", "(<= (<< a b) (>> c d))"},
		{"a << b < c >> d", "(> (<< a b<c>) d)"}, // b<c> is a template list
		{"a < b && c > d && e", "(&& (&& (< a b) (> c d)) e)"},
		{"a || b || c == d", "(|| (|| a b) (== c d))"},
		{"a & b & c", "(& (& a b) c)"},
		{"a | b", "(| a b)"},
		{"a ^ b ^ c", "(^ (^ a b) c)"},
		{"!a", "(! a)"},
		{"*&a", "(* (& a))"},
		{"&&a", "(& (& a))"},
		{"--a", "(- (- a))"},
		{"a--b", "(- a (- b))"},
		{"a---b", "(- a (- (- b)))"},
		{"a[1].b.xyz[0]", "(index (. (. (index a 1) b) xyz) 0)"},
		{"f(1, g(2))", "(call f 1 (call g 2))"},
		{"vec3<f32>(1)", "(call vec3<f32> 1)"},
		{"array<array<f32, 2>, 4>()", "(call array<array<f32 2> 4> )"},
		{"bitcast<u32>(x)", "(call bitcast<u32> x)"},
		{"(a + b) * c", "(* [(+ a b)] c)"},
		{"a<b>(c)", "(call a<b> c)"},
		{"f(a < b, c > (d))", "(call f (call a<b c> d))"}, // A ( B < C, D > ( E ) ): a template list
		{"f((a < b), (c > d))", "(call f [(< a b)] [(> c d)])"},
		{"a<b || c>d", "(|| (< a b) (> c d))"},
		{"ptr<function, i32>", "ptr<function i32>"},
		{"array<i32, select(2, 3, a > b)>", "array<i32 (call select 2 3 (> a b))>"},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, sexpr(parseExprString(t, tt.src, DialectModern)), tt.src)
	}
}

func TestLegacyExpressionStructure(t *testing.T) {
	tests := []struct{ src, want string }{
		{"a & b | c", "(| (& a b) c)"},
		{"a | b & c", "(| a (& b c))"},
		{"a ^ b | c & d", "(| (^ a b) (& c d))"},
		{"a < b == c", "(== (< a b) c)"},
		{"a == b < c", "(== a (< b c))"},
		{"a + b << c", "(<< (+ a b) c)"},
		{"a && b || c && d", "(|| (&& a b) (&& c d))"},
		{"a | b && c", "(&& (| a b) c)"},
		{"1 + 2 * 3 - 4", "(- (+ 1 (* 2 3)) 4)"},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, sexpr(parseExprString(t, tt.src, DialectLegacy2021)), tt.src)
	}
}

func TestSpans(t *testing.T) {
	src := "@group(0) @binding(1) var<uniform> u: vec4<f32>;\nfn f(a: i32) -> i32 {\n  let x = a + 2;\n  return x;\n}\n"
	f, diags := parseString("s.wgsl", src, DialectModern)
	require.Empty(t, diags)
	text := func(n Node) string { s := n.Span(); return src[s.Start:s.End] }

	v := f.Decls[0].(*VarDecl)
	assert.Equal(t, "@group(0) @binding(1) var<uniform> u: vec4<f32>;", text(v))
	assert.Equal(t, "@group(0)", text(v.Attrs[0]))
	assert.Equal(t, "vec4<f32>", text(v.Type))
	assert.Equal(t, "uniform", text(v.TemplateArgs[0]))
	assert.Equal(t, "u", text(&v.Name))

	fn := f.Decls[1].(*FuncDecl)
	assert.True(t, strings.HasPrefix(text(fn), "fn f(a: i32) -> i32 {"))
	assert.True(t, strings.HasSuffix(text(fn), "}"))
	assert.Equal(t, "a: i32", text(fn.Params[0]))
	let := fn.Body.Stmts[0].(*LetDecl)
	assert.Equal(t, "let x = a + 2", text(let))
	bin := let.Init.(*BinaryExpr)
	assert.Equal(t, "a + 2", text(bin))
	assert.Equal(t, byte('+'), src[bin.OpPos])
	assert.Equal(t, "return x;", text(fn.Body.Stmts[1]))
}

func TestDetectDialect(t *testing.T) {
	tests := []struct {
		src  string
		want Dialect
	}{
		{"", DialectModern},
		{"fn main() {}", DialectModern},
		{"@compute @workgroup_size(1) fn main() {}", DialectModern},
		{"fn main() -> void {}", DialectLegacy2021},
		{"[[stage(compute)]] fn main() {}", DialectLegacy2021},
		{"[[block]] struct S { [[offset(0)]] a: f32; };", DialectLegacy2021},
		{"var<in> x: f32;", DialectLegacy2021},
		{"var<out> x: f32;", DialectLegacy2021},
		{"type T = f32;", DialectLegacy2021},
		{"struct S { a: f32; };", DialectLegacy2021},
		{"fn f() { if (true) {} elseif (false) {} }", DialectLegacy2021},
		{"fn f() { let a = b[c[0]]; }", DialectModern},
		{"alias T = f32;", DialectModern},
		// Mixed: the modern constructs outweigh a single draft construct.
		{"@vertex fn a() {} @fragment fn b() {} @compute @workgroup_size(1) fn c() -> void {}", DialectModern},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, DetectDialect([]byte(tt.src)), tt.src)
	}
}

func TestLegacyAST(t *testing.T) {
	src := `[[block]] struct S { [[offset(0)]] a: [[stride(16)]] array<f32, 4>; };
type A = i32;
[[constant_id(3)]] const c : f32;
fn f() -> void { const x : i32 = 1; if (x == 1) {} elseif (x == 2) {} }
[[stage(vertex)]] fn v() -> [[builtin(position)]] vec4<f32> { return vec4<f32>(); }
`
	f, diags := parseString("l.wgsl", src, DialectAuto)
	require.Empty(t, diags)
	require.Equal(t, DialectLegacy2021, f.Dialect)
	s := f.Decls[0].(*StructDecl)
	assert.Equal(t, "block", s.Attrs[0].Name.Name)
	assert.True(t, s.Attrs[0].Legacy)
	m := s.Members[0]
	assert.Equal(t, "offset", m.Attrs[0].Name.Name)
	mt := m.Type.(*IdentExpr)
	assert.Equal(t, "stride", mt.Attrs()[0].Name.Name)
	assert.Equal(t, "array", mt.Name.Name)

	assert.True(t, f.Decls[1].(*AliasDecl).Legacy)
	c := f.Decls[2].(*ConstDecl)
	assert.True(t, c.Legacy)
	assert.Nil(t, c.Init)
	assert.Equal(t, "constant_id", c.Attrs[0].Name.Name)

	fn := f.Decls[3].(*FuncDecl)
	assert.True(t, fn.VoidReturn)
	assert.Nil(t, fn.ReturnType)
	let := fn.Body.Stmts[0].(*LetDecl)
	assert.True(t, let.Legacy)
	ifs := fn.Body.Stmts[1].(*IfStmt)
	assert.True(t, ifs.Else.(*IfStmt).LegacyElseIf)

	v := f.Decls[4].(*FuncDecl)
	assert.Equal(t, "builtin", v.ReturnAttrs[0].Name.Name)
	assert.Equal(t, "vec4", v.ReturnType.(*IdentExpr).Name.Name)
}

func TestLiteralValues(t *testing.T) {
	ints := []struct {
		raw      string
		v        uint64
		overflow bool
	}{
		{"0", 0, false},
		{"123", 123, false},
		{"42i", 42, false},
		{"42u", 42, false},
		{"0x1F", 31, false},
		{"0XffU", 0, false}, // not a suffix: U is not allowed, reported as malformed below
		{"0xffffffffffffffff", math.MaxUint64, false},
		{"18446744073709551615", math.MaxUint64, false},
		{"18446744073709551616", 0, true},
		{"0x10000000000000000", 0, true},
	}
	for _, tt := range ints {
		v, overflow, err := IntLitValue(tt.raw)
		if tt.raw == "0XffU" {
			assert.ErrorIs(t, err, ErrMalformedLiteral)
			continue
		}
		require.NoError(t, err, tt.raw)
		assert.Equal(t, tt.overflow, overflow, tt.raw)
		if !overflow {
			assert.Equal(t, tt.v, v, tt.raw)
		}
	}

	floats := []struct {
		raw string
		v   float64
	}{
		{"1.", 1}, {".5", 0.5}, {"1.f", 1}, {"1h", 1}, {"0f", 0}, {"1e-3", 1e-3}, {"1E+3h", 1000},
		{"0.e+4f", 0}, {"01.", 1}, {"12.34", 12.34}, {"0x1p4f", 16}, {"0x1.8p-3h", 0.1875},
		{"0x1.fp+2", 7.75}, {"0xa.fp+2", 43.75}, {"0X.3", 0.1875}, {"0x1.", 1}, {"0x3.2p+2h", 12.5},
		{"1e-400", 0},
	}
	for _, tt := range floats {
		v, err := FloatLitValue(tt.raw)
		require.NoError(t, err, tt.raw)
		assert.Equal(t, tt.v, v, tt.raw)
	}
	v, err := FloatLitValue("1e400")
	assert.Error(t, err)
	assert.True(t, math.IsInf(v, 1))
}

// The formats' parameters, as the checker passes them.
const (
	f32Prec, f32Emin, f32Emax = 24, -126, 127
	f16Prec, f16Emin, f16Emax = 11, -14, 15
)

func TestHexFloatExact(t *testing.T) {
	cases := []struct {
		raw      string
		f32, f16 bool
	}{
		{"0x0p0f", true, true}, {"0x0.000p+99999999999999999999f", true, true},
		{"0x1p0f", true, true}, {"0X1.8P-3h", true, true}, {"0x.8p1f", true, true},
		{"0x1.000002p0f", true, false},  // 1 + 2^-23: f32's last bit
		{"0x1.000001p0f", false, false}, // 1 + 2^-24
		{"0x1.0000000001p0f", false, false},
		{"0x1.ffcp15h", true, true},      // f16's largest, 65504
		{"0x1.ffep15h", true, false},     // one bit more
		{"0x1p16h", true, false},         // beyond f16
		{"0x1.fffffep127f", true, false}, // f32's largest
		{"0x1p128f", false, false},
		{"0x1p-126f", true, false}, {"0x1p-149f", true, false}, // smallest normal and subnormal f32
		{"0x1p-150f", false, false}, {"0x1.8p-149f", false, false},
		{"0x3p-150f", false, false}, {"0x2p-150f", true, false}, // 2^-149 written another way
		{"0x1p-24h", true, true}, {"0x1p-25h", true, false}, {"0x3p-24h", true, true},
		{"0x1.004p-14h", true, true}, {"0x1.002p-14h", true, false}, // f16's lowest normal bit
		{"0x100000p-20f", true, true}, {"0xffffff.0p0f", true, false}, {"0x1ffffff.0p0f", false, false},
		{"0x1p-99999999999999999999f", false, false}, {"0x1p99999999999999999999f", false, false},
		{"0x0.00000000000000000000000000001p-10h", true, false}, // 2^-126,
	}
	for _, tt := range cases {
		got, err := HexFloatExact(tt.raw, f32Prec, f32Emin, f32Emax)
		require.NoError(t, err, tt.raw)
		assert.Equal(t, tt.f32, got, "%s in f32", tt.raw)
		got, err = HexFloatExact(tt.raw, f16Prec, f16Emin, f16Emax)
		require.NoError(t, err, tt.raw)
		assert.Equal(t, tt.f16, got, "%s in f16", tt.raw)
	}
	for _, raw := range []string{"1.5f", "0x", "0x1.gp0f", "0xp0f", "0x1pxf"} {
		_, err := HexFloatExact(raw, f32Prec, f32Emin, f32Emax)
		assert.Error(t, err, raw)
	}
}

// TestHexFloatExactAgainstRat compares HexFloatExact with exact rational arithmetic on
// random literals of a few digits around both formats' ranges.
func TestHexFloatExactAgainstRat(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	const hex = "0123456789abcdef"
	for range 20000 {
		var b strings.Builder
		b.WriteString("0x")
		for range 1 + rng.IntN(8) {
			b.WriteByte(hex[rng.IntN(16)])
		}
		if rng.IntN(2) == 0 {
			b.WriteByte('.')
			for range rng.IntN(8) {
				b.WriteByte(hex[rng.IntN(16)])
			}
		}
		fmt.Fprintf(&b, "p%d", rng.IntN(360)-200)
		raw := b.String()
		r, ok := new(big.Rat).SetString(raw)
		require.True(t, ok, raw)
		got, err := HexFloatExact(raw+"f", f32Prec, f32Emin, f32Emax)
		require.NoError(t, err, raw)
		require.Equal(t, formatExact(r, f32Prec, f32Emin, f32Emax), got, "%s in f32", raw)
		got, err = HexFloatExact(raw+"h", f16Prec, f16Emin, f16Emax)
		require.NoError(t, err, raw)
		require.Equal(t, formatExact(r, f16Prec, f16Emin, f16Emax), got, "%s in f16", raw)
	}
}

// formatExact reports whether r is a value of the format: a float64 (exactly) whose
// significand, scaled to the format's precision at its exponent (fewer bits for
// subnormals), is an integer. (big.Rat's Float32 is no oracle: it calls a value that
// underflows to zero exact.)
func formatExact(r *big.Rat, prec, emin, emax int) bool {
	f, exact := r.Float64()
	if !exact {
		return false
	}
	if f == 0 {
		return true
	}
	frac, exp := math.Frexp(math.Abs(f)) // f = frac * 2^exp, frac in [0.5, 1)
	if exp-1 > emax {
		return false
	}
	scaled := math.Ldexp(frac, min(prec, exp-emin+prec-1))
	return scaled == math.Trunc(scaled)
}
