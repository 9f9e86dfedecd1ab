package sprites

import (
	"testing"

	"github.com/wgslgo/wgslgo/gen/gencheck"
	"github.com/wgslgo/wgslgo/gen/wgsl"
	"github.com/wgslgo/wgslgo/internal/spirvval"
)

// TestGenerated fails when shaders_wgsl.go or the .spv files are not what go generate would
// write today.
func TestGenerated(t *testing.T) {
	gencheck.Check(t, ".")
}

// TestSPIRV validates the generated SPIR-V (which examples/gogpu runs) with spirv-val.
func TestSPIRV(t *testing.T) {
	for _, sh := range []*wgsl.Shader{&StepShader.Shader, &DrawShader.Shader} {
		t.Run(sh.Source, func(t *testing.T) { spirvval.Check(t, sh.Words(), "vulkan1.1") })
	}
}
