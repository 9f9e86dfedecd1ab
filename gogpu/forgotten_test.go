package gogpu_test

import (
	"testing"

	"github.com/wgslgo/wgslgo/host/hosttest"
)

// TestForgottenBinding: a program that makes a bind group with a generated function through
// this adapter's Binder does not build with a binding left out.
func TestForgottenBinding(t *testing.T) {
	hosttest.ForgottenBinding(t, ".", "github.com/wgslgo/wgslgo/gogpu", hosttest.Program{
		Source: `package main

import (
	"github.com/gogpu/wgpu"

	"github.com/wgslgo/wgslgo/gogpu"
	ts "github.com/wgslgo/wgslgo/host/hosttest/testshaders"
)

func main() {
	var device *wgpu.Device
	var m *gogpu.Module
	var flight, boids *wgpu.Buffer
	group, err := CALL
	_, _, _ = group, err, boids
}
`,
		Call:      "ts.FlockGroup0(m.Binder(device), flight, boids)",
		Forgotten: "ts.FlockGroup0(m.Binder(device), flight)",
	})
}
