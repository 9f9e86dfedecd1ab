package reflect

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// docExample is the model of the module shown in doc.go.
func docExample(t *testing.T) *Module {
	return fromWGSL(t, "particles.wgsl", `struct Particle { pos: vec3<f32>, mass: f32 }
@group(0) @binding(0) var<storage, read_write> particles: array<Particle>;
override BLOCK: u32 = 64;
@compute @workgroup_size(BLOCK) fn step(@builtin(global_invocation_id) id: vec3u) {
  particles[id.x].pos.y -= particles[id.x].mass;
}
`)
}

// TestDocExample: the JSON in the package documentation is what Marshal writes.
func TestDocExample(t *testing.T) {
	data, err := Marshal(docExample(t))
	require.NoError(t, err)
	src, err := os.ReadFile("doc.go")
	require.NoError(t, err)
	const begin, end = "//\t{\n", "//\t}\n"
	doc := string(src)
	i := strings.Index(doc, begin)
	require.True(t, i >= 0, "doc.go has no indented JSON example")
	j := i + strings.Index(doc[i:], end)
	require.True(t, j > i, "doc.go has no indented JSON example")
	var example strings.Builder
	for _, line := range strings.SplitAfter(doc[i:j+len(end)], "\n") {
		example.WriteString(strings.TrimPrefix(strings.TrimPrefix(line, "//"), "\t"))
	}
	assert.Equal(t, string(data), example.String(), "the example in doc.go is stale")
}
