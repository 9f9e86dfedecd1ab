//go:build linux || darwin

package rules_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/gen/wgslgen"
	"github.com/wgslgo/wgslgo/internal/oracle"
)

// TestBazelEndToEnd builds the example workspace examples/bazel with real Bazel (Debian's
// bazel-bootstrap, rules_go v0.34.0 from the offline cache of scripts/bazel-setup.sh): the rules
// run the project's own wgslc and wgslgen (a shader without entry points gets its reflection
// only), a changed shader reruns only its own actions, a bad
// shader fails the build with its file:line:col diagnostic, a second output base gets every
// shader action from an HTTP remote cache (nginx with WebDAV PUT on loopback), and wgslgo's
// Gazelle writes the BUILD files of the example's sim/ tree of .wgsl and .go files, which build
// and test, and generate what go generate writes (gazelleStep). The wgslgo repository it builds
// from is a snapshot of this checkout with freshly generated BUILD files.
func TestBazelEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("runs Bazel: minutes; not in -short")
	}
	checkout, err := filepath.Abs("..")
	require.NoError(t, err)
	cache := bazelCache(t, checkout)
	lockFile(t, filepath.Join(cache, "e2e.lock"))

	// A snapshot of the checkout, with BUILD files for its Go sources as they are, is the wgslgo
	// repository the example uses: edits made while the test runs do not reach it.
	root := copyTree(t, checkout, filepath.Join(t.TempDir(), "wgslgo"), func(rel string) bool {
		return rel == ".git" || strings.HasPrefix(rel, "bazel-") || rel == filepath.Join("examples", "bazel")
	})
	out, err := exec.Command(filepath.Join(root, "scripts", "bazel-gazelle.sh")).CombinedOutput()
	require.NoError(t, err, "gazelle:\n%s", out)

	ws := copyTree(t, filepath.Join(checkout, "examples", "bazel"), filepath.Join(t.TempDir(), "ws"), func(rel string) bool {
		return strings.HasPrefix(rel, "bazel-")
	})
	bz := newBazel(t, root, ws, filepath.Join(cache, "e2e", "output-base"))
	gazelle := filepath.Join(t.TempDir(), "gazelle")
	goCommand(t, filepath.Join(root, "gazelle"), nil, "build", "-o", gazelle, "./cmd/gazelle")
	// go generate in the example, with wgslgo from the snapshot.
	// (The example's go.mod has no go.sum: -mod=mod lets the go command complete the module
	// graph from the module cache, offline.)
	goCommand(t, ws, offlineGo, "mod", "edit", "-replace=github.com/wgslgo/wgslgo="+root)
	packagesGazelle(t, gazelle, ws)

	// The targets, and the output groups to build: the default outputs (.spv, .json) and the
	// checks.
	targets := []string{"//shaders:particles_spv", "//shaders:scale_spv", "//shaders:draft_spv", "//shaders:tonemap_spv", "//shaders:tonemap",
		"//shaders:particles_wgslgen", "//shaders:scale_wgslgen", "//shaders:particles", "//shaders:scale",
		"//pkgs/render", "//pkgs/bloom", "//pkgs/render:shade_wgsl_wgslgen", "//pkgs/bloom:bloom_wgslgen"}
	groups := "--output_groups=+wgsl_check"
	build := func(b *bazel, extra ...string) (string, []spawn, error) {
		return b.build(append(append([]string{groups}, extra...), targets...)...)
	}

	ok := t.Run("build", func(t *testing.T) {
		out, _, err := build(bz)
		require.NoError(t, err, out)
		bin := bz.info(t, "bazel-bin")
		for _, stamp := range []string{"particles_spv/particles.wgsl.checked", "scale_spv/scale.wgsl.checked",
			"scale_spv/shared.wgsl.checked", "draft_spv/draft.wgsl.checked", "tonemap_spv/tonemap.wesl.checked"} {
			require.FileExists(t, filepath.Join(bin, "shaders", stamp))
		}
		// shared.wgsl, in no_spirv, has its reflection and no SPIR-V.
		require.FileExists(t, filepath.Join(bin, "shaders", "scale_spv", "shared.json"))
		require.NoFileExists(t, filepath.Join(bin, "shaders", "scale_spv", "shared.spv"))
		// scale_spv has debug = True: the SPIR-V holds the source.
		scale, err := os.ReadFile(filepath.Join(bin, "shaders", "scale_spv", "scale.spv"))
		require.NoError(t, err)
		require.Contains(t, string(scale), "fn scale(", "scale_spv/scale.spv: no source embedded (debug = True)")
		// wgsl_spirv's outputs, and the .spv files the Go libraries embed, each for the target
		// environment its target asks (the tools' default is vulkan1.1).
		spirv := map[string]string{"particles_spv/particles.spv": "vulkan1.1", "scale_spv/scale.spv": "vulkan1.2",
			"draft_spv/draft.spv": "vulkan1.1", "particles.spv": "vulkan1.1", "scale.spv": "vulkan1.1"}
		for spv, env := range spirv {
			path := filepath.Join(bin, "shaders", spv)
			data, err := os.ReadFile(path)
			require.NoError(t, err)
			require.GreaterOrEqual(t, len(data), 20, spv)
			require.Equal(t, []byte{0x03, 0x02, 0x23, 0x07}, data[:4], "%s: SPIR-V magic", spv)
			spirvVal(t, path, env)
		}
	})
	if !ok {
		return
	}

	t.Run("analysis", func(t *testing.T) {
		// Every target of the example, the Go libraries and tests too, is well formed.
		out, err := bz.run("build", "--nobuild", "//...")
		require.NoError(t, err, out)
		// The command lines follow the attributes that change no file the build checks.
		out, err = bz.run("aquery", "mnemonic(WgslCompile, //shaders:draft_spv + //shaders:scale_spv)")
		require.NoError(t, err, out)
		require.Contains(t, out, "-dialect=legacy2021", "draft_spv's dialect")
		require.Regexp(t, `(?m)^\s+-g \\$`, out, "scale_spv's debug")
	})

	t.Run("test", func(t *testing.T) {
		tests := []string{"//shaders:spirv_test", "//shaders:golib_test"}
		out, err := bz.run("test", tests...)
		require.NoError(t, err, out)
		require.Regexp(t, fmt.Sprintf(`Executed \d+ out of %d tests?: %d tests? pass`, len(tests), len(tests)), out)
	})
	t.Run("wesl_packages", func(t *testing.T) { packagesStep(t, ws, bz) })
	t.Run("incremental", func(t *testing.T) {
		shader := filepath.Join(ws, "shaders", "particles.wgsl")
		src, err := os.ReadFile(shader)
		require.NoError(t, err)
		// A new module-scope constant: every output of particles.wgsl changes, scale.wgsl's not.
		changed := append(src, []byte("\nconst e2e_marker: u32 = 1u;\n")...)
		require.NoError(t, os.WriteFile(shader, changed, 0o644))

		out, spawns, err := build(bz)
		require.NoError(t, err, out)
		counts := map[string]int{}
		for _, s := range spawns {
			args := strings.Join(s.CommandArgs, " ")
			require.NotContains(t, args, "scale", "%s ran for the unchanged scale.wgsl", s.Mnemonic)
			if !strings.HasPrefix(s.Mnemonic, "Wgsl") {
				require.NotContains(t, args, "/tools/", "a tool was rebuilt: %s %v", s.Mnemonic, s.CommandArgs)
				continue
			}
			require.Contains(t, args, "shaders/particles.wgsl")
			tool := "/tools/wgslc/wgslc_/wgslc"
			if s.Mnemonic == "WgslGen" {
				tool = "/tools/wgslgen/wgslgen_/wgslgen"
			}
			require.Contains(t, args, tool, "%s does not run the project's tool", s.Mnemonic)
			counts[s.Mnemonic]++
		}
		// The Go library's generator target checks too.
		want := map[string]int{"WgslCheck": 2, "WgslCompile": 1, "WgslGen": 1}
		require.Equal(t, want, counts, "shader actions that ran after editing particles.wgsl:\n%s", out)
		t.Logf("after the edit: %s", processesLine(out))
	})

	t.Run("diagnostics", func(t *testing.T) {
		shader := filepath.Join(ws, "shaders", "scale.wgsl")
		good, err := os.ReadFile(shader)
		require.NoError(t, err)
		defer func() { require.NoError(t, os.WriteFile(shader, good, 0o644)) }()
		bad := "@compute @workgroup_size(1)\nfn main() {\n  let x = ;\n}\n"
		require.NoError(t, os.WriteFile(shader, []byte(bad), 0o644))

		diagnostic := regexp.MustCompile(`(?m)^shaders/scale\.wgsl:3:\d+: error: `)
		out, _, err := bz.build("--output_groups=wgsl_check", "//shaders:scale_spv")
		require.Error(t, err, "a shader with a syntax error built:\n%s", out)
		require.Regexp(t, diagnostic, out)
		out, _, err = bz.build("//shaders:scale_spv")
		require.Error(t, err, "a shader with a syntax error compiled:\n%s", out)
		require.Regexp(t, diagnostic, out)
	})

	t.Run("remote_cache", func(t *testing.T) {
		url := startWebDAVCache(t)
		// Two new output bases (the main one stays warm for the next run): everything executes
		// in the first and is uploaded; the second must fetch every shader action.
		fresh := func(name string) *bazel {
			base := freshDir(t, filepath.Join(cache, "e2e", name))
			t.Cleanup(func() { freshDir(t, base) }) // runs after the shutdown newBazel registers
			return newBazel(t, root, ws, base)
		}
		upload := fresh("output-base-upload")
		uploadOut, first, err := build(upload, "--remote_cache="+url)
		require.NoError(t, err, uploadOut)
		shaderActions := 0
		for _, s := range first {
			if strings.HasPrefix(s.Mnemonic, "Wgsl") {
				require.False(t, s.RemoteCacheHit, "fresh cache hit for %s", s.Mnemonic)
				shaderActions++
			}
		}
		require.NotZero(t, shaderActions, "no shader action ran:\n%s", uploadOut)
		out, err := upload.run("shutdown")
		require.NoError(t, err, out)

		out, second, err := build(fresh("output-base-download"), "--remote_cache="+url)
		require.NoError(t, err, out)
		hits := 0
		for _, s := range second {
			if strings.HasPrefix(s.Mnemonic, "Wgsl") {
				require.True(t, s.RemoteCacheHit, "%s executed (runner %q) instead of coming from the remote cache: %v", s.Mnemonic, s.Runner, s.CommandArgs)
				hits++
			}
		}
		require.Equal(t, shaderActions, hits, "shader actions fetched from the remote cache:\n%s", out)
		line := processesLine(out)
		require.Contains(t, line, "remote cache hit", out)
		t.Logf("first output base: %d shader actions executed and uploaded (%s); second: %s", shaderActions, processesLine(uploadOut), line)
	})

	t.Run("gazelle", func(t *testing.T) { gazelleStep(t, gazelle, ws, bz) })
}

