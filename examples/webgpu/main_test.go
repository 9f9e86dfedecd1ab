package main

import (
	"image/color"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/cogentcore/webgpu/wgpu"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func requireDevice(t *testing.T) *wgpu.Device {
	t.Helper()
	device, err := openDevice()
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("no WebGPU device in CI: %v", err)
		}
		t.Skipf("no WebGPU device (apt-get install mesa-vulkan-drivers): %v", err)
	}
	t.Cleanup(device.Release)
	return device
}

// simulate is step.wgsl in Go. Every product is exact in f32 (dt is a power of two), so the
// GPU must agree bit for bit.
func simulate(sprites []Sprite, params Params, steps int) []Sprite {
	out := append([]Sprite(nil), sprites...)
	for range steps {
		for i := range out {
			s := &out[i]
			for k := range 2 {
				s.Velocity[k] += params.Gravity[k] * params.Dt
				s.Position[k] += s.Velocity[k] * params.Dt
			}
			if s.Position[1] < -1 {
				s.Position[1] = -2 - s.Position[1]
				s.Velocity[1] = -s.Velocity[1] * float32(bounce)
			}
		}
	}
	return out
}

// TestRun runs the program's GPU work and checks it against Go: the sprites' positions and
// velocities after the steps, and the color of the picture at every sprite's centre (where
// no other sprite's edge is near).
func TestRun(t *testing.T) {
	device := requireDevice(t)
	const steps = 90
	got, img, err := run(device, steps)
	require.NoError(t, err)
	start, looks, _, params := scene()
	want := simulate(start, params, steps)
	require.Equal(t, want, got)
	if dir := os.Getenv("WGSLGO_IMAGE_DIR"); dir != "" {
		require.NoError(t, writePNG(filepath.Join(dir, "sprites.png"), img))
	}

	toPixel := func(v float32) float64 { return (float64(v) + 1) / 2 * size }
	checked := 0
	for i, s := range want {
		cx, cy := toPixel(s.Position[0]), size-toPixel(s.Position[1])
		if cx < 1 || cy < 1 || cx >= size-1 || cy >= size-1 {
			continue
		}
		// The last sprite drawn over the centre decides its color; skip centres near an edge.
		top, ambiguous := i, false
		for j, o := range want {
			half := float64(looks[j].Size) * size / 2
			dx, dy := math.Abs(toPixel(o.Position[0])-cx), math.Abs(size-toPixel(o.Position[1])-cy)
			switch {
			case dx > half+1.5 || dy > half+1.5: // far from sprite j
			case dx > half-1.5 || dy > half-1.5: // on an edge of sprite j
				ambiguous = true
			case j > top:
				top = j
			}
		}
		if ambiguous {
			continue
		}
		c := looks[top].Color
		unorm := func(f float32) uint8 { return uint8(math.Round(float64(f) * 255)) }
		wantColor := color.RGBA{unorm(c[0]), unorm(c[1]), unorm(c[2]), 255}
		gotColor := img.RGBAAt(int(cx), int(cy))
		near := func(a, b uint8) bool { return a == b || a == b+1 || a+1 == b }
		assert.True(t, near(gotColor.R, wantColor.R) && near(gotColor.G, wantColor.G) && near(gotColor.B, wantColor.B) && gotColor.A == 255,
			"sprite %d at pixel (%.1f, %.1f): %v, want %v", i, cx, cy, gotColor, wantColor)
		checked++
	}
	assert.Greater(t, checked, len(want)/2, "sprites whose centre was checked")
	t.Logf("%d of %d sprite centres checked", checked, len(want))
	assert.Equal(t, color.RGBA{0, 0, 0, 255}, img.RGBAAt(0, 0), "the clear color")
}
