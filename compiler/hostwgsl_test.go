package compiler_test

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler"
	"github.com/wgslgo/wgslgo/compiler/hostwgsl"
	"github.com/wgslgo/wgslgo/compiler/syntax"
	"github.com/wgslgo/wgslgo/compiler/wesl"
)

// TestHostWGSL: the WGSL for WebGPU hosts is the source as is, with where each override's
// declaration and initializer lie.
func TestHostWGSL(t *testing.T) {
	src := "@id(3) override a: u32 = 4u;\noverride b = a * 2u;\noverride c: f32;\n" +
		"@group(0) @binding(0) var<storage, read_write> o: array<f32>;\n" +
		"@compute @workgroup_size(a) fn main() { o[0] = f32(b) + c; }\n"
	w, diags, err := compiler.HostWGSL(compiler.Source{Name: "o.wgsl", Text: []byte(src)}, compiler.Options{})
	require.NoError(t, err, "%v", diags)
	assert.Equal(t, src, string(w.Text))
	at := func(r [2]int) string { return string(w.Text[r[0]:r[1]]) }
	assert.Equal(t, "@id(3) override a: u32 = 4u;", at(w.Overrides["a"].Decl))
	assert.Equal(t, "4u", at(w.Overrides["a"].Init))
	assert.Equal(t, "override b = a * 2u;", at(w.Overrides["b"].Decl))
	assert.Equal(t, "a * 2u", at(w.Overrides["b"].Init))
	assert.Equal(t, "override c: f32;", at(w.Overrides["c"].Decl))
	assert.Equal(t, [2]int{}, w.Overrides["c"].Init)
}

// TestHostWGSLOverrideOptions: overrides given values at compile time are consts of those
// values in the WGSL too, as they are in the SPIR-V and the reflection.
func TestHostWGSLOverrideOptions(t *testing.T) {
	src := "@id(3) override a: u32 = 4u;\noverride b = a * 2u;\n@group(0) @binding(0) var<storage, read_write> o: array<u32>;\n" +
		"@compute @workgroup_size(1) fn main() { o[0] = a + b; }\n"
	opts := compiler.Options{Overrides: map[string]string{"3": "7"}}
	source := compiler.Source{Name: "o.wgsl", Text: []byte(src)}
	w, _, err := compiler.HostWGSL(source, opts)
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(string(w.Text), "const a: u32 = 7;\noverride b = a * 2u;\n"), string(w.Text))
	assert.NotContains(t, w.Overrides, "a")
	assert.Equal(t, "override b = a * 2u;", string(w.Text[w.Overrides["b"].Decl[0]:w.Overrides["b"].Decl[1]]))
	res, err := compiler.Compile(source, opts)
	require.NoError(t, err)
	require.Len(t, res.Reflection.Overrides, 1, "the reflection lists b only, as the text does")
	_, _, err = compiler.HostWGSL(source, compiler.Options{Overrides: map[string]string{"nope": "1"}})
	assert.Error(t, err)
}

// TestHostWGSLLegacy: a 2021-draft shader's WGSL for WebGPU hosts is its migration to modern
// WGSL, which compiles as such.
func TestHostWGSLLegacy(t *testing.T) {
	src := "[[block]] struct B { [[offset(0)]] x : f32; };\n[[group(0), binding(0)]] var<storage> b : [[access(read_write)]] B;\n" +
		"[[constant_id(5)]] const k : f32 = 2.0;\n[[stage(compute), workgroup_size(1)]]\nfn main() -> void { b.x = k; }\n"
	w, diags, err := compiler.HostWGSL(compiler.Source{Name: "old.wgsl", Text: []byte(src)}, compiler.Options{})
	require.NoError(t, err, "%v", diags)
	text := string(w.Text)
	assert.NotContains(t, text, "[[")
	_, diags = compiler.Check(compiler.Source{Name: "new.wgsl", Text: w.Text}, compiler.Options{Dialect: syntax.DialectModern})
	assert.False(t, diags.HasErrors(), "%v\n%s", diags, text)
	require.Contains(t, w.Overrides, "k", text)
	assert.Contains(t, string(w.Text[w.Overrides["k"].Decl[0]:w.Overrides["k"].Decl[1]]), "override k")
}