// gazelleStep runs wgslgo's Gazelle (gazelle/cmd/gazelle) on the example, whose sim/
// directories hold only .wgsl and .go files: it writes their BUILD files (and leaves the
// hand-written shaders/BUILD.bazel alone), bazel test passes on them, the Go and SPIR-V that
// Bazel generated are byte for byte what go generate writes (a shader without entry points
// included, which Gazelle lists in no_spirv; a wrong list fails the build, naming the shader and
// the attribute), and what go generate wrote in the tree changes neither the BUILD files nor the
// build. A broken shader keeps its BUILD file,
// and bazel build reports the error at its position.
func gazelleStep(t *testing.T, gazelle, ws string, bz *bazel) {
	sim := filepath.Join(ws, "sim")
	err := filepath.WalkDir(sim, func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && filepath.Ext(path) != ".wgsl" && filepath.Ext(path) != ".go" {
			err = fmt.Errorf("%s: the example's sim/ must hold only .wgsl and .go files (remove what go generate wrote)", path)
		}
		if err == nil && filepath.Ext(path) == ".go" {
			data, rerr := os.ReadFile(path)
			if rerr == nil && bytes.HasPrefix(data, []byte("// Code generated by wgslgen.")) {
				err = fmt.Errorf("%s was generated: remove what go generate wrote in the example", path)
			}
		}
		return err
	})
	require.NoError(t, err)

	runGazelle := func(args ...string) (string, error) { return runGazelle(gazelle, ws, args...) }
	handWritten, err := os.ReadFile(filepath.Join(ws, "shaders", "BUILD.bazel"))
	require.NoError(t, err)
	out, err := runGazelle()
	require.NoError(t, err, "gazelle:\n%s", out)
	require.Empty(t, out, "gazelle's log")
	for _, dir := range []string{"physics", "kernels", filepath.Join("cmd", "sim")} {
		require.FileExists(t, filepath.Join(sim, dir, "BUILD.bazel"))
	}
	after, err := os.ReadFile(filepath.Join(ws, "shaders", "BUILD.bazel"))
	require.NoError(t, err)
	require.Equal(t, string(handWritten), string(after), "# gazelle:ignore")
	physics, err := os.ReadFile(filepath.Join(sim, "physics", "BUILD.bazel"))
	require.NoError(t, err)
	t.Logf("sim/physics/BUILD.bazel by gazelle:\n%s", physics)
	out, err = runGazelle("-mode", "diff")
	require.NoError(t, err, "a second gazelle run would change:\n%s", out)

	test := func() {
		t.Helper()
		out, err := bz.run("test", "//sim/...")
		require.NoError(t, err, out)
		require.Regexp(t, `Executed \d+ out of 2 tests: 2 tests pass`, out)
	}
	test()

	goCommand(t, ws, offlineGo, "generate", "./sim/physics")
	bin := bz.info(t, "bazel-bin")
	for _, f := range []string{"shaders_wgsl.go", "integrate.spv", "collide.spv"} {
		want, err := os.ReadFile(filepath.Join(sim, "physics", f))
		require.NoError(t, err, "go generate did not write %s", f)
		got, err := os.ReadFile(filepath.Join(bin, "sim", "physics", f))
		require.NoError(t, err)
		require.True(t, bytes.Equal(want, got), "sim/physics/%s: Bazel's differs from go generate's", f)
	}
	// sim/kernels has no line: its target stands for wgslgen -o kernels_wgsl.go -pkg kernels
	// histogram.wgsl ranges.wgsl, run there. ranges.wgsl has no entry point: no SPIR-V.
	kernels := copyTree(t, filepath.Join(sim, "kernels"), filepath.Join(t.TempDir(), "kernels"), func(string) bool { return false })
	var stderr bytes.Buffer
	code := wgslgen.RunIn(kernels, "", []string{"-o", "kernels_wgsl.go", "-pkg", "kernels", "histogram.wgsl", "ranges.wgsl"}, &stderr)
	require.Equal(t, wgslgen.ExitOK, code, stderr.String())
	for _, f := range []string{"kernels_wgsl.go", "histogram.spv"} {
		want, err := os.ReadFile(filepath.Join(kernels, f))
		require.NoError(t, err)
		got, err := os.ReadFile(filepath.Join(bin, "sim", "kernels", f))
		require.NoError(t, err)
		require.True(t, bytes.Equal(want, got), "sim/kernels/%s: Bazel's differs from wgslgen's", f)
	}
	require.NoFileExists(t, filepath.Join(kernels, "ranges.spv"))
	require.NoFileExists(t, filepath.Join(bin, "sim", "kernels", "ranges.spv"))

	// A wrong no_spirv fails the build with a message that names the shader and the attribute.
	kernelsBuild := filepath.Join(sim, "kernels", "BUILD.bazel")
	written, err := os.ReadFile(kernelsBuild)
	require.NoError(t, err)
	const listed = `    no_spirv = ["ranges.wgsl"],` + "\n"
	require.Contains(t, string(written), listed, "gazelle did not list ranges.wgsl in no_spirv")
	for list, want := range map[string]string{
		"": `(?m)^sim/kernels/ranges\.wgsl: error: the module has no entry point.*no_spirv`,
		`    no_spirv = ["histogram.wgsl", "ranges.wgsl"],` + "\n": `(?m)^sim/kernels/histogram\.wgsl: error: the module has entry points.*no_spirv`,
	} {
		require.NoError(t, os.WriteFile(kernelsBuild, []byte(strings.Replace(string(written), listed, list, 1)), 0o644))
		out, _, err := bz.build("//sim/kernels")
		require.Error(t, err, "built with a wrong no_spirv:\n%s", out)
		require.Regexp(t, regexp.MustCompile(want), out)
	}
	require.NoError(t, os.WriteFile(kernelsBuild, written, 0o644))

	// With what go generate wrote in the tree, the BUILD files and the build stay as they are.
	out, err = runGazelle("-mode", "diff")
	require.NoError(t, err, "after go generate, gazelle would change:\n%s", out)
	test()

	shader := filepath.Join(sim, "kernels", "histogram.wgsl")
	good, err := os.ReadFile(shader)
	require.NoError(t, err)
	defer func() { require.NoError(t, os.WriteFile(shader, good, 0o644)) }()
	require.NoError(t, os.WriteFile(shader, []byte("@compute @workgroup_size(1)\nfn main() {\n  let x = ;\n}\n"), 0o644))
	out, err = runGazelle("-mode", "diff")
	require.NoError(t, err, "a broken shader changed the BUILD files:\n%s", out)
	out, _, err = bz.build("//sim/kernels")
	require.Error(t, err, "a broken shader built:\n%s", out)
	require.Regexp(t, regexp.MustCompile(`(?m)^sim/kernels/histogram\.wgsl:3:\d+: error: `), out)
}

