package hostwgsl_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler"
	"github.com/wgslgo/wgslgo/compiler/bench"
	"github.com/wgslgo/wgslgo/compiler/hostwgsl"
	"github.com/wgslgo/wgslgo/compiler/sema"
	"github.com/wgslgo/wgslgo/compiler/syntax"
	"github.com/wgslgo/wgslgo/gen/wgsl"
)

func check(t testing.TB, src string) *sema.Program {
	t.Helper()
	prog, diags := compiler.Check(compiler.Source{Name: "s.wgsl", Text: []byte(src)}, compiler.Options{})
	require.NotNil(t, prog, "%v", diags)
	return prog
}

// print prints src for p, failing the test on errors, and checks that the text p's compiler
// gets (in the form wgslgo reads) checks.
func print(t *testing.T, src string, p *hostwgsl.Profile) string {
	t.Helper()
	prog := check(t, src)
	text, diags := hostwgsl.Print(prog, p)
	require.False(t, diags.HasErrors(), "%v", diags)
	checkable, diags := hostwgsl.Print(prog, p.Checkable())
	require.False(t, diags.HasErrors(), "%v", diags)
	check(t, string(checkable))
	return string(text)
}

// TestRewrites: each rewrite, for the profiles whose compiler needs it, and only for them.
// The programs compute what they did: TestDialectDiffExec and TestDialectCorpus (package
// compiler) run them.
func TestRewrites(t *testing.T) {
	for _, c := range []struct {
		name    string
		src     string
		profile *hostwgsl.Profile
		want    []string // in the output, spaces as printed
		notWant []string
	}{
		{"modern keeps the program", `const k = 2; fn f() -> i32 { const c = array(1, 2); let i = k; return c[i]; }`, hostwgsl.Modern,
			[]string{"const k = 2;", "const c = array(1, 2);", "return c[i];"}, nil},
		{"consts become their values", `const k = 2; fn f(x: u32) -> u32 { const c = 3; return x * k + c; }`, hostwgsl.Naga19,
			[]string{"return x * 2u + 3u;"}, []string{"const"}},
		{"case values typed as the selector", `fn f(x: u32) -> i32 { switch x { case 1 { return 1; } case 2, 3 { return 2; } default { return 0; } } }`, hostwgsl.Naga19,
			[]string{"case 1u: {", "case 2u, 3u: {"}, nil},
		{"inferring constructors get their type", `fn f(x: f32) -> vec2f { let m = mat2x2(x, 0.0, 0.0, x); return vec2(x, 1.0) * m; }`, hostwgsl.Gogpu,
			[]string{"mat2x2<f32>(x, 0.0f, 0.0f, x)", "vec2<f32>(x, 1.0f)"}, nil},
		{"a const array indexed at run time is a var", `fn f(i: u32) -> f32 { const pos = array(1.0, 2.0, 4.0); return pos[i] + pos[1]; }`, hostwgsl.Naga19,
			[]string{"var pos_1: array<f32, 3> = array<f32, 3>(1.0f, 2.0f, 4.0f);", "return pos_1[i] + 2.0f;"}, nil},
		{"a let indexed at run time is a var", `fn f(i: u32) -> f32 { let m = mat2x2f(1.0, 2.0, 3.0, 4.0); let v = vec2f(1.0); return m[i].x + v[i]; }`, hostwgsl.Naga19,
			[]string{"var m = mat2x2<f32>(", "let v = vec2<f32>("}, nil},
		{"a parameter indexed at run time is copied", `fn f(a: array<u32, 4>, i: u32) -> u32 { return a[i] + a[0]; }`, hostwgsl.Naga19,
			[]string{"var a_var = a;", "return a_var[i] + a_var[0i];"}, nil},
		{"naga 29 indexes values", `fn f(a: array<u32, 4>, i: u32) -> u32 { return a[i]; }`, hostwgsl.Naga29,
			[]string{"return a[i];"}, []string{"var"}},
		{"pointers dereferenced", `struct S { x: f32, a: array<f32, 2> } fn f(p: ptr<function, S>) -> f32 { return p.x + p.a[1]; }`, hostwgsl.Naga19,
			[]string{"return (*p).x + (*p).a[1i];"}, nil},
		{"compound assignments through pointer parameters", `fn f(p: ptr<function, u32>) { *p += 2u; (*p)--; }`, hostwgsl.Gogpu,
			[]string{"*p = *p + (2u);", "(*p) = (*p) - (1u);"}, []string{"+=", "--"}},
		{"immediates as push constants", "requires immediate_address_space;\nstruct P { x: f32 }\nvar<immediate> p: P;\n@fragment fn fs() -> @location(0) vec4f { return vec4f(p.x); }", hostwgsl.Naga19,
			[]string{"var<push_constant> p: P;"}, []string{"requires", "immediate"}},
		{"immediates without requires", "requires immediate_address_space;\nstruct P { x: f32 }\nvar<immediate> p: P;\n@fragment fn fs() -> @location(0) vec4f { return vec4f(p.x); }", hostwgsl.Naga29,
			[]string{"var<immediate> p: P;"}, []string{"requires"}},
		{"flat sampling", `struct V { @builtin(position) p: vec4f, @location(0) @interpolate(flat, either) i: u32 } @vertex fn vs() -> V { return V(vec4f(), 1u); }`, hostwgsl.Naga19,
			[]string{"@location(0) @interpolate(flat) i: u32"}, []string{"either"}},
		{"diagnostics dropped", "diagnostic(off, derivative_uniformity);\n@must_use fn f() -> i32 { const_assert 1 < 2; return 1; }", hostwgsl.Naga19,
			nil, []string{"diagnostic", "must_use", "const_assert"}},
		{"diagnostic attributes turn the rule off for the module", `@fragment fn fs(@location(0) x: f32) -> @location(0) vec4f { if x > 0.0 { @diagnostic(off, derivative_uniformity) { return vec4f(dpdx(x)); } } return vec4f(); }`, hostwgsl.Naga29,
			[]string{"diagnostic(off, derivative_uniformity);"}, []string{"@diagnostic"}},
		{"a return after a loop that returns", `fn f(x: u32) -> u32 { loop { if x > 2u { return x; } return 0u; } }`, hostwgsl.Naga29,
			[]string{"return u32();\n}"}, nil},
		{"no return after one that terminates", `fn f(x: u32) -> u32 { if x > 2u { return x; } else { return 0u; } }`, hostwgsl.Naga19,
			nil, []string{"u32()"}},
		{"dead code dropped", `fn f() -> u32 { return 1u; let x = 2u; }`, hostwgsl.Naga19,
			nil, []string{"let x"}},
		{"helpers for missing builtins", "requires packed_4x8_integer_dot_product;\nfn f(a: u32, b: f32) -> f32 { return f32(dot4U8Packed(a, a)) + quantizeToF16(b); }", hostwgsl.Naga19,
			[]string{"return f32(dot4U8Packed_1(a, a)) + quantizeToF16_1(b);", "fn dot4U8Packed_1(e1: u32, e2: u32) -> u32 {", "fn quantizeToF16_1(e: f32) -> f32 {"}, nil},
		{"all and any of components", `fn f(v: vec3<bool>) -> bool { return all(v) || any(v.xy); }`, hostwgsl.Gogpu,
			[]string{"return all_1(v) || any_1(v.xy);", "return v.x && v.y && v.z;", "return v.x || v.y;"}, nil},
		{"texture levels as i32, depth levels as f32", "@group(0) @binding(0) var t: texture_2d<f32>;\n@group(0) @binding(1) var d: texture_depth_2d;\n@group(0) @binding(2) var s: sampler;\nfn f(l: u32) -> vec4f { return textureLoad(t, vec2u(0u), l) + vec4f(textureSampleLevel(d, s, vec2f(), l)); }", hostwgsl.Naga19,
			[]string{"textureLoad(t, vec2<u32>(0u, 0u), i32(l))", "textureSampleLevel(d, s, vec2<f32>(0.0f, 0.0f), f32(l))"}, nil},
		{"lets of textures are the texture", "requires texture_and_sampler_let;\n@group(0) @binding(0) var t: texture_2d<f32>;\nfn f() -> vec4f { let u = t; return textureLoad(u, vec2u(), 0); }", hostwgsl.Naga29,
			[]string{"return textureLoad(t, vec2u(), 0);"}, []string{"let u"}},
		{"aliases written as the type", `struct S { a: A } alias A = vec2<i32>; fn f() -> A { return S().a; }`, hostwgsl.Naga19,
			[]string{"a: vec2<i32>,", "fn f() -> vec2<i32> {"}, []string{"alias"}},
		{"constructors named by an alias written as the type", `alias C = vec4f; fn f(x: vec4f) -> vec4f { return C(x) + C(); }`, hostwgsl.Naga19,
			[]string{"return vec4<f32>(x) + vec4<f32>(0.0f, 0.0f, 0.0f, 0.0f);"}, []string{"alias", "C("}},
		{"module vars get their type, function vars lose function", `var<private> p = 11i; fn f() -> i32 { var<function> x: i32 = p; return x; }`, hostwgsl.Naga19,
			[]string{"var<private> p: i32 = 11i;", "var x: i32 = p;"}, nil},
		{"attribute values as plain integers", `const g = 1u; @group(g) @binding(g + 1u) var<uniform> u: vec4f; @compute @workgroup_size(g * 8) fn main() { _ = u; }`, hostwgsl.Gogpu,
			[]string{"@group(1) @binding(2)", "@workgroup_size(8)"}, nil},
		{"private variables initialized in the entry points, function variables zeroed", "var<private> a = 7u;\nvar<private> b: vec2f;\nfn f() -> u32 { var x: u32; return a + x; }\n@compute @workgroup_size(1) fn main() { _ = f() + u32(b.x); }", hostwgsl.Gogpu,
			[]string{"var<private> a: u32;", "var x: u32 = u32();", "fn main() {\n  b = vec2<f32>();\n  a = 7u;"}, []string{"a: u32 = 7u"}},
		{"vector times matrix assignments", `fn f(m: mat2x2f) -> vec2f { var v = vec2f(1.0); v *= m; return v; }`, hostwgsl.Gogpu,
			[]string{"v = v * (m);"}, []string{"*="}},
		{"transposes of matrices that are not square", `fn f(m: mat2x3f) -> mat3x2f { return transpose(m); }`, hostwgsl.Gogpu,
			[]string{"return transpose_1(m);", "fn transpose_1(m: mat2x3<f32>) -> mat3x2<f32> {\n  return mat3x2<f32>(vec2<f32>(m[0][0], m[1][0]), vec2<f32>(m[0][1], m[1][1]), vec2<f32>(m[0][2], m[1][2]));"}, nil},
		{"override-expressions in templates parenthesised", `override n = 4u; var<workgroup> w: array<f32, n - 1u>; @compute @workgroup_size(1) fn main() { w[0] = 1.0; }`, hostwgsl.Naga19,
			[]string{"array<f32, (n - 1u)>", "override n = 4u;"}, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			text := print(t, c.src, c.profile)
			for _, w := range c.want {
				assert.Contains(t, text, w)
			}
			for _, w := range c.notWant {
				assert.NotContains(t, text, w)
			}
		})
	}
}

