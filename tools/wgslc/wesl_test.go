package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/gen/wgsl"
	"github.com/wgslgo/wgslgo/internal/oracle"
	"github.com/wgslgo/wgslgo/internal/spirvval"
)

// weslTree writes a WESL program into a temporary directory and returns the directory.
func weslTree(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
	}
	return dir
}

var lightProgram = map[string]string{
	"main.wesl": `import package::light::{shade, Light};

@group(0) @binding(0) var<storage, read_write> out: array<f32>;

@compute @workgroup_size(1)
fn main() {
  out[0] = shade(Light(2.0));
}
`,
	"light.wesl": `struct Light { power: f32 }

fn shade(l: Light) -> f32 {
  @if(bright) { return l.power * 2.0; }
  return l.power;
}
`,
}

func runIn(t *testing.T, dir string, args ...string) (int, string, string) {
	t.Helper()
	wd, err := os.Getwd()
	require.NoError(t, err)
	require.NoError(t, os.Chdir(dir))
	defer os.Chdir(wd)
	var out, errb bytes.Buffer
	code := run(args, &out, &errb)
	return code, out.String(), errb.String()
}

func TestEmitWGSL(t *testing.T) {
	dir := weslTree(t, lightProgram)
	code, out, stderr := runIn(t, dir, "--emit=wgsl", "--feature", "bright", "main.wesl")
	require.Equal(t, exitOK, code, stderr)
	assert.Equal(t, `@group(0) @binding(0) var<storage, read_write> out: array<f32>;

@compute @workgroup_size(1)
fn main() {
  out[0] = shade(Light(2.0));
}

fn shade(l: Light) -> f32 {
  { return l.power * 2.0; }
  return l.power;
}

struct Light { power: f32 }
`, out)

	code, out, stderr = runIn(t, dir, "--emit=wgsl", "--feature=bright=false", "--mangle=underscore", "-o", "linked.wgsl", "main.wesl")
	require.Equal(t, exitOK, code, stderr)
	assert.Empty(t, out)
	linked, err := os.ReadFile(filepath.Join(dir, "linked.wgsl"))
	require.NoError(t, err)
	assert.Contains(t, string(linked), "fn shade(l: Light) -> f32 {\n  return l.power;\n}")

	// The feature nobody set is an error, positioned.
	code, _, stderr = runIn(t, dir, "--emit=wgsl", "main.wesl")
	assert.Equal(t, exitDiags, code)
	assert.Contains(t, stderr, "light.wesl:4:7: error: translate-time feature 'bright' has no value")

	for _, bad := range [][]string{{"--mangle=short"}, {"--emit=glsl"}, {"--feature=x=maybe"}, {"--source-map=m.json"}} {
		code, _, _ := runIn(t, dir, append(bad, "main.wesl")...)
		assert.Equal(t, exitUsage, code, "%v", bad)
	}
}

func TestSourceMap(t *testing.T) {
	dir := weslTree(t, lightProgram)
	require.NoError(t, os.Mkdir(filepath.Join(dir, "out"), 0o755))
	code, _, stderr := runIn(t, dir, "--emit=wgsl", "--feature=bright", "-o", "out/linked.wgsl", "--source-map", "out/linked.wgsl.map", "main.wesl")
	require.Equal(t, exitOK, code, stderr)
	data, err := os.ReadFile(filepath.Join(dir, "out", "linked.wgsl.map"))
	require.NoError(t, err)
	var sm struct {
		Version  int
		File     string
		Sources  []string
		Mappings string
	}
	require.NoError(t, json.Unmarshal(data, &sm))
	assert.Equal(t, 3, sm.Version)
	assert.Equal(t, "linked.wgsl", sm.File)
	// Paths relative to the map's directory.
	assert.Equal(t, []string{"../main.wesl", "../light.wesl"}, sm.Sources)
	assert.NotEmpty(t, sm.Mappings)
}

func TestCompileWESLRoot(t *testing.T) {
	dir := weslTree(t, lightProgram)
	code, _, stderr := runIn(t, dir, "--feature=bright", "-g", "-o", "main.spv", "main.wesl")
	require.Equal(t, exitOK, code, stderr)
	spv, err := os.ReadFile(filepath.Join(dir, "main.spv"))
	require.NoError(t, err)
	words := wgsl.Words(spv)
	spirvval.Check(t, words)
	assert.Contains(t, spirvval.Disassemble(words), `OpString "light.wesl"`)
}

