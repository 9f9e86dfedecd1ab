package particles_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/examples/particles"
	"github.com/wgslgo/wgslgo/gen/wgsl"
	"github.com/wgslgo/wgslgo/wgsltest"
)

// TestStep runs the shader's step on the CPU (no GPU, no driver) through the generated table,
// with the buffers as the generated Go types, and checks it against the same step in Go.
func TestStep(t *testing.T) {
	sh := wgsltest.NewShader(t, &particles.ParticlesShader.Shader, map[string]float64{"workgroup_width": 16})
	params := particles.SimParams{
		Gravity: wgsl.Vec3f{0, -9.8, 0},
		Dt:      0.5,
		Bounds:  wgsl.Mat3x3fColumnMajor([9]float32{2, 0, 0, 0, 1, 0, 0, 0, 1}),
		Count:   90, // of 100: the last 10 stay as they are
	}
	items := make([]particles.Particle, 100)
	for i := range items {
		items[i] = particles.Particle{Position: wgsl.Vec3f{float32(i), 1, 0}, Mass: 1, Age: float32(i) / 10}
	}
	buf := particles.AppendParticles(nil, &particles.Particles{Alive: 3}, items)

	groups := wgsl.WorkgroupCount([3]uint32{16, 1, 1}, [3]uint32{uint32(len(items)), 1, 1})
	sh.Dispatch(t, particles.ParticlesShader.Step(), groups,
		wgsltest.Value(particles.ParticlesShader.Params(), &params),
		wgsltest.Bytes(particles.ParticlesShader.Particles(), buf))

	h, got, err := particles.DecodeParticles(buf)
	require.NoError(t, err)
	alive := uint32(3)
	for i, p := range items {
		want := p
		if uint32(i) < params.Count {
			want = step(params, p)
			if want.Age < 10 {
				alive++
			}
		}
		assert.Equal(t, want, got[i], "particle %d", i)
	}
	assert.Equal(t, alive, h.Alive)
}

// step is the shader's step in Go, in f32 arithmetic as the shader's, in its order.
func step(s particles.SimParams, p particles.Particle) particles.Particle {
	const damping = float32(0.98)
	for c := range 3 {
		p.Velocity[c] = (p.Velocity[c] + s.Gravity[c]*s.Dt) * damping
	}
	var moved wgsl.Vec3f
	for c := range 3 {
		moved[c] = p.Position[c] + p.Velocity[c]*s.Dt
	}
	for r := range 3 {
		// bounds * moved, summed from the last column, as the SPIR-V's does on lavapipe.
		sum := s.Bounds[2].V[r] * moved[2]
		sum = s.Bounds[1].V[r]*moved[1] + sum
		p.Position[r] = s.Bounds[0].V[r]*moved[0] + sum
	}
	p.Age += s.Dt
	return p
}
