package spirv_test

import (
	"bytes"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler/spirv"
	goldenpkg "github.com/wgslgo/wgslgo/internal/golden"
	"github.com/wgslgo/wgslgo/internal/oracle"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// TestGoldenDisassembly compares spirv-dis's listing of a small module with
// testdata/compute.spvasm (regenerate with go test -run Golden -update).
func TestGoldenDisassembly(t *testing.T) {
	dis := oracle.SpirvDis.Require(t)
	b := buildCompute(spirv.Version1_3)
	cmd := exec.Command(dis, "-")
	cmd.Stdin = bytes.NewReader(b.Bytes())
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)

	golden := filepath.Join("testdata", "compute.spvasm")
	if *update {
		require.NoError(t, os.WriteFile(golden, out, 0o644))
	}
	if goldenpkg.Off() {
		return
	}
	want, err := os.ReadFile(golden)
	require.NoError(t, err)
	assert.Equal(t, string(want), string(out), "run go test -run Golden -update to accept the new output")
}
