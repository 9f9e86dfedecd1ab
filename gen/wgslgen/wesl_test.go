package wgslgen

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// weslPackage is a Go package directory with two WESL shaders that share a module of
// structures and a noise module with @if variants.
var weslPackage = map[string]string{
	"shaders/lib/types.wesl": `struct Particle {
  position: vec3f,
  mass: f32,
}
`,
	"shaders/lib/noise.wesl": `@if(smoothed) fn noise(x: f32) -> f32 { return smoothstep(0.0, 1.0, fract(x * SCALE)); }
@else fn noise(x: f32) -> f32 { return fract(x * SCALE); }
const SCALE = 7.0;
`,
	"shaders/advance.wesl": `import package::lib::types::Particle;
import package::lib::noise::noise;

@group(0) @binding(0) var<storage, read_write> particles: array<Particle>;

@compute @workgroup_size(64)
fn advance(@builtin(global_invocation_id) id: vec3u) {
  particles[id.x].position.y += noise(particles[id.x].mass);
}
`,
	"shaders/weigh.wesl": `// This shader calls the shared structure P: still one Go type, Particle.
import package::lib::types::Particle as P;

@group(0) @binding(0) var<storage, read_write> particles: array<P>;
@group(0) @binding(1) var<storage, read_write> total: f32;

@compute @workgroup_size(1)
fn weigh() {
  total = particles[0].mass + particles[1].mass;
}
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

// TestWESL: WESL roots generate one Go file in which a structure declared once in a module is
// one Go type for the shaders that import it (under any name), the tables hold the linked
// WGSL, the file names the imported modules, and -check fails when an imported module
// changes what it generates.
func TestWESL(t *testing.T) {
	withCompile(t, checked(t))
	dir := filepath.Join(t.TempDir(), "fx")
	writeTree(t, dir, weslPackage)
	args := []string{"-o", "shaders_wgsl.go", "-pkg", "fx", "-feature", "smoothed", "shaders/advance.wesl", "shaders/weigh.wesl"}
	var stderr bytes.Buffer
	require.Equal(t, ExitOK, RunIn(dir, "fx", args, &stderr), stderr.String())
	src, err := os.ReadFile(filepath.Join(dir, "shaders_wgsl.go"))
	require.NoError(t, err)
	code := string(src)
	assert.Equal(t, 1, strings.Count(code, "type Particle struct"), "one Go type for the shared structure")
	assert.NotContains(t, code, "type P struct")
	assert.Contains(t, code, "Source: advance.wesl (imports shaders/lib/noise.wesl, shaders/lib/types.wesl), weigh.wesl (imports shaders/lib/types.wesl)")
	assert.Regexp(t, regexp.MustCompile(`(?s)AdvanceShader.*WGSL`), code)
	assert.Contains(t, code, "smoothstep", "the table's WGSL is the linked program, with the feature's variant")
	assert.NotContains(t, code, "import package::")
	for _, f := range []string{"advance.spv", "weigh.spv"} {
		assert.FileExists(t, filepath.Join(dir, f))
	}

	check := append([]string{"-check"}, args...)
	stderr.Reset()
	require.Equal(t, ExitOK, RunIn(dir, "fx", check, &stderr), stderr.String())
	// The same command with the feature off generates something else: stale.
	stderr.Reset()
	off := []string{"-check", "-o", "shaders_wgsl.go", "-pkg", "fx", "-feature", "smoothed=false", "shaders/advance.wesl", "shaders/weigh.wesl"}
	assert.Equal(t, ExitFail, RunIn(dir, "fx", off, &stderr))
	// An imported module changes: stale, though the roots did not.
	noise := filepath.Join(dir, "shaders", "lib", "noise.wesl")
	require.NoError(t, os.WriteFile(noise, []byte(strings.Replace(weslPackage["shaders/lib/noise.wesl"], "7.0", "9.0", 1)), 0o644))
	stderr.Reset()
	assert.Equal(t, ExitFail, RunIn(dir, "fx", check, &stderr))
	assert.Contains(t, stderr.String(), "shaders_wgsl.go is stale: run go generate")

	// Positions in diagnostics are the modules'.
	require.NoError(t, os.WriteFile(noise, []byte("fn noise(x: f32) -> f32 { return x + 1u; }\n"), 0o644))
	stderr.Reset()
	assert.Equal(t, ExitFail, RunIn(dir, "fx", args, &stderr))
	assert.Contains(t, stderr.String(), filepath.Join("shaders", "lib", "noise.wesl")+":1:")
	assert.Contains(t, stderr.String(), "note: shaders/lib/noise.wesl is imported here")
}

// TestWESLBuilds builds the generated package: the shared type is one Go type, so a value of
// it goes into both shaders' buffers.
func TestWESLBuilds(t *testing.T) {
	withCompile(t, checked(t))
	dir := filepath.Join(t.TempDir(), "fx")
	writeTree(t, dir, weslPackage)
	var stderr bytes.Buffer
	require.Equal(t, ExitOK, RunIn(dir, "fx", []string{"-o", "shaders_wgsl.go", "-pkg", "fx", "-feature", "smoothed=false", "shaders/advance.wesl", "shaders/weigh.wesl"}, &stderr), stderr.String())
	buildInModule(t, dir, `	p := []fx.Particle{{Mass: 2}}
	fmt.Println(unsafe.Sizeof(p[0]), fx.AdvanceShader.EntryPoints[0].Name, fx.WeighShader.EntryPoints[0].Name)`)
}

// TestWESLPackagesManifest: run as Bazel runs it — from the execution root, the Go file in an
// output tree, the packages in a -wesl-packages manifest — wgslgen writes what go generate
// writes in the shader's directory, byte for byte (the imported files named from that
// directory); without the dep, the import fails with the label to add.
func TestWESLPackagesManifest(t *testing.T) {
	root := t.TempDir()
	writeTree(t, root, map[string]string{
		"app/wesl.toml": "[package]\nroot = \".\"\n\n[dependencies]\nlights = { path = \"../lib/lights\" }\n",
		"app/shade.wesl": `import lights::Light;

@group(0) @binding(0) var<storage, read_write> lights: array<Light>;

@compute @workgroup_size(1)
fn shade() { lights[0].power *= 2.0; }
`,
		"lib/lights/package.wesl": "public struct Light { position: vec3f, power: f32 }\n",
	})
	var stderr bytes.Buffer
	require.Equal(t, ExitOK, RunIn(filepath.Join(root, "app"), "", []string{"-o", "shade_wgsl.go", "shade.wesl"}, &stderr), stderr.String())
	want, err := os.ReadFile(filepath.Join(root, "app", "shade_wgsl.go"))
	require.NoError(t, err)
	assert.Contains(t, string(want), "// Source: shade.wesl (imports ../lib/lights/package.wesl)")

	for _, c := range []struct {
		deps     string
		code     int
		diagnose string
	}{
		{`["//lib/lights:lights_wesl"]`, ExitOK, ""},
		{`[]`, ExitFail, `app/shade.wesl:1:8: error: cannot open package 'lights': the WESL package lights (lib/lights, named by app/wesl.toml:5:1) is not a dependency of //app:shade: add "//lib/lights:lights_wesl" to its deps`},
	} {
		manifest := `{"target": "//app:shade", "package_dir": "app", "deps": ` + c.deps + `,
			"packages": [{"label": "//lib/lights:lights_wesl", "name": "lights", "dir": "lib/lights", "deps": []}]}`
		require.NoError(t, os.WriteFile(filepath.Join(root, "app.json"), []byte(manifest), 0o644))
		out := filepath.Join("bazel-out", "bin", "app", "shade_wgsl.go")
		require.NoError(t, os.MkdirAll(filepath.Join(root, filepath.Dir(out)), 0o755))
		stderr.Reset()
		code := RunIn(root, "", []string{"-o", out, "-pkg", "app", "-wesl-packages", "app.json", "app/shade.wesl"}, &stderr)
		require.Equal(t, c.code, code, stderr.String())
		if c.code != ExitOK {
			assert.Contains(t, stderr.String(), c.diagnose)
			continue
		}
		got, err := os.ReadFile(filepath.Join(root, out))
		require.NoError(t, err)
		assert.Equal(t, string(want), string(got), "the generated Go differs from go generate's")
	}
}
