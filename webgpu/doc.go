// Package webgpu turns wgslgo-generated shader tables into cogentcore/webgpu values.
package webgpu
