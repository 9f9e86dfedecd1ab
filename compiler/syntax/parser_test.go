package syntax

import (
	"fmt"
	"math"
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
		r, err := FloatLitRat(tt.raw)
		require.NoError(t, err, tt.raw)
		if tt.raw != "1e-400" && tt.raw != "12.34" && tt.raw != "1e-3" {
			fv, exact := r.Float64()
			assert.True(t, exact, tt.raw)
			assert.Equal(t, tt.v, fv, tt.raw)
		}
	}
	v, err := FloatLitValue("1e400")
	assert.Error(t, err)
	assert.True(t, math.IsInf(v, 1))
	_, err = FloatLitRat("1e999999999")
	assert.Error(t, err)
	r, err := FloatLitRat("0x1.00000001p0")
	require.NoError(t, err)
	assert.Equal(t, "4294967297/4294967296", r.String())
	r, err = FloatLitRat("0.1")
	require.NoError(t, err)
	assert.Equal(t, "1/10", r.String())
}
