// Package render draws.
package render

//go:generate go tool wgslgen -o shaders_wgsl.go -target vulkan1.2 -override tile=16 -override workgroup_size=128 -uniform-standard-layout -webgpu-limits -wgsl none shade.wgsl draw.wgsl
//go:generate go run github.com/wgslgo/wgslgo/tools/wgslgen -embed=inline -for=cogentcore,gogpu -prefix sky.wgsl
