package backend_test

import (
	"testing"

	"github.com/wgslgo/wgslgo/internal/exectest"
)

// TestExecOps runs every operator and the integer and exact float builtins on the device and
// compares with Go: what each opcode the backend chooses computes (see exectest.RunOps).
func TestExecOps(t *testing.T) { exectest.RunOps(t) }
