package reflect

import (
	"flag"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler/constant"
	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/compiler/layout"
	"github.com/wgslgo/wgslgo/compiler/sema"
	"github.com/wgslgo/wgslgo/compiler/syntax"
	"github.com/wgslgo/wgslgo/compiler/types"
	goldenpkg "github.com/wgslgo/wgslgo/internal/golden"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

func mem(name string, t types.Type, opts ...func(*types.Member)) *types.Member {
	m := &types.Member{Name: name, Type: t, Offset: -1, IO: types.NoIO}
	for _, o := range opts {
		o(m)
	}
	return m
}

func st(name string, members ...*types.Member) *types.Struct {
	return &types.Struct{Name: name, Members: members}
}

// checkWGSL parses and checks a WGSL module.
func checkWGSL(t testing.TB, name, src string) *sema.Program {
	t.Helper()
	ast, diags := syntax.Parse(diag.NewFile(name, []byte(src)), syntax.Options{})
	require.False(t, diags.HasErrors(), "%v", diags)
	prog, diags := sema.Check(ast, sema.Options{})
	require.False(t, diags.HasErrors(), "%v", diags)
	return prog
}

// fromWGSL is the model of a WGSL module.
func fromWGSL(t testing.TB, name, src string) *Module {
	t.Helper()
	m, err := FromProgram(checkWGSL(t, name, src), name, nil)
	require.NoError(t, err)
	return m
}

// particlesWGSL has a structure of each layout trap, every kind of binding, entry points of
// each stage, overrides with and without @id, constants and immediate data.
const particlesWGSL = `enable f16;
requires immediate_address_space;
struct Light { color: vec3<f16>, @size(10) intensity: f16 }
struct SimParams { dt: f32, gravity: vec3<f32>, lights: array<Light, 2>, model: mat3x3<f32> }
struct Particle { pos: vec3<f32>, mass: f32, vel: vec3<f32> }
struct Particles { count: atomic<u32>, items: array<Particle> }
struct Push { scale: f32, offset: vec2f }
@group(1) @binding(2) var out: texture_storage_2d<rgba8unorm, write>;
@group(0) @binding(0) var<uniform> params: SimParams;
@group(0) @binding(1) var<storage, read_write> particles: Particles;
@group(1) @binding(0) var tex: texture_2d<f32>;
@group(1) @binding(1) var samp: sampler;
var<immediate> push: Push;
override BLOCK: u32 = 64;
@id(7) override scale: f32;
const PI = 3.14159265358979;
const UP: vec3<f32> = vec3(0, 1, 0);
const HALF: f16 = 0.1h;
@compute @workgroup_size(BLOCK, 2) fn step(@builtin(global_invocation_id) id: vec3u) {
  let p = particles.items[id.x];
  atomicAdd(&particles.count, u32(p.mass * params.dt * scale));
  textureStore(out, vec2i(id.xy), vec4f(push.scale));
}
struct VsOut { @builtin(position) pos: vec4f, @location(0) uv: vec2f }
@vertex fn vs(@location(1) uv: vec2<f32>, @location(0) pos: vec4<f32>) -> VsOut {
  return VsOut(pos * params.model[0].x, uv + push.offset);
}
@fragment fn fs(in: VsOut) -> @location(0) vec4<f32> { return textureSample(tex, samp, in.uv); }
`

func particles(t *testing.T) *Module { return fromWGSL(t, "particles.wgsl", particlesWGSL) }

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		require.NoError(t, os.WriteFile(path, got, 0o644))
	}
	if goldenpkg.Off() {
		return
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "run go test -update to create it")
	assert.Equal(t, string(want), string(got))
}

func TestGolden(t *testing.T) {
	data, err := Marshal(particles(t))
	require.NoError(t, err)
	golden(t, "particles.golden", data)
}

// TestDeterministic: the same model gives the same bytes, whatever the order of the lists
// with a natural key, and Marshal leaves the model alone.
func TestDeterministic(t *testing.T) {
	m := particles(t)
	a, err := Marshal(m)
	require.NoError(t, err)
	for i := 0; i < 10; i++ {
		b, err := Marshal(particles(t))
		require.NoError(t, err)
		require.Equal(t, string(a), string(b))
	}
	shuffled := particles(t)
	bs := shuffled.Bindings
	bs[0], bs[1], bs[2], bs[3], bs[4] = bs[4], bs[2], bs[0], bs[1], bs[3]
	refs := shuffled.EntryPoints[0].Bindings
	refs[0], refs[1] = refs[1], refs[0]
	c, err := Marshal(shuffled)
	require.NoError(t, err)
	assert.Equal(t, string(a), string(c))
	assert.Equal(t, "tex", shuffled.Bindings[1].Name, "the caller's order is untouched")
}

