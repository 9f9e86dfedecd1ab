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
// device, with the features of WGSL's enable extensions that the adapter has.
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
	// The features WGSL's enable extensions need, those the adapter has (on lavapipe
	// shader-f16, dual-source-blending and primitive-index).
	var features []wgpu.FeatureName
	for _, f := range []wgpu.FeatureName{wgpu.FeatureNameShaderF16, wgpu.FeatureNameClipDistances, wgpu.FeatureNameDualSourceBlending,
		wgpu.FeatureNameSubgroups, wgpu.FeatureNamePrimitiveIndex} {
		if adapter.HasFeature(f) {
			features = append(features, f)
		}
	}
	return adapter.RequestDevice(&wgpu.DeviceDescriptor{Label: "scenarios", RequiredFeatures: features})
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
