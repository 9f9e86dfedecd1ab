package gen

import (
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler/reflect"
)

func TestGoName(t *testing.T) {
	for in, want := range map[string]string{
		"particle_data": "ParticleData", "viewProj": "ViewProj", "vec_3": "Vec_3", "a1_2": "A1_2",
		"_private": "Private", "x": "X", "blur-pass": "BlurPass", "01_intro": "X01Intro", "über": "Über",
		"名前": "X名前", "PI": "PI",
	} {
		assert.Equal(t, want, GoName(in), in)
	}
}

func TestPrefixedNames(t *testing.T) {
	for _, c := range []struct{ s, name, want string }{
		{"Particles", "damping", "ParticlesDamping"},
		{"Particles", "particles_max", "ParticlesMax"},
		{"Particles", "particles", "Particles"},
		{"Particles", "particlesX", "ParticlesX"},
		{"Particles", "particlesystem", "ParticlesParticlesystem"},
		{"Blur", "blur_2", "Blur_2"},
	} {
		assert.Equal(t, c.want, prefixed(c.s, c.name), "%s %s", c.s, c.name)
	}
	assert.Equal(t, "ParticlesShader", tableName("Particles"))
	assert.Equal(t, "Shader", tableName("Shader"))
	assert.Equal(t, "BlurShader", tableName("BlurShader"))
}

// wgslShaders compiles shaders given as name, source, name, source...; a source without an
// entry point gets one at its end.
func wgslShaders(t testing.TB, namesAndSources ...string) []Shader {
	var out []Shader
	for i := 0; i < len(namesAndSources); i += 2 {
		src := namesAndSources[i+1]
		if !strings.Contains(src, "@compute") && !strings.Contains(src, "@vertex") {
			src += "@compute @workgroup_size(1) fn entry() {}\n"
		}
		out = append(out, compileShader(t, namesAndSources[i], []byte(src), ""))
	}
	return out
}