// TestDeclPositions: where declarations are, by name, members by "Struct.member".
func TestDeclPositions(t *testing.T) {
	src := "struct S {\n  a: f32,\n}\nconst c = 1;\n@group(0) @binding(0) var<storage, read_write> v: S;\n@compute @workgroup_size(1) fn main() { v.a = 2.0; }\n"
	res, err := compiler.Compile(compiler.Source{Name: "p.wgsl", Text: []byte(src)}, compiler.Options{})
	require.NoError(t, err)
	pos := compiler.DeclPositions(res.Program)
	assert.Equal(t, "p.wgsl:1:8", pos["S"])
	assert.Equal(t, "p.wgsl:2:3", pos["S.a"])
	assert.Equal(t, "p.wgsl:4:7", pos["c"])
	assert.Equal(t, "p.wgsl:5:48", pos["v"])
	assert.Equal(t, "p.wgsl:6:32", pos["main"])
}

// TestHostWGSLImmediates: where the address space of each var<immediate> is spelled, even
// between comments and blanks, and after overrides given values at compile time moved it.
func TestHostWGSLImmediates(t *testing.T) {
	src := "requires immediate_address_space;\n@id(1) override k: f32 = 1.0;\nvar /* a */ < immediate > push: vec4f;\nvar<immediate> unused: u32;\n" +
		"@group(0) @binding(0) var<storage, read_write> o: array<f32>;\n" +
		"@compute @workgroup_size(1) fn main() { o[0] = push.x * k; }\n"
	source := compiler.Source{Name: "i.wgsl", Text: []byte(src)}
	for _, opts := range []compiler.Options{{}, {Overrides: map[string]string{"1": "2.5"}}} {
		w, diags, err := compiler.HostWGSL(source, opts)
		require.NoError(t, err, "%v", diags)
		require.Len(t, w.Immediates, 2)
		for _, name := range []string{"push", "unused"} {
			r := w.Immediates[name]
			assert.Equal(t, "immediate", string(w.Text[r[0]:r[1]]), name)
		}
	}
}

// TestHostWGSLImmediateFeature: the text to delete to take immediate_address_space out of the
// `requires` directive leaves a directive that still parses, or none.
func TestHostWGSLImmediateFeature(t *testing.T) {
	body := "\nvar<immediate> push: vec4f;\n@fragment fn fs() -> @location(0) vec4f { return push; }\n"
	for req, want := range map[string]string{
		"requires immediate_address_space;":                                     "",
		"requires immediate_address_space, pointer_composite_access;":           "requires pointer_composite_access;",
		"requires pointer_composite_access, immediate_address_space;":           "requires pointer_composite_access;",
		"requires pointer_composite_access,immediate_address_space,;":           "requires pointer_composite_access,;",
		"requires pointer_composite_access;\nrequires immediate_address_space;": "requires pointer_composite_access;\n",
	} {
		w, diags, err := compiler.HostWGSL(compiler.Source{Name: "f.wgsl", Text: []byte(req + body)}, compiler.Options{})
		require.NoError(t, err, "%s: %v", req, diags)
		r := w.ImmediateFeature
		out := string(w.Text[:r[0]]) + string(w.Text[r[1]:])
		assert.Equal(t, want+body, out, req)
	}
}

// TestDialectWGSLDiagnosticsInModules: what a host's compiler cannot read in a WESL program
// is reported in the module that has it, under the import that brought it in, not in the
// linked text (which has no file to open); the hosts that can read it get the linked
// program.
func TestDialectWGSLDiagnosticsInModules(t *testing.T) {
	files := fstest.MapFS{
		"shaders/util.wesl": {Data: []byte("// Shared code.\nvar<workgroup> counter: atomic<u32>;\n\n" +
			"fn load_it() -> u32 {\n    return workgroupUniformLoad(&counter);\n}\n")},
	}
	root := compiler.Source{Name: "shaders/main.wesl", Text: []byte("import package::util::load_it;\n\n" +
		"@group(0) @binding(0) var<storage, read_write> out: array<u32>;\n\n" +
		"@compute @workgroup_size(64)\nfn main() {\n    out[0] = load_it();\n}\n")}
	opts := compiler.Options{FS: wesl.FromFS(files)}
	linked, diags := compiler.Link(root, opts)
	require.False(t, diags.HasErrors(), "%v", diags)

	w, diags, err := compiler.DialectWGSL(root, opts, hostwgsl.Gogpu)
	require.Error(t, err)
	assert.Nil(t, w)
	require.Len(t, diags.Errors(), 1, "%v", diags)
	d := diags.Errors()[0]
	assert.Equal(t, "shaders/util.wesl:5:12", d.Position().String())
	assert.Contains(t, d.Message, "has no workgroupUniformLoad of an atomic")
	var sb strings.Builder
	d.Print(&sb)
	assert.Contains(t, sb.String(), "    return workgroupUniformLoad(&counter);\n           ^~~~")
	assert.Contains(t, sb.String(), "shaders/main.wesl:1:8: note: shaders/util.wesl is imported here")

	w, diags, err = compiler.DialectWGSL(root, opts, hostwgsl.Modern)
	require.NoError(t, err, "%v", diags)
	for _, line := range []string{"fn load_it() -> u32 {", "return workgroupUniformLoad(&counter);", "out[0] = load_it();"} {
		assert.Contains(t, string(linked.WGSL()), line)
		assert.Contains(t, string(w.Text), line)
	}
}

