package shaders

import (
	"encoding/binary"
	"strings"
	"testing"
	"unsafe"

	"example.com/wgslgo-bazel-example/shaders/particles"
	"example.com/wgslgo-bazel-example/shaders/scale"
	"example.com/wgslgo-bazel-example/shaders/tonemap"
)

// The packages wgsl_go_library generated: the SPIR-V embedded from the .spv files wgslgen wrote
// beside the Go file, the tables with the entry points and the WGSL text, and Go structs with
// the WGSL memory layout.
func TestGeneratedPackages(t *testing.T) {
	for name, spv := range map[string][]byte{"particles": particles.ParticlesShader.SPIRV, "scale": scale.ScaleShader.SPIRV} {
		if len(spv) < 20 || len(spv)%4 != 0 || binary.LittleEndian.Uint32(spv) != 0x07230203 {
			t.Errorf("%s: the embedded SPIR-V is not a SPIR-V module (%d bytes)", name, len(spv))
		}
	}
	if particles.ParticlesShader.Step().Name != "step" || scale.ScaleShader.Scale().Name != "scale" {
		t.Errorf("entry points %q and %q, want step and scale", particles.ParticlesShader.Step().Name, scale.ScaleShader.Scale().Name)
	}
	if particles.ParticlesShader.WGSL == "" {
		t.Error("no WGSL text in the table")
	}
	// vec3 (12 bytes) + f32 in its tail, mat3x3 with padded columns at 16, u32 at 64: 80 bytes.
	if size := unsafe.Sizeof(particles.SimParams{}); size != 80 {
		t.Errorf("SimParams is %d bytes, want 80", size)
	}
	if offset := unsafe.Offsetof(particles.SimParams{}.Count); offset != 64 {
		t.Errorf("SimParams.Count at %d, want 64", offset)
	}
	if size := unsafe.Sizeof(scale.Params{}); size != 8 {
		t.Errorf("Params is %d bytes, want 8", size)
	}
}

// The WESL program's package: the structure of its imported module is a Go type, and the
// table's WGSL is the linked program with the variant wesl_features chose.
func TestWESLPackage(t *testing.T) {
	if size := unsafe.Sizeof(tonemap.Exposure{}); size != 4 {
		t.Errorf("Exposure is %d bytes, want 4", size)
	}
	wgsl := tonemap.TonemapShader.WGSL
	if !strings.Contains(wgsl, "c / (c + vec3f(1.0))") || strings.Contains(wgsl, "2.51") || strings.Contains(wgsl, "import") {
		t.Errorf("the table's WGSL is not the program linked with aces=false:\n%s", wgsl)
	}
}
