// Package gputest gives tests one WebGPU device per process (wgpu-native on Vulkan: Mesa's
// lavapipe on the project's machines), watched by the Vulkan validation layer.
//
// wgpu-native treats a validation error outside an error scope as fatal (it aborts the
// process): cogentcore/webgpu scopes the calls that create objects, encode passes and finish
// command buffers, but not Queue.Submit, so tests check what they submit before submitting it.
package gputest

import (
	"fmt"
	"os"
	"sync"
	"testing"

	"github.com/cogentcore/webgpu/wgpu"

	"github.com/wgslgo/wgslgo/host/hosttest"
	"github.com/wgslgo/wgslgo/internal/oracle"
)

// PushConstantSize is the size of the push constants the device is created with (Vulkan
// guarantees 128 bytes).
const PushConstantSize = 128

// GPU is the process's adapter and device.
type GPU struct {
	Instance *wgpu.Instance
	Adapter  *wgpu.Adapter
	Device   *wgpu.Device
	Queue    *wgpu.Queue
	Info     wgpu.AdapterInfo
	Limits   wgpu.Limits // the device's limits: WebGPU's defaults, and PushConstantSize
	// Validation is the Vulkan validation layer, enabled before the instance was created.
	Validation *hosttest.Validation
}

var shared struct {
	once sync.Once
	gpu  *GPU
	err  error
}

// Get returns the process's GPU, creating it on first use. Only Vulkan adapters are
// considered, so the tests run where the project's own Vulkan harness does.
func Get() (*GPU, error) {
	shared.once.Do(func() { shared.gpu, shared.err = open() })
	return shared.gpu, shared.err
}

func open() (*GPU, error) {
	validation, err := hosttest.EnableValidation()
	if err != nil {
		return nil, err
	}
	if os.Getenv("WGPU_LOG_LEVEL") == "" {
		// wgpu-native warns about every missing window-system extension of a headless
		// device and logs the validation errors it returns to the tests as well.
		wgpu.SetLogLevel(wgpu.LogLevelOff)
	}
	inst := wgpu.CreateInstance(&wgpu.InstanceDescriptor{Backends: wgpu.InstanceBackendVulkan})
	adapter, err := inst.RequestAdapter(&wgpu.RequestAdapterOptions{})
	if err != nil {
		inst.Release()
		return nil, fmt.Errorf("wgpu: no Vulkan adapter: %w", err)
	}
	// WebGPU's default limits, and push constants, through which wgpu-native passes
	// var<immediate> data.
	limits := wgpu.DefaultLimits()
	limits.MaxPushConstantSize = PushConstantSize
	device, err := adapter.RequestDevice(&wgpu.DeviceDescriptor{
		Label:            "gputest",
		RequiredFeatures: []wgpu.FeatureName{wgpu.NativeFeaturePushConstants},
		RequiredLimits:   &wgpu.RequiredLimits{Limits: limits},
	})
	if err != nil {
		adapter.Release()
		inst.Release()
		return nil, fmt.Errorf("wgpu: no device on %s: %w", adapter.GetInfo().DriverDescription, err)
	}
	return &GPU{
		Instance:   inst,
		Adapter:    adapter,
		Device:     device,
		Queue:      device.GetQueue(),
		Info:       adapter.GetInfo(),
		Limits:     device.GetLimits().Limits,
		Validation: validation,
	}, nil
}

// Require returns the GPU or, when there is none, ends the test as oracle.Missing does: a
// skip, or a failure under CI=true (CI must install mesa-vulkan-drivers).
func Require(t testing.TB) *GPU {
	t.Helper()
	g, err := Get()
	if err != nil {
		oracle.Missing(t, "no WebGPU device (apt-get install mesa-vulkan-drivers): %v", err)
	}
	g.Validation.Require(t)
	return g
}