// TestDialectWGSLDiagnosticsWithOverrides: with overrides given values, the text the hosts
// get has consts where the overrides were; what a host's compiler cannot read is still
// reported at its place in the source, with the source's line under it.
func TestDialectWGSLDiagnosticsWithOverrides(t *testing.T) {
	src := compiler.Source{Name: "o.wgsl", Text: []byte("var<workgroup> counter: atomic<u32>;\n" +
		"@id(3) override a: u32 = 4u; fn f() -> u32 { return workgroupUniformLoad(&counter) + a; }\n" +
		"@group(0) @binding(0) var<storage, read_write> o: array<u32>;\n" +
		"@compute @workgroup_size(1) fn main() { o[0] = f(); }\n")}
	opts := compiler.Options{Overrides: map[string]string{"3": "7"}}
	_, diags, err := compiler.DialectWGSL(src, opts, hostwgsl.Naga19)
	require.Error(t, err)
	require.Len(t, diags.Errors(), 1, "%v", diags)
	d := diags.Errors()[0]
	assert.Equal(t, "o.wgsl:2:53", d.Position().String())
	var sb strings.Builder
	d.Print(&sb)
	assert.Contains(t, sb.String(), "@id(3) override a: u32 = 4u; fn f()", "the source's line, not the host text's")
}

// TestDialectWGSLDiagnosticsInLegacy: a 2021-draft shader's host text is its migration;
// what a host's compiler cannot read in it is reported in the shader's own file, at the
// construct, with the shader's line under the caret.
func TestDialectWGSLDiagnosticsInLegacy(t *testing.T) {
	src := compiler.Source{Name: "legacy.wgsl", Text: []byte("// A 2021-draft shader.\n" +
		"[[block]] struct Out { [[offset(0)]] v: [[stride(4)]] array<f32>; };\n" +
		"[[group(0), binding(1)]] var<storage, read_write> o: Out;\n" +
		"[[group(0), binding(0)]] var depth: texture_depth_multisampled_2d;\n\n" +
		"[[stage(compute), workgroup_size(1)]]\n" +
		"fn main() {\n  o.v[0] = textureLoad(depth, vec2<i32>(0, 0), 0);\n}\n")}
	_, diags, err := compiler.DialectWGSL(src, compiler.Options{}, hostwgsl.Gogpu)
	require.Error(t, err)
	require.Len(t, diags.Errors(), 1, "%v", diags)
	d := diags.Errors()[0]
	assert.Equal(t, "legacy.wgsl:4:37", d.Position().String())
	assert.Contains(t, d.Message, "loads a texture_depth_multisampled_2d as integers")
	var sb strings.Builder
	d.Print(&sb)
	assert.Contains(t, sb.String(), "[[group(0), binding(0)]] var depth: texture_depth_multisampled_2d;\n"+
		"                                    ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~\n", "the shader's line, not its migration's")

	// With a value for an override, declared before: the text is the migration edited
	// (the override a const), and the diagnostic is still at the shader's construct.
	over := compiler.Source{Name: "legacy.wgsl", Text: []byte(strings.Replace(string(src.Text), "[[group(0), binding(0)]]",
		"[[constant_id(3)]] const k: u32 = 4u;\n[[group(0), binding(0)]]", 1))}
	_, diags, err = compiler.DialectWGSL(over, compiler.Options{Overrides: map[string]string{"3": "70000"}}, hostwgsl.Gogpu)
	require.Error(t, err)
	require.Len(t, diags.Errors(), 1, "%v", diags)
	assert.Equal(t, "legacy.wgsl:5:37", diags.Errors()[0].Position().String())

	// A compiler that reads it all gets the migration.
	w, diags, err := compiler.DialectWGSL(src, compiler.Options{}, hostwgsl.Modern)
	require.NoError(t, err, "%v", diags)
	assert.Contains(t, string(w.Text), "var depth: texture_depth_multisampled_2d;")
}
