package roundtrip

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/internal/oracle"
	"github.com/wgslgo/wgslgo/internal/vulkan"
)

// nagaCompile compiles a testdata shader with naga, with bounds clamping like ours and the
// given extra arguments; ok is false, with naga's message, when naga cannot compile it.
func nagaCompile(t testing.TB, naga, name string, args ...string) (words []uint32, msg string, ok bool) {
	t.Helper()
	spv := filepath.Join(t.TempDir(), name+".spv")
	args = append([]string{"--index-bounds-check-policy", "Restrict"}, args...)
	out, err := exec.Command(naga, append(args, filepath.Join("testdata", name+".wgsl"), spv)...).CombinedOutput()
	if err != nil {
		return nil, string(bytes.TrimSpace(out)), false
	}
	data, err := os.ReadFile(spv)
	require.NoError(t, err)
	words, err = vulkan.Words(data)
	require.NoError(t, err)
	return words, "", true
}

// nagaCannot is the reviewed list of round-trip shaders naga's SPIR-V cannot run on
// lavapipe: shader → a fragment of the error. A listed shader that runs fails the test until
// it leaves the list.
var nagaCannot = map[string]string{
	// naga 30 declares StorageInputOutput16 for any f16 in a buffer; lavapipe lacks the
	// storageInputOutput16 feature (VUID-VkShaderModuleCreateInfo-pCode-01091).
	"halves": "The SPIR-V Capability (StorageInputOutput16) was declared",
}

// TestNagaAgrees runs every round-trip shader compiled by naga with the same buffers: its
// output buffers must be ours byte for byte, padding included, except for the shaders of
// nagaCannot, which must fail as listed.
func TestNagaAgrees(t *testing.T) {
	dev := vulkan.Require(t)
	naga := oracle.Naga.Require(t)
	for name := range nagaCannot {
		require.True(t, slices.ContainsFunc(roundTrips, func(rt roundTrip) bool { return rt.name == name }),
			"nagaCannot lists %s, which is not a round-trip shader", name)
	}
	for _, rt := range roundTrips {
		t.Run(rt.name, func(t *testing.T) {
			if rt.f16 && !dev.Info.F16() {
				oracle.Missing(t, "the device has no f16 in storage and uniform buffers")
			}
			words, msg, ok := nagaCompile(t, naga, rt.name)
			require.True(t, ok, "naga cannot compile testdata/%s.wgsl: %s", rt.name, msg)
			ours := rt.program(t)
			theirs := ours
			theirs.spirv = words
			want := dispatch(t, dev, ours)
			got, err := tryDispatch(t, dev, theirs)
			if gap, listed := nagaCannot[rt.name]; listed {
				require.Error(t, err, "naga's SPIR-V for testdata/%s.wgsl runs: unexpectedly passed, remove it from nagaCannot", rt.name)
				require.ErrorContains(t, err, gap)
				return
			}
			require.NoError(t, err, "lavapipe cannot run naga's SPIR-V for testdata/%s.wgsl", rt.name)
			requireSame(t, diffs(theirs, got))
			for _, pt := range ours.parts {
				require.Equal(t, want[pt.out], got[pt.out], "%s: naga's output differs from ours", pt.name)
			}
		})
	}
}
