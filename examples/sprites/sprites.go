// Package sprites is the scene of the WebGPU examples (examples/webgpu, examples/gogpu): bouncing
// sprites that a compute shader moves (step.wgsl) and an instanced draw draws (draw.wgsl), with
// their generated code, the scene's data and what Go computes of it, so that every example
// checks its GPU's work the same way.
package sprites

//go:generate go run github.com/wgslgo/wgslgo/tools/wgslgen -o shaders_wgsl.go step.wgsl draw.wgsl

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"testing"

	"github.com/wgslgo/wgslgo/gen/wgsl"
)

const (
	// Size is the side of the picture in pixels.
	Size = 256
	// Bounce is the override value of step.wgsl's bounce in the examples.
	Bounce = 0.8
	// sprites start on a grid of columns × rows.
	columns, rows = 8, 4
)

// Scene returns where the sprites start, their colors and sizes, the corners of a square, and
// the simulation's parameters.
func Scene() (sprites []Sprite, looks []Look, corners []Corner, params Params) {
	for i := range columns * rows {
		x, y := float32(i%columns), float32(i/columns)
		sprites = append(sprites, Sprite{
			Position: wgsl.Vec2f{-0.75 + x*0.21875, -0.5 + y*0.4375},
			Velocity: wgsl.Vec2f{(x - 3.5) / 64, x / 8},
		})
		looks = append(looks, Look{Color: wgsl.Vec3f{x / 7, y / 3, 1 - x/7}, Size: 0.03125 + y/128})
	}
	for _, c := range [][2]float32{{-1, -1}, {1, -1}, {1, 1}, {-1, -1}, {1, 1}, {-1, 1}} {
		corners = append(corners, Corner{Offset: wgsl.Vec2f{c[0], c[1]}})
	}
	return sprites, looks, corners, Params{Gravity: wgsl.Vec3f{0, -2, 0}, Dt: 1.0 / 64}
}

// Simulate is step.wgsl in Go. Every product is exact in f32 (dt is a power of two), so a
// GPU must agree bit for bit.
func Simulate(sprites []Sprite, params Params, steps int) []Sprite {
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
				s.Velocity[1] = -s.Velocity[1] * float32(Bounce)
			}
		}
	}
	return out
}

// Verify runs an example's GPU work for 90 steps with run and fails t where Check finds
// differences, or when it could check fewer than half the sprites' centres.
func Verify(t testing.TB, run func(steps int) ([]Sprite, *image.RGBA, error)) {
	t.Helper()
	const steps = 90
	moved, img, err := run(steps)
	if err != nil {
		t.Fatal(err)
	}
	diffs, checked := Check(moved, img, steps)
	for _, d := range diffs {
		t.Error(d)
	}
	if checked < len(moved)/2 {
		t.Errorf("%d of %d sprite centres checked", checked, len(moved))
	}
}

// Check compares what a GPU computed in steps with Go: the sprites' positions and velocities,
// and the color of the picture at every sprite's centre where no other sprite's edge is near.
// It returns the differences and how many centres it checked.
func Check(moved []Sprite, img *image.RGBA, steps int) (diffs []string, checked int) {
	start, looks, _, params := Scene()
	want := Simulate(start, params, steps)
	for i := range want {
		if i >= len(moved) || moved[i] != want[i] {
			diffs = append(diffs, fmt.Sprintf("sprite %d moved to %v, want %v", i, moved[min(i, len(moved)-1)], want[i]))
		}
	}
	toPixel := func(v float32) float64 { return (float64(v) + 1) / 2 * Size }
	for i, s := range want {
		cx, cy := toPixel(s.Position[0]), Size-toPixel(s.Position[1])
		if cx < 1 || cy < 1 || cx >= Size-1 || cy >= Size-1 {
			continue
		}
		// The last sprite drawn over the centre decides its color.
		top, ambiguous := i, false
		for j, o := range want {
			half := float64(looks[j].Size) * Size / 2
			dx, dy := math.Abs(toPixel(o.Position[0])-cx), math.Abs(Size-toPixel(o.Position[1])-cy)
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
		got := img.RGBAAt(int(cx), int(cy))
		near := func(a, b uint8) bool { return a == b || a == b+1 || a+1 == b }
		if !(near(got.R, wantColor.R) && near(got.G, wantColor.G) && near(got.B, wantColor.B) && got.A == 255) {
			diffs = append(diffs, fmt.Sprintf("sprite %d at pixel (%.1f, %.1f): %v, want %v", i, cx, cy, got, wantColor))
		}
		checked++
	}
	if got := img.RGBAAt(0, 0); got != (color.RGBA{0, 0, 0, 255}) {
		diffs = append(diffs, fmt.Sprintf("the corner is %v, want the clear color", got))
	}
	return diffs, checked
}
