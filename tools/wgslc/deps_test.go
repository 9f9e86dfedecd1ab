package main

import (
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
	for _, p := range []string{"testing", "runtime/trace", "runtime/pprof", "github.com/wgslgo/wgslgo/wgsltest"} {
		assert.False(t, slices.Contains(deps, p), "wgslc links %s", p)
	}
}