func TestGenerateErrors(t *testing.T) {
	valid := func(t testing.TB) []Shader {
		return wgslShaders(t, "a.wgsl", "struct A { x: f32 }\n@group(0) @binding(0) var<storage, read_write> buf: A;\n@compute @workgroup_size(1) fn main() { buf.x = 1.0; }\n")
	}
	edit := func(f func(m *reflect.Module)) func(t testing.TB) []Shader {
		return func(t testing.TB) []Shader {
			sh := valid(t)
			m := *sh[0].Reflection
			f(&m)
			sh[0].Reflection = &m
			return sh
		}
	}
	for _, c := range []struct {
		name    string
		shaders func(t testing.TB) []Shader
		opts    Options
		want    []string
	}{
		{"package", valid, Options{Package: "my-pkg"}, []string{`"my-pkg" is not a valid Go package name`}},
		{"embed", valid, Options{Package: "p", Embed: "zip"}, []string{`unknown embed mode "zip"`}},
		{"no shaders", func(t testing.TB) []Shader { return nil }, Options{Package: "p"}, []string{"no shaders"}},
		{"struct clash", func(t testing.TB) []Shader {
			return wgslShaders(t,
				"a.wgsl", "struct Light { color: vec3<f32>, intensity: f32 }\n@group(0) @binding(0) var<uniform> l: Light;\n",
				"b.wgsl", "\nstruct Light { color: vec3<f32>, intensity: u32 }\n@group(0) @binding(0) var<uniform> l: Light;\n")
		}, Options{Package: "p"}, []string{"b.wgsl:2:8: struct Light is declared differently here and in a.wgsl:1:8 (member intensity is f32 there, u32 here): rename one of them in WGSL, or give each shader's structures its name as a prefix (wgslgen -prefix makes them ALight and BLight)"}},
		{"vertex input clash", func(t testing.TB) []Shader {
			return wgslShaders(t,
				"a.wgsl", "struct VertexInput { @location(0) pos: vec3f }\n@vertex fn vs(v: VertexInput) -> @builtin(position) vec4f { return vec4f(v.pos, 1.0); }\n",
				"b.wgsl", "struct VertexInput { @location(0) pos: vec3f, @location(1) uv: vec2f }\n@vertex fn vs(v: VertexInput) -> @builtin(position) vec4f { return vec4f(v.pos, v.uv.x); }\n")
		}, Options{Package: "p"}, []string{"b.wgsl:1:8: struct VertexInput is a vertex input declared differently here and in a.wgsl:1:8 (1 input there, 2 here): rename one of them in WGSL, or give each shader's structures its name as a prefix (wgslgen -prefix makes them AVertexInput and BVertexInput)"}},
		{"every Go name of a declaration in one message", func(t testing.TB) []Shader {
			return wgslShaders(t, "a.wgsl", "struct Foo { n: u32, items: array<f32> }\nstruct foo { n: u32, items: array<u32> }\n"+
				"@group(0) @binding(0) var<storage> x: Foo;\n@group(0) @binding(1) var<storage> y: foo;\n")
		}, Options{Package: "p"}, []string{"a.wgsl:2:8: struct foo of a.wgsl needs the Go names Foo, FooItemsOffset, FooItemsStride, FooSize, AppendFoo, DecodeFoo and ViewFoo, which struct Foo of a.wgsl (a.wgsl:1:8) has too: rename one of them in WGSL"}},
		{"Go name clash", func(t testing.TB) []Shader {
			return wgslShaders(t, "a.wgsl", "struct FooBar { z: u32 }\nstruct foo_bar { x: f32, y: FooBar }\n@group(0) @binding(0) var<storage> u: foo_bar;\n")
		}, Options{Package: "p"}, []string{"a.wgsl:2:8: struct foo_bar of a.wgsl needs the Go name FooBar, which struct FooBar of a.wgsl (a.wgsl:1:8) has too: rename one of them in WGSL"}},
		{"member clash", func(t testing.TB) []Shader {
			return wgslShaders(t, "a.wgsl", "struct S {\n  a_b: f32,\n  aB: f32,\n}\n@group(0) @binding(0) var<uniform> u: S;\n")
		}, Options{Package: "p"}, []string{"a.wgsl:3:3: struct S: member a_b and member aB both need the Go name AB: rename one of them in WGSL"}},
		{"every clash at once", func(t testing.TB) []Shader {
			return wgslShaders(t, "grid.wgsl", `struct S { a_b: f32, aB: f32 }
struct Grid { n: u32, cells: array<f32> }
const size: u32 = 4;
@group(0) @binding(0) var<uniform> u: S;
@group(0) @binding(1) var<storage> g_g: Grid;
@group(0) @binding(2) var<storage> gG: Grid;
`)
		}, Options{Package: "p"}, []string{
			"grid.wgsl:1:22: struct S: member a_b and member aB both need the Go name AB",
			"grid.wgsl:3:7: const size of grid.wgsl needs the Go name GridSize, which struct Grid of grid.wgsl (grid.wgsl:2:8) has too",
			"grid.wgsl:6:36: the table of grid.wgsl: binding g_g and binding gG both need the Go name GG",
		}},
		{"const clashes with a runtime-sized helper", func(t testing.TB) []Shader {
			return wgslShaders(t, "grid.wgsl", "struct Grid { n: u32, cells: array<f32> }\nconst size: u32 = 4;\n@group(0) @binding(0) var<storage> g: Grid;\n")
		}, Options{Package: "p"}, []string{"grid.wgsl:2:7: const size of grid.wgsl needs the Go name GridSize, which struct Grid of grid.wgsl (grid.wgsl:1:8) has too"}},
		{"shader name clash", func(t testing.TB) []Shader {
			a := valid(t)[0]
			b := a
			b.Name = "A.wgsl"
			return []Shader{a, b}
		}, Options{Package: "p"}, []string{"A.wgsl: a.wgsl and A.wgsl both have the Go name A: rename one of the files"}},
		{"unembeddable name", func(t testing.TB) []Shader {
			sh := valid(t)
			sh[0].Name = "a[1].wgsl"
			return sh
		}, Options{Package: "p"}, []string{"//go:embed cannot name a[1].spv"}},
		{"no SPIR-V", func(t testing.TB) []Shader {
			sh := valid(t)
			sh[0].SPIRV = nil
			return sh
		}, Options{Package: "p"}, []string{"a.wgsl: no SPIR-V for its entry points"}},
		{"path as name", func(t testing.TB) []Shader {
			sh := valid(t)
			sh[0].Name = "dir/a.wgsl"
			return sh
		}, Options{Package: "p"}, []string{"is not a base name"}},
		{"vertex input in memory with another layout", func(t testing.TB) []Shader {
			return wgslShaders(t, "v.wgsl", `enable f16;
struct P { @location(0) a: f16, @location(1) b: f16 }
@group(0) @binding(0) var<storage> ps: array<P>;
@vertex fn vs(p: P) -> @builtin(position) vec4f { return vec4f(f32(p.a + p.b + ps[0].a)); }
`)
		}, Options{Package: "p"}, []string{"v.wgsl:2:8: struct P is a vertex input of vs and in a buffer (v.wgsl:2:8), and the vertex buffer cannot have its memory layout: the stride 8 is not its size 4; declare a separate structure for the vertex input"}},
		{"unknown binding layout", edit(func(m *reflect.Module) {
			m.Bindings = append([]reflect.Binding(nil), m.Bindings...)
			m.Bindings[0].Buffer = &reflect.BufferLayout{Type: "storage-ish"}
		}), Options{Package: "p"}, []string{`a.wgsl:2:48: binding buf: unknown buffer binding type "storage-ish"`}},
		{"matrix stride", edit(func(m *reflect.Module) {
			m.Structs = []reflect.Struct{{Name: "A", Size: 32, Align: 16, Members: []reflect.Member{{Name: "x", Offset: 0, Size: 32, Align: 8,
				Type: reflect.Type{Kind: reflect.KindMatrix, WGSL: "mat2x3<f32>", Scalar: "f32", Columns: 2, Rows: 3, Stride: 12}}}}}
		}), Options{Package: "p"}, []string{"a.wgsl:1:8: struct A, member x: mat2x3<f32>: the column stride 12 is not that of wgsl.Mat2x3f, 16"}},
		{"matrix stride too wide", edit(func(m *reflect.Module) {
			m.Structs = []reflect.Struct{{Name: "A", Size: 64, Align: 16, Members: []reflect.Member{{Name: "x", Offset: 0, Size: 64, Align: 16,
				Type: reflect.Type{Kind: reflect.KindMatrix, WGSL: "mat2x3<f32>", Scalar: "f32", Columns: 2, Rows: 3, Stride: 32}}}}}
		}), Options{Package: "p"}, []string{"a.wgsl:1:8: struct A, member x: mat2x3<f32>: the column stride 32 is not that of wgsl.Mat2x3f, 16"}},
		{"runtime-sized without a runtime-sized member", edit(func(m *reflect.Module) {
			m.Structs = []reflect.Struct{{Name: "A", Size: 4, Align: 4, RuntimeSized: true, Members: []reflect.Member{
				{Name: "x", Offset: 0, Size: 4, Align: 4, Type: reflect.Type{Kind: reflect.KindScalar, WGSL: "u32", Scalar: "u32", Size: 4, Align: 4}}}}}
		}), Options{Package: "p"}, []string{"a.wgsl:1:8: struct A: runtime-sized is true, but its last member says otherwise"}},
		// Layouts the rules allow with explicit offsets and strides (the 2021 draft's) but Go
		// cannot reproduce: each would give Go code whose offset guards fail to compile.
		{"misaligned member", edit(func(m *reflect.Module) {
			m.Structs = []reflect.Struct{{Name: "A", Size: 12, Align: 4, Members: []reflect.Member{
				{Name: "x", Offset: 0, Size: 4, Align: 4, Type: reflect.Type{Kind: reflect.KindScalar, WGSL: "u32", Scalar: "u32", Size: 4, Align: 4}},
				{Name: "y", Offset: 6, Size: 4, Align: 2, Type: reflect.Type{Kind: reflect.KindScalar, WGSL: "f32", Scalar: "f32", Size: 4, Align: 4}}}}}
		}), Options{Package: "p"}, []string{"a.wgsl:1:8: struct A, member y: offset 6 and size 4 do not fit a f32 after offset 4"}},
		{"misaligned runtime-sized member", edit(func(m *reflect.Module) {
			f32 := reflect.Type{Kind: reflect.KindScalar, WGSL: "f32", Scalar: "f32", Size: 4, Align: 4}
			m.Structs = []reflect.Struct{{Name: "A", Size: 8, Align: 4, RuntimeSized: true, Members: []reflect.Member{
				{Name: "x", Offset: 0, Size: 4, Align: 4, Type: reflect.Type{Kind: reflect.KindScalar, WGSL: "u32", Scalar: "u32", Size: 4, Align: 4}},
				{Name: "y", Offset: 6, Size: 0, Align: 2, Type: reflect.Type{Kind: reflect.KindArray, WGSL: "array<f32>", Element: &f32, Stride: 4}}}}}
		}), Options{Package: "p"}, []string{"a.wgsl:1:8: struct A, member y: offset 6 overlaps the members before it or is misaligned"}},
		{"size not a multiple of the Go alignment", edit(func(m *reflect.Module) {
			m.Structs = []reflect.Struct{{Name: "A", Size: 6, Align: 2, Members: []reflect.Member{
				{Name: "x", Offset: 0, Size: 4, Align: 4, Type: reflect.Type{Kind: reflect.KindScalar, WGSL: "u32", Scalar: "u32", Size: 4, Align: 4}}}}}
		}), Options{Package: "p"}, []string{"a.wgsl:1:8: struct A: size 6 cannot hold its members (4 bytes) with Go alignment 4"}},
		{"misaligned stride", edit(func(m *reflect.Module) {
			f32 := reflect.Type{Kind: reflect.KindScalar, WGSL: "f32", Scalar: "f32", Size: 4, Align: 4}
			m.Structs = []reflect.Struct{{Name: "A", Size: 24, Align: 4, Members: []reflect.Member{
				{Name: "a", Offset: 0, Size: 24, Align: 4, Type: reflect.Type{Kind: reflect.KindArray, WGSL: "@stride(6) array<f32, 4>", Element: &f32, Count: 4, Stride: 6}}}}}
		}), Options{Package: "p"}, []string{"stride 6 cannot hold elements of 4 bytes"}},
		{"float workgroup size", edit(func(m *reflect.Module) {
			def := reflect.Float(1, 32)
			m.Overrides = []reflect.Override{{Name: "w", Key: "w", Type: reflect.Type{Kind: reflect.KindScalar, WGSL: "f32", Scalar: "f32"}, Default: &def}}
			m.EntryPoints = []reflect.EntryPoint{{Name: "main", Stage: reflect.StageCompute,
				WorkgroupSize: []reflect.WorkgroupDim{{Override: "w"}, {Value: 1}, {Value: 1}}}}
		}), Options{Package: "p"}, []string{`entry point main: the workgroup size uses "w", which is not an integer override`, "override w: no declaration in the WGSL text"}},
		{"fragment subgroup size", edit(func(m *reflect.Module) {
			m.EntryPoints = []reflect.EntryPoint{{Name: "main", Stage: reflect.StageFragment, SubgroupSize: &reflect.WorkgroupDim{Value: 16}}}
		}), Options{Package: "p"}, []string{"entry point main: a fragment entry point has no subgroup size"}},
		{"binding number shared by entry points of one stage, without names", func(t testing.TB) []Shader {
			sh := wgslShaders(t, "s.wgsl", `@group(0) @binding(0) var<storage, read_write> a: array<u32>;
@group(0) @binding(0) var<storage, read_write> b: array<f32>;
@compute @workgroup_size(1) fn fa() { a[0] = 1u; }
@compute @workgroup_size(1) fn fb() { b[0] = 1.0; }
`)
			// A reflection that names no variables (an older one): the stage cannot tell.
			m := *sh[0].Reflection
			m.EntryPoints = slices.Clone(m.EntryPoints)
			for i := range m.EntryPoints {
				m.EntryPoints[i].Bindings = slices.Clone(m.EntryPoints[i].Bindings)
				for j := range m.EntryPoints[i].Bindings {
					m.EntryPoints[i].Bindings[j].Name = ""
				}
			}
			sh[0].Reflection = &m
			return sh
		}, Options{Package: "p"}, []string{
			"s.wgsl:3:32: entry point fa uses @group(0) @binding(0), where a (s.wgsl:1:48) and b (s.wgsl:2:48) are declared and used by compute entry points: the generated table cannot tell which one fa uses; give them different @binding numbers, or declare them in separate files",
			"s.wgsl:4:32: entry point fb uses @group(0) @binding(0), where a (s.wgsl:1:48) and b (s.wgsl:2:48)",
		}},
		{"workgroup size method clash", func(t testing.TB) []Shader {
			return wgslShaders(t, "c.wgsl", "override w: u32 = 8;\noverride main_workgroup_size: u32 = 8;\n@compute @workgroup_size(w) fn main() { _ = main_workgroup_size; }\n")
		}, Options{Package: "p"}, []string{"c.wgsl:3:32: the overrides type of c.wgsl: override main_workgroup_size and the workgroup size of entry point main both need the Go name MainWorkgroupSize: rename one of them in WGSL"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := Generate(c.shaders(t), c.opts)
			require.Error(t, err)
			for _, want := range c.want {
				assert.Contains(t, err.Error(), want)
			}
			assert.Equal(t, len(c.want), strings.Count(err.Error(), "\n")+1, "one line per problem:\n%v", err)
		})
	}
}

