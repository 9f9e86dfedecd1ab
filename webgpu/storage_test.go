package webgpu_test

import (
	"fmt"
	"math"
	"testing"

	"github.com/cogentcore/webgpu/wgpu"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/gen/wgsl"
	ts "github.com/wgslgo/wgslgo/host/hosttest/testshaders"
	"github.com/wgslgo/wgslgo/internal/vulkan"
	"github.com/wgslgo/wgslgo/webgpu"
	"github.com/wgslgo/wgslgo/webgpu/internal/gputest"
)

// The picture storage.wgsl paints: 37 × 21 texels, which no tile side divides.
const pictureWidth, pictureHeight = 37, 21

var paint = ts.Paint{Stripe: 5, Blue: 0.75, Green: wgsl.Vec2f{0.125, 0.5}}

// expectPicture is the picture storage.wgsl paints, computed in Go: RGBA8Unorm texels, rows
// top first.
func expectPicture() []byte {
	unorm := func(f float32) byte { return byte(math.Round(float64(min(max(f, 0), 1)) * 255)) }
	var out []byte
	for y := range uint32(pictureHeight) {
		for x := range uint32(pictureWidth) {
			blue := paint.Blue
			if (x/paint.Stripe)%2 == 1 {
				blue = 0
			}
			red := float32(x) / pictureWidth
			green := paint.Green[0] + paint.Green[1]*float32(y)/pictureHeight
			out = append(out, unorm(red), unorm(green), unorm(blue), 255)
		}
	}
	return out
}

// paintPicture runs storage.wgsl with the override tile set to 4 into a new storage texture,
// dispatching the workgroups that workgroupSize gives, and reads the texture back.
func paintPicture(t *testing.T, g *gputest.GPU, workgroupSize func(*webgpu.Module) [3]uint32) []byte {
	t.Helper()
	sh := &ts.StorageShader
	var o ts.StorageOverrides
	o.SetTile(4)
	m, err := webgpu.NewModule(g.Device, &sh.Shader, &webgpu.ModuleOptions{Overrides: o.Values()})
	require.NoError(t, err)
	defer m.Release()
	pipe, err := m.NewComputePipeline(g.Device, sh.Fill())
	require.NoError(t, err)
	defer pipe.Release()

	format, err := webgpu.TextureFormat(sh.Picture().StorageTexture.Format)
	require.NoError(t, err)
	tex, err := g.Device.CreateTexture(&wgpu.TextureDescriptor{
		Usage:     wgpu.TextureUsageStorageBinding | wgpu.TextureUsageCopySrc,
		Dimension: wgpu.TextureDimension2D, Size: wgpu.Extent3D{Width: pictureWidth, Height: pictureHeight, DepthOrArrayLayers: 1},
		Format: format, MipLevelCount: 1, SampleCount: 1,
	})
	require.NoError(t, err)
	defer tex.Release()
	view, err := tex.CreateView(nil)
	require.NoError(t, err)
	defer view.Release()
	uniform, err := webgpu.NewBuffer(g.Device, "paint", wgpu.BufferUsageUniform, paint.Bytes())
	require.NoError(t, err)
	defer uniform.Release()
	bg, err := m.NewBindGroup(g.Device, 0, webgpu.Buffer(sh.Paint(), uniform), webgpu.Texture(sh.Picture(), view))
	require.NoError(t, err)
	defer bg.Release()

	groups := wgsl.WorkgroupCount(workgroupSize(m), [3]uint32{pictureWidth, pictureHeight, 1})
	require.NoError(t, dispatch(g, pipe, groups, []*wgpu.BindGroup{bg}, nil))
	texels, err := webgpu.ReadTexture(g.Device, tex)
	require.NoError(t, err)
	return texels
}

// pictureDiffs lists the texels of got that differ from want by more than a unit of rounding.
func pictureDiffs(got, want []byte) []string {
	var diffs []string
	for i := range want {
		if d := int(got[i]) - int(want[i]); d < -1 || d > 1 {
			texel := i / 4
			diffs = append(diffs, fmt.Sprintf("texel (%d, %d) channel %d is %d, want %d", texel%pictureWidth, texel/pictureWidth, i%4, got[i], want[i]))
		}
	}
	return diffs
}

// TestStorageTexture writes a storage texture in a compute shader and reads it back: the
// texture's format comes from the table, the workgroup size from the module's override values
// (a 4 × 4 tile where the default is 8 × 8), and the texels equal Go's and, byte for byte, what
// the project's SPIR-V writes into a storage image on the Vulkan harness.
func TestStorageTexture(t *testing.T) {
	g := gputest.Require(t)
	sh := &ts.StorageShader
	var size [3]uint32
	got := paintPicture(t, g, func(m *webgpu.Module) [3]uint32 {
		var err error
		size, err = m.WorkgroupSize(sh.Fill())
		require.NoError(t, err)
		return size
	})
	require.Equal(t, [3]uint32{4, 4, 1}, size)
	diffs := pictureDiffs(got, expectPicture())
	assert.Empty(t, diffs, "%d channels differ", len(diffs))

	vk := vulkan.Require(t)
	var o ts.StorageOverrides
	o.SetTile(4)
	spec, err := o.Specialization()
	require.NoError(t, err)
	specMap, err := vulkan.SpecOf(spec)
	require.NoError(t, err)
	picture := vulkanBinding(t, sh.Picture(), make([]byte, 4*pictureWidth*pictureHeight))
	picture.Image = &vulkan.ImageDesc{Dim: vulkan.Dim2D, Format: vulkan.RGBA8Unorm, Width: pictureWidth, Height: pictureHeight}
	res, err := vk.Dispatch(vulkan.Run{SPIRV: sh.Words(), Entry: sh.Fill().Name, Spec: specMap,
		Groups:   wgsl.WorkgroupCount(size, [3]uint32{pictureWidth, pictureHeight, 1}),
		Bindings: []vulkan.Binding{vulkanBinding(t, sh.Paint(), paint.Bytes()), picture},
	})
	require.NoError(t, err)
	assert.Equal(t, res.Bytes(sh.Picture().Group, sh.Picture().Binding), got, "wgpu (naga's compilation of the WGSL) and Vulkan (the project's SPIR-V) paint differently")
}

// TestStorageTextureDefaultWorkgroupSize is the negative control: a host that dispatches for
// the default workgroup size of the table (8 × 8) where the override made it 4 × 4 paints only
// a corner of the picture, and the check sees it.
func TestStorageTextureDefaultWorkgroupSize(t *testing.T) {
	g := gputest.Require(t)
	sh := &ts.StorageShader
	got := paintPicture(t, g, func(*webgpu.Module) [3]uint32 {
		size, err := sh.WorkgroupSize(sh.Fill(), nil)
		require.NoError(t, err)
		return size
	})
	diffs := pictureDiffs(got, expectPicture())
	require.NotEmpty(t, diffs, "the check missed the unpainted texels")
	t.Logf("caught: %d channels differ, the first %s", len(diffs), diffs[0])
}
