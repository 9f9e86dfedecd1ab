// Package physics steps particles on the GPU with the shaders integrate.wgsl and collide.wgsl.
// go generate writes their Go (shaders_wgsl.go, integrate.spv, collide.spv) from the line
// below; in a Bazel build, the targets Gazelle writes from the same line generate the same
// bytes.
package physics

import "github.com/wgslgo/wgslgo/gen/wgsl"

//go:generate go run github.com/wgslgo/wgslgo/tools/wgslgen -o shaders_wgsl.go -target vulkan1.2 -override workgroup_width=128 -for=cogentcore,gogpu integrate.wgsl collide.wgsl

// Falling returns the uniform block of a step of dt seconds for count particles under the
// gravity g.
func Falling(g wgsl.Vec3f, dt float32, count uint32) SimParams {
	return SimParams{Gravity: g, Dt: dt, Count: count}
}