// TestRefusals: what a compiler cannot read in any words is an error at the construct, that
// names the compiler and says what to do.
func TestRefusals(t *testing.T) {
	for _, c := range []struct {
		src     string
		profile *hostwgsl.Profile
		want    string // line:col: message after the compiler's name
	}{
		{"enable f16;\n@group(0) @binding(0) var<storage> h: array<f16>;\n@compute @workgroup_size(1) fn main() { _ = h[0]; }", hostwgsl.Naga19,
			"1:8: has no enable-extension f16"},
		{"enable f16;\n@group(0) @binding(0) var<storage> h: array<f16>;\n@compute @workgroup_size(1) fn main() { _ = h[0]; }", hostwgsl.Gogpu,
			"2:39: has no f16: use f32"},
		{"@group(0) @binding(0) var t: texture_external;\n@fragment fn fs() -> @location(0) vec4f { return textureLoad(t, vec2u()); }", hostwgsl.Naga19,
			"1:30: has no texture_external: bind the video frame as a texture_2d<f32> and sample it with textureSampleLevel"},
		{"enable subgroups;\n@compute @workgroup_size(1) fn main() { _ = subgroupAdd(1u); }", hostwgsl.Naga19,
			"1:8: has no enable-extension subgroups"},
		{"@group(0) @binding(0) var<storage, read_write> b: array<u32>;\nfn f(p: ptr<storage, array<u32>, read_write>) { p[0] = 1u; }\n@compute @workgroup_size(1) fn main() { f(&b); }", hostwgsl.Naga29,
			"2:9: passes no pointer in the storage address space to a function (the unrestricted_pointer_parameters language feature): use the variable in the function, or pass the index into it"},
		{"@group(0) @binding(0) var t: texture_storage_2d<r32float, write>;\nfn f(s: texture_storage_2d<r32float, write>) { textureStore(s, vec2u(), vec4f()); }\n@compute @workgroup_size(1) fn main() { f(t); }", hostwgsl.Naga19,
			"2:9: passes no storage texture to a function: use the texture variable in the function"},
		{"@group(0) @binding(0) var<uniform> a: vec4f;\n@group(0) @binding(0) var<storage> b: vec4f;\n@fragment fn fs() -> @location(0) vec4f { return a; }\n@compute @workgroup_size(1) fn main() { _ = b; }", hostwgsl.Gogpu,
			"2:36: allows one variable at @group(0) @binding(0), where b and a (1:36) are: give one of them another binding, or put the entry points that use them in separate files"},
		{"var<workgroup> w: atomic<u32>;\n@compute @workgroup_size(1) fn main() { _ = workgroupUniformLoad(&w); }", hostwgsl.Naga19,
			"2:45: has no workgroupUniformLoad of an atomic: load it with atomicLoad between two workgroupBarrier calls"},
		{"@compute @workgroup_size(1) fn main() { textureBarrier(); }", hostwgsl.Naga19,
			"1:41: has no textureBarrier"},
		{"fn g() -> array<u32, 2> { return array(1u, 2u); }\nfn f(i: u32) -> u32 { return g()[i]; }", hostwgsl.Naga19,
			"2:30: indexes arrays and matrices only in memory or by constants: put the value in a var first (var v = ...; v[i])"},
		{"var<private> g: f32;\nfn f(p: ptr<private, f32>) { *p = 1.0; }\n@compute @workgroup_size(1) fn main() { f(&g); }", hostwgsl.Gogpu,
			"2:9: passes no pointer in the private address space to a function: use the variable in the function, or a function-scope copy"},
		{"@group(0) @binding(0) var<uniform> u: mat2x2f;\n@compute @workgroup_size(1) fn main() { _ = u; }", hostwgsl.Gogpu,
			"1:36: puts the columns of a matCx2<f32> in a uniform buffer 8 bytes apart, which Vulkan's uniform layout does not allow: use vec4 columns, or a storage buffer"},
		{"var<private> n: u32;\nfn bump() -> bool { n++; return true; }\n@compute @workgroup_size(1) fn main() { if n > 2u && bump() { n = 0u; } }", hostwgsl.Gogpu,
			"3:54: evaluates both operands of &&, and this one has effects: evaluate it in an if (if a { if b { ... } })"},
		{"@compute @workgroup_size(1) fn main() { var i = 0u; loop { i++; continuing { for (var j = 0u; j < 2u; j++) { i += j; } break if i > 4u; } } }", hostwgsl.Gogpu,
			"1:78: writes SPIR-V that does not validate for a loop inside a continuing block: move the loop to the end of the loop's body"},
		{"@group(0) @binding(0) var d: texture_depth_multisampled_2d;\n@compute @workgroup_size(1) fn main() { _ = textureLoad(d, vec2u(), 0); }", hostwgsl.Gogpu,
			"1:30: loads a texture_depth_multisampled_2d as integers (its SPIR-V does not validate): bind the depth as a texture_multisampled_2d<f32> of r32float"},
		{"enable clip_distances;\nstruct V { @builtin(position) p: vec4f, @builtin(clip_distances) c: array<f32, 1> }\n@vertex fn vs() -> V { return V(vec4f(), array(0.0)); }", hostwgsl.Naga29,
			""}, // naga 29 reads them
	} {
		t.Run(c.profile.Name, func(t *testing.T) {
			text, diags := hostwgsl.Print(check(t, c.src), c.profile)
			if c.want == "" {
				assert.False(t, diags.HasErrors(), "%v", diags)
				return
			}
			require.True(t, diags.HasErrors(), "printed:\n%s", text)
			assert.Nil(t, text)
			d := diags.Errors()[0]
			p := d.Position()
			assert.Equal(t, c.want, fmt.Sprintf("%d:%d: %s", p.Line, p.Column, strings.TrimPrefix(d.Message, c.profile.Compiler+" ")))
			assert.True(t, strings.HasPrefix(d.Message, c.profile.Compiler+" "), d.Message)
		})
	}
}

