package hosttest

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/examples/particles"
	"github.com/wgslgo/wgslgo/gen/wgsl"
	"github.com/wgslgo/wgslgo/host"
	ts "github.com/wgslgo/wgslgo/host/hosttest/testshaders"
)

// The compute scenarios run shaders whose results Go computes too, and compare both with the
// golden bytes that the project's SPIR-V of the same shader gives on the project's Vulkan
// harness (see Goldens): every size, offset, format, binding kind and override comes from
// the generated code.

// SimParams is a step whose every product is exact in f32 (dt and the matrix entries are
// powers of two or zero), so Go, the GPU and Vulkan must agree bit for bit whether or not a
// driver fuses multiply-adds.
func SimParams(count uint32, dt float32) particles.SimParams {
	return particles.SimParams{
		Gravity: wgsl.Vec3f{0.5, -8, 2},
		Dt:      dt,
		// x ← z, y ← 2y, z ← x: a permutation with a scale, so that a transposed or misplaced
		// column shows.
		Bounds: wgsl.Mat3x3fColumnMajor([9]float32{0, 0, 1, 0, 2, 0, 1, 0, 0}),
		Count:  count,
	}
}

// SomeParticles returns n particles.
func SomeParticles(n int) []particles.Particle {
	items := make([]particles.Particle, n)
	for i := range items {
		f := float32(i)
		items[i] = particles.Particle{Position: wgsl.Vec3f{f, -f / 2, 3}, Mass: 1 + f, Velocity: wgsl.Vec3f{1, f / 4, -2}, Age: float32(i % 20)}
	}
	return items
}

