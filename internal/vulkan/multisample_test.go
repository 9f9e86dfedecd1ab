package vulkan

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/internal/oracle"
	"github.com/wgslgo/wgslgo/internal/spirvval"
)

// requireMultisample returns the device, skipping the test when it cannot
// hold n-sample images of f; under CI=true that fails instead.
func requireMultisample(t *testing.T, f Format, n uint32) *Device {
	t.Helper()
	d := Require(t)
	if err := d.Multisample(f, n); err != nil {
		oracle.Missing(t, "the device has no %d-sample %v images: %v", n, f, err)
	}
	return d
}

// The fill shaders of every supported format compile with this project's
// compiler to SPIR-V that spirv-val accepts.
func TestFillShadersValidate(t *testing.T) {
	for _, f := range []Format{R32Float, RG32Float, RGBA32Float, R32Sint, RG32Sint, RGBA32Sint,
		R32Uint, RG32Uint, RGBA32Uint, Depth32Float} {
		t.Run(f.String(), func(t *testing.T) {
			words, err := fillSPIRV(f, 7, 4)
			require.NoError(t, err)
			spirvval.Check(t, words, "vulkan1.1")
		})
	}
	_, err := FillWGSL(RGBA8Unorm, 4, 4)
	assert.Error(t, err)
}

// Every sample of every texel of a 4-sample r32uint image, read back by a
// hand-written SPIR-V shader (so that only the fill shaders come from the
// compiler), with textureNumSamples and textureDimensions.
func TestMultisampledImage(t *testing.T) {
	const w, h, n = 5, 3, 4
	d := requireMultisample(t, R32Uint, n)
	var texels []uint32
	for y := range h {
		for x := range w {
			for s := range n {
				texels = append(texels, 0xA0000000|uint32(1000*y+100*x+s))
			}
		}
	}
	img := &ImageDesc{Dim: Dim2D, Format: R32Uint, Width: w, Height: h, Samples: n}
	require.Equal(t, 4*len(texels), img.Size())
	out := make([]uint32, len(texels)+3)
	for i := range out {
		out[i] = 0xFFFFFFFF
	}
	res, err := d.Dispatch(Run{SPIRV: assemble(t, "fetch_ms.spvasm"), Entry: "main", Groups: [3]uint32{1, w, h},
		Bindings: []Binding{
			{Group: 0, Binding: 0, Kind: SampledImage, Image: img, Data: u32Bytes(texels...)},
			{Group: 0, Binding: 1, Kind: StorageBuffer, Data: u32Bytes(out...)},
		}})
	require.NoError(t, err)
	assert.Empty(t, res.Warnings)
	assert.Equal(t, append(texels, n, w, h), u32s(res.Bytes(0, 1)))
	assert.Equal(t, u32Bytes(texels...), res.Bytes(0, 0), "a multisampled image's Data comes back as given")
}

// Multisampled bindings the harness refuses before any Vulkan call.
func TestMultisampledImageErrors(t *testing.T) {
	d := requireMultisample(t, R32Uint, 4)
	fetchMS := assemble(t, "fetch_ms.spvasm")
	fetch := assemble(t, "fetch_array.spvasm")
	out := Binding{Group: 0, Binding: 1, Kind: StorageBuffer, Data: make([]byte, 4*64)}
	for _, tc := range []struct {
		name  string
		spirv []uint32
		kind  BindingKind
		img   ImageDesc
		want  string
	}{
		{"array", fetchMS, SampledImage, ImageDesc{Dim: Dim2DArray, Format: R32Uint, Width: 4, Height: 4, Layers: 2, Samples: 4}, "2d with one level"},
		{"mips", fetchMS, SampledImage, ImageDesc{Dim: Dim2D, Format: R32Uint, Width: 4, Height: 4, Mips: 2, Samples: 4}, "2d with one level"},
		{"count", fetchMS, SampledImage, ImageDesc{Dim: Dim2D, Format: R32Uint, Width: 4, Height: 4, Samples: 3}, "power of two"},
		{"unsupported count", fetchMS, SampledImage, ImageDesc{Dim: Dim2D, Format: R32Uint, Width: 4, Height: 4, Samples: 64}, "not 64"},
		{"format", fetchMS, SampledImage, ImageDesc{Dim: Dim2D, Format: RGBA8Uint, Width: 4, Height: 4, Samples: 4}, "32-bit component formats"},
		{"storage", fetchMS, StorageImage, ImageDesc{Dim: Dim2D, Format: R32Uint, Width: 4, Height: 4, Samples: 4}, "is a sampled image"},
		{"shader is single-sampled", fetch, SampledImage, ImageDesc{Dim: Dim2DArray, Format: R32Uint, Width: 4, Height: 4, Layers: 2, Mips: 3, Samples: 0}, ""},
		{"image is single-sampled", fetchMS, SampledImage, ImageDesc{Dim: Dim2D, Format: R32Uint, Width: 4, Height: 4}, "binds a single-sampled image but the shader declares tex multisampled"},
		{"image is multisampled", fetch, SampledImage, ImageDesc{Dim: Dim2D, Format: R32Uint, Width: 4, Height: 4, Samples: 4}, "binds a multisampled image but the shader declares tex single-sampled"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			img := tc.img
			_, err := d.Dispatch(Run{SPIRV: tc.spirv, Entry: "main", Groups: [3]uint32{1, 1, 1},
				Bindings: []Binding{{Group: 0, Binding: 0, Kind: tc.kind, Image: &img}, out}})
			if tc.want == "" {
				require.NoError(t, err, "control: a correct binding runs")
				return
			}
			require.Error(t, err)
			assert.True(t, strings.Contains(err.Error(), tc.want), "error %q does not say %q", err, tc.want)
		})
	}
}
