package main

import (
	"fmt"

	"example.com/app/effects"
	"example.com/app/kernels"
	glow "example.com/app/post-fx"
	"github.com/wgslgo/wgslgo/gen/wgsl"
)

func main() {
	fmt.Println(effects.BlurShader.Blur().Name, kernels.ScaleShader.Scale().Name, glow.GlowShader.Glow().Name, wgsl.Vec3f{})
}
