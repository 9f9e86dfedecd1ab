// Package scene is the example of a package with several shaders and everything a host binds:
// draw.wgsl, an instanced draw with a per-vertex and a per-instance vertex buffer, a uniform
// buffer and a texture read through a sampler; shade.wgsl, a compute shader with two bind
// groups, a depth texture read through a comparison sampler, immediate data and an override.
//
// One wgslgen line generates both into scene_wgsl.go, so that the structure they both
// declare, Light, is one Go type. The tests draw and dispatch them on lavapipe, with every
// offset, stride, format, descriptor type and stage taken from the generated tables.
package scene

//go:generate go run github.com/wgslgo/wgslgo/tools/wgslgen -o scene_wgsl.go draw.wgsl shade.wgsl
