// Package matte is the example's shaders without the specular highlight: the same WESL
// sources as package glossy, generated with the feature specular off.
package matte

//go:generate go run github.com/wgslgo/wgslgo/tools/wgslgen -o matte_wgsl.go -feature specular=false ../shaders/shade.wesl ../shaders/exposure.wesl