// offlineGo is the go command's environment for the example: its go.mod has no go.sum, and
// -mod=mod lets the go command complete the module graph from the module cache, offline.
var offlineGo = []string{"GOFLAGS=-mod=mod", "GOPROXY=off"}

// runGazelle runs wgslgo's Gazelle on the workspace ws; args follow -repo_root.
func runGazelle(gazelle, ws string, args ...string) (string, error) {
	cmd := exec.Command(gazelle, append([]string{"-repo_root", ws}, args...)...)
	cmd.Dir = ws
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// packagesGazelle writes the BUILD files of the example's pkgs/ tree with wgslgo's Gazelle,
// before the build: a WESL library (pkgs/lights, with a wesl.toml, depending on pkgs/units, a
// package without one, for its own modules), two consumers naming it in their wesl.toml (pkgs/render with a
// //go:generate line, pkgs/bloom a directory of shaders alone) and a Go package importing
// both. The tree holds only .wesl, .wgsl, .go and wesl.toml files.
func packagesGazelle(t *testing.T, gazelle, ws string) {
	pkgs := filepath.Join(ws, "pkgs")
	err := filepath.WalkDir(pkgs, func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && !slices.Contains([]string{".wesl", ".wgsl", ".go"}, filepath.Ext(path)) && d.Name() != "wesl.toml" {
			err = fmt.Errorf("%s: the example's pkgs/ must hold only .wesl, .wgsl, .go and wesl.toml files", path)
		}
		return err
	})
	require.NoError(t, err)
	out, err := runGazelle(gazelle, ws, pkgs)
	require.NoError(t, err, "gazelle:\n%s", out)
	require.Empty(t, out, "gazelle's log")
	// Each import resolves to the wgsl_library of the package it names, and only the
	// packages a target's own modules import are its deps.
	for dir, want := range map[string]string{
		"lights": `(?s)wgsl_library\(\s+name = "lights_wesl",.*"shaders/falloff.wesl",.*deps = \["//pkgs/units:units_wesl"\]`,
		"units":  `(?s)wgsl_library\(\s+name = "units_wesl",\s+srcs = \["package.wesl"\],\s+visibility = \["//visibility:public"\],\s+\)`,
		"render": `(?s)wgsl_go_library\(\s+name = "shade_wgsl",.*modules = \["wesl.toml"\],.*deps = \["//pkgs/lights:lights_wesl"\]`,
		"bloom":  `(?s)wgsl_go_library\(\s+name = "bloom",.*modules = \["wesl.toml"\],.*deps = \["//pkgs/lights:lights_wesl"\]`,
	} {
		data, err := os.ReadFile(filepath.Join(pkgs, dir, "BUILD.bazel"))
		require.NoError(t, err)
		require.Regexp(t, want, string(data), "pkgs/%s/BUILD.bazel", dir)
	}
	out, err = runGazelle(gazelle, ws, "-mode", "diff", pkgs)
	require.NoError(t, err, "a second gazelle run would change:\n%s", out)
}

