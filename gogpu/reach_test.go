package gogpu_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/host/hosttest"
)

// TestReach hands every valid shader of the project's corpus (and of the directory
// WGSLGO_REACH_DIR names, when set) to the adapter (see hosttest.Reach).
func TestReach(t *testing.T) {
	d, v := requireDevice(t)
	sources := hosttest.CorpusSources(t, "..", func(string) bool { return false })
	f := hosttest.Reach(t, &gpu{device: d}, v, sources, nil)
	require.Greater(t, f.Valid, 100, "the corpus's valid shaders")
}
