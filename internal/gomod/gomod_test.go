package gomod_test

import (
	"archive/zip"
	"bytes"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler/wesl"
	"github.com/wgslgo/wgslgo/gen/wgslgen"
	"github.com/wgslgo/wgslgo/internal/gomod"
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
	// The generate line is not at the start of a line here: go generate reads this file too.
	"main.go": "package main\n\n//go:generate go run github.com/wgslgo/wgslgo/tools/wgslgen -o shaders_wgsl.go shaders/app.wesl\n" + `
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
	for _, version := range []string{"v1.0.0", "v1.1.0", "v1.2.0"} {
		files := library[version]
		list = append(list, version)
		require.NoError(t, os.WriteFile(filepath.Join(v, version+".info"), []byte(`{"Version":"`+version+`","Time":"2026-01-01T00:00:00Z"}`), 0o644))
		require.NoError(t, os.WriteFile(filepath.Join(v, version+".mod"), []byte(files["go.mod"]), 0o644))
		var buf bytes.Buffer
		zw := zip.NewWriter(&buf)
		for _, name := range slices.Sorted(maps.Keys(files)) {
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

// publishing returns v1.1.0's files made a library that publishes its Go types: its
// directory is a Go package with wgslgen's output for a module that uses its structures,
// generated here in dir.
func publishing(t *testing.T, dir string) map[string]string {
	t.Helper()
	files := maps.Clone(library["v1.1.0"])
	files["go.mod"] = "module example.com/shaderlib\n\ngo 1.24\n\nrequire github.com/wgslgo/wgslgo v0.0.0\n"
	files["lights/shaders/publish.wesl"] = "import package::types::Light;\n\n@group(0) @binding(0) var<storage> lights: array<Light>;\n"
	files["lights/lights.go"] = "// Package lights is a shader library with its Go types.\npackage lights\n\n//go:generate go tool wgslgen -o lights_wgsl.go shaders/publish.wesl\n"
	writeTree(t, dir, files)
	var stderr bytes.Buffer
	require.Equal(t, wgslgen.ExitOK, wgslgen.RunIn(filepath.Join(dir, "lights"), "lights", []string{"-o", "lights_wgsl.go", "shaders/publish.wesl"}, &stderr), stderr.String())
	out, err := os.ReadFile(filepath.Join(dir, "lights", "lights_wgsl.go"))
	require.NoError(t, err)
	require.Contains(t, string(out), "// Light is the WGSL structure package::types::Light: 32 bytes, aligned to 16.")
	files["lights/lights_wgsl.go"] = string(out)
	return files
}

func goTool(t *testing.T) string {
	return oracle.GoCommand(t, "runs go generate and go build in temporary modules")
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
	library["v1.2.0"] = publishing(t, filepath.Join(tmp, "v1.2.0"))
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

	// v1.2.0 publishes its Go types: the application uses lights.Light, with its layout
	// checked where it is used, and declares no copy.
	must(online, "get", libPath+"@v1.2.0")
	must("GOPROXY=off", "generate", "./...")
	v3 := generated()
	assert.Contains(t, v3, `"example.com/shaderlib/lights"`)
	assert.NotContains(t, v3, "type Light struct")
	assert.Contains(t, v3, "unsafe.Sizeof(lights.Light{})-32]")
	assert.Contains(t, v3, "unsafe.Offsetof(lights.Light{}.Color)-16]")
	writeTree(t, appDir, map[string]string{"main.go": strings.NewReplacer("import \"fmt\"", "import (\n\t\"fmt\"\n\n\t\"example.com/shaderlib/lights\"\n)", "Light{", "lights.Light{").Replace(app["main.go"])})
	assert.Equal(t, "2 light\n", must("GOPROXY=off", "run", "."))
	must("GOPROXY=off", "test", "./...")

	// A replace directive to a working copy: its files are read in place and named by path.
	dev := filepath.Join(tmp, "shaderlib-dev")
	writeTree(t, dev, library["v1.2.0"])
	must("GOPROXY=off", "mod", "edit", "-replace", libPath+"="+"../shaderlib-dev")
	out, err = run("GOPROXY=off", "test", "./...")
	require.Error(t, err, "the file names the module's files by version, not the working copy:\n%s", out)
	must("GOPROXY=off", "generate", "./...")
	local := generated()
	assert.Contains(t, local, "imports ../shaderlib-dev/lights/shaders/shade.wesl, ../shaderlib-dev/lights/shaders/types.wesl")
	assert.Equal(t, strings.ReplaceAll(v3, "example.com/shaderlib@v1.2.0/", "../shaderlib-dev/"), local)
	must("GOPROXY=off", "build", "./...")
}

// consumer writes a module example.com/app with go.mod (after the module line) and a
// wesl.toml naming the library's lights directory, and returns its directory and package.
func consumer(t *testing.T, dir, gomod string) (string, *wesl.Package) {
	t.Helper()
	appDir := filepath.Join(dir, "app")
	writeTree(t, appDir, map[string]string{
		"go.mod":    "module example.com/app\n\ngo 1.24\n" + gomod,
		"wesl.toml": app["wesl.toml"],
	})
	pkg, err := wesl.OpenPackage(wesl.OSFS{}, filepath.ToSlash(appDir), "package")
	require.NoError(t, err)
	return appDir, pkg
}

// TestResolve: what the resolver finds, and what it says when it finds nothing, for each
// way the go command has (or lacks) the library. Each case asks the go command itself.
func TestResolve(t *testing.T) {
	goTool(t)
	cases := []struct {
		name string
		// gomod is the consumer's go.mod after its module line; setup writes more files.
		gomod string
		setup func(t *testing.T, dir string)
		flags string
		// dir is the library package's directory below the test's, "" for an error.
		dir, describe string
		err           string
	}{
		{name: "replace", gomod: "require example.com/shaderlib v1.0.0\nreplace example.com/shaderlib => ../lib\n",
			setup: func(t *testing.T, dir string) { writeTree(t, filepath.Join(dir, "lib"), library["v1.0.0"]) },
			dir:   "lib/lights/shaders"},
		{name: "vendor", gomod: "require example.com/shaderlib v1.0.0\n", flags: "-mod=vendor",
			setup: func(t *testing.T, dir string) {
				files := map[string]string{"vendor/modules.txt": "# example.com/shaderlib v1.0.0\n## explicit; go 1.24\nexample.com/shaderlib/lights\n"}
				for name, text := range library["v1.0.0"] {
					if name != "go.mod" {
						files["vendor/example.com/shaderlib/"+name] = text
					}
				}
				writeTree(t, filepath.Join(dir, "app"), files)
			},
			dir: "app/vendor/example.com/shaderlib/lights/shaders", describe: "example.com/shaderlib@v1.0.0/lights/shaders/types.wesl"},
		{name: "vendor without the directory", gomod: "require example.com/shaderlib v1.0.0\n", flags: "-mod=vendor",
			setup: func(t *testing.T, dir string) {
				writeTree(t, filepath.Join(dir, "app"), map[string]string{"vendor/modules.txt": "# example.com/shaderlib v1.0.0\n## explicit; go 1.24\nexample.com/shaderlib/other\n"})
			},
			err: "wesl.toml:5:1): go mod vendor copies only the directories of Go packages the main module imports; import the library's Go package, or build with -mod=mod"},
		{name: "workspace", flags: "",
			setup: func(t *testing.T, dir string) {
				writeTree(t, filepath.Join(dir, "lib"), library["v1.0.0"])
				writeTree(t, dir, map[string]string{"go.work": "go 1.24\n\nuse (\n\t./app\n\t./lib\n)\n"})
			},
			dir: "lib/lights/shaders"},
		{name: "not required", err: "the Go module example.com/shaderlib is not a dependency of example.com/app: run `go get example.com/shaderlib` (named by"},
		{name: "not downloaded", gomod: "require example.com/shaderlib v1.0.0\n",
			err: "the Go module example.com/shaderlib, which example.com/app requires, is not in the module cache: run `go mod download example.com/shaderlib`"},
		{name: "replaced by a missing directory", gomod: "require example.com/shaderlib v1.0.0\nreplace example.com/shaderlib => ../nowhere\n",
			err: "the Go module example.com/shaderlib is replaced by ../nowhere, which is not a directory"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			appDir, pkg := consumer(t, dir, c.gomod)
			if c.setup != nil {
				c.setup(t, dir)
			}
			work := "GOWORK=off"
			if c.name == "workspace" {
				work = "GOWORK=" + filepath.Join(dir, "go.work")
			}
			r := &gomod.Resolver{Dir: appDir, Env: append(os.Environ(), "GOFLAGS="+c.flags, work, "GOTOOLCHAIN=local",
				"GOMODCACHE="+filepath.Join(dir, "modcache"))}
			lib, err := r.Resolve(pkg, "lights")
			if c.err != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), c.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, filepath.ToSlash(filepath.Join(dir, c.dir)), lib.Dir)
			assert.Equal(t, "lights", lib.Name)
			name, ok := r.Describe(filepath.Join(lib.Dir, "types.wesl"))
			assert.Equal(t, c.describe, name)
			assert.Equal(t, c.describe != "", ok)
			other, err := r.Resolve(pkg, "other")
			assert.NoError(t, err)
			assert.Nil(t, other, "a name wesl.toml does not list is another resolver's")
		})
	}
}

// TestOutsideAModule: without a go.mod the resolver says so, at the dependency.
func TestOutsideAModule(t *testing.T) {
	goTool(t)
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"wesl.toml": app["wesl.toml"]})
	pkg, err := wesl.OpenPackage(wesl.OSFS{}, filepath.ToSlash(dir), "package")
	require.NoError(t, err)
	r := &gomod.Resolver{Dir: dir, Env: append(os.Environ(), "GOWORK=off", "GOTOOLCHAIN=local", "GO111MODULE=on")}
	_, err = r.Resolve(pkg, "lights")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "cannot find the Go module of "+dir+", which resolves the shader library example.com/shaderlib")
}

// TestDescribeNested: a file of a nested module, whose vendored directory is inside its
// parent's, is named by the nested module.
func TestDescribeNested(t *testing.T) {
	goTool(t)
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{
		"go.mod": "module example.com/app\n\ngo 1.24\n\nrequire (\n\texample.com/shaderlib v1.0.0\n\texample.com/shaderlib/lights v1.3.0\n)\n",
		"vendor/modules.txt": "# example.com/shaderlib v1.0.0\n## explicit; go 1.24\nexample.com/shaderlib\n" +
			"# example.com/shaderlib/lights v1.3.0\n## explicit; go 1.24\nexample.com/shaderlib/lights\n",
		"vendor/example.com/shaderlib/base.wesl":       "fn base() {}\n",
		"vendor/example.com/shaderlib/lights/sun.wesl": "fn sun() {}\n",
	})
	r := &gomod.Resolver{Dir: dir, Env: append(os.Environ(), "GOFLAGS=-mod=vendor", "GOWORK=off", "GOTOOLCHAIN=local")}
	for _, m := range []string{"example.com/shaderlib", "example.com/shaderlib/lights"} {
		_, err := r.Module(m)
		require.NoError(t, err)
	}
	cases := map[string]string{
		"vendor/example.com/shaderlib/base.wesl":       "example.com/shaderlib@v1.0.0/base.wesl",
		"vendor/example.com/shaderlib/lights/sun.wesl": "example.com/shaderlib/lights@v1.3.0/sun.wesl",
	}
	for file, want := range cases {
		got, ok := r.Describe(filepath.Join(dir, filepath.FromSlash(file)))
		assert.True(t, ok, file)
		assert.Equal(t, want, got)
	}
	_, ok := r.Describe(filepath.Join(dir, "shaders", "app.wesl"))
	assert.False(t, ok, "the application's own files are named by path")
}
