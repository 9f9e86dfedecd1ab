// Package glossy is the example's shaders with the specular highlight built in: wgslgen
// links each WESL root with the modules it imports, with the feature specular on.
package glossy

//go:generate go run github.com/wgslgo/wgslgo/tools/wgslgen -o glossy_wgsl.go -feature specular ../shaders/shade.wesl ../shaders/exposure.wesl
