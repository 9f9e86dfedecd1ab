// Package exectest runs WGSL compute shaders on the Vulkan device (lavapipe) for the tests of
// the compiler's stages, so that each stage's own tests can state what its output computes:
// a test compiles WGSL through the whole pipeline, runs it, and compares the buffers with
// values computed in Go.
package exectest

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler"
	"github.com/wgslgo/wgslgo/internal/spirvval"
	"github.com/wgslgo/wgslgo/internal/vulkan"
)

// Compute is a compute shader run: the source (entry point "main"), the workgroups to
// dispatch on x, and the initial contents of its buffers, bound in order to @group(0)
// @binding(0), @binding(1)...
type Compute struct {
	Src     string
	Groups  uint32 // 0 means 1
	Buffers [][]byte
}

// Run compiles c.Src for every Vulkan target, validates each module with spirv-val, runs the
// vulkan1.1 one and returns every buffer's contents afterwards.
func Run(t *testing.T, c Compute) [][]byte {
	t.Helper()
	dev := vulkan.Require(t)
	var run *compiler.Result
	for _, target := range []compiler.Target{compiler.Vulkan10, compiler.Vulkan11, compiler.Vulkan12, compiler.Vulkan13} {
		res, err := compiler.Compile(compiler.Source{Name: "test.wgsl", Text: []byte(c.Src)}, compiler.Options{Target: target})
		require.NoError(t, err, "%s", c.Src)
		spirvval.Check(t, res.SPIRV, target.String())
		if target == compiler.Vulkan11 {
			run = res
		}
	}
	kinds := map[int]vulkan.BindingKind{}
	for _, b := range run.Reflection.Bindings {
		if b.Group != 0 || b.Buffer == nil {
			continue
		}
		kinds[b.Binding] = map[string]vulkan.BindingKind{
			"uniform": vulkan.UniformBuffer, "storage": vulkan.StorageBuffer, "read-only-storage": vulkan.ReadOnlyStorageBuffer,
		}[b.Buffer.Type]
	}
	r := vulkan.Run{SPIRV: run.SPIRV, Entry: "main", Groups: [3]uint32{max(c.Groups, 1), 1, 1}}
	for i, data := range c.Buffers {
		k, ok := kinds[i]
		require.True(t, ok, "no buffer at @group(0) @binding(%d)", i)
		r.Bindings = append(r.Bindings, vulkan.Binding{Group: 0, Binding: uint32(i), Kind: k, Data: append([]byte(nil), data...)})
	}
	res, err := dev.Dispatch(r)
	require.NoError(t, err)
	require.Empty(t, res.Warnings)
	out := make([][]byte, len(c.Buffers))
	for i := range c.Buffers {
		out[i] = res.Bytes(0, uint32(i))
	}
	return out
}
