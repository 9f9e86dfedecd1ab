package gen

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler"
	"github.com/wgslgo/wgslgo/compiler/constant"
	"github.com/wgslgo/wgslgo/compiler/layout"
	"github.com/wgslgo/wgslgo/compiler/reflect"
	"github.com/wgslgo/wgslgo/compiler/types"
)

var (
	f32 = types.F32
	f16 = types.F16
	i32 = types.I32
	u32 = types.U32
)

// genCase is a set of shaders generated into one package.
type genCase struct {
	name    string
	embed   EmbedMode
	shaders func(t testing.TB) []Shader
}

func shader(name string, m *reflect.Module) Shader {
	return Shader{Name: name, SPIRV: minimalSPIRV("main"), Reflection: m}
}

// genCases cover every shape of the Go side of the layout rules, each binding kind, overrides,
// constants and vertex inputs.
var genCases = []genCase{
	{name: "particles", shaders: func(t testing.TB) []Shader { return []Shader{shader("particles.wgsl", particlesModule(t))} }},
	{name: "matrices", shaders: matrices},
	{name: "arrays", shaders: arrays},
	{name: "halfs", shaders: halfs},
	{name: "nested", shaders: nested},
	{name: "legacy", shaders: legacy},
	{name: "resources", shaders: resources},
	{name: "overrides", embed: EmbedInline, shaders: overrides},
	{name: "constants", shaders: constants},
	{name: "vertex", shaders: vertex},
	{name: "shared", shaders: shared},
	{name: "traps", shaders: func(t testing.TB) []Shader { return []Shader{wgslShader(t, "testdata/traps.wgsl")} }},
	{name: "subgroups", shaders: func(t testing.TB) []Shader { return []Shader{wgslShader(t, "testdata/subgroups.wgsl")} }},
}

// wgslShader compiles a WGSL file's reflection with the compiler; the SPIR-V is a stand-in
// until the compiler has a backend.
func wgslShader(t testing.TB, path string) Shader {
	src, err := os.ReadFile(path)
	require.NoError(t, err)
	m, diags, err := compiler.Reflect(compiler.Source{Name: filepath.Base(path), Text: src}, compiler.Options{})
	require.NoError(t, err, "%v", diags)
	return Shader{Name: filepath.Base(path), SPIRV: minimalSPIRV("main"), Reflection: m}
}

// particlesModule is examples/particles/particles.wgsl:
//
//	struct SimParams { gravity: vec3<f32>, dt: f32, bounds: mat3x3<f32>, count: u32 }
//	struct Particle { position: vec3<f32>, mass: f32, velocity: vec3<f32>, age: f32 }
//	struct Particles { alive: atomic<u32>, items: array<Particle> }
//	override workgroup_width: u32 = 64;
//	const damping = 0.98;
//	@group(0) @binding(0) var<uniform> params: SimParams;
//	@group(0) @binding(1) var<storage, read_write> particles: Particles;
//	@compute @workgroup_size(workgroup_width) fn step(...) { ... }
func particlesModule(t testing.TB) *reflect.Module {
	params := st("SimParams", mem("gravity", vec(3, f32)), mem("dt", f32), mem("bounds", mat(3, 3, f32)), mem("count", u32))
	particle := st("Particle", mem("position", vec(3, f32)), mem("mass", f32), mem("velocity", vec(3, f32)), mem("age", f32))
	parts := st("Particles", mem("alive", atomic(u32)), mem("items", rtarr(particle)))
	def := reflect.Uint(64)
	return newModule(t, "particles.wgsl", layout.Options{}).
		buffer(0, 0, "params", types.AddrUniform, types.Read, params).
		buffer(0, 1, "particles", types.AddrStorage, types.ReadWrite, parts).
		entry(reflect.EntryPoint{Name: "step", Stage: reflect.StageCompute,
			WorkgroupSize: []reflect.WorkgroupDim{{Override: "workgroup_width"}, {Value: 1}, {Value: 1}},
			Bindings:      []reflect.BindingRef{{Group: 0, Binding: 0}, {Group: 0, Binding: 1}}}).
		override(reflect.Override{Name: "workgroup_width", Type: "u32", ID: 0, Default: &def}).
		constant("damping", constant.MakeAbstractFloat(0.98)).
		module()
}

