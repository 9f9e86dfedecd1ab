package hosttest

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/internal/oracle"
)

// forgotten is the program of ForgottenBinding: PKG is the adapter's package, BINDING the
// binding's (package wgpu), CALL a call of ts.FlockGroup0 (flock.wgsl's @group(0): flight,
// boids) through the adapter's Binder.
const forgotten = `package main

import (
	"BINDING"

	"MODULE"
	ts "github.com/wgslgo/wgslgo/host/hosttest/testshaders"
)

func main() {
	var device *wgpu.Device
	var m *PKG.Module
	var flight, boids *wgpu.Buffer
	group, err := CALL
	_, _, _ = group, err, boids
}
`

// ForgottenBinding builds a program that makes a bind group of flock.wgsl with its generated
// function through an adapter's Binder, in a temporary module that requires the project's
// module and the adapter's (in directory adapter of the checkout, module path module, binding
// package binding) through replace directives, offline: with both bindings the program builds
// and vets, and with one left out go build and go vet fail at the call with the compiler's
// message, whichever adapter.
func ForgottenBinding(t *testing.T, adapter, module, binding string) {
	// The go command of the toolchain that runs the test.
	goCmd := oracle.Tool{Name: filepath.Join(runtime.GOROOT(), "bin", "go"), Install: "https://go.dev/dl"}.Require(t)
	adapterDir, err := filepath.Abs(adapter)
	require.NoError(t, err)
	root := filepath.Dir(adapterDir)
	dir := t.TempDir()
	gomod := "module example.com/forgotten\n\ngo 1.25\n\nrequire (\n\tgithub.com/wgslgo/wgslgo v0.0.0\n\t" + module + " v0.0.0\n)\n\n" +
		"replace github.com/wgslgo/wgslgo => " + root + "\n\nreplace " + module + " => " + adapterDir + "\n"
	var sums []byte
	for _, f := range []string{filepath.Join(root, "go.sum"), filepath.Join(adapterDir, "go.sum")} {
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		sums = append(sums, b...)
	}
	require.NoError(t, os.WriteFile(filepath.Join(dir, "go.mod"), []byte(gomod), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "go.sum"), sums, 0o644))
	run := func(call string, args ...string) (string, error) {
		src := strings.NewReplacer("BINDING", binding, "MODULE", module, "PKG", filepath.Base(module), "CALL", call).Replace(forgotten)
		require.NoError(t, os.WriteFile(filepath.Join(dir, "main.go"), []byte(src), 0o644))
		cmd := exec.Command(goCmd, args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off", "GOWORK=off")
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	for _, args := range [][]string{{"build", "-o", os.DevNull, "."}, {"vet", "."}} {
		out, err := run("ts.FlockGroup0(m.Binder(device), flight, boids)", args...)
		require.NoError(t, err, "go %s of the complete call: %s", args[0], out)
		out, err = run("ts.FlockGroup0(m.Binder(device), flight)", args...)
		require.Error(t, err, "go %s with a binding left out must fail", args[0])
		assert.Regexp(t, regexp.MustCompile(`main\.go:\d+:\d+: not enough arguments in call to ts\.FlockGroup0\s+have \([^)]*\)\s+want \([^)]*wgsl\"?\.Binder\[Buffer, Texture, Sampler, Group\], Buffer, Buffer\)`), out, "go %s", args[0])
		t.Logf("go %s: %s", args[0], out)
	}
}