// TestRoundTrip: what Unmarshal reads, Marshal writes back byte for byte.
func TestRoundTrip(t *testing.T) {
	a, err := Marshal(particles(t))
	require.NoError(t, err)
	m, err := Unmarshal(a)
	require.NoError(t, err)
	b, err := Marshal(m)
	require.NoError(t, err)
	assert.Equal(t, string(a), string(b))
	assert.Equal(t, WorkgroupDim{Override: "BLOCK"}, m.EntryPoints[0].WorkgroupSize[0])
	assert.Equal(t, "0.1", m.Constants[2].Value.String())
	assert.Equal(t, *particles(t), *m)
}

func TestEmptyModule(t *testing.T) {
	data, err := Marshal(&Module{Source: "empty.wgsl"})
	require.NoError(t, err)
	assert.Equal(t, `{
  "version": 2,
  "source": "empty.wgsl",
  "structs": [],
  "bindings": [],
  "immediates": [],
  "entryPoints": [],
  "overrides": [],
  "constants": []
}
`, string(data))
}

func TestUnmarshalVersion(t *testing.T) {
	_, err := Unmarshal([]byte(`{"version": 1, "source": "x.wgsl"}`))
	assert.EqualError(t, err, "reflect: model version 1, this reader knows version 2")
	_, err = Unmarshal([]byte(`{"source": "x.wgsl"}`))
	assert.EqualError(t, err, "reflect: no version: not a reflection model")
	m, err := Unmarshal([]byte(`{"version": 2, "source": "x.wgsl", "future": true}`))
	require.NoError(t, err)
	assert.Equal(t, "x.wgsl", m.Source)
}

func TestWorkgroupDim(t *testing.T) {
	data, err := Marshal(&Module{EntryPoints: []EntryPoint{{Name: "main", Stage: StageCompute,
		WorkgroupSize: []WorkgroupDim{{Value: 8}, {Override: "H"}, {Expr: "D * 2", Overrides: []string{"D"}}}}}})
	require.NoError(t, err)
	assert.Contains(t, string(data), `"workgroupSize": [
        8,
        {
          "override": "H"
        },
        {
          "expr": "D * 2",
          "overrides": [
            "D"
          ]
        }
      ],`)
	var d WorkgroupDim
	assert.EqualError(t, d.UnmarshalJSON([]byte(`{"override": "A", "expr": "A"}`)),
		"reflect: a workgroup or subgroup size needs exactly one of override and expr")
	require.NoError(t, d.UnmarshalJSON([]byte(`{"expr": "A + B", "overrides": ["A", "B"]}`)))
	assert.Equal(t, WorkgroupDim{Expr: "A + B", Overrides: []string{"A", "B"}}, d)
}

// A subgroup size is written like a workgroup size dimension, after the workgroup size, and
// only when the entry point has one.
func TestSubgroupSize(t *testing.T) {
	m := &Module{EntryPoints: []EntryPoint{
		{Name: "fixed", Stage: StageCompute, WorkgroupSize: []WorkgroupDim{{Value: 64}, {Value: 1}, {Value: 1}},
			SubgroupSize: &WorkgroupDim{Value: 32}},
		{Name: "named", Stage: StageCompute, WorkgroupSize: []WorkgroupDim{{Value: 64}, {Value: 1}, {Value: 1}},
			SubgroupSize: &WorkgroupDim{Override: "sg"}},
		{Name: "computed", Stage: StageCompute, WorkgroupSize: []WorkgroupDim{{Value: 64}, {Value: 1}, {Value: 1}},
			SubgroupSize: &WorkgroupDim{Expr: "sg * 2u", Overrides: []string{"sg"}}},
		{Name: "none", Stage: StageCompute, WorkgroupSize: []WorkgroupDim{{Value: 64}, {Value: 1}, {Value: 1}}},
	}}
	data, err := Marshal(m)
	require.NoError(t, err)
	for _, want := range []string{`"subgroupSize": 32,`, `"subgroupSize": {
        "override": "sg"
      },`, `"subgroupSize": {
        "expr": "sg * 2u",
        "overrides": [
          "sg"
        ]
      },`} {
		assert.Contains(t, string(data), `        1
      ],
      `+want)
	}
	assert.Equal(t, 3, strings.Count(string(data), `"subgroupSize"`), "absent when the entry point has none")
	back, err := Unmarshal(data)
	require.NoError(t, err)
	m.Version = Version
	for i := range m.EntryPoints {
		m.EntryPoints[i].Bindings = []BindingRef{}
	}
	m.Structs, m.Bindings, m.Immediates, m.Overrides, m.Constants = []Struct{}, []Binding{}, []Immediate{}, []Override{}, []Constant{}
	assert.Equal(t, m, back)
	again, err := Marshal(back)
	require.NoError(t, err)
	assert.Equal(t, string(data), string(again))
}

