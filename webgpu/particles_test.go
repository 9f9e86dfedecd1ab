package webgpu_test

import (
	"bytes"
	"testing"

	"github.com/cogentcore/webgpu/wgpu"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/examples/particles"
	"github.com/wgslgo/wgslgo/gen/wgsl"
	"github.com/wgslgo/wgslgo/host"
	"github.com/wgslgo/wgslgo/internal/vulkan"
	"github.com/wgslgo/wgslgo/webgpu"
	"github.com/wgslgo/wgslgo/webgpu/internal/gputest"
)

// simParams is a step whose every product is exact in f32 (dt and the matrix entries are
// powers of two or zero), so Go, wgpu and Vulkan must agree bit for bit whether or not a
// driver fuses multiply-adds.
func simParams(count uint32, dt float32) particles.SimParams {
	return particles.SimParams{
		Gravity: wgsl.Vec3f{0.5, -8, 2},
		Dt:      dt,
		// x ← z, y ← 2y, z ← x: a permutation with a scale, so that a transposed or
		// misplaced column shows.
		Bounds: wgsl.Mat3x3fColumnMajor([9]float32{0, 0, 1, 0, 2, 0, 1, 0, 0}),
		Count:  count,
	}
}

func someParticles(n int) []particles.Particle {
	items := make([]particles.Particle, n)
	for i := range items {
		f := float32(i)
		items[i] = particles.Particle{
			Position: wgsl.Vec3f{f, -f / 2, 3},
			Mass:     1 + f,
			Velocity: wgsl.Vec3f{1, f / 4, -2},
			Age:      float32(i % 20),
		}
	}
	return items
}

// stepParticles is particles.wgsl's step in Go.
func stepParticles(p particles.SimParams, h particles.Particles, items []particles.Particle) (particles.Particles, []particles.Particle) {
	out := append([]particles.Particle(nil), items...)
	const damping = float32(0.98)
	for i := range out {
		if uint32(i) >= p.Count {
			break
		}
		q := &out[i]
		var moved wgsl.Vec3f
		for k := range 3 {
			q.Velocity[k] = (q.Velocity[k] + p.Gravity[k]*p.Dt) * damping
			moved[k] = q.Position[k] + q.Velocity[k]*p.Dt
		}
		for r := range 3 {
			q.Position[r] = p.Bounds.Col(0)[r]*moved[0] + p.Bounds.Col(1)[r]*moved[1] + p.Bounds.Col(2)[r]*moved[2]
		}
		q.Age += p.Dt
		if q.Age < 10 {
			h.Alive++
		}
	}
	return h, out
}

// TestParticles runs examples/particles with nothing but its generated code and the adapter:
// a uniform with a vec3 followed by a scalar and a mat3x3, a storage buffer with a runtime
// array of structures after an atomic counter, and the override workgroup_width set to 128.
// Dispatching 2 workgroups for 200 particles covers them only if the override reached the
// pipeline (with the default 64, particles 128..199 would stay put).
func TestParticles(t *testing.T) {
	g := gputest.Require(t)
	sh := &particles.ParticlesShader
	params := simParams(200, 0.25)
	items := someParticles(230) // the last 30 are beyond params.Count
	header := particles.Particles{Alive: 3}
	storage := particles.AppendParticles(nil, &header, items)

	var o particles.ParticlesOverrides
	o.SetWorkgroupWidth(128)
	width := o.StepWorkgroupSize()[0]
	require.Equal(t, uint32(128), width)
	groups := [3]uint32{(params.Count + width - 1) / width, 1, 1}

	out := stepOnGPU(t, g, o.Values(), params.Bytes(), storage, groups)
	gotHeader, got, err := particles.DecodeParticles(out)
	require.NoError(t, err)
	wantHeader, want := stepParticles(params, header, items)
	require.Equal(t, wantHeader, gotHeader, "the atomic counter")
	require.Equal(t, want, got)

	// The project's SPIR-V of the same shader on the Vulkan harness: the same bytes.
	vk := vulkan.Require(t)
	spec, err := o.Specialization()
	require.NoError(t, err)
	specMap, err := vulkan.SpecOf(spec)
	require.NoError(t, err)
	res, err := vk.Dispatch(vulkan.Run{
		SPIRV: sh.Words(), Entry: sh.Step().Name, Spec: specMap, Groups: groups,
		Bindings: []vulkan.Binding{
			vulkanBinding(t, sh.Params(), params.Bytes()),
			vulkanBinding(t, sh.Particles(), bytes.Clone(storage)),
		},
	})
	require.NoError(t, err)
	assert.Equal(t, res.Bytes(sh.Particles().Group, sh.Particles().Binding), out, "wgpu (naga's compilation of the WGSL) and Vulkan (the project's SPIR-V) disagree")
}