// packagesStep tests the pkgs/ tree that packagesGazelle wrote the BUILD files of: its tests
// pass, the Go and SPIR-V that Bazel generated for both consumers are byte for byte what go
// generate writes (and, for the directory of shaders alone, what its equivalent wgslgen
// command writes), and a consumer whose BUILD file lacks the library's dep fails to build with
// an error at its import that names the label to add.
func packagesStep(t *testing.T, ws string, bz *bazel) {
	out, err := bz.run("test", "//pkgs/...")
	require.NoError(t, err, out)
	require.Regexp(t, `Executed \d+ out of 2 tests: 2 tests pass`, out)

	pkgs := filepath.Join(ws, "pkgs")
	goCommand(t, ws, offlineGo, "generate", "./pkgs/render")
	var stderr bytes.Buffer
	code := wgslgen.RunIn(filepath.Join(pkgs, "bloom"), "", []string{"-o", "bloom_wgsl.go", "-pkg", "bloom", "bloom.wgsl"}, &stderr)
	require.Equal(t, wgslgen.ExitOK, code, stderr.String())
	bin := bz.info(t, "bazel-bin")
	for _, f := range []string{"render/shade_wgsl.go", "render/shade.spv", "bloom/bloom_wgsl.go", "bloom/bloom.spv"} {
		want, err := os.ReadFile(filepath.Join(pkgs, f))
		require.NoError(t, err, "go generate did not write %s", f)
		got, err := os.ReadFile(filepath.Join(bin, "pkgs", f))
		require.NoError(t, err)
		require.True(t, bytes.Equal(want, got), "pkgs/%s: Bazel's differs from go generate's", f)
		require.NoError(t, os.Remove(filepath.Join(pkgs, f)))
		if filepath.Ext(f) == ".spv" {
			spirvVal(t, filepath.Join(bin, "pkgs", f), "vulkan1.1")
		}
	}
	shade, err := os.ReadFile(filepath.Join(bin, "pkgs", "render", "shade_wgsl.go"))
	require.NoError(t, err)
	require.Contains(t, string(shade), "// Source: shade.wesl (imports ../lights/shaders/falloff.wesl, ../lights/shaders/package.wesl, ../lights/shaders/types.wesl, ../units/package.wesl)")

	// Without the dep, the library is not among the generation's inputs, and not in its
	// manifest: the build fails at the import, naming the label.
	buildFile := filepath.Join(pkgs, "bloom", "BUILD.bazel")
	written, err := os.ReadFile(buildFile)
	require.NoError(t, err)
	const dep = `    deps = ["//pkgs/lights:lights_wesl"],` + "\n"
	i := strings.Index(string(written), "wgsl_go_library(")
	require.Positive(t, i, "pkgs/bloom/BUILD.bazel has no wgsl_go_library")
	require.Contains(t, string(written[i:]), dep)
	require.NoError(t, os.WriteFile(buildFile, []byte(string(written[:i])+strings.Replace(string(written[i:]), dep, "", 1)), 0o644))
	out, _, err = bz.build("//pkgs/bloom")
	require.Error(t, err, "built without the library's dep:\n%s", out)
	require.Regexp(t, regexp.MustCompile(`(?m)^pkgs/bloom/bloom\.wgsl:1:8: error: cannot open package 'lights': the WESL package lights \(pkgs/lights, named by pkgs/bloom/wesl\.toml:5:1\) is not a dependency of //pkgs/bloom:bloom: add "//pkgs/lights:lights_wesl" to its deps$`), out)
	// With the dep back, it builds again (and the outputs the failed action removed are
	// back for the steps that follow).
	require.NoError(t, os.WriteFile(buildFile, written, 0o644))
	out, _, err = bz.build("//pkgs/bloom")
	require.NoError(t, err, out)
}