// StepParticles is particles.wgsl's step in Go.
func StepParticles(p particles.SimParams, h particles.Particles, items []particles.Particle) (particles.Particles, []particles.Particle) {
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

// The particles run: 230 particles, 200 of them stepped, the override workgroup_width set to
// 128 and 2 workgroups dispatched, which cover the 200 only if the override reached the
// pipeline (with the default 64, particles 128..199 would stay put).
var (
	ParticlesParams = SimParams(200, 0.25)
	ParticlesHeader = particles.Particles{Alive: 3}
	ParticlesInput  = particles.AppendParticles(nil, &ParticlesHeader, SomeParticles(230))
	ParticlesGroups = [3]uint32{2, 1, 1}
)

// ParticlesOverrides are the override values of the particles run.
func ParticlesOverrides() particles.ParticlesOverrides {
	var o particles.ParticlesOverrides
	o.SetWorkgroupWidth(128)
	return o
}

// stepOnGPU runs particles.wgsl's step once with the override values, the uniform buffer's and
// the storage buffer's bytes, and returns the storage buffer after.
func stepOnGPU(t *testing.T, g GPU, overrides map[string]float64, uniform, storage []byte, groups [3]uint32) []byte {
	t.Helper()
	sh := &particles.ParticlesShader
	m := module(t, g, &sh.Shader, &host.ModuleOptions{Overrides: overrides})
	pipe, err := m.ComputePipeline(sh.Step())
	require.NoError(t, err)
	params := buffer(t, g, "params", host.UsageUniform, uniform)
	items := buffer(t, g, "particles", host.UsageStorage|host.UsageCopySrc, storage)
	bg, err := particles.ParticlesGroup0(m.Binder(), params, items)
	require.NoError(t, err)
	require.NoError(t, g.Dispatch(pipe, groups, []Handle{bg}, nil))
	out, err := g.ReadBuffer(items, 0, uint64(len(storage)))
	require.NoError(t, err)
	return out
}

// Particles runs examples/particles with nothing but its generated code and the adapter: a
// uniform with a vec3 followed by a scalar and a mat3x3, a storage buffer with a runtime
// array of structures after an atomic counter, and an override of the workgroup size.
func Particles(t *testing.T, g GPU) {
	o := ParticlesOverrides()
	require.Equal(t, uint32(128), o.StepWorkgroupSize()[0])
	out := stepOnGPU(t, g, o.Values(), ParticlesParams.Bytes(), ParticlesInput, ParticlesGroups)
	gotHeader, got, err := particles.DecodeParticles(out)
	require.NoError(t, err)
	_, items, err := particles.DecodeParticles(ParticlesInput)
	require.NoError(t, err)
	wantHeader, want := StepParticles(ParticlesParams, ParticlesHeader, items)
	require.Equal(t, wantHeader, gotHeader, "the atomic counter")
	require.Equal(t, want, got)
	checkGolden(t, "particles", out)
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

// ParticlesWrongParamsOffset is the negative control of Particles: the same run with a
// uniform laid out by hand, wrongly, gives particles that differ from Go's step.
func ParticlesWrongParamsOffset(t *testing.T, g GPU) {
	params := SimParams(16, 0.25)
	hand := handParams{Gravity: [4]float32{params.Gravity[0], params.Gravity[1], params.Gravity[2]}, Dt: params.Dt, Count: params.Count}
	for c := range 3 {
		col := params.Bounds.Col(c)
		copy(hand.Bounds[4*c:], col[:])
	}
	items := SomeParticles(16)
	out := stepOnGPU(t, g, nil, wgsl.Bytes(&hand), particles.AppendParticles(nil, &particles.Particles{}, items), [3]uint32{1, 1, 1})
	_, got, err := particles.DecodeParticles(out)
	require.NoError(t, err)
	_, want := StepParticles(params, particles.Particles{}, items)
	require.NotEqual(t, want, got, "the check missed a uniform with dt at the wrong offset")
}

// DynamicOffsets steps the particles three times, each with its own SimParams from one
// uniform buffer bound once, the values at multiples of minUniformBufferOffsetAlignment
// (PackUniforms) and selected by dynamic offsets; an offset that is not such a multiple is
// refused. A binding without dynamic offsets refuses the layout.
func DynamicOffsets(t *testing.T, g GPU) {
	sh := &particles.ParticlesShader
	opts := &host.ModuleOptions{DynamicOffsets: []wgsl.BindingRef{sh.Params().Ref()}}
	if !g.Profile().Has(host.DynamicOffsets) {
		_, err := g.Module(&sh.Shader, opts)
		expectRefusal(t, g, err, host.DynamicOffsets)
		return
	}
	steps := []particles.SimParams{SimParams(40, 0.25), SimParams(20, 0.5), SimParams(64, 0.125)}
	items := SomeParticles(64)
	header := particles.Particles{}
	align := g.MinUniformBufferOffsetAlignment()
	data, offsets, stride := host.PackUniforms(align, steps)
	require.Equal(t, host.AlignUp(sh.Params().Buffer.MinBindingSize, uint64(align)), stride)
	m := module(t, g, &sh.Shader, opts)
	pipe, err := m.ComputePipeline(sh.Step())
	require.NoError(t, err)
	uniform := buffer(t, g, "params", host.UsageUniform, data)
	buf := buffer(t, g, "particles", host.UsageStorage|host.UsageCopySrc, particles.AppendParticles(nil, &header, items))
	bg, err := particles.ParticlesGroup0(m.Binder(host.BufferRange{Binding: sh.Params(), Size: sh.Params().Buffer.MinBindingSize}), uniform, buf)
	require.NoError(t, err)
	want := items
	for i, p := range steps {
		require.NoError(t, g.Dispatch(pipe, [3]uint32{1, 1, 1}, []Handle{bg}, [][]uint32{{offsets[i]}}))
		header, want = StepParticles(p, header, want)
	}
	b, err := g.ReadBuffer(buf, 0, uint64(len(particles.AppendParticles(nil, &header, items))))
	require.NoError(t, err)
	gotHeader, got, err := particles.DecodeParticles(b)
	require.NoError(t, err)
	assert.Equal(t, header, gotHeader)
	assert.Equal(t, want, got)

	// Negative control: an offset that is not a multiple of the alignment (the packed size of
	// one SimParams) is refused.
	err = g.Dispatch(pipe, [3]uint32{1, 1, 1}, []Handle{bg}, [][]uint32{{uint32(sh.Params().Buffer.MinBindingSize)}})
	require.Error(t, err)
	t.Logf("the misaligned offset: %v", err)
}

// Bilinear samples img at uv with a linear filter, edges clamped, as WebGPU defines it.
func Bilinear(img *image.RGBA, uv wgsl.Vec2f) wgsl.Vec4f {
	w, h := img.Bounds().Dx(), img.Bounds().Dy()
	x, y := float64(uv[0])*float64(w)-0.5, float64(uv[1])*float64(h)-0.5
	x0, y0 := math.Floor(x), math.Floor(y)
	fx, fy := x-x0, y-y0
	at := func(x, y int) [4]float64 {
		c := img.RGBAAt(min(max(x, 0), w-1), min(max(y, 0), h-1))
		return [4]float64{float64(c.R) / 255, float64(c.G) / 255, float64(c.B) / 255, float64(c.A) / 255}
	}
	a, b := at(int(x0), int(y0)), at(int(x0)+1, int(y0))
	c, d := at(int(x0), int(y0)+1), at(int(x0)+1, int(y0)+1)
	var out wgsl.Vec4f
	for k := range 4 {
		top := a[k]*(1-fx) + b[k]*fx
		bottom := c[k]*(1-fx) + d[k]*fx
		out[k] = float32(top*(1-fy) + bottom*fy)
	}
	return out
}

// SampleImage is the texture of the sampler run, and SampleCoords where it is sampled: at
// texel centres, between texels and beyond the edges.
func SampleImage() *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, 4, 4))
	for y := range 4 {
		for x := range 4 {
			img.SetRGBA(x, y, color.RGBA{uint8(85 * x), uint8(85 * y), uint8(255 - 60*x), uint8(51 * (x + y))})
		}
	}
	return img
}

