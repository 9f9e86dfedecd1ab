package wgsl

import (
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/wgslgo/wgslgo/internal/oracle"
)

// goRun returns a command that runs mktypes.go in dir, or skips the test without a go command.
func goRun(t *testing.T, dir string) *exec.Cmd {
	t.Helper()
	for _, p := range []string{filepath.Join(runtime.GOROOT(), "bin", "go"), "go"} {
		if path, err := exec.LookPath(p); err == nil {
			cmd := exec.Command(path, "run", "mktypes.go")
			cmd.Dir = dir
			cmd.Env = append(cmd.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod", "GOTOOLCHAIN=local")
			return cmd
		}
	}
	oracle.Missing(t, "no go command")
	return nil
}
