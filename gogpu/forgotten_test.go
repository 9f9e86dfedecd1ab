package gogpu_test

import (
	"testing"

	"github.com/wgslgo/wgslgo/host/hosttest"
)

// TestForgottenBinding: a program that makes a bind group with a generated function through
// this adapter's Binder does not build with a binding left out.
func TestForgottenBinding(t *testing.T) {
	hosttest.ForgottenBinding(t, ".", "github.com/wgslgo/wgslgo/gogpu", "github.com/gogpu/wgpu")
}