func TestValues(t *testing.T) {
	tests := []struct {
		v    Value
		want string
	}{
		{Bool(true), "true"},
		{Int(-2147483648), "-2147483648"},
		{Uint(4294967295), "4294967295"},
		{Int(math.MaxInt64), "9223372036854775807"},
		{Float(float64(float32(0.1)), 32), "0.1"},
		{Float(float64(float32(1e20)), 32), "1e+20"},
		{Float(float64(float32(100)), 32), "100"},
		{Float(0.1, 64), "0.1"},
		{Float(constant.RoundF16(0.1), 16), "0.1"},
		{Float(constant.RoundF16(100), 16), "100"},
		{Float(65504, 16), "65500"},
		{Float(constant.RoundF16(1.0/3), 16), "0.3333"},
		{Float(0x1p-24, 16), "6e-08"},
		{Float(math.Copysign(0, -1), 32), "-0"},
		{Vector(Float(1, 32), Float(-0.5, 32)), "[1,-0.5]"},
		{Vector(Vector(Int(1), Int(2)), Vector(Int(3), Int(4))), "[[1,2],[3,4]]"},
	}
	for _, tt := range tests {
		data, err := tt.v.MarshalJSON()
		require.NoError(t, err)
		assert.Equal(t, tt.want, string(data))
	}
	for _, bad := range []Value{Float(math.NaN(), 32), Float(math.Inf(1), 64), Vector(Int(1), Float(math.Inf(-1), 16)), Vector(Value{})} {
		_, err := bad.MarshalJSON()
		assert.Error(t, err)
		_, err = Marshal(&Module{Constants: []Constant{{Name: "x", Value: bad}}})
		assert.Error(t, err)
	}
	assert.True(t, Value{}.IsZero())
	data, err := Value{}.MarshalJSON()
	require.NoError(t, err)
	assert.Equal(t, "null", string(data))
}

func TestValueOf(t *testing.T) {
	tests := []struct {
		c    constant.Value
		want string
	}{
		{constant.MakeBool(false), "false"},
		{constant.MakeI32(-7), "-7"},
		{constant.MakeU32(4000000000), "4000000000"},
		{constant.MakeAbstractInt(-1 << 62), "-4611686018427387904"},
		{constant.MakeF32(1.5), "1.5"},
		{constant.MakeF32(0.3), "0.3"},
		{constant.MakeF16(0.3), "0.3"}, // 0.2998046875, the f16 nearest 0.3
		{constant.MakeAbstractFloat(0.3), "0.3"},
		{constant.MakeComposite(types.Vec(2, types.I32), []constant.Value{constant.MakeI32(1), constant.MakeI32(-1)}), "[1,-1]"},
		{constant.MakeComposite(types.Mat(2, 2, types.F32), []constant.Value{
			constant.MakeComposite(types.Vec(2, types.F32), []constant.Value{constant.MakeF32(1), constant.MakeF32(0)}),
			constant.MakeComposite(types.Vec(2, types.F32), []constant.Value{constant.MakeF32(0), constant.MakeF32(1)}),
		}), "[[1,0],[0,1]]"},
	}
	for _, tt := range tests {
		v, err := ValueOf(tt.c)
		require.NoError(t, err, "%s", tt.want)
		assert.Equal(t, tt.want, v.String())
	}
	_, err := ValueOf(constant.Value{})
	assert.Error(t, err)
	_, err = ValueOf(constant.Zero(st("S", mem("x", types.F32))))
	assert.EqualError(t, err, "reflect: constants of type S have no JSON value")
}

