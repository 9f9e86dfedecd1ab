package gomod_test

import (
	"archive/zip"
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/internal/oracle"
)

const libPath = "example.com/shaderlib"

// library is the shader library's module at two versions: v1.1.0 gives Light a color and
// shade another falloff.
var library = map[string]map[string]string{
	"v1.0.0": {
		"go.mod":           "module example.com/shaderlib\n\ngo 1.24\n",
		"lights/wesl.toml": "[package]\nroot = \"shaders\"\n",
		"lights/shaders/types.wesl": `public struct Light {
  position: vec3f,
  intensity: f32,
}
`,
		"lights/shaders/shade.wesl": `import package::types::Light;

public fn shade(l: Light, p: vec3f) -> f32 {
  return l.intensity / max(distance(l.position, p), 1.0);
}
`,
	},
	"v1.1.0": {
		"go.mod":           "module example.com/shaderlib\n\ngo 1.24\n",
		"lights/wesl.toml": "[package]\nroot = \"shaders\"\n",
		"lights/shaders/types.wesl": `public struct Light {
  position: vec3f,
  intensity: f32,
  color: vec3f,
}
`,
		"lights/shaders/shade.wesl": `import package::types::Light;

public fn shade(l: Light, p: vec3f) -> f32 {
  let d = max(distance(l.position, p), 1.0);
  return l.intensity * dot(l.color, vec3f(0.3, 0.6, 0.1)) / (d * d);
}
`,
	},
}

// app is the consumer: its wesl.toml names the library by Go module and directory, and a
// test keeps its generated file up to date with gencheck.
var app = map[string]string{
	"wesl.toml": `[package]
root = "shaders"

[dependencies]
lights = { module = "example.com/shaderlib", dir = "lights" }
`,
	"shaders/app.wesl": `import lights::types::Light;
import lights::shade::shade;

@group(0) @binding(0) var<storage, read> all: array<Light>;
@group(0) @binding(1) var<storage, read_write> lit: array<f32>;

@compute @workgroup_size(64)
fn light(@builtin(global_invocation_id) id: vec3u) {
  lit[id.x] = shade(all[id.x], vec3f(0.0));
}
`,
	"main.go": `package main

//go:generate go run github.com/wgslgo/wgslgo/tools/wgslgen -o shaders_wgsl.go shaders/app.wesl

import "fmt"

func main() {
	fmt.Println(Light{Intensity: 2}.Intensity, AppShader.EntryPoints[0].Name)
}
`,
	"gen_test.go": `package main

import (
	"testing"

	"github.com/wgslgo/wgslgo/gen/gencheck"
)

func TestGenerated(t *testing.T) { gencheck.Check(t, ".") }
`,
}

func writeTree(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
	}
}

// writeProxy lays the library's versions out as a module proxy (GOPROXY=file://dir).
func writeProxy(t *testing.T, dir string) {
	t.Helper()
	v := filepath.Join(dir, filepath.FromSlash(libPath), "@v")
	require.NoError(t, os.MkdirAll(v, 0o755))
	var list []string
	for _, version := range []string{"v1.0.0", "v1.1.0"} {
		files := library[version]
		list = append(list, version)
		require.NoError(t, os.WriteFile(filepath.Join(v, version+".info"), []byte(`{"Version":"`+version+`","Time":"2026-01-01T00:00:00Z"}`), 0o644))
		require.NoError(t, os.WriteFile(filepath.Join(v, version+".mod"), []byte(files["go.mod"]), 0o644))
		var buf bytes.Buffer
		zw := zip.NewWriter(&buf)
		for _, name := range []string{"go.mod", "lights/wesl.toml", "lights/shaders/types.wesl", "lights/shaders/shade.wesl"} {
			w, err := zw.Create(libPath + "@" + version + "/" + name)
			require.NoError(t, err)
			_, err = w.Write([]byte(files[name]))
			require.NoError(t, err)
		}
		require.NoError(t, zw.Close())
		require.NoError(t, os.WriteFile(filepath.Join(v, version+".zip"), buf.Bytes(), 0o644))
	}
	require.NoError(t, os.WriteFile(filepath.Join(v, "list"), []byte(strings.Join(list, "\n")+"\n"), 0o644))
}

func goTool(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("runs go generate and go build in temporary modules; skipped in -short mode")
	}
	if os.Getenv("TEST_SRCDIR") != "" {
		t.Skip("runs the go command on this module's source tree, which a Bazel sandbox does not have")
	}
	for _, p := range []string{filepath.Join(runtime.GOROOT(), "bin", "go"), "go"} {
		if path, err := exec.LookPath(p); err == nil {
			return path
		}
	}
	oracle.Missing(t, "no go command")
	return ""
}

