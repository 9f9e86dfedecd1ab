package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler"
	"github.com/wgslgo/wgslgo/compiler/reflect"
)

// TestMain makes the test binary the checked command when toolEnv is set: see fakeTool.
func TestMain(m *testing.M) {
	if os.Getenv(toolEnv) == "1" {
		os.Exit(fakeTool(os.Args[1:]))
	}
	os.Exit(m.Run())
}

const toolEnv = "SPIRVCHECK_TEST_TOOL"

// fakeTool is a WGSL tool that writes what it is told: "write FILE" writes FILE, "echo TEXT"
// prints TEXT, "fail" prints a diagnostic and exits with status 1.
func fakeTool(args []string) int {
	for len(args) >= 1 {
		switch args[0] {
		case "write":
			if err := os.WriteFile(args[1], []byte("spirv"), 0o644); err != nil {
				fmt.Fprintln(os.Stderr, err)
				return 2
			}
			args = args[2:]
		case "echo":
			fmt.Println(args[1])
			args = args[2:]
		case "fail":
			fmt.Fprintln(os.Stderr, "a.wgsl:2:3: error: bad")
			return 1
		default:
			fmt.Fprintf(os.Stderr, "fake tool: %q?\n", args[0])
			return 2
		}
	}
	return 0
}

// tool returns the command line of the fake tool with args.
func tool(t *testing.T, args ...string) []string {
	t.Setenv(toolEnv, "1")
	return append([]string{os.Args[0]}, args...)
}

const (
	noSPIRVHint   = "a.wgsl: error: the module has no entry point, so no SPIR-V (a file of shared structures): list it in the target's no_spirv attribute\n"
	hasSPIRVHint  = "a.wgsl: error: the module has entry points, so it has SPIR-V: take it out of the target's no_spirv attribute\n"
	computeShader = "@compute @workgroup_size(1)\nfn main() {}\n"
	sharedStructs = "struct Light { color: vec3f, intensity: f32 }\n"
)

func TestDeclaredSPIRV(t *testing.T) {
	dir := t.TempDir()
	spv := filepath.Join(dir, "a.spv")
	var stdout, stderr bytes.Buffer

	// The SPIR-V was declared, and written.
	code := run(append([]string{"-spirv", "a.wgsl=" + spv}, tool(t, "echo", "out", "write", spv)...), &stdout, &stderr)
	require.Equal(t, 0, code, stderr.String())
	require.Equal(t, "out\n", stdout.String())

	// Declared, not written: the shader has no entry points.
	stderr.Reset()
	code = run(append([]string{"-spirv", "a.wgsl=" + filepath.Join(dir, "none.spv")}, tool(t)...), &stdout, &stderr)
	require.Equal(t, 1, code)
	require.Equal(t, noSPIRVHint, stderr.String())

	// In no_spirv, and written: the shader has entry points.
	stderr.Reset()
	code = run(append([]string{"-no-spirv", "a.wgsl=" + spv}, tool(t)...), &stdout, &stderr)
	require.Equal(t, 1, code)
	require.Equal(t, hasSPIRVHint, stderr.String())

	// In no_spirv, and not written.
	stderr.Reset()
	code = run(append([]string{"-no-spirv", "a.wgsl=" + filepath.Join(dir, "none.spv")}, tool(t)...), &stdout, &stderr)
	require.Equal(t, 0, code, stderr.String())
}

func TestReflected(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		src  string
		code int
		msg  string
	}{{sharedStructs, 0, ""}, {computeShader, 1, hasSPIRVHint}} {
		m, _, err := compiler.Reflect(compiler.Source{Name: "a.wgsl", Text: []byte(c.src)}, compiler.Options{})
		require.NoError(t, err)
		data, err := reflect.Marshal(m)
		require.NoError(t, err)
		json := filepath.Join(dir, "a.json")
		require.NoError(t, os.WriteFile(json, data, 0o644))
		var stdout, stderr bytes.Buffer
		code := run(append([]string{"-reflected", "a.wgsl=" + json}, tool(t)...), &stdout, &stderr)
		require.Equal(t, c.code, code, stderr.String())
		require.Equal(t, c.msg, stderr.String())
	}
}

// A failing command's status and diagnostics are spirvcheck's; nothing is checked.
func TestFailurePassesThrough(t *testing.T) {
	var stdout, stderr bytes.Buffer
	code := run(append([]string{"-spirv", "a.wgsl=" + filepath.Join(t.TempDir(), "a.spv")}, tool(t, "fail")...), &stdout, &stderr)
	require.Equal(t, 1, code)
	require.Equal(t, "a.wgsl:2:3: error: bad\n", stderr.String())
}

func TestUsage(t *testing.T) {
	for _, args := range [][]string{nil, {"-spirv", "a.wgsl"}, {"-spirv", "=x", "true"}, {"-reflected"}} {
		var stdout, stderr bytes.Buffer
		require.Equal(t, 2, run(args, &stdout, &stderr), "%q", args)
		require.NotEmpty(t, stderr.String())
	}
	var stdout, stderr bytes.Buffer
	require.Equal(t, 2, run([]string{filepath.Join(t.TempDir(), "no-such-tool")}, &stdout, &stderr))
	require.Contains(t, stderr.String(), "spirvcheck: ")
}
