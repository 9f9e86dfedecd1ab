package roundtrip

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/internal/vulkan"
)

// nagaPath returns the naga command, or "" when it is not installed (outside CI).
func nagaPath(t testing.TB) string {
	t.Helper()
	p, err := exec.LookPath("naga")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("naga is not on PATH (required under CI=true)")
		}
		return ""
	}
	return p
}

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

// TestNagaAgrees runs every round-trip shader compiled by naga with the same buffers: its
// output buffers must be ours byte for byte, padding included. Shaders naga cannot compile,
// or lavapipe cannot run, are skipped with the reason.
func TestNagaAgrees(t *testing.T) {
	dev := vulkan.Require(t)
	naga := nagaPath(t)
	if naga == "" {
		t.Skip("naga is not on PATH")
	}
	for _, rt := range roundTrips {
		t.Run(rt.name, func(t *testing.T) {
			if rt.f16 && !dev.Info.F16() {
				t.Skipf("the device has no f16 in storage and uniform buffers")
			}
			words, msg, ok := nagaCompile(t, naga, rt.name)
			if !ok {
				t.Skipf("naga cannot compile testdata/%s.wgsl: %s", rt.name, msg)
			}
			ours := rt.program(t)
			theirs := ours
			theirs.spirv = words
			want := dispatch(t, dev, ours)
			got, err := tryDispatch(t, dev, theirs)
			if err != nil {
				t.Skipf("lavapipe cannot run naga's SPIR-V for testdata/%s.wgsl: %v", rt.name, err)
			}
			requireSame(t, diffs(theirs, got))
			for _, pt := range ours.parts {
				require.Equal(t, want[pt.out], got[pt.out], "%s: naga's output differs from ours", pt.name)
			}
		})
	}
}
