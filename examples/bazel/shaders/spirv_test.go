package shaders

import (
	"encoding/binary"
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// The wgsl_spirv outputs arrive as data files, NAME/<shader>.spv and NAME/<shader>.json,
// relative to this package.
func TestSPIRVAndReflection(t *testing.T) {
	for _, c := range []struct{ dir, shader, entryPoint string }{
		{"particles_spv", "particles", "step"},
		{"scale_spv", "scale", "scale"},
	} {
		spv, err := os.ReadFile(c.dir + "/" + c.shader + ".spv")
		if err != nil {
			t.Fatal(err)
		}
		if len(spv) < 20 || len(spv)%4 != 0 {
			t.Fatalf("%s.spv: %d bytes is not a SPIR-V module", c.shader, len(spv))
		}
		if magic := binary.LittleEndian.Uint32(spv); magic != 0x07230203 {
			t.Fatalf("%s.spv: magic %#x, want 0x07230203", c.shader, magic)
		}
		data, err := os.ReadFile(c.dir + "/" + c.shader + ".json")
		if err != nil {
			t.Fatal(err)
		}
		var reflection map[string]any
		if err := json.Unmarshal(data, &reflection); err != nil {
			t.Fatalf("%s.json: %v", c.shader, err)
		}
		if !strings.Contains(string(data), `"`+c.entryPoint+`"`) {
			t.Errorf("%s.json does not name the entry point %q:\n%s", c.shader, c.entryPoint, data)
		}
	}
}
