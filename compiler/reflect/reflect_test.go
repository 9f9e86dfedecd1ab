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
	"github.com/wgslgo/wgslgo/compiler/types"
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

func intp(i int) *int { return &i }

// particles hand-builds the model the checker will build for this module:
//
//	enable f16;
//	struct Light { color: vec3<f16>, @size(10) intensity: f16 }
//	struct SimParams { dt: f32, gravity: vec3<f32>, lights: array<Light, 2>, model: mat3x3<f32> }
//	struct Particle { pos: vec3<f32>, mass: f32, vel: vec3<f32> }
//	struct Particles { count: atomic<u32>, items: array<Particle> }
//	@group(0) @binding(0) var<uniform> params: SimParams;
//	@group(0) @binding(1) var<storage, read_write> particles: Particles;
//	@group(1) @binding(0) var tex: texture_2d<f32>;
//	@group(1) @binding(1) var samp: sampler;
//	@group(1) @binding(2) var out: texture_storage_2d<rgba8unorm, write>;
//	override BLOCK: u32 = 64;
//	@id(7) override scale: f32;
//	const PI = 3.14159265358979;
//	const UP: vec3<f32> = vec3(0, 1, 0);
//	const HALF: f16 = 0.1h;
//	@compute @workgroup_size(BLOCK, 2) fn step() { ... params, particles ... }
//	@vertex fn vs(@location(0) pos: vec4<f32>, @location(1) uv: vec2<f32>) -> ... { ... tex, samp ... }
//	@fragment fn fs() -> @location(0) vec4<f32> { ... }
func particles(t *testing.T) *Module {
	light := st("Light", mem("color", types.Vec(3, types.F16)),
		mem("intensity", types.F16, func(m *types.Member) { m.Size = 10 }))
	params := st("SimParams",
		mem("dt", types.F32),
		mem("gravity", types.Vec(3, types.F32)),
		mem("lights", &types.Array{Elem: light, Count: 2}),
		mem("model", types.Mat(3, 3, types.F32)))
	particle := st("Particle",
		mem("pos", types.Vec(3, types.F32)), mem("mass", types.F32), mem("vel", types.Vec(3, types.F32)))
	parts := st("Particles",
		mem("count", &types.Atomic{Elem: types.U32}),
		mem("items", &types.Array{Elem: particle}))
	l := layout.New(layout.Options{})
	// The layout the model describes is valid where the variables live.
	l.CheckType(params, diag.Span{}, func(e *layout.Error) { t.Error(e.Message) })
	l.Check(params, types.AddrUniform, diag.Span{}, func(e *layout.Error) { t.Error(e.Message) })
	l.CheckType(parts, diag.Span{}, func(e *layout.Error) { t.Error(e.Message) })

	var bindings []Binding
	add := func(group, binding int, name string, space types.AddressSpace, access types.Access, ty types.Type) {
		b, ok := BindingOf(l, group, binding, name, space, access, ty)
		require.True(t, ok, name)
		bindings = append(bindings, b)
	}
	// Declared out of order on purpose: Marshal orders bindings.
	add(1, 2, "out", types.AddrHandle, types.AccessNone,
		&types.Texture{Kind: types.TexStorage, Dim: types.Dim2D, Format: types.Rgba8unorm, Access: types.Write})
	add(0, 0, "params", types.AddrUniform, types.Read, params)
	add(0, 1, "particles", types.AddrStorage, types.ReadWrite, parts)
	add(1, 0, "tex", types.AddrHandle, types.AccessNone, &types.Texture{Kind: types.TexSampled, Dim: types.Dim2D, Sampled: types.F32})
	add(1, 1, "samp", types.AddrHandle, types.AccessNone, types.SamplerType)

	half, err := ValueOf(constant.MakeF16(0.1))
	require.NoError(t, err)
	up, err := ValueOf(constant.MakeComposite(types.Vec(3, types.F32),
		[]constant.Value{constant.MakeF32(0), constant.MakeF32(1), constant.MakeF32(0)}))
	require.NoError(t, err)
	block := Uint(64)

	return &Module{
		Source:   "particles.wgsl",
		Structs:  StructsFrom(l, []types.Type{params, parts}),
		Bindings: bindings,
		EntryPoints: []EntryPoint{
			{Name: "step", Stage: StageCompute,
				WorkgroupSize: []WorkgroupDim{{Override: "BLOCK"}, {Value: 2}, {Value: 1}},
				Bindings:      []BindingRef{{0, 1}, {0, 0}}},
			{Name: "vs", Stage: StageVertex,
				Bindings: []BindingRef{{1, 0}, {1, 1}},
				VertexInputs: []IOVar{
					{Location: 1, Type: "vec2<f32>", Name: "uv"},
					{Location: 0, Type: "vec4<f32>", Name: "pos"},
				}},
			{Name: "fs", Stage: StageFragment,
				FragmentOutputs: []IOVar{{Location: 0, Type: "vec4<f32>"}}},
		},
		Overrides: []Override{
			{Name: "BLOCK", Type: "u32", ID: 0, Default: &block},
			{Name: "scale", Type: "f32", ID: 7, Required: true},
		},
		Constants: []Constant{
			{Name: "PI", Type: "AbstractFloat", Value: Float(3.14159265358979, 64)},
			{Name: "UP", Type: "vec3<f32>", Value: up},
			{Name: "HALF", Type: "f16", Value: half},
		},
	}
}

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		require.NoError(t, os.WriteFile(path, got, 0o644))
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
	assert.Equal(t, "out", m.Bindings[0].Name, "the caller's order is untouched")
	assert.Equal(t, 1, m.EntryPoints[1].VertexInputs[0].Location)

	shuffled := particles(t)
	bs := shuffled.Bindings
	bs[0], bs[1], bs[2], bs[3], bs[4] = bs[4], bs[2], bs[0], bs[1], bs[3]
	c, err := Marshal(shuffled)
	require.NoError(t, err)
	assert.Equal(t, string(a), string(c))
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
}