// matrices has every matrix shape: matCx3 with padded columns, matCx2 in a uniform buffer, f16.
func matrices(t testing.TB) []Shader {
	var ms []*types.Member
	for c := 2; c <= 4; c++ {
		for r := 2; r <= 4; r++ {
			ms = append(ms, mem("m"+string(rune('0'+c))+"x"+string(rune('0'+r)), mat(c, r, f32)))
		}
	}
	var hs []*types.Member
	for c := 2; c <= 4; c++ {
		for r := 2; r <= 4; r++ {
			hs = append(hs, mem("h"+string(rune('0'+c))+"x"+string(rune('0'+r)), mat(c, r, f16)), mem("after"+string(rune('0'+c))+string(rune('0'+r)), f16))
		}
	}
	uni := st("Uniforms", mem("model", mat(4, 4, f32)), mem("normal", mat(3, 3, f32)), mem("uv", mat(2, 2, f32)),
		mem("skew", mat(4, 2, f32)), mem("tail", f32))
	m := newModule(t, "matrices.wgsl", layout.Options{}).
		buffer(0, 0, "u", types.AddrUniform, types.Read, uni).
		buffer(0, 1, "all", types.AddrStorage, types.ReadWrite, st("AllF32", ms...)).
		buffer(0, 2, "halfs", types.AddrStorage, types.Read, st("AllF16", hs...)).
		buffer(0, 3, "list", types.AddrStorage, types.Read, arr(mat(2, 3, f32), 3)).
		module()
	return []Shader{shader("matrices.wgsl", m)}
}

// arrays has arrays whose stride exceeds the element (vec3), tight arrays, nested arrays and
// arrays of matrices and structures.
func arrays(t testing.TB) []Shader {
	item := st("Item", mem("id", u32), mem("dir", vec(3, f32)))
	s := st("Arrays",
		mem("points", arr(vec(3, f32), 4)),
		mem("ids", arr(vec(3, u32), 2)),
		mem("offsets", arr(vec(3, i32), 2)),
		mem("weights", arr(f32, 5)),
		mem("pairs", arr(vec(2, f32), 3)),
		mem("grid", arr(arr(vec(3, f32), 2), 3)),
		mem("cube", arr(arr(arr(u32, 2), 2), 2)),
		mem("rotations", arr(mat(3, 3, f32), 2)),
		mem("items", arr(item, 2)),
		mem("last", f32))
	uni := st("Lights", mem("colors", arr(vec(4, f32), 4)), mem("dirs", arr(vec(3, f32), 4)), mem("n", u32))
	m := newModule(t, "arrays.wgsl", layout.Options{}).
		buffer(0, 0, "data", types.AddrStorage, types.ReadWrite, s).
		buffer(0, 1, "lights", types.AddrUniform, types.Read, uni).
		buffer(0, 2, "points", types.AddrStorage, types.Read, rtarr(vec(3, f32))).
		buffer(0, 3, "scalars", types.AddrStorage, types.ReadWrite, rtarr(f32)).
		buffer(0, 4, "counts", types.AddrStorage, types.ReadWrite, st("Counts", mem("values", rtarr(u32)))).
		module()
	return []Shader{shader("arrays.wgsl", m)}
}

