package glossy

import (
	"testing"

	"github.com/wgslgo/wgslgo/gen/gencheck"
)

// TestGenerated fails when glossy_wgsl.go or the .spv files are not what go generate would
// write today: a shader, or a module it imports, changed.
func TestGenerated(t *testing.T) {
	gencheck.Check(t, ".")
}
