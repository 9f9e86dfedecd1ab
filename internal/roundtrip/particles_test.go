package roundtrip

import (
	"bytes"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/examples/particles"
	"github.com/wgslgo/wgslgo/gen/wgsl"
	"github.com/wgslgo/wgslgo/internal/interpcheck"
	"github.com/wgslgo/wgslgo/internal/vulkan"
)

// TestParticlesExample runs the example of examples/particles as a host would, with nothing
// but its generated API: SimParams in the uniform buffer, the particles after their header
// in the storage buffer (header padding and the buffer's tail holding the sentinel), a
// workgroup width set through ParticlesOverrides. The result matches the same step computed
// in Go, and only the particles below params.count move.
func TestParticlesExample(t *testing.T) {
	dev := vulkan.Require(t)
	params := particles.SimParams{
		Gravity: wgsl.Vec3f{0, -9.75, 0.5},
		Dt:      0.125,
		Bounds:  wgsl.Mat3x3fColumnMajor([9]float32{1, 0, 0, 0, 0.5, 0, 0, 0, 2}),
		Count:   90,
	}
	items := make([]particles.Particle, 100)
	for i := range items {
		f := float32(i)
		items[i] = particles.Particle{Position: wgsl.Vec3f{f, -f, 2 * f}, Mass: 1 + f, Velocity: wgsl.Vec3f{1, f / 4, -1}, Age: f / 8}
	}
	uniform := make([]byte, particles.ParticlesShader.Params().Buffer.MinBindingSize)
	params.Encode(uniform)
	storage := particles.AppendParticles(nil, &particles.Particles{Alive: 5}, items)
	require.Equal(t, particles.ParticlesSize(len(items)), len(storage))
	require.GreaterOrEqual(t, uint64(len(storage)), particles.ParticlesShader.Particles().Buffer.MinBindingSize)
	for i := 4; i < particles.ParticlesItemsOffset; i++ {
		storage[i] = sentinel // the header's padding
	}

	var o particles.ParticlesOverrides
	o.SetWorkgroupWidth(16)
	spec, err := o.Specialization()
	require.NoError(t, err)
	width := o.StepWorkgroupSize()[0]
	sh := &particles.ParticlesShader
	var bindings []vulkan.Binding
	for _, b := range tableBindings(&sh.Shader) {
		vb, err := vulkan.BindingOf(&b)
		require.NoError(t, err)
		vb.Data = uniform
		if b.Ref() == sh.Particles().Ref() {
			vb.Data = storage
		}
		vb.Data = bytes.Clone(vb.Data)
		bindings = append(bindings, vb)
	}
	run := vulkan.Run{SPIRV: sh.Words(), Entry: sh.Step().Name,
		Spec: specMap(t, spec), Groups: [3]uint32{(uint32(len(items)) + width - 1) / width, 1, 1}, Bindings: bindings}
	res, err := dev.Dispatch(run)
	require.NoError(t, err)
	interpcheck.Compare(t, interpcheck.FromShader(t, &sh.Shader), run, res)
	out := res.Bytes(sh.Particles().Group, sh.Particles().Binding)
	assert.Equal(t, bytes.Repeat([]byte{sentinel}, 12), out[4:16], "the header's padding")
	h, got, err := particles.DecodeParticles(out)
	require.NoError(t, err)
	require.Len(t, got, len(items))

	alive := uint32(5)
	for i, p := range items {
		if uint32(i) >= params.Count {
			assert.Equal(t, p, got[i], "particle %d is past params.count", i)
			continue
		}
		want := stepParticle(params, p)
		if want.Age < 10 {
			alive++
		}
		for c := range 3 {
			assert.InDelta(t, want.Position[c], got[i].Position[c], 1e-4*math.Max(1, math.Abs(float64(want.Position[c]))), "particle %d position", i)
			assert.InDelta(t, want.Velocity[c], got[i].Velocity[c], 1e-4*math.Max(1, math.Abs(float64(want.Velocity[c]))), "particle %d velocity", i)
		}
		assert.Equal(t, want.Mass, got[i].Mass)
		assert.Equal(t, want.Age, got[i].Age)
	}
	assert.Equal(t, alive, h.Alive)
}

// stepParticle is the shader's step in Go.
func stepParticle(s particles.SimParams, p particles.Particle) particles.Particle {
	for c := range 3 {
		p.Velocity[c] = (p.Velocity[c] + s.Gravity[c]*s.Dt) * float32(particles.ParticlesDamping)
	}
	var moved wgsl.Vec3f
	for c := range 3 {
		moved[c] = p.Position[c] + p.Velocity[c]*s.Dt
	}
	for r := range 3 {
		p.Position[r] = 0
		for c := range 3 {
			p.Position[r] += s.Bounds.Col(c)[r] * moved[c]
		}
	}
	p.Age += s.Dt
	return p
}
