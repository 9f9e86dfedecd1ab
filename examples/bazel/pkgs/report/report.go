// Package report describes the shaders of the two packages that import the WESL library
// pkgs/lights: each has its own copy of the library's Light (the library publishes no Go
// types), with one layout.
package report

import (
	"fmt"
	"unsafe"

	"example.com/wgslgo-bazel-example/pkgs/bloom"
	"example.com/wgslgo-bazel-example/pkgs/render"
)

// Lines returns one line per shader: its entry point and the size of its Light.
func Lines() []string {
	return []string{
		fmt.Sprintf("shade.wesl: %s, Light %d bytes", render.ShadeShader.EntryPoints[0].Name, unsafe.Sizeof(render.Light{})),
		fmt.Sprintf("bloom.wgsl: %s, Light %d bytes", bloom.BloomShader.EntryPoints[0].Name, unsafe.Sizeof(bloom.Light{})),
	}
}
