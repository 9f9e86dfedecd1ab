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
		{"draft_spv", "draft", "double"},
		{"tonemap_spv", "tonemap", "tonemap"},
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

// A shader without entry points (in no_spirv) has its reflection, and no SPIR-V.
func TestNoSPIRV(t *testing.T) {
	if _, err := os.Stat("scale_spv/shared.spv"); !os.IsNotExist(err) {
		t.Errorf("scale_spv/shared.spv: %v, want no file", err)
	}
	data, err := os.ReadFile("scale_spv/shared.json")
	if err != nil {
		t.Fatal(err)
	}
	var reflection struct {
		Structs     []struct{ Name string }
		EntryPoints []any
	}
	if err := json.Unmarshal(data, &reflection); err != nil {
		t.Fatalf("shared.json: %v", err)
	}
	if len(reflection.Structs) != 1 || reflection.Structs[0].Name != "Bounds" || len(reflection.EntryPoints) != 0 {
		t.Errorf("shared.json: structs %v, entry points %v; want Bounds and none", reflection.Structs, reflection.EntryPoints)
	}
}
