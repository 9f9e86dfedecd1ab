package syntax

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler/diag"
)

// importString prints an import statement's items as paths: "package::a::b as c".
func importString(imp *Import) string {
	var items []string
	for _, it := range imp.Items {
		var segs []string
		if it.Package {
			segs = append(segs, "package")
		}
		for range it.Supers {
			segs = append(segs, "super")
		}
		for _, s := range it.Path {
			segs = append(segs, s.Name)
		}
		s := strings.Join(segs, "::")
		if it.Alias.Name != "" {
			s += " as " + it.Alias.Name
		}
		items = append(items, s)
	}
	if imp.Public {
		return "public " + strings.Join(items, ", ")
	}
	return strings.Join(items, ", ")
}

// TestImportGrammar follows the grammar of Imports.md: every form that parses, flattened,
// and the forms that are syntax errors, with their positions.
func TestImportGrammar(t *testing.T) {
	tests := []struct {
		src  string
		want string // the items, or "error LINE:COL message"
	}{
		{"import foo;", "foo"},
		{"import super::foo::bar;", "super::foo::bar"},
		{"import super::super::foo::bar;", "super::super::foo::bar"},
		{"import super::foo ::bar;", "super::foo::bar"},
		{"import package::a::b::c;", "package::a::b::c"},
		{"import foo::{a,b};", "foo::a, foo::b"},
		{"import foo::bar::{a, b,};", "foo::bar::a, foo::bar::b"},
		{"import foo::a as b;", "foo::a as b"},
		{"import a::b::{c as foo};", "a::b::c as foo"},
		{"import bevy_pbr::{ mesh, utils::{PI, noise as n}, lighting };", "bevy_pbr::mesh, bevy_pbr::utils::PI, bevy_pbr::utils::noise as n, bevy_pbr::lighting"},
		{"import package::utils::*;", "package::utils::*"},
		{"public import super::math::{dot2, cross2};", "public super::math::dot2, super::math::cross2"},
		{"import /* c */ package :: a // d\n  :: b;", "package::a::b"},
		{"import", "error 1:7 expected module or declaration name in the import path, found end of file"},
		{"import;", "error 1:7 expected module or declaration name in the import path, found ';'"},
		{"import foo", "error 1:11 expected ';' after import statement, found end of file"},
		{"import super;", "error 1:13 expected '::' after 'super' in an import path, found ';'"},
		{"import super::;", "error 1:15 expected module or declaration name in the import path, found ';'"},
		{"import super::super;", "error 1:20 expected '::' after 'super' in an import path, found ';'"},
		{"import foo::{};", "error 1:13 an import collection names at least one item"},
		{"import foo::a as b::b;", "error 1:19 expected ';' after import statement, found '::'"},
		{"import foo::super::bar::baz;", "error 1:13 'super::' can only start an import path"},
		{"import *;", "error 1:8 a wildcard import needs a module path"},
		{"import a::*::b;", "error 1:12 expected ';' after import statement, found '::'"},
		{"import fn::x;", "error 1:8 expected module or declaration name in the import path, found keyword 'fn'"},
		{"const x = 1;\nimport a::b;", "error 2:1 import statements must come before directives and declarations"},
		{"enable f16;\nimport a::b;", "error 2:1 import statements must come before directives and declarations"},
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			f, diags := Parse(diag.NewFile("t.wesl", []byte(tt.src)), Options{})
			if rest, ok := strings.CutPrefix(tt.want, "error "); ok {
				require.True(t, diags.HasErrors(), "no error")
				loc, msg, _ := strings.Cut(rest, " ")
				assert.Contains(t, diags[0].Error(), "t.wesl:"+loc+": error: "+msg)
				return
			}
			require.False(t, diags.HasErrors(), "%v", diags)
			require.Len(t, f.Imports, 1)
			assert.Equal(t, tt.want, importString(f.Imports[0]))
		})
	}
}

// TestQualifiedNames: full_ident replaces ident in expressions, types, template arguments,
// statements and attributes (Imports.md, "Inline Usage").
func TestQualifiedNames(t *testing.T) {
	src := `alias T = package::types::Vec;
var<private> v: array<super::T, pkg::N>;
@compute @workgroup_size(package::consts::WG)
fn main() {
  package::util::run();
  let x: m::S = m::S(super::super::f(1));
  for (package::a::init(); true; package::a::step()) { break; }
  _ = x;
}
`
	f, diags := Parse(diag.NewFile("t.wesl", []byte(src)), Options{})
	require.False(t, diags.HasErrors(), "%v", diags)
	require.NotNil(t, f.WESL)
	assert.True(t, f.WESL.Qualified)
	var names []string
	Inspect(f.Decls[len(f.Decls)-1], func(n Node) bool {
		if x, ok := n.(*IdentExpr); ok && IsQualified(x.Name.Name) {
			names = append(names, x.Name.Name)
		}
		return true
	})
	assert.Equal(t, []string{"package::consts::WG", "package::util::run", "m::S", "m::S", "super::super::f", "package::a::init", "package::a::step"}, names)
	// Without WESL syntax a file has no WESLInfo: the WGSL path pays nothing.
	f, _ = Parse(diag.NewFile("t.wgsl", []byte("fn main() { let a = b::c; }")), Options{})
	assert.True(t, f.WESL.Qualified)
	f, _ = Parse(diag.NewFile("t.wgsl", []byte("fn main() {}")), Options{})
	assert.Nil(t, f.WESL)
}

