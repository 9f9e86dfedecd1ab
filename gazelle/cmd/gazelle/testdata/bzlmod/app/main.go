package main

import (
	"example.com/app/kernels"
	"github.com/wgslgo/wgslgo/gen/wgsl"
)

func main() { _, _ = kernels.ScaleShader, wgsl.Vec3f{} }