// SampleCoords are where the sampler run samples.
func SampleCoords() []wgsl.Vec2f {
	var coords []wgsl.Vec2f
	for _, v := range []float32{0.125, 0.25, 0.375, 0.5, 0.8, -0.5, 1.5} {
		for _, u := range []float32{0.125, 0.25, 0.625, 1, 1.25} {
			coords = append(coords, wgsl.Vec2f{u, v})
		}
	}
	return coords
}

// TextureSampler samples a texture through a filtering sampler from a compute shader.
func TextureSampler(t *testing.T, g GPU) {
	sh := &ts.SampleShader
	img, coords := SampleImage(), SampleCoords()
	m := module(t, g, &sh.Shader, nil)
	pipe, err := m.ComputePipeline(sh.Main())
	require.NoError(t, err)
	_, view := imageTexture(t, g, img, host.TextureBinding)
	sampler, err := g.Sampler(Sampler{Linear: true})
	require.NoError(t, err)
	texelSize := sh.Texels().Buffer.MinBindingSize // one vec4<f32>
	out := buffer(t, g, "texels", host.UsageStorage|host.UsageCopySrc, make([]byte, texelSize*uint64(len(coords))))
	bg, err := ts.SampleGroup0(m.Binder(), view, sampler, buffer(t, g, "coords", host.UsageStorage, wgsl.SliceBytes(coords)), out)
	require.NoError(t, err)
	require.NoError(t, g.Dispatch(pipe, [3]uint32{uint32(len(coords)), 1, 1}, []Handle{bg}, nil))
	b, err := g.ReadBuffer(out, 0, texelSize*uint64(len(coords)))
	require.NoError(t, err)
	got, err := host.ReadArray[wgsl.Vec4f](host.Bytes(b), 0, len(coords))
	require.NoError(t, err)
	for i, uv := range coords {
		want := Bilinear(img, uv)
		for k := range 4 {
			// lavapipe filters with 8-bit weights: a unit of the texel format off at most.
			assert.InDelta(t, want[k], got[i][k], 1.5/255, "texel %d at %v, channel %d: got %v, want %v", i, uv, k, got[i], want)
		}
	}
	checkGolden(t, "sample", b)
}

// The picture storage.wgsl paints: 37 × 21 texels, which no tile side divides.
const PictureWidth, PictureHeight = 37, 21

// Paint is the uniform of the picture.
var Paint = ts.Paint{Stripe: 5, Blue: 0.75, Green: wgsl.Vec2f{0.125, 0.5}}

// StorageOverrides are the override values of the picture: a 4 × 4 tile where the default is
// 8 × 8.
func StorageOverrides() ts.StorageOverrides {
	var o ts.StorageOverrides
	o.SetTile(4)
	return o
}

// expectPicture is the picture storage.wgsl paints, computed in Go: rgba8unorm texels, rows
// top first.
func expectPicture() []byte {
	var out []byte
	for y := range uint32(PictureHeight) {
		for x := range uint32(PictureWidth) {
			blue := Paint.Blue
			if (x/Paint.Stripe)%2 == 1 {
				blue = 0
			}
			red := float32(x) / PictureWidth
			green := Paint.Green[0] + Paint.Green[1]*float32(y)/PictureHeight
			out = append(out, unorm(red), unorm(green), unorm(blue), 255)
		}
	}
	return out
}

