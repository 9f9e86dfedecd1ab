// Package testshaders holds the shaders of the adapter's end-to-end tests and their
// generated code: draw.wgsl (an instanced, textured draw), sentinel.wgsl (a read-modify-write
// of padded structures) and sample.wgsl (a texture read through a filtering sampler from a
// compute shader).
package testshaders

//go:generate go run github.com/wgslgo/wgslgo/tools/wgslgen -o testshaders_wgsl.go draw.wgsl sentinel.wgsl sample.wgsl
