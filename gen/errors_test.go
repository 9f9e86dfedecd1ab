package gen

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler/constant"
	"github.com/wgslgo/wgslgo/compiler/layout"
	"github.com/wgslgo/wgslgo/compiler/reflect"
	"github.com/wgslgo/wgslgo/compiler/types"
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

func TestGenerateErrors(t *testing.T) {
	one := func(t testing.TB, name string, s *types.Struct, extra func(*moduleBuilder)) Shader {
		b := newModule(t, name, layout.Options{}).buffer(0, 0, "buf", types.AddrStorage, types.ReadWrite, s)
		if extra != nil {
			extra(b)
		}
		return shader(name, b.module())
	}
	valid := one(t, "a.wgsl", st("A", mem("x", f32)), nil)
	for _, c := range []struct {
		name    string
		shaders func(t testing.TB) []Shader
		opts    Options
		want    string
	}{
		{"package", func(t testing.TB) []Shader { return []Shader{valid} }, Options{Package: "my-pkg"}, `"my-pkg" is not a valid Go package name`},
		{"embed", func(t testing.TB) []Shader { return []Shader{valid} }, Options{Package: "p", Embed: "zip"}, `unknown embed mode "zip"`},
		{"no shaders", func(t testing.TB) []Shader { return nil }, Options{Package: "p"}, "no shaders"},
		{"struct clash", func(t testing.TB) []Shader {
			return []Shader{
				one(t, "a.wgsl", st("Light", mem("color", vec(3, f32)), mem("intensity", f32)), nil),
				one(t, "b.wgsl", st("Light", mem("color", vec(3, f32)), mem("intensity", u32)), nil),
			}
		}, Options{Package: "p"}, "b.wgsl: struct Light is declared differently here and in a.wgsl (member 1 is intensity: f32 at offset 12 there, intensity: u32 at offset 12 here): rename one of them in WGSL, or generate the shaders into separate packages"},
		{"Go name clash", func(t testing.TB) []Shader {
			return []Shader{one(t, "a.wgsl", st("foo_bar", mem("x", f32), mem("y", st("FooBar", mem("z", u32)))), nil)}
		}, Options{Package: "p"}, "struct FooBar (a.wgsl) and struct foo_bar (a.wgsl) both need the Go name FooBar: rename one of them in WGSL"},
		{"member clash", func(t testing.TB) []Shader {
			return []Shader{one(t, "a.wgsl", st("S", mem("a_b", f32), mem("aB", f32)), nil)}
		}, Options{Package: "p"}, "struct S: member a_b and member aB both need the Go name AB: rename one of them in WGSL"},
		{"shader prefix clash", func(t testing.TB) []Shader {
			return []Shader{valid, {Name: "A.wgsl", SPIRV: valid.SPIRV, Reflection: &reflect.Module{}}}
		}, Options{Package: "p"}, "a.wgsl and A.wgsl both need the Go prefix A"},
		{"const clashes with a runtime-sized helper", func(t testing.TB) []Shader {
			return []Shader{one(t, "grid.wgsl", st("Grid", mem("n", u32), mem("cells", rtarr(f32))), func(b *moduleBuilder) {
				b.constant("size", constant.MakeU32(4))
			})}
		}, Options{Package: "p"}, "struct Grid (grid.wgsl) and const size of grid.wgsl both need the Go name GridSize"},
		{"unembeddable name", func(t testing.TB) []Shader {
			return []Shader{{Name: "a[1].wgsl", SPIRV: valid.SPIRV, Reflection: valid.Reflection}}
		}, Options{Package: "p"}, "//go:embed cannot name a[1].spv"},
		{"no SPIR-V", func(t testing.TB) []Shader {
			s := one(t, "a.wgsl", st("A", mem("x", f32)), func(b *moduleBuilder) {
				b.entry(reflect.EntryPoint{Name: "main", Stage: reflect.StageFragment})
			})
			s.SPIRV = nil
			return []Shader{s}
		}, Options{Package: "p"}, "a.wgsl: no SPIR-V for its entry points"},
		{"path as name", func(t testing.TB) []Shader {
			return []Shader{{Name: "dir/a.wgsl", SPIRV: valid.SPIRV, Reflection: valid.Reflection}}
		}, Options{Package: "p"}, "is not a base name"},
		{"inconsistent reflection", func(t testing.TB) []Shader {
			m := *valid.Reflection
			m.Structs = append([]reflect.Struct(nil), m.Structs...)
			m.Structs[0].Size = 8
			return []Shader{{Name: "a.wgsl", SPIRV: valid.SPIRV, Reflection: &m}}
		}, Options{Package: "p"}, "struct A: the reflection does not match the layout rules: size 8, align 4, runtime-sized false; the rules give 4, 4, false"},
		{"unknown type", func(t testing.TB) []Shader {
			m := *valid.Reflection
			m.Structs = []reflect.Struct{{Name: "A", Size: 4, Align: 4, Members: []reflect.Member{{Name: "x", Type: "float", Size: 4, Align: 4}}}}
			return []Shader{{Name: "a.wgsl", SPIRV: valid.SPIRV, Reflection: &m}}
		}, Options{Package: "p"}, `struct A, member x: cannot read the type "float": unknown type "float"`},
		{"bool vertex input", func(t testing.TB) []Shader {
			m := &reflect.Module{EntryPoints: []reflect.EntryPoint{{Name: "vs", Stage: reflect.StageVertex,
				VertexInputs: []reflect.IOVar{{Location: 0, Type: "vec2<bool>", Name: "b"}}}}}
			return []Shader{{Name: "v.wgsl", SPIRV: valid.SPIRV, Reflection: m}}
		}, Options{Package: "p"}, "entry point vs: input b has type vec2<bool>, which no vertex format holds"},
		{"workgroup size method clash", func(t testing.TB) []Shader {
			def := reflect.Uint(8)
			m := &reflect.Module{
				Overrides: []reflect.Override{{Name: "w", Type: "u32", Default: &def}, {Name: "main_workgroup_size", Type: "u32", ID: 1, Default: &def}},
				EntryPoints: []reflect.EntryPoint{{Name: "main", Stage: reflect.StageCompute,
					WorkgroupSize: []reflect.WorkgroupDim{{Override: "w"}, {Value: 1}, {Value: 1}}}}}
			return []Shader{{Name: "c.wgsl", SPIRV: valid.SPIRV, Reflection: m}}
		}, Options{Package: "p"}, "the overrides type of c.wgsl: override main_workgroup_size and the workgroup size of entry point main both need the Go name MainWorkgroupSize: rename one of them in WGSL"},
		{"float workgroup size", func(t testing.TB) []Shader {
			def := reflect.Float(1, 32)
			m := &reflect.Module{
				Overrides: []reflect.Override{{Name: "w", Type: "f32", Default: &def}},
				EntryPoints: []reflect.EntryPoint{{Name: "main", Stage: reflect.StageCompute,
					WorkgroupSize: []reflect.WorkgroupDim{{Override: "w"}, {Value: 1}, {Value: 1}}}}}
			return []Shader{{Name: "c.wgsl", SPIRV: valid.SPIRV, Reflection: m}}
		}, Options{Package: "p"}, `the workgroup size uses "w", which is not an integer override`},
		{"float subgroup size", func(t testing.TB) []Shader {
			def := reflect.Float(16, 32)
			m := &reflect.Module{
				Overrides: []reflect.Override{{Name: "s", Type: "f32", Default: &def}},
				EntryPoints: []reflect.EntryPoint{{Name: "main", Stage: reflect.StageCompute,
					WorkgroupSize: []reflect.WorkgroupDim{{Value: 64}, {Value: 1}, {Value: 1}}, SubgroupSize: &reflect.WorkgroupDim{Override: "s"}}}}
			return []Shader{{Name: "c.wgsl", SPIRV: valid.SPIRV, Reflection: m}}
		}, Options{Package: "p"}, `entry point main: the subgroup size uses "s", which is not an integer override`},
		{"subgroup size method clash", func(t testing.TB) []Shader {
			def := reflect.Uint(16)
			m := &reflect.Module{
				Overrides: []reflect.Override{{Name: "s", Type: "u32", Default: &def}, {Name: "main_subgroup_size", Type: "u32", ID: 1, Default: &def}},
				EntryPoints: []reflect.EntryPoint{{Name: "main", Stage: reflect.StageCompute,
					WorkgroupSize: []reflect.WorkgroupDim{{Value: 64}, {Value: 1}, {Value: 1}}, SubgroupSize: &reflect.WorkgroupDim{Override: "s"}}}}
			return []Shader{{Name: "c.wgsl", SPIRV: valid.SPIRV, Reflection: m}}
		}, Options{Package: "p"}, "the overrides type of c.wgsl: override main_subgroup_size and the subgroup size of entry point main both need the Go name MainSubgroupSize: rename one of them in WGSL"},
		{"subgroup size constant clash", func(t testing.TB) []Shader {
			m := &reflect.Module{
				Constants: []reflect.Constant{{Name: "main_subgroup_size", Type: "u32", Value: reflect.Uint(4)}},
				EntryPoints: []reflect.EntryPoint{{Name: "main", Stage: reflect.StageCompute,
					WorkgroupSize: []reflect.WorkgroupDim{{Value: 64}, {Value: 1}, {Value: 1}}, SubgroupSize: &reflect.WorkgroupDim{Value: 16}}}}
			return []Shader{{Name: "c.wgsl", SPIRV: valid.SPIRV, Reflection: m}}
		}, Options{Package: "p"}, "entry point main of c.wgsl and const main_subgroup_size of c.wgsl both need the Go name CMainSubgroupSize"},
		{"fragment subgroup size", func(t testing.TB) []Shader {
			m := &reflect.Module{EntryPoints: []reflect.EntryPoint{{Name: "fs", Stage: reflect.StageFragment,
				SubgroupSize: &reflect.WorkgroupDim{Value: 16}}}}
			return []Shader{{Name: "f.wgsl", SPIRV: valid.SPIRV, Reflection: m}}
		}, Options{Package: "p"}, "entry point fs: a fragment entry point has no subgroup size"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := Generate(c.shaders(t), c.opts)
			require.Error(t, err)
			assert.Contains(t, err.Error(), c.want)
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
