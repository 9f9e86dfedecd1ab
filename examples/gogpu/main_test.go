package main

import (
	"image"
	"os"
	"testing"

	"github.com/wgslgo/wgslgo/examples/sprites"
	"github.com/wgslgo/wgslgo/internal/oracle"
)

// TestRun runs the program's GPU work and checks it against Go (sprites.Check).
func TestRun(t *testing.T) {
	if os.Getenv("XDG_RUNTIME_DIR") == "" {
		t.Setenv("XDG_RUNTIME_DIR", t.TempDir())
	}
	device, err := openDevice()
	if err != nil {
		oracle.Missing(t, "no Vulkan device (apt-get install mesa-vulkan-drivers): %v", err)
	}
	sprites.Verify(t, func(steps int) ([]sprites.Sprite, *image.RGBA, error) { return run(device, steps) })
}
