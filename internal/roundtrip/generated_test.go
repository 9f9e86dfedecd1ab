package roundtrip

import (
	"testing"

	"github.com/wgslgo/wgslgo/gen/gencheck"
)

// TestGenerated fails when the committed output of wgslgen is not what go generate would
// write today.
func TestGenerated(t *testing.T) {
	gencheck.Check(t, ".")
}
