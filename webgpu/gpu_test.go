package webgpu_test

import (
	"os"
	"sync"
	"testing"

	"github.com/oliverbestmann/webgpu/wgpu"

	"github.com/wgslgo/wgslgo/host/hosttest"
	"github.com/wgslgo/wgslgo/internal/oracle"
)

// gpuOnce opens the process's adapter: wgpu-native on Vulkan (Mesa's lavapipe on the
// project's machines), with the validation layer enabled before its instance; deviceOnce its
// device, with the shader-f16 feature.
var gpuOnce = sync.OnceValues(func() (*wgpu.Adapter, error) {
	if os.Getenv("WGPU_LOG_LEVEL") == "" {
		// wgpu-native warns about every window-system extension a headless device lacks.
		wgpu.SetLogLevel(wgpu.LogLevelOff)
	}
	if _, err := hosttest.EnableValidation(); err != nil {
		return nil, err
	}
	return wgpu.CreateInstance(nil).RequestAdapter(&wgpu.RequestAdapterOptions{BackendType: wgpu.BackendTypeVulkan})
})

var deviceOnce = sync.OnceValues(func() (*wgpu.Device, error) {
	adapter, err := gpuOnce()
	if err != nil {
		return nil, err
	}
	return adapter.RequestDevice(&wgpu.DeviceDescriptor{Label: "scenarios", RequiredFeatures: []wgpu.FeatureName{wgpu.FeatureNameShaderF16}})
})

// openGPU returns the device and the validation layer, or ends the test as internal/oracle
// does.
func openGPU(t *testing.T) (*wgpu.Device, *hosttest.Validation) {
	t.Helper()
	device, err := deviceOnce()
	if err != nil {
		oracle.Missing(t, "no WebGPU device on Vulkan (apt-get install mesa-vulkan-drivers): %v", err)
	}
	v, _ := hosttest.EnableValidation()
	v.Require(t)
	return device, v
}