// TestLegacyRefused: the printer reads modern WGSL; a 2021-draft program is migrated first.
func TestLegacyRefused(t *testing.T) {
	prog, diags := compiler.Check(compiler.Source{Name: "s.wgsl", Text: []byte("[[stage(compute), workgroup_size(1)]] fn main() -> void {}")}, compiler.Options{})
	require.NotNil(t, prog, "%v", diags)
	_, diags = hostwgsl.Print(prog, hostwgsl.Naga19)
	assert.ErrorContains(t, diags, "migrate it to modern WGSL first")
}

// TestDeterministic: the same program prints the same bytes.
func TestDeterministic(t *testing.T) {
	src := bench.Particles().Text
	for _, p := range hostwgsl.Profiles() {
		first, _ := hostwgsl.Print(check(t, string(src)), p)
		for range 3 {
			again, _ := hostwgsl.Print(check(t, string(src)), p)
			assert.Equal(t, string(first), string(again), p.Name)
		}
	}
}

// TestDialectNames: the tables name the profiles as this package does.
func TestDialectNames(t *testing.T) {
	var names []string
	for _, p := range hostwgsl.Profiles() {
		names = append(names, p.Name)
		assert.Same(t, p, hostwgsl.Lookup(p.Name))
		for _, b := range p.Bindings {
			assert.Same(t, p, hostwgsl.Lookup(b.Name))
		}
	}
	assert.Equal(t, names, []string{string(wgsl.Modern), string(wgsl.Naga29), string(wgsl.Naga019), string(wgsl.Gogpu)})
	assert.Nil(t, hostwgsl.Lookup("vulkan"))
}

