// Package scene draws with a shader of the 2021 draft and shared structures.
package scene

//go:generate wgslgen -o scene_wgsl.go draw.wgsl common.wgsl
