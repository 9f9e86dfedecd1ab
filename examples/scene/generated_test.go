package scene

import (
	"testing"

	"github.com/wgslgo/wgslgo/gen/gencheck"
)

// TestGenerated fails when scene_wgsl.go or the .spv files are not what go generate would
// write today.
func TestGenerated(t *testing.T) {
	gencheck.Check(t, ".")
}
