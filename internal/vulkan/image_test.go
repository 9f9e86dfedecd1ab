package vulkan

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The shader fetches every texel of every layer and mip level, so a packing
// that disagrees with ImageDesc's documented order (mip, layer, y, x) shows
// up even though upload and readback would agree with each other.
func TestImagePackingMipsAndLayers(t *testing.T) {
	d := Require(t)
	img := &ImageDesc{Dim: Dim2DArray, Format: R32Uint, Width: 4, Height: 4, Layers: 2, Mips: 3}
	var texels []uint32
	for m := range 3 {
		size := 4 >> m
		for l := range 2 {
			for y := range size {
				for x := range size {
					texels = append(texels, uint32(1000*m+100*l+10*y+x))
				}
			}
		}
	}
	require.Equal(t, img.Size(), 4*len(texels))
	const unset = 0xFFFFFFFF
	want := make([]uint32, 6*16)
	for z := range 6 {
		l, m := z%2, z/2
		for y := range 4 {
			for x := range 4 {
				want[16*z+4*y+x] = unset
				if x < 4>>m && y < 4>>m {
					want[16*z+4*y+x] = uint32(1000*m + 100*l + 10*y + x)
				}
			}
		}
	}
	out := make([]uint32, len(want))
	for i := range out {
		out[i] = unset
	}
	res, err := d.Dispatch(Run{SPIRV: assemble(t, "fetch_array.spvasm"), Entry: "main", Groups: [3]uint32{1, 1, 6},
		Bindings: []Binding{
			{Group: 0, Binding: 0, Kind: SampledImage, Image: img, Data: u32Bytes(texels...)},
			{Group: 0, Binding: 1, Kind: StorageBuffer, Data: u32Bytes(out...)},
		}})
	require.NoError(t, err)
	assert.Equal(t, want, u32s(res.Bytes(0, 1)))
	assert.Equal(t, u32Bytes(texels...), res.Bytes(0, 0))
}

// Every dimension and the formats the texture tests need upload and read
// back byte for byte, bound next to a shader that ignores them.
func TestImageRoundTrip(t *testing.T) {
	d := Require(t)
	double := assemble(t, "double.spvasm")
	for _, tc := range []struct {
		kind BindingKind
		img  ImageDesc
	}{
		{SampledImage, ImageDesc{Dim: Dim1D, Format: RGBA8Unorm, Width: 16}},
		{SampledImage, ImageDesc{Dim: Dim2D, Format: RGBA8Uint, Width: 8, Height: 4, Mips: 4}},
		{SampledImage, ImageDesc{Dim: Dim2DArray, Format: RGBA32Float, Width: 4, Height: 4, Layers: 3, Mips: 2}},
		{SampledImage, ImageDesc{Dim: Dim3D, Format: R32Float, Width: 4, Height: 4, Depth: 4, Mips: 3}},
		{SampledImage, ImageDesc{Dim: DimCube, Format: RGBA16Float, Width: 4, Height: 4, Mips: 3}},
		{SampledImage, ImageDesc{Dim: DimCubeArray, Format: R32Sint, Width: 2, Height: 2, Layers: 12}},
		{SampledImage, ImageDesc{Dim: Dim2D, Format: Depth32Float, Width: 4, Height: 4}},
		{StorageImage, ImageDesc{Dim: Dim1D, Format: R32Uint, Width: 8}},
		{StorageImage, ImageDesc{Dim: Dim2D, Format: RGBA8Unorm, Width: 5, Height: 3}},
		{StorageImage, ImageDesc{Dim: Dim2DArray, Format: RGBA16Float, Width: 4, Height: 4, Layers: 2}},
		{StorageImage, ImageDesc{Dim: Dim3D, Format: R32Sint, Width: 2, Height: 2, Depth: 2}},
	} {
		t.Run(fmt.Sprintf("%v/%v/%v", tc.kind, tc.img.Dim, tc.img.Format), func(t *testing.T) {
			data := make([]byte, tc.img.Size())
			for i := range data {
				data[i] = byte(i*7 + 3)
			}
			if tc.img.Format == Depth32Float { // depth values outside [0, 1] need not survive
				for i := 0; i < len(data); i += 4 {
					copy(data[i:], f32Bytes(float32(i)/float32(len(data))))
				}
			}
			img := tc.img
			res, err := d.Dispatch(Run{SPIRV: double, Entry: "main", Groups: [3]uint32{1, 1, 1},
				Bindings: []Binding{
					{Kind: StorageBuffer, Data: make([]byte, 4)},
					{Group: 1, Binding: 0, Kind: tc.kind, Image: &img, Data: data},
				}})
			require.NoError(t, err)
			assert.Equal(t, data, res.Bytes(1, 0))
		})
	}
}
