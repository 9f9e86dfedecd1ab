package testshaders

import (
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/gen/gencheck"
	"github.com/wgslgo/wgslgo/gen/wgsl"
	"github.com/wgslgo/wgslgo/gen/wgslgen"
	"github.com/wgslgo/wgslgo/internal/spirvval"
)

// TestGenerated fails when testshaders_wgsl.go or the .spv files are not what go generate
// would write today.
func TestGenerated(t *testing.T) {
	gencheck.Check(t, ".")
}

// TestTables checks that the tables wgslgen.Table makes at run time are the generated ones.
func TestTables(t *testing.T) {
	for _, sh := range []*wgsl.Shader{&DrawShader.Shader, &SentinelShader.Shader, &SampleShader.Shader, &StorageShader.Shader,
		&BillboardShader.Shader, &ShadowVertexShader.Shader, &ShadowFragmentShader.Shader, &PushShader.Shader, &HalfShader.Shader, &FlockShader.Shader, &MeshShader.Shader} {
		t.Run(sh.Source, func(t *testing.T) {
			src, err := os.ReadFile(sh.Source)
			require.NoError(t, err)
			got, err := wgslgen.Table(sh.Source, src)
			require.NoError(t, err)
			assert.Equal(t, sh, got)
		})
	}
}

// TestSPIRV validates the SPIR-V that the Vulkan harness and the adapters that take SPIR-V
// run.
func TestSPIRV(t *testing.T) {
	for _, sh := range []*wgsl.Shader{&DrawShader.Shader, &SentinelShader.Shader, &SampleShader.Shader, &StorageShader.Shader,
		&BillboardShader.Shader, &ShadowVertexShader.Shader, &ShadowFragmentShader.Shader, &PushShader.Shader, &HalfShader.Shader, &FlockShader.Shader, &MeshShader.Shader} {
		t.Run(sh.Source, func(t *testing.T) { spirvval.Check(t, sh.Words(), "vulkan1.1") })
	}
}
