package particles

import (
	"testing"

	"github.com/wgslgo/wgslgo/gen/gencheck"
)

// TestGenerated fails when particles_wgsl.go or particles.spv is not what go generate would
// write today.
func TestGenerated(t *testing.T) {
	gencheck.Check(t, ".")
}
