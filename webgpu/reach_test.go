package webgpu_test

import (
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/host/hosttest"
)

// bindingFails are the valid shaders of the corpus that the binding fails, with the words of
// its error: those its WGSL compiler, naga 29.0.1, refuses (what a printer of WGSL for naga's
// dialect has to spell otherwise, see the README), those that need a device feature lavapipe's
// adapter does not offer, and those naga makes invalid SPIR-V of.
var bindingFails = map[string]string{
	// Pointers to workgroup or storage memory passed to functions, which naga 29 refuses
	// and the text printed for it cannot avoid (compiler/hostwgsl's naga-29 profile).
	"compiler/lower/testdata/valid.txtar/pointers.wgsl":              "cannot be written in the WGSL of naga-29",
	"compiler/lower/testdata/valid.txtar/storage_pointer_param.wgsl": "cannot be written in the WGSL of naga-29",
	"internal/wgslfuzz/testdata/findings/huge_zero_index.wgsl":       "type is too large",
	// wgpu-native offers no clip-distances feature on lavapipe, which has shaderClipDistance.
	"host/hosttest/testdata/reach/clip_distances.wgsl": "needs the device feature clip-distances",
	// lavapipe's adapter has no subgroups feature (and naga 29 does not read `enable
	// subgroups` either: "not yet supported").
	"internal/wgslfuzz/testdata/findings/subgroups_vulkan10.wgsl": "needs the device feature subgroups",
	// Modules naga makes invalid SPIR-V of, which the validation layer reports (lavapipe
	// runs them).
	"compiler/migrate/testdata/io.txtar/in.wgsl":    "SampleMask variable needs to be a 32-bit int array",
	"compiler/migrate/testdata/io.txtar/out.wgsl":   "SampleMask variable needs to be a 32-bit int array",
	"compiler/sema/testdata/entrypoints/valid.wgsl": "SampleMask variable needs to be a 32-bit int array",
	"internal/roundtrip/testdata/halves.wgsl":       "must follow relaxed uniform buffer layout rules",
	// The spec's example of a pipeline-creation error: with the override values substituted
	// (the binding's pipelines take none), it is an error of the module.
	"compiler/sema/testdata/spec_examples/pipeline_creation_errors_from_override_expressions.wgsl": "Division by zero",
}

// nagaAborts are the valid shaders of the corpus whose module aborts the process in naga
// 29.0.1's SPIR-V writer (a Rust panic through cgo), with the words of the panic:
// TestReachAborts shows it in a child process; TestReach leaves them out.
var nagaAborts = map[string]string{
	"compiler/lower/testdata/valid.txtar/pointer_into_variable.wgsl": "Expression [1] is not cached",
	"internal/roundtrip/testdata/matrices.wgsl":                      "no entry found for key",
}

// reachOne names the one shader a child process of TestReachAborts reaches.
const reachOne = "WGSLGO_REACH_ONE"

// reachSources are the corpus's shaders but those that abort the process (see
// hosttest.CorpusSources); with WGSLGO_REACH_ONE set, that one only.
func reachSources(t *testing.T) []hosttest.Source {
	one := os.Getenv(reachOne)
	return hosttest.CorpusSources(t, "..", func(name string) bool {
		_, aborts := nagaAborts[name]
		return one != "" && name != one || one == "" && aborts
	})
}

// TestReach hands every valid shader of the project's corpus to the adapter (see
// hosttest.Reach).
func TestReach(t *testing.T) {
	d, v := openGPU(t)
	f := hosttest.Reach(t, driver{d}, v, reachSources(t), bindingFails)
	if os.Getenv(reachOne) == "" {
		require.Greater(t, f.Valid, 100, "the corpus's valid shaders")
	}
}

// TestReachAborts reaches each of nagaAborts in a child process: naga's panic aborts it.
func TestReachAborts(t *testing.T) {
	openGPU(t)
	for name, words := range nagaAborts {
		t.Run(name, func(t *testing.T) {
			cmd := exec.Command(os.Args[0], "-test.run=^TestReach$", "-test.v")
			for _, kv := range os.Environ() {
				// The child runs without the validation layer, whose log is this process's.
				if !strings.HasPrefix(kv, "VK_INSTANCE_LAYERS=") && !strings.HasPrefix(kv, "VK_LAYER_SETTINGS_PATH=") {
					cmd.Env = append(cmd.Env, kv)
				}
			}
			cmd.Env = append(cmd.Env, reachOne+"="+name, "WGSLGO_VK_VALIDATION=0")
			out, err := cmd.CombinedOutput()
			require.Error(t, err, "the child survived: naga no longer panics on it: take it off the list\n%s", out)
			require.Contains(t, string(out), words, "the child failed otherwise:\n%s", out)
			require.Contains(t, string(out), "SIGABRT")
		})
	}
}
