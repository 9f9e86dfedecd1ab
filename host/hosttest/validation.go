package hosttest

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/wgslgo/wgslgo/internal/oracle"
)

// The Khronos validation layer checks every Vulkan call of a binding's backend; its messages
// fail the scenario during which they appear. It is enabled for the whole process through
// the Vulkan loader's environment, whichever binding creates the instance (a pure Go one or
// wgpu-native), and writes its messages to a log file the scenarios read.
//
// WGSLGO_VK_VALIDATION works as for the project's Vulkan harness (internal/vulkan): "0" turns
// the layer off, "1" requires it; unset, the scenarios skip without it, except under CI=true.

// layerName is the validation layer, and layerLibrary the shared object that is mapped into
// the process when the loader has loaded it.
const (
	layerName    = "VK_LAYER_KHRONOS_validation"
	layerLibrary = "libVkLayer_khronos_validation"
)

// Validation is the validation layer of the process.
type Validation struct {
	mu   sync.Mutex
	log  string // the layer's log file, "" when validation is off
	seen int    // bytes of the log already reported
}

var validation struct {
	once sync.Once
	v    *Validation
	err  error
}

// EnableValidation enables the validation layer for the Vulkan instances the process
// creates from now on (call it before the binding creates its instance) and returns it.
func EnableValidation() (*Validation, error) {
	validation.once.Do(func() { validation.v, validation.err = enable() })
	return validation.v, validation.err
}

func enable() (*Validation, error) {
	if os.Getenv("WGSLGO_VK_VALIDATION") == "0" {
		return &Validation{}, nil
	}
	dir, err := os.MkdirTemp("", "wgslgo-validation-")
	if err != nil {
		return nil, err
	}
	v := &Validation{log: filepath.Join(dir, "messages.txt")}
	settings := filepath.Join(dir, "vk_layer_settings.txt")
	text := fmt.Sprintf("khronos_validation.debug_action = VK_DBG_LAYER_ACTION_LOG_MSG\n"+
		"khronos_validation.log_filename = %s\nkhronos_validation.report_flags = error,warn\n", v.log)
	if err := os.WriteFile(settings, []byte(text), 0o644); err != nil {
		return nil, err
	}
	layers := layerName
	if old := os.Getenv("VK_INSTANCE_LAYERS"); old != "" && !strings.Contains(old, layerName) {
		layers = old + ":" + layerName
	}
	os.Setenv("VK_INSTANCE_LAYERS", layers)
	os.Setenv("VK_LAYER_SETTINGS_PATH", settings)
	return v, nil
}

// Require ends t as internal/oracle does when the layer is not loaded in the process (call it
// after the binding has created its device), unless WGSLGO_VK_VALIDATION=0 turned it off.
func (v *Validation) Require(t testing.TB) {
	t.Helper()
	if v.log == "" {
		return
	}
	maps, err := os.ReadFile("/proc/self/maps")
	if err != nil || !bytes.Contains(maps, []byte(layerLibrary)) {
		if os.Getenv("WGSLGO_VK_VALIDATION") == "1" {
			t.Fatalf("the Vulkan validation layer is not loaded (apt-get install vulkan-validationlayers), and WGSLGO_VK_VALIDATION=1 requires it")
		}
		oracle.Missing(t, "the Vulkan validation layer is not loaded (apt-get install vulkan-validationlayers, "+
			"or WGSLGO_VK_VALIDATION=0 to run without it)")
	}
}

// Check fails t with every message the layer wrote since the last Check.
func (v *Validation) Check(t testing.TB) {
	t.Helper()
	for _, m := range v.messages() {
		t.Errorf("Vulkan validation: %s", m)
	}
}

// messages returns the messages the layer wrote since the last call.
func (v *Validation) messages() []string {
	if v.log == "" {
		return nil
	}
	v.mu.Lock()
	defer v.mu.Unlock()
	b, err := os.ReadFile(v.log)
	if err != nil || len(b) <= v.seen {
		return nil
	}
	fresh := string(b[v.seen:])
	v.seen = len(b)
	var out []string
	for _, m := range strings.Split(fresh, "\n") {
		// The layer writes a message's first line unindented and its objects indented.
		if m = strings.TrimRight(m, " "); m != "" && !strings.HasPrefix(m, " ") {
			out = append(out, m)
		}
	}
	return out
}
