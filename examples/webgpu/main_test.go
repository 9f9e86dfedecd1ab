package main

import (
	"image"
	"testing"

	"github.com/oliverbestmann/webgpu/wgpu"

	"github.com/wgslgo/wgslgo/examples/sprites"
	"github.com/wgslgo/wgslgo/internal/oracle"
)

// TestRun runs the program's GPU work and checks it against Go (sprites.Check).
func TestRun(t *testing.T) {
	wgpu.SetLogLevel(wgpu.LogLevelOff)
	adapter, err := wgpu.CreateInstance(nil).RequestAdapter(&wgpu.RequestAdapterOptions{BackendType: wgpu.BackendTypeVulkan})
	var device *wgpu.Device
	if err == nil {
		device, err = adapter.RequestDevice(nil)
	}
	if err != nil {
		oracle.Missing(t, "no WebGPU device (apt-get install mesa-vulkan-drivers): %v", err)
	}
	sprites.Verify(t, func(steps int) ([]sprites.Sprite, *image.RGBA, error) { return run(device, steps) })
}
