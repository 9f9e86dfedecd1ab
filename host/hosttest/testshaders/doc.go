// Package testshaders holds the shaders of the scenarios every WebGPU adapter runs (see
// package hosttest) and their generated code: draw.wgsl (an instanced, textured draw),
// sentinel.wgsl (a read-modify-write of padded structures), sample.wgsl (a texture read
// through a filtering sampler from a compute shader), and shaders written after the patterns
// of public WebGPU programs: storage.wgsl (a storage texture written by a compute shader whose
// workgroup size is an override), billboard.wgsl (a render and a compute entry point with
// different uniforms at one binding number, and a storage buffer drawn as per-instance
// vertices), shadow_vertex.wgsl and shadow_fragment.wgsl (a pipeline from two files with a
// depth texture and a comparison sampler), push.wgsl (immediate data read by a vertex and a
// fragment stage), half.wgsl (f16 arithmetic), flock.wgsl (a flock's storage buffer drawn as
// per-instance vertices of two loose inputs beside a per-vertex one) and mesh.wgsl (a depth
// pass that reads only the position of a lit pass's mesh).
package testshaders

//go:generate go run github.com/wgslgo/wgslgo/tools/wgslgen -o testshaders_wgsl.go draw.wgsl sentinel.wgsl sample.wgsl storage.wgsl billboard.wgsl shadow_vertex.wgsl shadow_fragment.wgsl push.wgsl half.wgsl flock.wgsl mesh.wgsl
