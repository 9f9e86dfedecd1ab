package colors_test

import (
	"testing"

	"github.com/wgslgo/wgslgo/wgsltest"
)

// TestColors runs the @test functions of the example's two test modules, each a subtest: go
// test -v shows them, and a failing expectation its WGSL position and arguments. Each test
// module imports what it tests (package::colors, package::blend) and the expectations
// (wgsl_test).
func TestColors(t *testing.T) {
	wgsltest.Run(t, "colors_test.wesl", "blend_test.wesl")
}