func TestEmptyModule(t *testing.T) {
	data, err := Marshal(&Module{Source: "empty.wgsl"})
	require.NoError(t, err)
	assert.Equal(t, `{
  "version": 1,
  "source": "empty.wgsl",
  "structs": [],
  "bindings": [],
  "entryPoints": [],
  "overrides": [],
  "constants": []
}
`, string(data))
}

func TestUnmarshalVersion(t *testing.T) {
	_, err := Unmarshal([]byte(`{"version": 2, "source": "x.wgsl"}`))
	assert.EqualError(t, err, "reflect: model version 2, this reader knows version 1")
	_, err = Unmarshal([]byte(`{"source": "x.wgsl"}`))
	assert.EqualError(t, err, "reflect: no version: not a reflection model")
	m, err := Unmarshal([]byte(`{"version": 1, "source": "x.wgsl", "future": true}`))
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
	m.Structs, m.Bindings, m.Overrides, m.Constants = []Struct{}, []Binding{}, []Override{}, []Constant{}
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

	assert.Equal(t, Struct{Name: "B", Size: 160, Align: 16, Members: []Member{
		{Name: "a", Type: "A", Offset: 0, Size: 32, Align: 16},
		{Name: "cs", Type: "array<array<C, 2>, 3>", Offset: 32, Size: 96, Align: 8, ArrayStride: 32},
		{Name: "a2", Type: "A", Offset: 128, Size: 32, Align: 16},
	}}, got[3])
	assert.Equal(t, Struct{Name: "C", Size: 16, Align: 8, Members: []Member{
		{Name: "m", Type: "mat2x3<f16>", Offset: 0, Size: 16, Align: 8, MatrixStride: 8},
	}}, got[2])
	assert.Empty(t, StructsFrom(l, nil))
}

func TestBindingOf(t *testing.T) {
	l := layout.New(layout.Options{})
	rt := st("R", mem("n", types.U32), mem("data", &types.Array{Elem: types.Vec(4, types.F32)}))
	tex := func(k types.TextureKind, d types.TextureDim, s *types.Scalar) *types.Texture {
		return &types.Texture{Kind: k, Dim: d, Sampled: s}
	}
	tests := []struct {
		space  types.AddressSpace
		access types.Access
		t      types.Type
		want   Binding
	}{
		{types.AddrUniform, types.Read, types.Vec(3, types.F32),
			Binding{Kind: KindUniformBuffer, Type: "vec3<f32>", MinBindingSize: 12}},
		{types.AddrStorage, types.AccessNone, rt,
			Binding{Kind: KindStorageBuffer, Type: "R", Access: "read", MinBindingSize: 32}},
		{types.AddrStorage, types.ReadWrite, &types.Array{Elem: types.U32},
			Binding{Kind: KindStorageBuffer, Type: "array<u32>", Access: "read_write", MinBindingSize: 4}},
		{types.AddrStorage, types.ReadWrite, &types.Buffer{},
			Binding{Kind: KindStorageBuffer, Type: "buffer", Access: "read_write"}},
		{types.AddrHandle, 0, types.SamplerType, Binding{Kind: KindSampler, Type: "sampler"}},
		{types.AddrHandle, 0, types.ComparisonSamplerType, Binding{Kind: KindComparisonSampler, Type: "sampler_comparison"}},
		{types.AddrHandle, 0, tex(types.TexSampled, types.DimCubeArray, types.I32),
			Binding{Kind: KindSampledTexture, Type: "texture_cube_array<i32>", Dimension: "cube_array", SampleType: "i32"}},
		{types.AddrHandle, 0, tex(types.TexMultisampled, types.Dim2D, types.U32),
			Binding{Kind: KindMultisampledTexture, Type: "texture_multisampled_2d<u32>", Dimension: "2d", SampleType: "u32"}},
		{types.AddrHandle, 0, tex(types.TexDepth, types.Dim2DArray, nil),
			Binding{Kind: KindDepthTexture, Type: "texture_depth_2d_array", Dimension: "2d_array"}},
		{types.AddrHandle, 0, tex(types.TexDepthMultisampled, types.Dim2D, nil),
			Binding{Kind: KindDepthMultisampledTexture, Type: "texture_depth_multisampled_2d", Dimension: "2d"}},
		{types.AddrHandle, 0, &types.Texture{Kind: types.TexStorage, Dim: types.Dim3D, Format: types.R32float, Access: types.ReadWrite},
			Binding{Kind: KindStorageTexture, Type: "texture_storage_3d<r32float, read_write>", Dimension: "3d", Format: "r32float", Access: "read_write"}},
		{types.AddrHandle, 0, &types.Texture{Kind: types.TexExternal},
			Binding{Kind: KindExternalTexture, Type: "texture_external"}},
	}
	for _, tt := range tests {
		got, ok := BindingOf(l, 2, 3, "v", tt.space, tt.access, tt.t)
		require.True(t, ok, "%s", tt.t)
		tt.want.Group, tt.want.Binding, tt.want.Name = 2, 3, "v"
		assert.Equal(t, tt.want, got)
	}
	_, ok := BindingOf(l, 0, 0, "p", types.AddrPrivate, types.ReadWrite, types.F32)
	assert.False(t, ok)
}