// halfs has f16 in every shape: scalars, vec2/3/4 (vec3<f16> is 6 bytes aligned to 8),
// matrices, arrays of f16 (stride 2) and of vec3<f16> (stride 8), a runtime-sized array.
func halfs(t testing.TB) []Shader {
	s := st("Halfs",
		mem("a", f16),
		mem("v2", vec(2, f16)),
		mem("v3", vec(3, f16)),
		mem("b", f16),
		mem("v4", vec(4, f16)),
		mem("m", mat(3, 3, f16)),
		mem("m2", mat(2, 2, f16)),
		mem("list", arr(f16, 5)),
		mem("v3s", arr(vec(3, f16), 3)),
		mem("v2s", arr(vec(2, f16), 2)),
		mem("c", f16))
	rt := st("HalfList", mem("count", u32), mem("scale", f16), mem("values", rtarr(f16)))
	m := newModule(t, "halfs.wgsl", layout.Options{}).
		buffer(0, 0, "h", types.AddrStorage, types.ReadWrite, s).
		buffer(0, 1, "list", types.AddrStorage, types.ReadWrite, rt).
		module()
	return []Shader{shader("halfs.wgsl", m)}
}

// nested has structures in structures, @align and @size gaps, a runtime-sized array of
// structures whose offset is below the structure's size, and members whose Go names clash
// with the generated methods.
func nested(t testing.TB) []Shader {
	inner := st("Inner", mem("a", f32), mem("b", vec(2, f32)))
	outer := st("Outer",
		mem("x", f32, size(32)),
		mem("inner", inner, align(16)),
		mem("y", u32),
		mem("z", vec(4, f32), align(64)),
		mem("bytes", u32),
		mem("encode", u32),
		mem("tail", vec(3, f32), size(32)))
	node := st("Node", mem("value", vec(3, f32)), mem("next", i32))
	tree := st("Tree", mem("root", inner), mem("count", u32), mem("nodes", rtarr(node)))
	small := st("Small", mem("big", vec(4, f32)), mem("n", u32), mem("rest", rtarr(u32)))
	m := newModule(t, "nested.wgsl", layout.Options{}).
		buffer(0, 0, "outer", types.AddrUniform, types.Read, outer).
		buffer(0, 1, "tree", types.AddrStorage, types.ReadWrite, tree).
		buffer(0, 2, "small", types.AddrStorage, types.ReadWrite, small).
		module()
	return []Shader{shader("nested.wgsl", m)}
}

// legacy has the 2021 draft's explicit offsets and strides: arrays whose elements need
// Strided, members placed with gaps.
func legacy(t testing.TB) []Shader {
	s := st("Legacy",
		mem("scale", f32, at(0)),
		mem("weights", strided(f32, 4, 16), at(16)),
		mem("dirs", strided(vec(3, f32), 2, 32), at(80)),
		mem("pairs", strided(vec(2, f32), 2, 16), at(144)),
		mem("count", u32, at(180)))
	m := newModule(t, "legacy.wgsl", layout.Options{}).
		buffer(0, 0, "u", types.AddrUniform, types.Read, s).
		module()
	return []Shader{shader("legacy.wgsl", m)}
}

// resources has a binding of every kind, and buffers whose store type is not a structure.
func resources(t testing.TB) []Shader {
	tex := func(k types.TextureKind, d types.TextureDim, s *types.Scalar) *types.Texture {
		return &types.Texture{Kind: k, Dim: d, Sampled: s}
	}
	m := newModule(t, "resources.wgsl", layout.Options{}).
		buffer(0, 0, "time", types.AddrUniform, types.Read, f32).
		buffer(0, 1, "color", types.AddrUniform, types.Read, vec(4, f32)).
		buffer(0, 2, "counter", types.AddrStorage, types.ReadWrite, atomic(u32)).
		buffer(0, 3, "table", types.AddrStorage, types.Read, arr(vec(4, u32), 8)).
		handle(1, 0, "samp", types.SamplerType).
		handle(1, 1, "shadow_samp", types.ComparisonSamplerType).
		handle(1, 2, "albedo", tex(types.TexSampled, types.Dim2D, f32)).
		handle(1, 3, "ids", tex(types.TexSampled, types.Dim2DArray, u32)).
		handle(1, 4, "msaa", tex(types.TexMultisampled, types.Dim2D, i32)).
		handle(1, 5, "depth", tex(types.TexDepth, types.DimCube, nil)).
		handle(1, 6, "depth_ms", tex(types.TexDepthMultisampled, types.Dim2D, nil)).
		handle(1, 7, "out", &types.Texture{Kind: types.TexStorage, Dim: types.Dim3D, Format: types.Rgba16float, Access: types.ReadWrite}).
		handle(1, 8, "video", &types.Texture{Kind: types.TexExternal}).
		entry(reflect.EntryPoint{Name: "main", Stage: reflect.StageCompute,
			WorkgroupSize: []reflect.WorkgroupDim{{Value: 8}, {Value: 8}, {Value: 1}},
			Bindings:      []reflect.BindingRef{{Group: 0, Binding: 0}, {Group: 1, Binding: 7}}}).
		module()
	return []Shader{shader("resources.wgsl", m)}
}