func BenchmarkPrint(b *testing.B) {
	for _, s := range bench.All() {
		prog := check(b, string(s.Text))
		for _, p := range hostwgsl.Profiles() {
			b.Run(s.Class+"/"+s.Name+"/"+p.Name, func(b *testing.B) {
				b.SetBytes(int64(len(s.Text)))
				b.ReportAllocs()
				for b.Loop() {
					if _, diags := hostwgsl.Print(prog, p); diags.HasErrors() {
						b.Fatal(diags)
					}
				}
			})
		}
	}
}

// FuzzPrint: any program that checks prints, for every profile, as errors at positions or as
// a text whose checkable form checks again; never a panic.
func FuzzPrint(f *testing.F) {
	files, err := filepath.Glob("testdata/*.wgsl")
	require.NoError(f, err)
	for _, name := range files {
		src, err := os.ReadFile(name)
		require.NoError(f, err)
		f.Add(string(src))
	}
	f.Fuzz(func(t *testing.T, src string) {
		prog, _ := compiler.Check(compiler.Source{Name: "f.wgsl", Text: []byte(src)}, compiler.Options{Dialect: syntax.DialectModern})
		if prog == nil {
			return
		}
		for _, p := range hostwgsl.Profiles() {
			if _, diags := hostwgsl.Print(prog, p); diags.HasErrors() {
				for _, d := range diags.Errors() {
					require.True(t, d.Span.IsValid() && d.Position().Line > 0, "%s: a refusal without a position: %s", p.Name, d.Message)
				}
				continue
			}
			text, diags := hostwgsl.Print(prog, p.Checkable())
			require.False(t, diags.HasErrors(), "%s prints, its checkable form does not: %v", p.Name, diags)
			again, diags := compiler.Check(compiler.Source{Name: "f.wgsl", Text: text}, compiler.Options{})
			require.NotNil(t, again, "%s: the printed text does not check: %v\n%s", p.Name, diags, text)
		}
	})
}
