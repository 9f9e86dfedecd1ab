package hosttest

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/examples/particles"
	"github.com/wgslgo/wgslgo/gen/wgsl"
	ts "github.com/wgslgo/wgslgo/host/hosttest/testshaders"
	"github.com/wgslgo/wgslgo/internal/vulkan"
)

var update = flag.Bool("update", false, "write the golden files")

// TestGoldens runs the scenarios' shaders as the project compiled them (the tables' SPIR-V)
// on the project's Vulkan harness, with the scenarios' inputs, and checks that the results
// are the golden bytes every adapter's scenarios compare with: so that a binding that
// compiles the WGSL with its own compiler must compute exactly what wgslgo's SPIR-V does.
// With -update it writes them.
func TestGoldens(t *testing.T) {
	vk := vulkan.Require(t)
	run := func(r vulkan.Run) *vulkan.Result {
		t.Helper()
		res, err := vk.Dispatch(r)
		require.NoError(t, err)
		return res
	}
	binding := func(b *wgsl.Binding, data []byte) vulkan.Binding {
		vb, err := vulkan.BindingOf(b)
		require.NoError(t, err)
		vb.Data = data
		return vb
	}
	vertices := func(l wgsl.VertexBufferLayout, data []byte) vulkan.VertexBuffer {
		vb, err := vulkan.VertexBufferOf(l, data)
		require.NoError(t, err)
		return vb
	}
	// flipped turns the harness's target, whose viewport has a positive height, so that its
	// rows come top first, as a WebGPU target's do.
	flipped := func(target []byte, size int) []byte {
		out := make([]byte, 0, len(target))
		for y := size - 1; y >= 0; y-- {
			out = append(out, target[y*4*size:(y+1)*4*size]...)
		}
		return out
	}
	spec := func(s wgsl.Specialization, err error) map[uint32][]byte {
		require.NoError(t, err)
		m, err := vulkan.SpecOf(s)
		require.NoError(t, err)
		return m
	}
	draw := func(vs, fs string, size int, bufs ...vulkan.VertexBuffer) *vulkan.Draw {
		d := &vulkan.Draw{Vertex: vs, Fragment: fs, VertexBuffers: bufs, Vertices: 6, Instances: 1,
			Target: vulkan.Target{Format: vulkan.RGBA8Unorm, Width: uint32(size), Height: uint32(size)}}
		return d
	}

	got := map[string][]byte{}
	p := &particles.ParticlesShader
	o := ParticlesOverrides()
	got["particles"] = run(vulkan.Run{SPIRV: p.Words(), Entry: p.Step().Name, Spec: spec(o.Specialization()), Groups: ParticlesGroups,
		Bindings: []vulkan.Binding{binding(p.Params(), ParticlesParams.Bytes()), binding(p.Particles(), bytes.Clone(ParticlesInput))}}).Bytes(0, 1)

	sa := &ts.SampleShader
	img, coords := SampleImage(), SampleCoords()
	image := binding(sa.Image(), img.Pix)
	image.Image = &vulkan.ImageDesc{Dim: vulkan.Dim2D, Format: vulkan.RGBA8Unorm, Width: 4, Height: 4}
	sampler := binding(sa.ImageSampler(), nil)
	sampler.Sampler = &vulkan.SamplerDesc{MagFilter: vulkan.Linear, MinFilter: vulkan.Linear}
	got["sample"] = run(vulkan.Run{SPIRV: sa.Words(), Entry: sa.Main().Name, Groups: [3]uint32{uint32(len(coords)), 1, 1},
		Bindings: []vulkan.Binding{image, sampler, binding(sa.Coords(), wgsl.SliceBytes(coords)),
			binding(sa.Texels(), make([]byte, 16*len(coords)))}}).Bytes(0, 3)

	st := &ts.StorageShader
	so := StorageOverrides()
	picture := binding(st.Picture(), make([]byte, 4*PictureWidth*PictureHeight))
	picture.Image = &vulkan.ImageDesc{Dim: vulkan.Dim2D, Format: vulkan.RGBA8Unorm, Width: PictureWidth, Height: PictureHeight}
	got["storage"] = run(vulkan.Run{SPIRV: st.Words(), Entry: st.Fill().Name, Spec: spec(so.Specialization()),
		Groups:   wgsl.WorkgroupCount(so.FillWorkgroupSize(), [3]uint32{PictureWidth, PictureHeight, 1}),
		Bindings: []vulkan.Binding{binding(st.Paint(), Paint.Bytes()), picture}}).Bytes(0, 1)

	se := &ts.SentinelShader
	input, _ := SentinelInput()
	got["sentinel"] = run(vulkan.Run{SPIRV: se.Words(), Entry: se.Update().Name, Groups: [3]uint32{2, 1, 1},
		Bindings: []vulkan.Binding{binding(se.Data(), input)}}).Bytes(0, 0)

	dr := &ts.DrawShader
	albedo := binding(dr.Albedo(), AlbedoImage().Pix)
	albedo.Image = &vulkan.ImageDesc{Dim: vulkan.Dim2D, Format: vulkan.RGBA8Unorm, Width: 2, Height: 2}
	nearest := binding(dr.AlbedoSampler(), nil)
	nearest.Sampler = &vulkan.SamplerDesc{}
	d := draw(dr.Vs().Name, dr.Fs().Name, DrawSize, vertices(dr.Vs().VertexBuffers[0].PerVertex(), wgsl.SliceBytes(Quad)),
		vertices(dr.Vs().VertexBuffers[1].PerInstance(), wgsl.SliceBytes(Instances)))
	d.Instances = uint32(len(Instances))
	got["draw"] = flipped(run(vulkan.Run{SPIRV: dr.Words(), Draw: d,
		Bindings: []vulkan.Binding{binding(dr.Globals(), Globals.Bytes()), albedo, nearest}}).Target, DrawSize)

	bb := &ts.BillboardShader
	d = draw(bb.Vs().Name, bb.Fs().Name, BillboardSize, vertices(bb.Vs().VertexBuffers[0].PerVertex(), wgsl.SliceBytes(UnitSquare)),
		vertices(bb.Vs().VertexBuffers[1].PerInstance(), wgsl.SliceBytes(SimulateInGo(Billboards, BillboardSim))))
	d.Instances = uint32(len(Billboards))
	got["billboard"] = flipped(run(vulkan.Run{SPIRV: bb.Words(), Draw: d,
		Bindings: []vulkan.Binding{binding(bb.View(), BillboardView.Bytes())}}).Target, BillboardSize)

	pu := &ts.PushShader
	got["push"] = flipped(run(vulkan.Run{SPIRV: pu.Words(), Immediate: Pushes[0].Bytes(), Draw: draw(pu.Vs().Name, pu.Fs().Name, PushSize)}).Target, PushSize)

	for name, b := range got {
		path := filepath.Join("testdata", name+".golden")
		if *update {
			require.NoError(t, os.WriteFile(path, b, 0o644))
			continue
		}
		if !bytes.Equal(golden(name), b) {
			t.Errorf("%s: the harness gives other bytes than the golden ones: go test -run TestGoldens -update, and see why", path)
		}
	}
}