// overrides has overrides of every type, with and without defaults and @id, with defaults
// that are override-expressions (tile, strength: flag SpecIds), and workgroup sizes that use
// them.
func overrides(t testing.TB) []Shader {
	ptr := func(v reflect.Value) *reflect.Value { return &v }
	half, _ := reflect.ValueOf(constant.MakeF16(0.1))
	m := newModule(t, "blur-pass.wgsl", layout.Options{}).
		override(reflect.Override{Name: "enabled", Type: "bool", ID: 0, Default: ptr(reflect.Bool(true))}).
		override(reflect.Override{Name: "offset", Type: "i32", ID: 1, Default: ptr(reflect.Int(-3))}).
		override(reflect.Override{Name: "block_size", Type: "u32", ID: 2, Default: ptr(reflect.Uint(64))}).
		override(reflect.Override{Name: "gain", Type: "f32", ID: 10, Default: ptr(reflect.Float(1.5, 32))}).
		override(reflect.Override{Name: "bias", Type: "f16", ID: 11, Default: &half}).
		override(reflect.Override{Name: "rows", Type: "i32", ID: 12, Required: true}).
		override(reflect.Override{Name: "scale", Type: "f32", ID: 3, Required: true}).
		override(reflect.Override{Name: "tile", Type: "u32", ID: 4, FlagID: 1<<16 + 4}).
		override(reflect.Override{Name: "strength", Type: "f32", ID: 5, FlagID: 1<<16 + 5}).
		entry(reflect.EntryPoint{Name: "blur", Stage: reflect.StageCompute,
			WorkgroupSize: []reflect.WorkgroupDim{{Override: "block_size"}, {Override: "rows"}, {Value: 1}}}).
		entry(reflect.EntryPoint{Name: "reduce", Stage: reflect.StageCompute,
			WorkgroupSize: []reflect.WorkgroupDim{{Expr: "block_size * 2u", Overrides: []string{"block_size"}}, {Value: 1}, {Value: 1}}}).
		entry(reflect.EntryPoint{Name: "tiles", Stage: reflect.StageCompute,
			WorkgroupSize: []reflect.WorkgroupDim{{Override: "tile"}, {Value: 1}, {Value: 1}}}).
		module()
	return []Shader{shader("blur-pass.wgsl", m)}
}

// constants has module-scope constants of every scalar type and of vector and matrix types.
func constants(t testing.TB) []Shader {
	comp := func(ty types.Type, elems ...constant.Value) constant.Value { return constant.MakeComposite(ty, elems) }
	m := newModule(t, "consts.wgsl", layout.Options{}).
		constant("PI", constant.MakeAbstractFloat(3.14159265358979)).
		constant("ONE", constant.MakeAbstractFloat(1)).
		constant("BIG", constant.MakeAbstractInt(1<<40)).
		constant("min_i32", constant.MakeI32(-2147483648)).
		constant("max_u32", constant.MakeU32(4294967295)).
		constant("third", constant.MakeF32(1.0/3)).
		constant("tiny", constant.MakeF32(1e-30)).
		constant("half", constant.MakeF16(0.1)).
		constant("debug", constant.MakeBool(false)).
		constant("up", comp(vec(3, f32), f32s(0, 1, 0)...)).
		constant("mask", comp(vec(4, u32), constant.MakeU32(1), constant.MakeU32(2), constant.MakeU32(4), constant.MakeU32(8))).
		constant("origin", comp(vec(2, types.AbstractFloat), constant.MakeAbstractFloat(0.5), constant.MakeAbstractFloat(-2))).
		constant("hv", comp(vec(2, f16), constant.MakeF16(1), constant.MakeF16(-0.5))).
		constant("flags", comp(vec(3, types.Bool), constant.MakeBool(true), constant.MakeBool(false), constant.MakeBool(true))).
		constant("basis", comp(mat(2, 3, f32), comp(vec(3, f32), f32s(1, 0, 0)...), comp(vec(3, f32), f32s(0, 1, 0)...))).
		module()
	return []Shader{shader("consts.wgsl", m)}
}