// TestParseOnlyFollowsImports: --parse-only checks the files the imports name, every branch
// of their conditions; a path that names no file is for linking to report, not a syntax
// error.
func TestParseOnlyFollowsImports(t *testing.T) {
	dir := weslTree(t, map[string]string{
		"main.wesl": "import package::a::f;\n@if(x) import package::missing::g;\nfn main() { f(); }\n",
		"a.wesl":    "@if(x) fn f() {}\n@else fn f() { let y = ; }\n",
	})
	code, _, stderr := runIn(t, dir, "--parse-only", "main.wesl")
	assert.Equal(t, exitDiags, code)
	assert.Contains(t, stderr, "a.wesl:2:24: error: expected expression, found ';'")
	assert.Contains(t, stderr, "main.wesl:1:8: note: a.wesl is imported here")

	require.NoError(t, os.WriteFile(filepath.Join(dir, "a.wesl"), []byte("fn f() {}\n"), 0o644))
	code, _, stderr = runIn(t, dir, "--parse-only", "main.wesl")
	assert.Equal(t, exitOK, code, stderr)
	assert.Empty(t, stderr)
}

// TestBatchWESL: a batch compiles WESL roots as it does WGSL files, a directory's .wesl
// files among its inputs.
func TestBatchWESL(t *testing.T) {
	files := map[string]string{
		"shaders/light.wesl": lightProgram["light.wesl"],
		"shaders/a.wesl":     lightProgram["main.wesl"],
		"shaders/b.wgsl":     lightProgram["main.wesl"],
	}
	dir := weslTree(t, files)
	code, _, stderr := runIn(t, dir, "--feature=bright=false", "-o", "out/", "shaders/a.wesl", "shaders/b.wgsl")
	require.Equal(t, exitOK, code, stderr)
	for _, name := range []string{"a.spv", "b.spv"} {
		spv, err := os.ReadFile(filepath.Join(dir, "out", name))
		require.NoError(t, err)
		spirvval.Check(t, wgsl.Words(spv))
	}
	code, _, stderr = runIn(t, dir, "--feature=bright", "--emit=wgsl", "-o", "linked/", "shaders/a.wesl", "shaders/b.wgsl")
	require.Equal(t, exitOK, code, stderr)
	a, err := os.ReadFile(filepath.Join(dir, "linked", "a.wgsl"))
	require.NoError(t, err)
	b, err := os.ReadFile(filepath.Join(dir, "linked", "b.wgsl"))
	require.NoError(t, err)
	assert.Equal(t, a, b)

	// A directory input takes its .wesl files: the library module has no entry point.
	code, _, stderr = runIn(t, dir, "--feature=bright", "-o", "all/", "shaders")
	assert.Equal(t, exitDiags, code)
	assert.Contains(t, stderr, "shaders/light.wesl:1:1: error: the module has no entry point")
	_, err = os.Stat(filepath.Join(dir, "all", "a.spv"))
	assert.NoError(t, err)
}

// TestGoModuleDependency: a dependency that wesl.toml names by Go module is found by the go
// command, here through a replace directive, and one the module does not require is an
// error at the import that says which go get to run.
func TestGoModuleDependency(t *testing.T) {
	oracle.GoCommand(t, "resolves a shader library")
	t.Setenv("GOWORK", "off")
	t.Setenv("GOFLAGS", "-mod=mod")
	t.Setenv("GOTOOLCHAIN", "local")
	files := map[string]string{
		"lib/go.mod":              "module example.com/shaderlib\n\ngo 1.24\n",
		"lib/tone/wesl.toml":      "[package]\nroot = \".\"\n",
		"lib/tone/curve.wesl":     "public fn curve(x: f32) -> f32 { return x / (1.0 + x); }\n",
		"app/wesl.toml":           "[dependencies]\ntone = { module = \"example.com/shaderlib\", dir = \"tone\" }\n",
		"app/shaders/main.wesl":   "import tone::curve::curve;\n@group(0) @binding(0) var<storage, read_write> out: array<f32>;\n@compute @workgroup_size(1) fn main() { out[0] = curve(out[0]); }\n",
		"app/go.mod":              "module example.com/app\n\ngo 1.24\n\nrequire example.com/shaderlib v1.0.0\n\nreplace example.com/shaderlib => ../lib\n",
		"other/wesl.toml":         "[dependencies]\ntone = { module = \"example.com/shaderlib\", dir = \"tone\" }\n",
		"other/go.mod":            "module example.com/other\n\ngo 1.24\n",
		"other/shaders/main.wesl": "import tone::curve::curve;\n@compute @workgroup_size(1) fn main() { _ = curve(1.0); }\n",
	}
	dir := weslTree(t, files)
	code, out, stderr := runIn(t, filepath.Join(dir, "app"), "--emit=wgsl", "shaders/main.wesl")
	require.Equal(t, exitOK, code, stderr)
	assert.Contains(t, out, "fn curve(x: f32) -> f32 { return x / (1.0 + x); }")

	code, _, stderr = runIn(t, filepath.Join(dir, "other"), "shaders/main.wesl")
	assert.Equal(t, exitDiags, code)
	assert.Contains(t, stderr, "shaders/main.wesl:1:8: error: cannot open package 'tone': the Go module example.com/shaderlib is not a dependency of example.com/other: run `go get example.com/shaderlib`")
}