// goCommand runs the go command in dir, outside any go.work, with env added to the
// environment.
func goCommand(t *testing.T, dir string, env []string, args ...string) {
	t.Helper()
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(append(os.Environ(), "GOWORK=off"), env...)
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "go %s:\n%s", strings.Join(args, " "), out)
}

// spirvVal validates a SPIR-V file with spirv-val (Debian's spirv-tools, which the README's
// test command installs) for a Vulkan target environment.
func spirvVal(t *testing.T, path, env string) {
	t.Helper()
	out, err := exec.Command(oracle.SpirvVal.Require(t), "--target-env", env, path).CombinedOutput()
	require.NoError(t, err, "spirv-val --target-env %s %s:\n%s", env, path, out)
}

// bazelCache finds bazel and the offline cache that scripts/bazel-setup.sh prepared. Without
// them the test skips, except in CI, where the README's test command runs the setup first.
func bazelCache(t *testing.T, root string) string {
	t.Helper()
	if _, err := exec.LookPath("bazel"); err != nil {
		oracle.Missing(t, "bazel is not installed: run scripts/bazel-setup.sh (apt-get install bazel-bootstrap)")
	}
	out, err := exec.Command(filepath.Join(root, "scripts", "bazel-setup.sh"), "--print-cache").Output()
	require.NoError(t, err)
	dir := strings.TrimSpace(string(out))
	if _, err := os.Stat(filepath.Join(dir, "READY")); err != nil {
		oracle.Missing(t, "the offline Bazel cache %s is not prepared: run scripts/bazel-setup.sh", dir)
	}
	current, err := filepath.EvalSymlinks(filepath.Join(filepath.Dir(dir), "current"))
	if err != nil || current != dir {
		oracle.Missing(t, "%s/current does not point at %s: run scripts/bazel-setup.sh", filepath.Dir(dir), dir)
	}
	return dir
}