// TestStructsFrom: every host-shareable structure once, each after the ones it contains.
func TestStructsFrom(t *testing.T) {
	d := st("D", mem("x", types.F32))
	a := st("A", mem("d", d), mem("v", types.Vec(3, types.F32)))
	c := st("C", mem("m", types.Mat(2, 3, types.F16)))
	b := st("B", mem("a", a), mem("cs", &types.Array{Elem: &types.Array{Elem: c, Count: 2}, Count: 3}), mem("a2", a))
	private := st("P", mem("flag", types.Bool), mem("d", d)) // not host-shareable
	l := layout.New(layout.Options{})

	got := StructsFrom(l, []types.Type{&types.Array{Elem: a}, b, private, types.F32, d})
	names := []string{}
	for _, s := range got {
		names = append(names, s.Name)
	}
	assert.Equal(t, []string{"D", "A", "C", "B"}, names)

	typeA := Type{Kind: KindStruct, WGSL: "A", Struct: "A", Size: 32, Align: 16}
	typeC := Type{Kind: KindStruct, WGSL: "C", Struct: "C", Size: 16, Align: 8}
	inner := Type{Kind: KindArray, WGSL: "array<C, 2>", Element: &typeC, Count: 2, Stride: 16, Size: 32, Align: 8}
	assert.Equal(t, Struct{Name: "B", Size: 160, Align: 16, Members: []Member{
		{Name: "a", Type: typeA, Offset: 0, Size: 32, Align: 16},
		{Name: "cs", Type: Type{Kind: KindArray, WGSL: "array<array<C, 2>, 3>", Element: &inner, Count: 3, Stride: 32, Size: 96, Align: 8},
			Offset: 32, Size: 96, Align: 8},
		{Name: "a2", Type: typeA, Offset: 128, Size: 32, Align: 16},
	}}, got[3])
	assert.Equal(t, Struct{Name: "C", Size: 16, Align: 8, Members: []Member{
		{Name: "m", Type: Type{Kind: KindMatrix, WGSL: "mat2x3<f16>", Scalar: "f16", Columns: 2, Rows: 3, Stride: 8, Size: 16, Align: 8},
			Offset: 0, Size: 16, Align: 8},
	}}, got[2])
	assert.Empty(t, StructsFrom(l, nil))
}

