package render

import (
	"testing"
	"unsafe"
)

// Light comes from the library's module: vec3f, f32 in its tail, vec3f padded to 32 bytes.
func TestLight(t *testing.T) {
	if size := unsafe.Sizeof(Light{}); size != 32 {
		t.Errorf("Light is %d bytes, want 32", size)
	}
	if off := unsafe.Offsetof(Light{}.Intensity); off != 12 {
		t.Errorf("Light.Intensity at %d, want 12", off)
	}
	if len(ShadeShader.SPIRV) == 0 {
		t.Error("no SPIR-V for shade.wesl")
	}
}
