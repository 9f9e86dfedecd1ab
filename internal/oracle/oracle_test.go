package oracle

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// outcome is how a call ended a test.
type outcome struct {
	skipped, failed bool
	msg             string
	logs            []string
}

// recorder is a testing.TB whose Skip and Fatal end the goroutine after recording.
type recorder struct {
	testing.TB
	out *outcome
}

func (r recorder) Helper() {}
func (r recorder) Skip(args ...any) {
	r.out.skipped, r.out.msg = true, fmt.Sprint(args...)
	runtime.Goexit()
}
func (r recorder) Skipf(format string, args ...any) { r.Skip(fmt.Sprintf(format, args...)) }
func (r recorder) Fatalf(format string, args ...any) {
	r.out.failed, r.out.msg = true, fmt.Sprintf(format, args...)
	runtime.Goexit()
}
func (r recorder) Logf(format string, args ...any) {
	r.out.logs = append(r.out.logs, fmt.Sprintf(format, args...))
}

// record runs f with a recorder in its own goroutine, as the testing package runs a test.
func record(t *testing.T, f func(tb testing.TB)) outcome {
	var out outcome
	done := make(chan struct{})
	go func() {
		defer close(done)
		f(recorder{TB: t, out: &out})
	}()
	<-done
	return out
}

func TestMissing(t *testing.T) {
	t.Setenv("CI", "")
	got := record(t, func(tb testing.TB) { Missing(tb, "no %s", "thing") })
	assert.Equal(t, outcome{skipped: true, msg: "no thing"}, got)

	t.Setenv("CI", "true")
	got = record(t, func(tb testing.TB) { Missing(tb, "no %s", "thing") })
	assert.Equal(t, outcome{failed: true, msg: "no thing (required under CI=true)"}, got)
}

// fakeTool makes an executable named name in a new directory and returns the directory.
func fakeTool(t *testing.T, name string) string {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte("#!/bin/sh\n"), 0o755))
	return dir
}

func TestTool(t *testing.T) {
	tool := Tool{Name: "wgslgo-oracle-test-tool", Env: "WGSLGO_ORACLE_TEST_TOOL", Install: "make one"}
	t.Setenv("PATH", t.TempDir())
	t.Setenv(tool.Env, "")

	t.Setenv("CI", "")
	got := record(t, func(tb testing.TB) { tool.Require(tb) })
	assert.Equal(t, outcome{skipped: true, msg: "wgslgo-oracle-test-tool is not installed (make one)"}, got)
	var path string
	got = record(t, func(tb testing.TB) { path = tool.Optional(tb) })
	assert.Equal(t, "", path)
	assert.False(t, got.skipped || got.failed, "Optional ends the test outside CI: %+v", got)
	assert.Equal(t, []string{"wgslgo-oracle-test-tool is not installed (make one): not compared"}, got.logs)

	t.Setenv("CI", "true")
	got = record(t, func(tb testing.TB) { tool.Require(tb) })
	assert.True(t, got.failed, "%+v", got)
	got = record(t, func(tb testing.TB) { tool.Optional(tb) })
	assert.True(t, got.failed, "%+v", got)

	dir := fakeTool(t, tool.Name)
	t.Setenv("PATH", dir)
	got = record(t, func(tb testing.TB) { path = tool.Require(tb) })
	assert.Equal(t, outcome{}, got)
	assert.Equal(t, filepath.Join(dir, tool.Name), path)

	// The variable names another command, even when one is on $PATH.
	other := filepath.Join(fakeTool(t, "elsewhere"), "elsewhere")
	t.Setenv(tool.Env, other)
	got = record(t, func(tb testing.TB) { path = tool.Optional(tb) })
	assert.Equal(t, outcome{}, got)
	assert.Equal(t, other, path)
}

func TestReference(t *testing.T) {
	root := t.TempDir()
	file := filepath.Join(root, "shared", "reference", "wgsl", "index.bs")
	require.NoError(t, os.MkdirAll(filepath.Dir(file), 0o755))
	require.NoError(t, os.WriteFile(file, nil, 0o644))
	deep := filepath.Join(root, "a", "b")
	require.NoError(t, os.MkdirAll(deep, 0o755))
	t.Chdir(deep)
	t.Setenv(ReferenceEnv, "")

	p, err := LookReference("wgsl/index.bs")
	require.NoError(t, err)
	assert.Equal(t, file, p)
	_, err = LookReference("wgsl/absent.bs")
	assert.ErrorContains(t, err, "shared/reference/wgsl/absent.bs is not above the package directory")

	t.Setenv(ReferenceEnv, filepath.Join(root, "shared", "reference"))
	t.Chdir(t.TempDir())
	p, err = LookReference("wgsl/index.bs")
	require.NoError(t, err)
	assert.Equal(t, file, p)

	t.Setenv("CI", "true")
	got := record(t, func(tb testing.TB) { Reference(tb, "wgsl/absent.bs") })
	assert.True(t, got.failed, "%+v", got)
	assert.Contains(t, got.msg, "wgsl/absent.bs is not in $WGSLGO_REFERENCE")
}

func TestVulkanHeader(t *testing.T) {
	t.Setenv("CI", "")
	got := record(t, func(tb testing.TB) { VulkanHeader(tb, "no_such_header.h") })
	assert.True(t, got.skipped, "%+v", got)
	assert.Contains(t, got.msg, "the Vulkan headers are not installed")
}

func TestSkipUnderBazel(t *testing.T) {
	t.Setenv("TEST_SRCDIR", "")
	got := record(t, func(tb testing.TB) { SkipUnderBazel(tb, "reads ../x") })
	assert.Equal(t, outcome{}, got)
	t.Setenv("TEST_SRCDIR", "/sandbox")
	got = record(t, func(tb testing.TB) { SkipUnderBazel(tb, "reads ../x") })
	assert.Equal(t, outcome{skipped: true, msg: "reads ../x, which a Bazel sandbox does not have"}, got)
}
