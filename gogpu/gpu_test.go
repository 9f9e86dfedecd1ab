package gogpu_test

import (
	"fmt"
	"sync"
	"testing"

	"github.com/gogpu/gputypes"
	"github.com/gogpu/wgpu"
	_ "github.com/gogpu/wgpu/hal/vulkan" // the backend: Vulkan, through goffi, without cgo

	"github.com/wgslgo/wgslgo/gogpu/internal/runtimedir"
	"github.com/wgslgo/wgslgo/host/hosttest"
	"github.com/wgslgo/wgslgo/internal/oracle"
)

// device is the process's gogpu/wgpu device on Vulkan (Mesa's lavapipe on the project's
// machines), opened once, with the validation layer enabled before its instance.
var device struct {
	once       sync.Once
	adapter    *wgpu.Adapter
	device     *wgpu.Device
	validation *hosttest.Validation
	err        error
}

func openDevice() {
	if device.err = runtimedir.Ensure(); device.err != nil {
		return
	}
	if device.validation, device.err = hosttest.EnableValidation(); device.err != nil {
		return
	}
	inst, err := wgpu.CreateInstance(&wgpu.InstanceDescriptor{Backends: gputypes.BackendsVulkan})
	if err != nil {
		device.err = err
		return
	}
	if device.adapter, err = inst.RequestAdapter(nil); err != nil {
		device.err = fmt.Errorf("no Vulkan adapter: %w", err)
		return
	}
	device.device, device.err = device.adapter.RequestDevice(nil)
}

// requireDevice returns the device, or ends the test as internal/oracle does.
func requireDevice(t *testing.T) (*wgpu.Device, *hosttest.Validation) {
	t.Helper()
	device.once.Do(openDevice)
	if device.err != nil {
		oracle.Missing(t, "no gogpu/wgpu device on Vulkan (apt-get install mesa-vulkan-drivers): %v", device.err)
	}
	device.validation.Require(t)
	return device.device, device.validation
}