// paintPicture runs storage.wgsl into a new storage texture, dispatching the workgroups that
// workgroupSize gives, and reads the texture back.
func paintPicture(t *testing.T, g GPU, workgroupSize func(Module) [3]uint32) []byte {
	t.Helper()
	sh := &ts.StorageShader
	o := StorageOverrides()
	m := module(t, g, &sh.Shader, &host.ModuleOptions{Overrides: o.Values()})
	pipe, err := m.ComputePipeline(sh.Fill())
	require.NoError(t, err)
	tex, view, err := g.Texture(Texture{Label: "picture", Format: sh.Picture().StorageTexture.Format, Width: PictureWidth, Height: PictureHeight,
		Usage: host.TextureStorageBinding | host.TextureCopySrc})
	require.NoError(t, err)
	bg, err := ts.StorageGroup0(m.Binder(), buffer(t, g, "paint", host.UsageUniform, Paint.Bytes()), view)
	require.NoError(t, err)
	groups := wgsl.WorkgroupCount(workgroupSize(m), [3]uint32{PictureWidth, PictureHeight, 1})
	require.NoError(t, g.Dispatch(pipe, groups, []Handle{bg}, nil))
	texels, err := g.ReadTexture(tex)
	require.NoError(t, err)
	return texels
}

// pictureDiffs lists the texels of got that differ from want by more than a unit of rounding.
func pictureDiffs(got, want []byte) []string {
	var diffs []string
	for i := range want {
		if d := int(got[i]) - int(want[i]); d < -1 || d > 1 {
			texel := i / 4
			diffs = append(diffs, fmt.Sprintf("texel (%d, %d) channel %d is %d, want %d", texel%PictureWidth, texel/PictureWidth, i%4, got[i], want[i]))
		}
	}
	return diffs
}

// StorageTexture writes a storage texture in a compute shader and reads it back: the
// texture's format comes from the table, the workgroup size from the module's override
// values. A binding that cannot bind storage textures refuses the module.
func StorageTexture(t *testing.T, g GPU) {
	sh := &ts.StorageShader
	if !g.Profile().Has(host.StorageTextures) {
		_, err := g.Module(&sh.Shader, nil)
		expectRefusal(t, g, err, host.StorageTextures)
		return
	}
	var size [3]uint32
	got := paintPicture(t, g, func(m Module) [3]uint32 {
		var err error
		size, err = m.Plan().WorkgroupSize(sh.Fill())
		require.NoError(t, err)
		return size
	})
	require.Equal(t, [3]uint32{4, 4, 1}, size)
	diffs := pictureDiffs(got, expectPicture())
	assert.Empty(t, diffs, "%d channels differ", len(diffs))
	checkGolden(t, "storage", got)

	// The negative control: a host that dispatches for the default workgroup size of the
	// table (8 × 8) where the override made it 4 × 4 paints only a corner of the picture, and
	// the check sees it.
	got = paintPicture(t, g, func(Module) [3]uint32 {
		size, err := sh.WorkgroupSize(sh.Fill(), nil)
		require.NoError(t, err)
		return size
	})
	diffs = pictureDiffs(got, expectPicture())
	require.NotEmpty(t, diffs, "the check missed the unpainted texels")
	t.Logf("caught: %d channels differ, the first %s", len(diffs), diffs[0])
}

// sentinel fills every padding byte before a run: neither shader may change it.
const sentinel = 0xAB

// paddingOf appends to dst the offsets of the padding bytes of a generated type: its blank
// fields (the generated _ [N]byte), in nested structures and arrays too.
func paddingOf(dst []int, t reflect.Type, base int) []int {
	switch t.Kind() {
	case reflect.Struct:
		for i := range t.NumField() {
			f := t.Field(i)
			if f.Name != "_" {
				dst = paddingOf(dst, f.Type, base+int(f.Offset))
			} else if f.Type.Kind() == reflect.Array {
				for k := range int(f.Type.Size()) {
					dst = append(dst, base+int(f.Offset)+k)
				}
			}
		}
	case reflect.Array:
		for i := range t.Len() {
			dst = paddingOf(dst, t.Elem(), base+i*int(t.Elem().Size()))
		}
	}
	return dst
}

// SentinelItems are the structures of the padding run (not a multiple of the workgroup
// size), and SentinelInput their buffer with every padding byte the sentinel; padding lists
// where the padding is.
func SentinelItems() []ts.Item {
	items := make([]ts.Item, 13)
	for i := range items {
		f := float32(i)
		items[i] = ts.Item{Position: wgsl.Vec3f{f, -f, 0.5 * f}, Flags: uint32(i) * 0x01010101,
			Transform: wgsl.Mat3x3fColumnMajor([9]float32{1, 2, 3, 4, 5, 6, 7, 8, f}), Scale: wgsl.Vec2f{f + 0.25, -f}}
	}
	return items
}

