package backend_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler/backend"
	"github.com/wgslgo/wgslgo/compiler/spirv"
)

// TestUnusedWorkgroupVariables: a workgroup variable no function uses is not in the module.
// Before SPIR-V 1.4 an entry point does not list the variables it uses, so Vulkan checks its
// workgroup-memory limit against every Workgroup variable of the module: an unused
// override-sized array would make a valid pipeline fail (found by the fuzzer on lavapipe).
func TestUnusedWorkgroupVariables(t *testing.T) {
	const src = `
var<workgroup> used: array<f32, 2048>;
var<workgroup> unused: atomic<u32>;
override n: u32 = 4096u;
var<workgroup> sized: array<vec2f, n>;
@compute @workgroup_size(1) fn main() { used[0] = 1.0; }
`
	for _, target := range []backend.Target{backend.Vulkan1_0, backend.Vulkan1_2} {
		m, err := spirv.Parse(emitDebug(t, src, target))
		require.NoError(t, err)
		workgroup := 0
		for _, v := range m.Find(spirv.OpVariable) {
			if spirv.StorageClass(v.Operands()[2]) == spirv.StorageClassWorkgroup {
				workgroup++
			}
		}
		assert.Equal(t, 1, workgroup, "%s: Workgroup variables", target)
		assert.NotZero(t, m.Lookup("used"), target)
		assert.Zero(t, m.Lookup("unused"), target)
		assert.Zero(t, m.Lookup("sized"), target)
	}
}