// lockFile serialises test runs that share the output bases under the cache, until the test
// and its cleanups (Bazel shutdowns, registered later) are done.
func lockFile(t *testing.T, path string) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_CREATE|os.O_RDWR, 0o644)
	require.NoError(t, err)
	require.NoError(t, syscall.Flock(int(f.Fd()), syscall.LOCK_EX))
	t.Cleanup(func() { f.Close() })
}

// copyTree copies the regular files and directories of src to dst, leaving out the paths (relative
// to src) for which skip is true, and returns dst.
func copyTree(t *testing.T, src, dst string, skip func(rel string) bool) string {
	t.Helper()
	err := filepath.WalkDir(src, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		if rel != "." && skip(rel) {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		if !d.Type().IsRegular() {
			return nil
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, info.Mode().Perm())
	})
	require.NoError(t, err)
	return dst
}

// freshDir empties dir (Bazel leaves read-only files in output bases) and returns it.
func freshDir(t *testing.T, dir string) string {
	t.Helper()
	if _, err := os.Stat(dir); err == nil {
		require.NoError(t, exec.Command("chmod", "-R", "u+w", dir).Run())
		require.NoError(t, os.RemoveAll(dir))
	}
	require.NoError(t, os.MkdirAll(dir, 0o755))
	return dir
}

