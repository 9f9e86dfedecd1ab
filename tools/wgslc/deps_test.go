package main

import (
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/internal/oracle"
)

// Every package a wgslc process links runs its initialisation and maps its pages when the
// process starts, whatever the command: wgslc does not link those that only some commands
// could need, or that only tests need.
func TestLinkedPackages(t *testing.T) {
	goCmd := oracle.GoCommand(t, "lists the packages wgslc links")
	out, err := exec.Command(goCmd, "list", "-deps", ".").Output()
	require.NoError(t, err)
	deps := strings.Fields(string(out))
	require.Contains(t, deps, "github.com/wgslgo/wgslgo/compiler")
	// math/big: the checker's exactness test of hexadecimal float literals counts bits
	// (syntax.HexFloatExact); regexp: `wgslc test -run` matches with internal/runpattern.
	for _, p := range []string{"testing", "runtime/trace", "runtime/pprof", "math/big", "regexp", "github.com/wgslgo/wgslgo/wgsltest"} {
		assert.False(t, slices.Contains(deps, p), "wgslc links %s", p)
	}
}

// TestNoStartupAllocations: none of the project's packages that wgslc links allocates when
// the process starts (GODEBUG=inittrace=1 reports each package's initialisation): tables are
// static data, or made when first used. A package that builds a map or calls a function of
// another package to set a variable costs every wgslc process, whatever it compiles.
func TestNoStartupAllocations(t *testing.T) {
	goCmd := oracle.GoCommand(t, "lists the packages wgslc links")
	out, err := exec.Command(goCmd, "list", "-deps", ".").Output()
	require.NoError(t, err)
	linked := map[string]bool{}
	for _, p := range strings.Fields(string(out)) {
		if strings.HasPrefix(p, "github.com/wgslgo/wgslgo/") && p != "github.com/wgslgo/wgslgo/tools/wgslc" {
			linked[p] = true
		}
	}
	// This test binary links the same packages (and more): its start is wgslc's.
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1")
	trace, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", trace)
	traced := false
	for _, line := range strings.Split(string(trace), "\n") {
		f := strings.Fields(line) // init PKG @T ms, C ms clock, B bytes, A allocs
		if len(f) < 10 || f[0] != "init" {
			continue
		}
		traced = traced || f[1] == "os" // the trace is read (none of our packages may be in it)
		if linked[f[1]] {
			assert.Equal(t, "0", f[9], "%s allocates at initialisation: %s", f[1], line)
		}
	}
	require.True(t, traced, "no initialisation of package os in the trace:\n%s", trace)
}