// TestConditionalTranslation checks what the parser keeps, for each location the spec
// allows translate-time attributes, by printing the kept tree.
func TestConditionalTranslation(t *testing.T) {
	features := map[string]bool{"on": true, "off": false}
	tests := []struct{ src, want string }{
		{"@if(on) enable f16; @if(off) enable subgroups;", "enable f16;"},
		{"@if(off) const a = 1; @elif(on) const a = 2; @else const a = 3;", "const a = 2;"},
		{"@if(off) const a = 1; @elif(off) const a = 2; @else const a = 3;", "const a = 3;"},
		{"@if(on) const a = 1; @elif(on) const a = 2; @else const a = 3;", "const a = 1;"},
		{"@if(!off && (on || off)) const a = 1;", "const a = 1;"},
		{"@if(on,) const a = 1;", "const a = 1;"},
		{"struct S { @if(off) a: u32, @else b: f32 }", "struct S {\n  b: f32,\n}"},
		{"fn f(@if(on) a: u32, @if(off) b: u32) {}", "fn f(a: u32) {}"},
		{"fn f() { @if(on) { let a = 1; } let b = a; }", "fn f() {\n  let a = 1;\n  let b = a;\n}"},
		{"fn f() { @if(off) { let a = 1; } @else { let a = 2; } }", "fn f() {\n  let a = 2;\n}"},
		{"fn f() { { let a = 1; } }", "fn f() {\n  {\n    let a = 1;\n  }\n}"},
		{"fn f() { switch 1 { @if(off) case 1 {} default {} } }", "fn f() {\n  switch 1 {\n    default: {}\n  }\n}"},
		{"fn f() { loop { @if(off) continuing {} } }", "fn f() {\n  loop {}\n}"},
		{"@if(on) { const a = 1; @if(off) { const b = 2; } }", "const a = 1;"},
		{"{ const never = 1; }", ""},
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			f, diags := Parse(diag.NewFile("t.wesl", []byte(tt.src)), Options{Features: features})
			require.False(t, diags.HasErrors(), "%v", diags)
			var b strings.Builder
			require.NoError(t, Print(&b, f))
			assert.Equal(t, tt.want, strings.TrimSpace(b.String()))
		})
	}
}

// TestFeatureNames: a feature name is an identifier: not a keyword, nor a reserved word of
// WGSL (COMPATIBILITY.md, "WESL").
func TestFeatureNames(t *testing.T) {
	_, diags := Parse(diag.NewFile("t.wesl", []byte("@if(smooth) const a = 1;")), Options{Features: map[string]bool{"smooth": true}})
	require.True(t, diags.HasErrors())
	assert.Contains(t, diags[0].Error(), `t.wesl:1:5: error: "smooth" is a reserved word`)
}

// TestAllBranches: with AllBranches the parser keeps every node and evaluates nothing (a
// syntax check), though it still checks the form of the conditions.
func TestAllBranches(t *testing.T) {
	f, diags := Parse(diag.NewFile("t.wesl", []byte("@if(a) const x = 1; @else const x = 2; @if(b + 1) const y = 1;")), Options{AllBranches: true})
	assert.Len(t, f.Decls, 3)
	require.Len(t, diags, 1)
	assert.Contains(t, diags[0].Error(), "t.wesl:1:44: error: a translate-time expression holds only feature names")
}

// TestPositionsWithBase: a file of a program has its own range of the position space; the
// parser's positions and diagnostics are in it.
func TestPositionsWithBase(t *testing.T) {
	file := diag.NewFile("b.wesl", []byte("fn f() {}\nfn g() { let = 1; }"))
	file.Base = 1000
	f, diags := Parse(file, Options{FirstExprID: 40})
	require.Len(t, f.Decls, 2)
	assert.Equal(t, diag.Pos(1003), f.Decls[0].(*FuncDecl).Name.Loc.Start)
	require.Len(t, diags, 1)
	assert.Equal(t, "b.wesl:2:14: error: expected name, found '='", diags[0].Error())
	assert.Greater(t, f.ExprIDs, int32(40))
	set := diag.NewSet(diag.NewFile("a.wesl", make([]byte, 999)), file)
	assert.Equal(t, "b.wesl:1:4", set.Position(1003).String())
	assert.Equal(t, fmt.Sprint("a.wesl:1:5"), set.Position(4).String())
}