// bazel runs Bazel commands in one workspace with one output base; its server is shut down when
// the test ends (and exits by itself if the test is killed).
type bazel struct {
	t          *testing.T
	root, ws   string
	outputBase string
}

func newBazel(t *testing.T, root, ws, outputBase string) *bazel {
	require.NoError(t, os.MkdirAll(outputBase, 0o755))
	b := &bazel{t: t, root: root, ws: ws, outputBase: outputBase}
	t.Cleanup(func() {
		if out, err := b.run("shutdown"); err != nil {
			t.Logf("bazel shutdown: %v\n%s", err, out)
		}
	})
	return b
}

// run runs one Bazel command; the output is stdout and stderr together.
func (b *bazel) run(command string, args ...string) (string, error) {
	var out bytes.Buffer
	err := b.exec(&out, &out, command, args...)
	return out.String(), err
}

func (b *bazel) exec(stdout, stderr io.Writer, command string, args ...string) error {
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Minute)
	defer cancel()
	full := []string{"--output_base=" + b.outputBase, "--max_idle_secs=300", command}
	if command != "shutdown" {
		// The example's WORKSPACE finds wgslgo at ../..; the copy finds this checkout.
		full = append(full, "--override_repository=com_github_wgslgo_wgslgo="+b.root, "--color=no", "--curses=no")
	}
	cmd := exec.CommandContext(ctx, "bazel", append(full, args...)...)
	cmd.Dir = b.ws
	cmd.Stdout = stdout
	cmd.Stderr = stderr
	return cmd.Run()
}

// build runs bazel build with an execution log and returns the spawns it records: every action
// that ran or came from the remote cache (local action-cache hits are not spawns).
func (b *bazel) build(args ...string) (string, []spawn, error) {
	log := filepath.Join(b.t.TempDir(), "exec.json")
	out, err := b.run("build", append([]string{"--execution_log_json_file=" + log}, args...)...)
	if err != nil {
		return out, nil, err
	}
	spawns, perr := readSpawns(log)
	require.NoError(b.t, perr)
	return out, spawns, nil
}

func (b *bazel) info(t *testing.T, key string) string {
	var stdout, stderr bytes.Buffer
	require.NoError(t, b.exec(&stdout, &stderr, "info", key), stderr.String())
	return strings.TrimSpace(stdout.String())
}

