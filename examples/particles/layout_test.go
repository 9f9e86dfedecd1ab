package particles

import (
	"encoding/binary"
	"math"
	"strings"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/gen/wgsl"
)

func f32At(b []byte, off int) float32 {
	return math.Float32frombits(binary.LittleEndian.Uint32(b[off:]))
}

func sampleParams() SimParams {
	return SimParams{
		Gravity: wgsl.Vec3f{0, -9.8, 0},
		Dt:      1.0 / 60,
		Bounds:  wgsl.Mat3x3fColumnMajor([9]float32{1, 2, 3, 4, 5, 6, 7, 8, 9}),
		Count:   1000,
	}
}

// TestSimParamsLayout checks the traps of SimParams byte by byte: dt in the tail of the vec3,
// the mat3x3's padded columns, the trailing padding.
func TestSimParamsLayout(t *testing.T) {
	p := sampleParams()
	b := make([]byte, 80)
	for i := range b {
		b[i] = 0xaa
	}
	p.Encode(b)
	assert.Equal(t, float32(-9.8), f32At(b, 4))
	assert.Equal(t, float32(1.0/60), f32At(b, 12), "dt packs into the tail of gravity")
	for c := range 3 {
		for r := range 3 {
			assert.Equal(t, float32(3*c+r+1), f32At(b, 16+16*c+4*r))
		}
		assert.Zero(t, binary.LittleEndian.Uint32(b[16+16*c+12:]), "padding of column %d", c)
	}
	assert.Equal(t, uint32(1000), binary.LittleEndian.Uint32(b[64:]))
	assert.Equal(t, make([]byte, 12), b[68:], "trailing padding")
	if wgsl.LittleEndian {
		assert.Equal(t, b, p.Bytes())
	}
	var q SimParams
	q.Decode(b)
	assert.Equal(t, p, q)
}

func TestParticlesBuffer(t *testing.T) {
	items := []Particle{
		{Position: wgsl.Vec3f{1, 2, 3}, Mass: 4, Velocity: wgsl.Vec3f{5, 6, 7}, Age: 8},
		{Position: wgsl.Vec3f{9, 10, 11}, Mass: 12, Velocity: wgsl.Vec3f{13, 14, 15}, Age: 16},
	}
	b := AppendParticles(nil, &Particles{Alive: 2}, items)
	require.Len(t, b, ParticlesSize(2))
	assert.Equal(t, 16+2*32, len(b))
	assert.Equal(t, uint32(2), binary.LittleEndian.Uint32(b))
	for i, f := range []float32{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16} {
		assert.Equal(t, f, f32At(b, ParticlesItemsOffset+4*i))
	}

	h, got, err := DecodeParticles(b)
	require.NoError(t, err)
	assert.Equal(t, Particles{Alive: 2}, h)
	assert.Equal(t, items, got)
	got[0].Mass = 99
	assert.Equal(t, float32(4), f32At(b, 28), "Decode copies")

	// A read-back buffer larger than the elements holds as many as fit whole.
	_, got, err = DecodeParticles(append(b, make([]byte, 40)...))
	require.NoError(t, err)
	assert.Len(t, got, 3)
	_, _, err = DecodeParticles(b[:15])
	assert.ErrorContains(t, err, "15 bytes cannot hold a Particles")

	if !wgsl.LittleEndian {
		return
	}
	vh, view, err := ViewParticles(b)
	require.NoError(t, err)
	view[1].Age = 100
	vh.Alive = 7
	assert.Equal(t, float32(100), f32At(b, 16+32+28), "View aliases")
	assert.Equal(t, uint32(7), binary.LittleEndian.Uint32(b))
	_, _, err = ViewParticles(b[1:])
	assert.ErrorContains(t, err, "aligned")
}

func TestOverrides(t *testing.T) {
	var o ParticlesOverrides
	s, err := o.Specialization()
	require.NoError(t, err)
	assert.Empty(t, s.Entries, "nothing set: the shader's defaults")
	assert.Equal(t, [3]uint32{64, 1, 1}, o.StepWorkgroupSize())

	o.SetWorkgroupWidth(256)
	s, err = o.Specialization()
	require.NoError(t, err)
	assert.Equal(t, []wgsl.SpecializationEntry{{ID: 0, Offset: 0, Size: 4}}, s.Entries)
	assert.Equal(t, uint32(256), *(*uint32)(unsafe.Pointer(&s.Data[0])))
	assert.Equal(t, [3]uint32{256, 1, 1}, o.StepWorkgroupSize())
}

func TestShaderTable(t *testing.T) {
	s := &ParticlesShader
	assert.Equal(t, "particles.wgsl", s.Source)
	assert.Equal(t, uint32(0x07230203), s.Words()[0])
	e := s.Step()
	assert.Equal(t, "step", e.Name)
	assert.Equal(t, wgsl.Compute, e.Stage)
	assert.Equal(t, wgsl.Dim{Override: "workgroup_width"}, e.WorkgroupSize[0])
	b := s.Params()
	assert.Equal(t, wgsl.BindingRef{Group: 0, Binding: 0}, b.Ref())
	assert.Equal(t, &wgsl.BufferBindingLayout{Type: wgsl.BufferUniform, MinBindingSize: uint64(unsafe.Sizeof(SimParams{}))}, b.Buffer)
	assert.Equal(t, wgsl.Compute, b.Visibility)
	assert.Equal(t, uint64(ParticlesSize(1)), s.Particles().Buffer.MinBindingSize)
	assert.Equal(t, wgsl.BufferStorage, s.Particles().Buffer.Type)
	assert.InDelta(t, 0.98, ParticlesDamping, 0)
	assert.True(t, strings.HasPrefix(s.WGSL, "// A particle simulation step"), "the WGSL text, for WebGPU hosts")
}
