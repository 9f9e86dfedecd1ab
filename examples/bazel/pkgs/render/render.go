// Package render shades points by the lights of the WESL package pkgs/lights, which its
// shader imports. go generate writes its Go from the line below; in a Bazel build the target
// Gazelle writes from it depends on the library's wgsl_library, and generates the same bytes.
package render

//go:generate go run github.com/wgslgo/wgslgo/tools/wgslgen -o shade_wgsl.go shade.wesl
