package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/internal/oracle"
)

func TestStampWritesWarningsOnSuccess(t *testing.T) {
	sh := requireShell(t)
	out := filepath.Join(t.TempDir(), "ok")
	var stdout, stderr bytes.Buffer
	code := run([]string{out, sh, "-c", "echo result; echo 'x.wgsl:1:1: warning: w' >&2"}, &stdout, &stderr)
	require.Equal(t, 0, code)
	require.Equal(t, "result\n", stdout.String())
	require.Equal(t, "x.wgsl:1:1: warning: w\n", stderr.String())
	data, err := os.ReadFile(out)
	require.NoError(t, err)
	require.Equal(t, "x.wgsl:1:1: warning: w\n", string(data))
}

func TestStampPassesFailureThrough(t *testing.T) {
	sh := requireShell(t)
	out := filepath.Join(t.TempDir(), "ok")
	var stdout, stderr bytes.Buffer
	code := run([]string{out, sh, "-c", "echo 'x.wgsl:2:3: error: bad' >&2; exit 1"}, &stdout, &stderr)
	require.Equal(t, 1, code)
	require.Equal(t, "x.wgsl:2:3: error: bad\n", stderr.String())
	require.NoFileExists(t, out)
}

func TestStampUsageAndMissingCommand(t *testing.T) {
	var stdout, stderr bytes.Buffer
	require.Equal(t, 2, run([]string{"out"}, &stdout, &stderr))
	require.Contains(t, stderr.String(), "usage")

	stderr.Reset()
	out := filepath.Join(t.TempDir(), "ok")
	require.Equal(t, 2, run([]string{out, filepath.Join(t.TempDir(), "no-such-tool")}, &stdout, &stderr))
	require.Contains(t, stderr.String(), "stamp: ")
	require.NoFileExists(t, out)
}

func requireShell(t *testing.T) string {
	t.Helper()
	sh, err := exec.LookPath("sh")
	if err != nil {
		oracle.Missing(t, "no sh to run as the checked command")
	}
	return sh
}