// spawn is the part of a SpawnExec record of --execution_log_json_file this test reads.
type spawn struct {
	CommandArgs    []string `json:"commandArgs"`
	Mnemonic       string   `json:"mnemonic"`
	Runner         string   `json:"runner"`
	RemoteCacheHit bool     `json:"remoteCacheHit"`
}

// readSpawns reads an execution log: JSON objects one after another.
func readSpawns(path string) ([]spawn, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var spawns []spawn
	dec := json.NewDecoder(f)
	for {
		var s spawn
		if err := dec.Decode(&s); err == io.EOF {
			return spawns, nil
		} else if err != nil {
			return nil, err
		}
		spawns = append(spawns, s)
	}
}

// processesLine is Bazel's summary of how actions ran, e.g.
// "INFO: 9 processes: 3 internal, 6 remote cache hit."
func processesLine(out string) string {
	return regexp.MustCompile(`INFO: \d+ process(es)?: .*`).FindString(out)
}

// startWebDAVCache runs Debian's nginx as an HTTP remote cache for Bazel (WebDAV PUT) on a
// loopback port, with its files in a temporary directory; it stops when the test ends.
func startWebDAVCache(t *testing.T) string {
	t.Helper()
	nginx, err := exec.LookPath("nginx")
	if err != nil {
		nginx = "/usr/sbin/nginx"
		if _, err := os.Stat(nginx); err != nil {
			oracle.Missing(t, "nginx is not installed: run scripts/bazel-setup.sh (apt-get install nginx)")
		}
	}
	dir := t.TempDir()
	for _, sub := range []string{"cache", "tmp", "logs"} {
		require.NoError(t, os.MkdirAll(filepath.Join(dir, sub), 0o755))
	}
	user := ""
	if os.Geteuid() == 0 {
		user = "user root;" // the workers write the cache into this root-owned directory
	}
	for attempt := 0; ; attempt++ {
		port := freePort(t)
		conf := filepath.Join(dir, "nginx.conf")
		require.NoError(t, os.WriteFile(conf, []byte(fmt.Sprintf(`
%[1]s
daemon off;
worker_processes 1;
pid %[2]s/nginx.pid;
error_log %[2]s/logs/error.log;
events { worker_connections 64; }
http {
  access_log %[2]s/logs/access.log;
  client_body_temp_path %[2]s/tmp/body;
  proxy_temp_path %[2]s/tmp/proxy;
  fastcgi_temp_path %[2]s/tmp/fastcgi;
  uwsgi_temp_path %[2]s/tmp/uwsgi;
  scgi_temp_path %[2]s/tmp/scgi;
  server {
    listen 127.0.0.1:%[3]d;
    root %[2]s/cache;
    client_max_body_size 0;
    location / {
      dav_methods PUT;
      create_full_put_path on;
      dav_access user:rw group:r all:r;
    }
  }
}
`, user, dir, port)), 0o644))
		cmd := exec.Command(nginx, "-p", dir, "-e", filepath.Join(dir, "logs", "error.log"), "-c", conf)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		require.NoError(t, cmd.Start())
		exited := make(chan error, 1)
		go func() { exited <- cmd.Wait() }()
		addr := fmt.Sprintf("127.0.0.1:%d", port)
		if waitListening(addr, exited) {
			t.Cleanup(func() {
				_ = cmd.Process.Signal(syscall.SIGQUIT)
				select {
				case <-exited:
				case <-time.After(10 * time.Second):
					_ = cmd.Process.Kill()
					<-exited
				}
			})
			return "http://" + addr
		}
		_ = cmd.Process.Kill()
		<-exited
		logs, _ := os.ReadFile(filepath.Join(dir, "logs", "error.log"))
		require.Less(t, attempt, 2, "nginx did not start:\n%s\n%s", stderr.String(), logs)
	}
}

func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// waitListening reports whether addr accepts connections within 10 s, giving up early if the
// server exits.
func waitListening(addr string, exited chan error) bool {
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		select {
		case err := <-exited:
			exited <- err
			return false
		default:
		}
		if c, err := net.DialTimeout("tcp", addr, time.Second); err == nil {
			c.Close()
			return true
		}
		time.Sleep(100 * time.Millisecond)
	}
	return false
}