// TestDynamicUniformOffsets steps the particles three times, each with its own SimParams from
// one uniform buffer bound once, the values at multiples of minUniformBufferOffsetAlignment
// (PackUniforms) and selected by dynamic offsets.
func TestDynamicUniformOffsets(t *testing.T) {
	g := gputest.Require(t)
	sh := &particles.ParticlesShader
	steps := []particles.SimParams{simParams(40, 0.25), simParams(20, 0.5), simParams(64, 0.125)}
	items := someParticles(64)
	header := particles.Particles{}

	data, offsets, stride := webgpu.PackUniforms(g.Limits, steps)
	require.Equal(t, host.AlignUp(uint64(sh.Params().Buffer.MinBindingSize), uint64(g.Limits.MinUniformBufferOffsetAlignment)), stride)
	m, err := webgpu.NewModule(g.Device, &sh.Shader, &webgpu.ModuleOptions{DynamicOffsets: []wgsl.BindingRef{sh.Params().Ref()}})
	require.NoError(t, err)
	defer m.Release()
	pipe, err := m.NewComputePipeline(g.Device, sh.Step())
	require.NoError(t, err)
	defer pipe.Release()
	uniform, err := webgpu.NewBuffer(g.Device, "params", wgpu.BufferUsageUniform, data)
	require.NoError(t, err)
	defer uniform.Release()
	buf, err := webgpu.NewBuffer(g.Device, "particles", wgpu.BufferUsageStorage|wgpu.BufferUsageCopySrc,
		particles.AppendParticles(nil, &header, items))
	require.NoError(t, err)
	defer buf.Release()
	bg, err := m.NewBindGroup(g.Device, 0,
		webgpu.BufferRange(sh.Params(), uniform, 0, sh.Params().Buffer.MinBindingSize),
		webgpu.Buffer(sh.Particles(), buf))
	require.NoError(t, err)
	defer bg.Release()

	want := items
	for i, p := range steps {
		require.NoError(t, dispatch(g, pipe, [3]uint32{1, 1, 1}, []*wgpu.BindGroup{bg}, [][]uint32{{offsets[i]}}))
		header, want = stepParticles(p, header, want)
	}
	gotHeader, got, err := webgpu.ReadStructArray(g.Device, buf, particles.DecodeParticles)
	require.NoError(t, err)
	assert.Equal(t, header, gotHeader)
	assert.Equal(t, want, got)

	// Negative control: an offset that is not a multiple of minUniformBufferOffsetAlignment
	// (the packed size of one SimParams) is refused by wgpu's validation.
	err = dispatch(g, pipe, [3]uint32{1, 1, 1}, []*wgpu.BindGroup{bg}, [][]uint32{{uint32(sh.Params().Buffer.MinBindingSize)}})
	require.ErrorContains(t, err, "min_uniform_buffer_offset_alignment")
	t.Logf("the misaligned offset: %v", err)
}

// handParams is SimParams as a hand-written host pads it, treating vec3 like vec4: dt lands
// at offset 16 instead of in gravity's tail at 12, and everything after it moves too.
type handParams struct {
	Gravity [4]float32
	Dt      float32
	_       [3]float32
	Bounds  [12]float32
	Count   uint32
	_       [3]uint32
}

// TestParticlesWrongParamsOffset is the negative control of TestParticles: the same run with
// a uniform laid out by hand, wrongly, gives particles that differ from Go's step.
func TestParticlesWrongParamsOffset(t *testing.T) {
	g := gputest.Require(t)
	params := simParams(16, 0.25)
	hand := handParams{Gravity: [4]float32{params.Gravity[0], params.Gravity[1], params.Gravity[2]}, Dt: params.Dt, Count: params.Count}
	for c := range 3 {
		col := params.Bounds.Col(c)
		copy(hand.Bounds[4*c:], col[:])
	}
	items := someParticles(16)
	header := particles.Particles{}
	out := stepOnGPU(t, g, nil, wgsl.Bytes(&hand), particles.AppendParticles(nil, &header, items), [3]uint32{1, 1, 1})
	_, got, err := particles.DecodeParticles(out)
	require.NoError(t, err)
	_, want := stepParticles(params, header, items)
	require.NotEqual(t, want, got, "the check missed a uniform with dt at the wrong offset")
}

// stepOnGPU runs particles.wgsl's step once through wgpu, with the override values, the
// uniform buffer's and the storage buffer's bytes, and returns the storage buffer after.
func stepOnGPU(t *testing.T, g *gputest.GPU, overrides map[string]float64, uniform, storage []byte, groups [3]uint32) []byte {
	t.Helper()
	sh := &particles.ParticlesShader
	m, err := webgpu.NewModule(g.Device, &sh.Shader, &webgpu.ModuleOptions{Overrides: overrides})
	require.NoError(t, err)
	defer m.Release()
	pipe, err := m.NewComputePipeline(g.Device, sh.Step())
	require.NoError(t, err)
	defer pipe.Release()
	ubuf, err := webgpu.NewBuffer(g.Device, "params", wgpu.BufferUsageUniform, uniform)
	require.NoError(t, err)
	defer ubuf.Release()
	sbuf, err := webgpu.NewBuffer(g.Device, "particles", wgpu.BufferUsageStorage|wgpu.BufferUsageCopySrc, storage)
	require.NoError(t, err)
	defer sbuf.Release()
	bg, err := m.NewBindGroup(g.Device, 0, webgpu.Buffer(sh.Params(), ubuf), webgpu.Buffer(sh.Particles(), sbuf))
	require.NoError(t, err)
	defer bg.Release()
	require.NoError(t, dispatch(g, pipe, groups, []*wgpu.BindGroup{bg}, nil))
	out, err := webgpu.ReadBuffer(g.Device, sbuf, 0, uint64(len(storage)))
	require.NoError(t, err)
	return out
}
