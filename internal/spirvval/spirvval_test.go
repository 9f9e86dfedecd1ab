package spirvval

import (
	"errors"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/internal/oracle"
)

// compute is a minimal valid SPIR-V 1.0 compute shader: OpCapability
// Shader, Logical GLSL450, an empty main with LocalSize 1 1 1.
var compute = []uint32{
	0x07230203, 0x00010000, 0, 6, 0,
	2<<16 | 17, 1, // OpCapability Shader
	3<<16 | 14, 0, 1, // OpMemoryModel Logical GLSL450
	5<<16 | 15, 5, 1, 0x6e69616d, 0, // OpEntryPoint GLCompute %1 "main"
	6<<16 | 16, 1, 17, 1, 1, 1, // OpExecutionMode %1 LocalSize 1 1 1
	2<<16 | 19, 2, // %2 = OpTypeVoid
	3<<16 | 33, 3, 2, // %3 = OpTypeFunction %2
	5<<16 | 54, 2, 1, 0, 3, // %1 = OpFunction %2 None %3
	2<<16 | 248, 4, // %4 = OpLabel
	1<<16 | 253, // OpReturn
	1<<16 | 56,  // OpFunctionEnd
}

// withVersion returns compute with another header version.
func withVersion(v uint32) []uint32 {
	w := append([]uint32{}, compute...)
	w[1] = v
	return w
}

func TestValidate(t *testing.T) {
	Require(t)
	oracle.SpirvDis.Require(t) // for the listing in errors
	for _, env := range []string{"vulkan1.0", "vulkan1.1", "vulkan1.2", "vulkan1.3", "spv1.0", ""} {
		assert.NoError(t, Validate(compute, env), env)
	}
	Check(t, compute)
	Check(t, compute, "vulkan1.0", "vulkan1.3")
	CheckFlags(t, compute, []string{ScalarBlockLayout, UniformBufferStandardLayout}, "vulkan1.1")

	// SPIR-V 1.6 is too new for Vulkan 1.0.
	err := Validate(withVersion(0x00010600), "vulkan1.0")
	require.Error(t, err)
	var verr *Error
	require.True(t, errors.As(err, &verr))
	assert.Equal(t, "vulkan1.0", verr.TargetEnv)
	assert.NotEmpty(t, verr.Message)

	// An invalid module: the function's block has no terminator.
	bad := append(append([]uint32{}, compute[:len(compute)-2]...), 1<<16|56)
	err = Validate(bad, "vulkan1.0")
	require.ErrorAs(t, err, &verr)
	assert.Contains(t, err.Error(), "spirv-val --target-env vulkan1.0 failed")
	assert.Contains(t, verr.Listing, "OpEntryPoint GLCompute %1 \"main\"")
	assert.Contains(t, verr.Listing, "   1  ")

	err = ValidateFlags(compute, "vulkan1.0", "--no-such-flag")
	assert.Error(t, err)
}

func TestValidateParallel(t *testing.T) {
	Require(t)
	var wg sync.WaitGroup
	errs := make([]error, 16)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = Validate(compute, "vulkan1.1")
		}()
	}
	wg.Wait()
	for _, err := range errs {
		assert.NoError(t, err)
	}
}

func TestDefaultTargetEnv(t *testing.T) {
	for v, env := range map[uint32]string{
		0x00010000: "vulkan1.0", 0x00010100: "spv1.1", 0x00010200: "spv1.2", 0x00010300: "vulkan1.1",
		0x00010400: "vulkan1.1spv1.4", 0x00010500: "vulkan1.2", 0x00010600: "vulkan1.3",
	} {
		assert.Equal(t, env, DefaultTargetEnv(withVersion(v)))
	}
	assert.Equal(t, "vulkan1.0", DefaultTargetEnv(nil))
}
