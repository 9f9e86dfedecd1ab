// Command sim prints what a host needs to run the example's shaders: it imports the package
// go generate (or Bazel) completes, and the package a directory of shaders alone makes.
package main

import (
	"fmt"

	"example.com/wgslgo-bazel-example/sim/kernels"
	"example.com/wgslgo-bazel-example/sim/physics"
	"github.com/wgslgo/wgslgo/gen/wgsl"
)

func describe() []string {
	var lines []string
	for _, sh := range []*wgsl.Shader{&physics.IntegrateShader.Shader, &physics.CollideShader.Shader, &kernels.HistogramShader.Shader} {
		for _, ep := range sh.EntryPoints {
			lines = append(lines, fmt.Sprintf("%s: %s, workgroup %d, %d bytes of SPIR-V", sh.Source, ep.Name, ep.WorkgroupSize[0].Value, len(sh.SPIRV)))
		}
	}
	return lines
}

func main() {
	for _, l := range describe() {
		fmt.Println(l)
	}
}
