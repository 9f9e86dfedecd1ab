package shaders

import (
	"testing"

	// The generated packages: that they compile, with their embedded SPIR-V, is the test here;
	// wgslgen's own tests cover what is in them.
	_ "example.com/wgslgo-bazel-example/shaders/particles"
	_ "example.com/wgslgo-bazel-example/shaders/scale"
)

func TestGeneratedPackagesBuild(t *testing.T) {}
