package colors_test

import (
	"testing"

	"github.com/wgslgo/wgslgo/wgsltest"
)

// TestColors runs the @test functions of colors_test.wgsl, each a subtest: go test -v shows
// them, and a failing expectation its WGSL position and arguments.
func TestColors(t *testing.T) {
	wgsltest.Run(t, "colors.wgsl", "colors_test.wgsl")
}