// TestDeterministic generates every case twice: the bytes never differ.
func TestDeterministic(t *testing.T) {
	for _, c := range genCases {
		a, b := generateCase(t, c), generateCase(t, c)
		assert.Equal(t, a, b, c.name)
	}
}

func TestGeneratedFileImports(t *testing.T) {
	g := NewGeneratedFile("p", Header)
	g.Import(embedPackage)
	g.P("var _ = ", GoImportPath("example.com/x/rand").Ident("A"), " + ", GoImportPath("math/rand").Ident("B"))
	g.P("var _ = ", mathPackage.Ident("Pi"), ", ", GoIdent{GoName: "Local"})
	g.P("const Local = 1")
	src, err := g.Content()
	require.NoError(t, err)
	assert.Equal(t, `// Code generated by wgslgen. DO NOT EDIT.

package p

import (
	_ "embed"
	"math"
	rand2 "math/rand"

	"example.com/x/rand"
)

var _ = rand.A + rand2.B
var _ = math.Pi, Local

const Local = 1
`, string(src))
}

// TestTableReservedNames: an entry point or binding named like a field or method of
// wgsl.Shader, which the table type embeds, gets a Go name with an underscore, so that the
// promoted one still works (a table's WorkgroupSize, Dialect, BindingsOf...).
func TestTableReservedNames(t *testing.T) {
	sh := wgslShaders(t, "names.wgsl", `@group(0) @binding(0) var<storage, read_write> dialect: array<u32>;
@compute @workgroup_size(1) fn workgroupSize() { dialect[0] = 1u; }
@compute @workgroup_size(1) fn bindingsOf() { dialect[1] = 1u; }
`)
	out, err := Generate(sh, Options{Package: "names"})
	require.NoError(t, err)
	for _, want := range []string{"func (t *NamesTable) WorkgroupSize_() *wgsl.EntryPoint", "func (t *NamesTable) BindingsOf_() *wgsl.EntryPoint",
		"func (t *NamesTable) Dialect_() *wgsl.Binding"} {
		assert.Contains(t, string(out.Go), want)
	}
}