// vertex has a vertex entry point with inputs that need padding (a vec2<f16> after an f16)
// and a fragment entry point.
func vertex(t testing.TB) []Shader {
	camera := st("Camera", mem("view_proj", mat(4, 4, f32)), mem("position", vec(3, f32)), mem("time", f32))
	m := newModule(t, "mesh.wgsl", layout.Options{}).
		buffer(0, 0, "camera", types.AddrUniform, types.Read, camera).
		handle(0, 1, "tex", &types.Texture{Kind: types.TexSampled, Dim: types.Dim2D, Sampled: f32}).
		handle(0, 2, "samp", types.SamplerType).
		entry(reflect.EntryPoint{Name: "vs_main", Stage: reflect.StageVertex,
			Bindings: []reflect.BindingRef{{Group: 0, Binding: 0}},
			VertexInputs: []reflect.IOVar{
				{Location: 1, Type: "vec3<f32>", Name: "normal"},
				{Location: 0, Type: "vec3<f32>", Name: "position"},
				{Location: 2, Type: "vec2<f32>", Name: "uv"},
				{Location: 3, Type: "f16", Name: "weight"},
				{Location: 4, Type: "vec2<f16>", Name: "extra"},
				{Location: 5, Type: "u32", Name: "material"},
				{Location: 6, Type: "vec4<i32>", Name: "bones"},
				{Location: 7, Type: "f16", Name: "last"},
			}}).
		entry(reflect.EntryPoint{Name: "fs_main", Stage: reflect.StageFragment,
			Bindings:        []reflect.BindingRef{{Group: 0, Binding: 1}, {Group: 0, Binding: 2}},
			FragmentOutputs: []reflect.IOVar{{Location: 0, Type: "vec4<f32>"}}}).
		module()
	return []Shader{shader("mesh.wgsl", m)}
}

// shared is two shaders in one package that declare the same structures.
func shared(t testing.TB) []Shader {
	mk := func() (*types.Struct, *types.Struct) {
		light := st("Light", mem("color", vec(3, f32)), mem("intensity", f32))
		return light, st("Scene", mem("lights", arr(light, 4)), mem("count", u32))
	}
	_, sceneA := mk()
	lightB, sceneB := mk()
	a := newModule(t, "shade.wgsl", layout.Options{}).
		buffer(0, 0, "scene", types.AddrUniform, types.Read, sceneA).
		entry(reflect.EntryPoint{Name: "main", Stage: reflect.StageFragment, Bindings: []reflect.BindingRef{{Group: 0, Binding: 0}}}).
		module()
	b := newModule(t, "cull.wgsl", layout.Options{}).
		buffer(0, 0, "scene", types.AddrStorage, types.Read, sceneB).
		buffer(0, 1, "visible", types.AddrStorage, types.ReadWrite, rtarr(lightB)).
		entry(reflect.EntryPoint{Name: "main", Stage: reflect.StageCompute,
			WorkgroupSize: []reflect.WorkgroupDim{{Value: 64}, {Value: 1}, {Value: 1}}}).
		module()
	return []Shader{shader("shade.wgsl", a), shader("cull.wgsl", b)}
}