// SentinelInput returns the buffer of SentinelItems and the offsets of its padding bytes,
// each holding the sentinel.
func SentinelInput() ([]byte, []int) {
	items := SentinelItems()
	input := ts.AppendItems(nil, &ts.Items{Count: 99}, items)
	pad := paddingOf(nil, reflect.TypeFor[ts.Items](), 0)
	for i := range items {
		pad = paddingOf(pad, reflect.TypeFor[ts.Item](), ts.ItemsItemsOffset+i*ts.ItemsItemsStride)
	}
	for _, off := range pad {
		input[off] = sentinel
	}
	return input, pad
}

// updateItems is sentinel.wgsl's update in Go.
func updateItems(items []ts.Item) (ts.Items, []ts.Item) {
	out := append([]ts.Item(nil), items...)
	for i := range out {
		it := &out[i]
		for k := range 3 {
			it.Position[k] = it.Position[k]*2 + float32(k+1)
		}
		it.Flags ^= 0xff
		var tr wgsl.Mat3x3f
		for c := range 3 {
			for r := range 3 {
				tr[c].V[r] = it.Transform[r].V[c]
			}
		}
		it.Transform = tr
		it.Scale[0], it.Scale[1] = it.Scale[1], it.Scale[0]
	}
	return ts.Items{Count: uint32(len(items))}, out
}

// PaddingSentinel: a shader reads structures with padding (after a vec3's tail, in each
// column of a mat3x3, at the end of the structure, after the header's u32), changes every
// member and writes them back in place. The values come back as Go computes them, and every
// padding byte keeps the sentinel.
func PaddingSentinel(t *testing.T, g GPU) {
	sh := &ts.SentinelShader
	items := SentinelItems()
	input, pad := SentinelInput()
	require.Len(t, pad, 12+len(items)*(3*4+8), "the padding the generated types declare")
	m := module(t, g, &sh.Shader, nil)
	pipe, err := m.ComputePipeline(sh.Update())
	require.NoError(t, err)
	buf := buffer(t, g, "items", host.UsageStorage|host.UsageCopySrc, input)
	bg, err := ts.SentinelGroup0(m.Binder(), buf)
	require.NoError(t, err)
	size, err := m.Plan().WorkgroupSize(sh.Update())
	require.NoError(t, err)
	require.NoError(t, g.Dispatch(pipe, wgsl.WorkgroupCount(size, [3]uint32{uint32(len(items)), 1, 1}), []Handle{bg}, nil))
	out, err := g.ReadBuffer(buf, 0, uint64(len(input)))
	require.NoError(t, err)
	wantHeader, want := updateItems(items)
	var gotHeader ts.Items
	gotHeader.Decode(out)
	got := make([]ts.Item, len(items))
	for i := range got {
		got[i].Decode(out[ts.ItemsItemsOffset+i*ts.ItemsItemsStride:])
	}
	assert.Equal(t, wantHeader, gotHeader)
	assert.Equal(t, want, got)
	for _, off := range pad {
		assert.Equal(t, byte(sentinel), out[off], "padding byte %d", off)
	}
	checkGolden(t, "sentinel", out)
}

// HalfValues are the inputs of half.wgsl: values whose doubles plus one f16 holds exactly,
// as many as make whole 4-byte words (a storage binding's size is a multiple of 4).
var HalfValues = []float32{1, -2.5, 0.125, 1000, 3, -0.5}

// F16 runs half.wgsl on a binding with f16: each value doubled, plus one; a binding without
// f16 refuses the module.
func F16(t *testing.T, g GPU) {
	sh := &ts.HalfShader
	if !g.Profile().Has(host.F16) {
		_, err := g.Module(&sh.Shader, nil)
		expectRefusal(t, g, err, host.F16)
		return
	}
	m := module(t, g, &sh.Shader, nil)
	pipe, err := m.ComputePipeline(sh.Main())
	require.NoError(t, err)
	var in, want []wgsl.F16
	for _, v := range HalfValues {
		in = append(in, wgsl.F16FromFloat32(v))
		want = append(want, wgsl.F16FromFloat32(2*v+1))
	}
	buf := buffer(t, g, "halves", host.UsageStorage|host.UsageCopySrc, wgsl.SliceBytes(in))
	bg, err := ts.HalfGroup0(m.Binder(), buf)
	require.NoError(t, err)
	require.NoError(t, g.Dispatch(pipe, [3]uint32{uint32(len(in)), 1, 1}, []Handle{bg}, nil))
	b, err := g.ReadBuffer(buf, 0, uint64(2*len(in)))
	require.NoError(t, err)
	got, err := host.ReadArray[wgsl.F16](host.Bytes(b), 0, len(in))
	require.NoError(t, err)
	assert.Equal(t, want, got)
}
