package reflect

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler/layout"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// docExample is the model of the module shown in doc.go:
//
//	struct Particle { pos: vec3<f32>, mass: f32 }
//	struct Particles { count: u32, items: array<Particle> }
//	@group(0) @binding(0) var<storage, read_write> particles: Particles;
//	@group(0) @binding(1) var<uniform> gravity: vec3<f32>;
//	override BLOCK: u32 = 64;
//	const UP: vec3<f32> = vec3(0, 1, 0);
//	@compute @workgroup_size(BLOCK) fn step() { /* uses particles and gravity */ }
func docExample(t *testing.T) *Module {
	particle := st("Particle", mem("pos", types.Vec(3, types.F32)), mem("mass", types.F32))
	parts := st("Particles", mem("count", types.U32), mem("items", &types.Array{Elem: particle}))
	gravity := types.Vec(3, types.F32)
	l := layout.New(layout.Options{})
	b0, ok0 := BindingOf(l, 0, 0, "particles", types.AddrStorage, types.ReadWrite, parts)
	b1, ok1 := BindingOf(l, 0, 1, "gravity", types.AddrUniform, types.Read, gravity)
	require.True(t, ok0 && ok1)
	block := Uint(64)
	return &Module{
		Source:   "particles.wgsl",
		Structs:  StructsFrom(l, []types.Type{parts, gravity}),
		Bindings: []Binding{b0, b1},
		EntryPoints: []EntryPoint{{Name: "step", Stage: StageCompute,
			WorkgroupSize: []WorkgroupDim{{Override: "BLOCK"}, {Value: 1}, {Value: 1}},
			Bindings:      []BindingRef{{0, 0}, {0, 1}}}},
		Overrides: []Override{{Name: "BLOCK", Type: "u32", ID: 0, Default: &block}},
		Constants: []Constant{{Name: "UP", Type: "vec3<f32>", Value: Vector(Float(0, 32), Float(1, 32), Float(0, 32))}},
	}
}

// TestDocExample: the JSON in the package documentation is what Marshal writes.
func TestDocExample(t *testing.T) {
	data, err := Marshal(docExample(t))
	require.NoError(t, err)
	src, err := os.ReadFile("doc.go")
	require.NoError(t, err)
	const begin, end = "//\t{\n", "//\t}\n"
	doc := string(src)
	i, j := strings.Index(doc, begin), strings.Index(doc, end)
	require.True(t, i >= 0 && j > i, "doc.go has no indented JSON example")
	var example strings.Builder
	for _, line := range strings.SplitAfter(doc[i:j+len(end)], "\n") {
		example.WriteString(strings.TrimPrefix(strings.TrimPrefix(line, "//"), "\t"))
	}
	assert.Equal(t, string(data), example.String(), "the example in doc.go is stale")
}