func TestBindingOf(t *testing.T) {
	l := layout.New(layout.Options{})
	rt := st("R", mem("n", types.U32), mem("data", &types.Array{Elem: types.Vec(4, types.F32)}))
	tex := func(k types.TextureKind, d types.TextureDim, s *types.Scalar) *types.Texture {
		return &types.Texture{Kind: k, Dim: d, Sampled: s}
	}
	handle := func(wgsl string) Type {
		if strings.HasPrefix(wgsl, "sampler") {
			return Type{Kind: KindSampler, WGSL: wgsl}
		}
		return Type{Kind: KindTexture, WGSL: wgsl}
	}
	sampled, depth := HandleUse{WithSampler: true}, HandleUse{WithDepthTexture: true}
	tests := []struct {
		space  types.AddressSpace
		access types.Access
		t      types.Type
		use    HandleUse
		want   Binding
	}{
		{types.AddrUniform, types.Read, types.Vec(3, types.F32), HandleUse{}, Binding{
			Type:   Type{Kind: KindVector, WGSL: "vec3<f32>", Scalar: "f32", Components: 3, Size: 12, Align: 16},
			Buffer: &BufferLayout{Type: "uniform", MinBindingSize: 12}}},
		{types.AddrStorage, types.AccessNone, rt, HandleUse{}, Binding{
			Type:   Type{Kind: KindStruct, WGSL: "R", Struct: "R", Size: 16, Align: 16},
			Buffer: &BufferLayout{Type: "read-only-storage", MinBindingSize: 32}}},
		{types.AddrStorage, types.ReadWrite, &types.Array{Elem: types.U32}, HandleUse{}, Binding{
			Type: Type{Kind: KindArray, WGSL: "array<u32>", Align: 4, Stride: 4,
				Element: &Type{Kind: KindScalar, WGSL: "u32", Scalar: "u32", Size: 4, Align: 4}},
			Buffer: &BufferLayout{Type: "storage", MinBindingSize: 4}}},
		{types.AddrStorage, types.ReadWrite, &types.Buffer{}, HandleUse{}, Binding{
			Type:   Type{Kind: KindBuffer, WGSL: "buffer"},
			Buffer: &BufferLayout{Type: "storage"}}},
		{types.AddrHandle, 0, types.SamplerType, HandleUse{}, Binding{Type: handle("sampler"),
			Sampler: &SamplerLayout{Type: "filtering"}}},
		{types.AddrHandle, 0, types.SamplerType, depth, Binding{Type: handle("sampler"),
			Sampler: &SamplerLayout{Type: "non-filtering"}}},
		{types.AddrHandle, 0, types.ComparisonSamplerType, depth, Binding{Type: handle("sampler_comparison"),
			Sampler: &SamplerLayout{Type: "comparison"}}},
		{types.AddrHandle, 0, tex(types.TexSampled, types.Dim2D, types.F32), sampled, Binding{Type: handle("texture_2d<f32>"),
			Texture: &TextureLayout{SampleType: "float", ViewDimension: "2d"}}},
		{types.AddrHandle, 0, tex(types.TexSampled, types.Dim3D, types.F32), HandleUse{}, Binding{Type: handle("texture_3d<f32>"),
			Texture: &TextureLayout{SampleType: "unfilterable-float", ViewDimension: "3d"}}},
		{types.AddrHandle, 0, tex(types.TexSampled, types.DimCubeArray, types.I32), sampled, Binding{Type: handle("texture_cube_array<i32>"),
			Texture: &TextureLayout{SampleType: "sint", ViewDimension: "cube-array"}}},
		{types.AddrHandle, 0, tex(types.TexMultisampled, types.Dim2D, types.U32), HandleUse{}, Binding{Type: handle("texture_multisampled_2d<u32>"),
			Texture: &TextureLayout{SampleType: "uint", ViewDimension: "2d", Multisampled: true}}},
		{types.AddrHandle, 0, tex(types.TexMultisampled, types.Dim2D, types.F32), HandleUse{}, Binding{Type: handle("texture_multisampled_2d<f32>"),
			Texture: &TextureLayout{SampleType: "unfilterable-float", ViewDimension: "2d", Multisampled: true}}},
		{types.AddrHandle, 0, tex(types.TexDepth, types.Dim2DArray, nil), sampled, Binding{Type: handle("texture_depth_2d_array"),
			Texture: &TextureLayout{SampleType: "depth", ViewDimension: "2d-array"}}},
		{types.AddrHandle, 0, tex(types.TexDepthMultisampled, types.Dim2D, nil), HandleUse{}, Binding{Type: handle("texture_depth_multisampled_2d"),
			Texture: &TextureLayout{SampleType: "depth", ViewDimension: "2d", Multisampled: true}}},
		{types.AddrHandle, 0, &types.Texture{Kind: types.TexStorage, Dim: types.Dim3D, Format: types.R32float, Access: types.ReadWrite}, HandleUse{},
			Binding{Type: handle("texture_storage_3d<r32float, read_write>"),
				StorageTexture: &StorageTextureLayout{Access: "read-write", Format: "r32float", ViewDimension: "3d"}}},
		{types.AddrHandle, 0, &types.Texture{Kind: types.TexStorage, Dim: types.Dim2D, Format: types.Rgba8unorm, Access: types.Write}, HandleUse{},
			Binding{Type: handle("texture_storage_2d<rgba8unorm, write>"),
				StorageTexture: &StorageTextureLayout{Access: "write-only", Format: "rgba8unorm", ViewDimension: "2d"}}},
		{types.AddrHandle, 0, &types.Texture{Kind: types.TexExternal}, sampled, Binding{Type: handle("texture_external"),
			ExternalTexture: &ExternalTextureLayout{}}},
	}
	for _, tt := range tests {
		got, ok := BindingOf(l, 2, 3, "v", tt.space, tt.access, tt.t, tt.use)
		require.True(t, ok, "%s", tt.t)
		tt.want.Group, tt.want.Binding, tt.want.Name, tt.want.Visibility = 2, 3, "v", []Stage{}
		assert.Equal(t, tt.want, got, "%s", tt.t)
	}
	_, ok := BindingOf(l, 0, 0, "p", types.AddrPrivate, types.ReadWrite, types.F32, HandleUse{})
	assert.False(t, ok)
}

// TestStageLists: the shared list of each set of stage bits lists the stages of stageOrder
// whose bits are set, in that order.
func TestStageLists(t *testing.T) {
	for set := range len(stageLists) {
		var want []Stage
		for i, s := range stageOrder {
			if set&(1<<i) != 0 {
				want = append(want, s)
			}
		}
		assert.Equal(t, want, stageLists[set], "set %03b", set)
	}
}
