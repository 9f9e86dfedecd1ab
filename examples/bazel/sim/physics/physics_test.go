package physics

import (
	"encoding/binary"
	"testing"
	"unsafe"

	"github.com/wgslgo/wgslgo/gen/wgsl"
)

// The package's own test sees the generated declarations beside the hand-written ones.
func TestGenerated(t *testing.T) {
	p := Falling(wgsl.Vec3f{0, -9.8, 0}, 0.016, 100)
	// vec3 (12 bytes) + f32 in its tail, mat3x3 with padded columns at 16, u32 at 64: 80 bytes.
	if size := unsafe.Sizeof(p); size != 80 {
		t.Errorf("SimParams is %d bytes, want 80", size)
	}
	if off := unsafe.Offsetof(p.Dt); off != 12 {
		t.Errorf("SimParams.Dt at %d, want 12", off)
	}
	if off := unsafe.Offsetof(p.Count); off != 64 {
		t.Errorf("SimParams.Count at %d, want 64", off)
	}
	if got := binary.LittleEndian.Uint32(p.Bytes()[64:]); got != 100 {
		t.Errorf("count in the bytes: %d", got)
	}
	// One Particle type for both shaders' arrays.
	if size := unsafe.Sizeof(Particle{}); size != 32 {
		t.Errorf("Particle is %d bytes, want 32", size)
	}
	for name, sh := range map[string]*wgsl.Shader{"integrate": &IntegrateShader.Shader, "collide": &CollideShader.Shader} {
		if len(sh.SPIRV) < 20 || binary.LittleEndian.Uint32(sh.SPIRV) != 0x07230203 {
			t.Errorf("%s: the embedded SPIR-V is not a SPIR-V module", name)
		}
		if sh.WGSL == "" {
			t.Errorf("%s: no WGSL text", name)
		}
	}
	// -override workgroup_width=128 of the //go:generate line.
	if got := IntegrateShader.Step().WorkgroupSize[0].Value; got != 128 {
		t.Errorf("step's workgroup width %d, want 128", got)
	}
	if got := CollideShader.Bounce().WorkgroupSize[0].Value; got != 128 {
		t.Errorf("bounce's workgroup width %d, want 128", got)
	}
}