// TestTwoModules is the library-and-application example: the application requires the
// library through go.mod, from a module proxy on this file system and then through a
// replace directive; go generate, go build and the application's gencheck test work
// offline once the library is downloaded, and an upgrade of the library changes the
// generated file and makes the check fail until go generate runs again.
func TestTwoModules(t *testing.T) {
	goCmd := goTool(t)
	root, err := filepath.Abs("../..")
	require.NoError(t, err)
	tmp := t.TempDir()
	proxy := filepath.Join(tmp, "proxy")
	writeProxy(t, proxy)
	appDir := filepath.Join(tmp, "app")
	writeTree(t, appDir, app)
	gomod := "module example.com/app\n\ngo 1.24\n\nrequire github.com/wgslgo/wgslgo v0.0.0\n\nreplace github.com/wgslgo/wgslgo => " + root + "\n"
	require.NoError(t, os.WriteFile(filepath.Join(appDir, "go.mod"), []byte(gomod), 0o644))
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(appDir, "go.sum"), sum, 0o644))

	// The project's own dependencies come from the machine's module cache, used as a
	// proxy: nothing here reaches the network.
	realCache, err := exec.Command(goCmd, "env", "GOMODCACHE").Output()
	require.NoError(t, err)
	online := "GOPROXY=file://" + filepath.ToSlash(proxy) + ",file://" + filepath.ToSlash(filepath.Join(strings.TrimSpace(string(realCache)), "cache", "download"))
	base := append(os.Environ(), "GOFLAGS=-mod=mod -modcacherw -buildvcs=false", "GOSUMDB=off", "GOWORK=off", "GOTOOLCHAIN=local",
		"GOMODCACHE="+filepath.Join(tmp, "modcache"))
	run := func(proxyEnv string, args ...string) (string, error) {
		cmd := exec.Command(goCmd, args...)
		cmd.Dir = appDir
		cmd.Env = append(append([]string(nil), base...), proxyEnv)
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	must := func(proxyEnv string, args ...string) string {
		t.Helper()
		out, err := run(proxyEnv, args...)
		require.NoError(t, err, "go %s:\n%s", strings.Join(args, " "), out)
		return out
	}
	generated := func() string {
		t.Helper()
		b, err := os.ReadFile(filepath.Join(appDir, "shaders_wgsl.go"))
		require.NoError(t, err)
		return string(b)
	}

	// Not required yet: the error is at the import and says what to run.
	out, err := run(online, "generate", "./...")
	require.Error(t, err)
	assert.Contains(t, out, filepath.Join("shaders", "app.wesl")+":1:8: error: cannot open package 'lights'")
	assert.Contains(t, out, "the Go module example.com/shaderlib is not a dependency of example.com/app: run `go get example.com/shaderlib`")
	assert.Contains(t, out, "named by wesl.toml:5:1")

	must(online, "get", libPath+"@v1.0.0")
	must("GOPROXY=off", "generate", "./...")
	v1 := generated()
	assert.Contains(t, v1, "imports example.com/shaderlib@v1.0.0/lights/shaders/shade.wesl, example.com/shaderlib@v1.0.0/lights/shaders/types.wesl")
	assert.Contains(t, v1, "type Light struct")
	assert.NotContains(t, v1, filepath.Join(tmp, "modcache"), "no machine's paths in the generated file")
	assert.Equal(t, "2 light\n", must("GOPROXY=off", "run", "."))
	must("GOPROXY=off", "test", "./...")

	// The upgrade: the checked-in file is stale until go generate runs again.
	must(online, "get", libPath+"@v1.1.0")
	out, err = run("GOPROXY=off", "test", "./...")
	require.Error(t, err, "gencheck passes with the library upgraded:\n%s", out)
	assert.Contains(t, out, "shaders_wgsl.go is stale: run go generate")
	must("GOPROXY=off", "generate", "./...")
	v2 := generated()
	assert.NotEqual(t, v1, v2)
	assert.Contains(t, v2, "example.com/shaderlib@v1.1.0/lights/shaders/types.wesl")
	assert.Contains(t, v2, "Color ")
	must("GOPROXY=off", "test", "./...")
	must("GOPROXY=off", "build", "./...")

	// A replace directive to a working copy: its files are read in place and named by path.
	dev := filepath.Join(tmp, "shaderlib-dev")
	writeTree(t, dev, library["v1.1.0"])
	must("GOPROXY=off", "mod", "edit", "-replace", libPath+"="+"../shaderlib-dev")
	out, err = run("GOPROXY=off", "test", "./...")
	require.Error(t, err, "the file names the module's files by version, not the working copy:\n%s", out)
	must("GOPROXY=off", "generate", "./...")
	local := generated()
	assert.Contains(t, local, "imports ../shaderlib-dev/lights/shaders/shade.wesl, ../shaderlib-dev/lights/shaders/types.wesl")
	assert.Equal(t, strings.ReplaceAll(v2, "example.com/shaderlib@v1.1.0/", "../shaderlib-dev/"), local)
	must("GOPROXY=off", "build", "./...")
}
