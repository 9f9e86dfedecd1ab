package vulkan

import "fmt"

// ImageDim is the dimensionality of an image and of its view.
type ImageDim int

// The zero ImageDim is invalid.
const (
	Dim1D        ImageDim = iota + 1 // texture_1d
	Dim1DArray                       // not in WGSL; for completeness of the view types
	Dim2D                            // texture_2d
	Dim2DArray                       // texture_2d_array
	Dim3D                            // texture_3d
	DimCube                          // texture_cube: Layers == 6, Width == Height
	DimCubeArray                     // texture_cube_array: Layers a multiple of 6
)

var dimNames = [...]string{
	Dim1D: "1d", Dim1DArray: "1d-array", Dim2D: "2d", Dim2DArray: "2d-array", Dim3D: "3d",
	DimCube: "cube", DimCubeArray: "cube-array",
}

func (d ImageDim) String() string {
	if d >= Dim1D && int(d) < len(dimNames) {
		return dimNames[d]
	}
	return fmt.Sprintf("ImageDim(%d)", int(d))
}

// Format is a texel format; its value is the VkFormat.
type Format uint32

// The WGSL texel formats the harness supports (the name is the WGSL one).
const (
	RGBA8Unorm   Format = 37
	RGBA8Snorm   Format = 38
	RGBA8Uint    Format = 41
	RGBA8Sint    Format = 42
	BGRA8Unorm   Format = 44
	RGBA16Uint   Format = 95
	RGBA16Sint   Format = 96
	RGBA16Float  Format = 97
	R32Uint      Format = 98
	R32Sint      Format = 99
	R32Float     Format = 100
	RG32Uint     Format = 101
	RG32Sint     Format = 102
	RG32Float    Format = 103
	RGBA32Uint   Format = 107
	RGBA32Sint   Format = 108
	RGBA32Float  Format = 109
	Depth32Float Format = 126 // sampled only: texture_depth_*, with ComparisonSampler
)

var formats = map[Format]struct {
	name string
	size int
}{
	RGBA8Unorm: {"rgba8unorm", 4}, RGBA8Snorm: {"rgba8snorm", 4}, RGBA8Uint: {"rgba8uint", 4},
	RGBA8Sint: {"rgba8sint", 4}, BGRA8Unorm: {"bgra8unorm", 4}, RGBA16Uint: {"rgba16uint", 8},
	RGBA16Sint: {"rgba16sint", 8}, RGBA16Float: {"rgba16float", 8}, R32Uint: {"r32uint", 4},
	R32Sint: {"r32sint", 4}, R32Float: {"r32float", 4}, RG32Uint: {"rg32uint", 8},
	RG32Sint: {"rg32sint", 8}, RG32Float: {"rg32float", 8}, RGBA32Uint: {"rgba32uint", 16},
	RGBA32Sint: {"rgba32sint", 16}, RGBA32Float: {"rgba32float", 16}, Depth32Float: {"depth32float", 4},
}

func (f Format) String() string {
	if info, ok := formats[f]; ok {
		return info.name
	}
	return fmt.Sprintf("Format(VkFormat %d)", uint32(f))
}

// TexelSize is the size of one texel in bytes, 0 for an unsupported format.
func (f Format) TexelSize() int { return formats[f].size }

// ImageDesc describes an image. Texel data (Binding.Data, and the readback)
// is packed without padding: for each mip level, for each array layer (cube
// faces are layers +X, -X, +Y, -Y, +Z, -Z), for each z, y, x; level m has
// extent max(1, size>>m) on every axis. A storage image's view shows mip 0.
//
// A multisampled image (Samples > 1: texture_multisampled_2d,
// texture_depth_multisampled_2d) is a SampledImage of Dim2D with one level
// and layer, in a format with 32-bit components or depth32float. Its texels
// are packed for each y, x, then sample: the value of sample s of texel (x, y)
// is at ((y*Width + x)*Samples + s)*TexelSize. Vulkan cannot copy into such an
// image, so the harness fills it with a draw at sample rate (fill shaders
// compiled from WGSL by this project's compiler; see Device.Multisample for
// what the device needs). Float values must survive a color attachment
// write: use finite, normal ones (and [0, 1] for depth). It is not read
// back: its Result.Data is what was given.
type ImageDesc struct {
	Dim    ImageDim
	Format Format
	Width  uint32
	Height uint32 // 0 means 1; must be 1 for 1D
	Depth  uint32 // 0 means 1; only 3D images have more
	Layers uint32 // array layers; 0 means 1 (6 for DimCube)
	Mips   uint32 // mip levels; 0 means 1
	// Samples per texel: 0 or 1 for a single-sampled image; otherwise a
	// power of two the device supports (lavapipe: 4).
	Samples uint32
}

// normalized fills in the defaults documented on ImageDesc.
func (d ImageDesc) normalized() ImageDesc {
	if d.Height == 0 {
		d.Height = 1
	}
	if d.Depth == 0 {
		d.Depth = 1
	}
	if d.Layers == 0 {
		d.Layers = 1
		if d.Dim == DimCube {
			d.Layers = 6
		}
	}
	if d.Mips == 0 {
		d.Mips = 1
	}
	if d.Samples == 0 {
		d.Samples = 1
	}
	return d
}

// Size is the number of bytes of the packed texels of every level and layer.
func (d ImageDesc) Size() int {
	d = d.normalized()
	size := 0
	for m := uint32(0); m < d.Mips; m++ {
		size += int(max(1, d.Width>>m)) * int(max(1, d.Height>>m)) * int(max(1, d.Depth>>m)) *
			int(d.Layers) * d.Format.TexelSize()
	}
	return size * int(d.Samples)
}

func (d ImageDesc) check() error {
	d = d.normalized()
	if d.Format.TexelSize() == 0 {
		return fmt.Errorf("unsupported format %v", d.Format)
	}
	if d.Width == 0 {
		return fmt.Errorf("Width is 0")
	}
	shape := func(ok bool, rule string) error {
		if !ok {
			return fmt.Errorf("%v image of %dx%dx%d with %d layers: %s", d.Dim, d.Width, d.Height, d.Depth, d.Layers, rule)
		}
		return nil
	}
	var err error
	switch d.Dim {
	case Dim1D:
		err = shape(d.Height == 1 && d.Depth == 1 && d.Layers == 1, "want Height, Depth and Layers 1")
	case Dim1DArray:
		err = shape(d.Height == 1 && d.Depth == 1, "want Height and Depth 1")
	case Dim2D:
		err = shape(d.Depth == 1 && d.Layers == 1, "want Depth and Layers 1")
	case Dim2DArray:
		err = shape(d.Depth == 1, "want Depth 1")
	case Dim3D:
		err = shape(d.Layers == 1, "want Layers 1")
	case DimCube:
		err = shape(d.Depth == 1 && d.Layers == 6 && d.Width == d.Height, "want square faces, Depth 1 and Layers 6")
	case DimCubeArray:
		err = shape(d.Depth == 1 && d.Layers%6 == 0 && d.Width == d.Height,
			"want square faces, Depth 1 and Layers a multiple of 6")
	default:
		return fmt.Errorf("unknown image dimension %v", d.Dim)
	}
	if err != nil {
		return err
	}
	levels := uint32(1)
	for s := max(d.Width, d.Height, d.Depth); s > 1; s >>= 1 {
		levels++
	}
	if d.Mips > levels {
		return fmt.Errorf("%d mip levels for a %dx%dx%d image; at most %d", d.Mips, d.Width, d.Height, d.Depth, levels)
	}
	if d.Samples > 1 {
		switch {
		case d.Samples&(d.Samples-1) != 0 || d.Samples > 64:
			return fmt.Errorf("%d samples; want a power of two up to 64", d.Samples)
		case d.Dim != Dim2D || d.Mips != 1:
			return fmt.Errorf("a multisampled image is 2d with one level and layer, not %v with %d levels", d.Dim, d.Mips)
		case d.Format.class() == classNone:
			return fmt.Errorf("the harness fills multisampled images of 32-bit component formats and depth32float only, not %v", d.Format)
		}
	}
	return nil
}

// Filter is a sampler's minification/magnification or mipmap filter.
type Filter int

// Filters; the zero value is WebGPU's default.
const (
	Nearest Filter = iota
	Linear
)

// AddressMode says what a sampler does outside [0, 1].
type AddressMode int

// Address modes; the zero value is WebGPU's default.
const (
	ClampToEdge AddressMode = iota
	Repeat
	MirrorRepeat
)

// CompareOp is the comparison of a ComparisonSampler.
type CompareOp int

// Compare ops; CompareNone (the zero value) is a plain sampler.
const (
	CompareNone CompareOp = iota
	CompareNever
	CompareLess
	CompareEqual
	CompareLessEqual
	CompareGreater
	CompareNotEqual
	CompareGreaterEqual
	CompareAlways
)

// SamplerDesc describes a sampler. Level-of-detail clamps are [0, none].
type SamplerDesc struct {
	MagFilter, MinFilter, MipmapFilter Filter
	AddressU, AddressV, AddressW       AddressMode
	Compare                            CompareOp
}

// vk maps an AddressMode to its VkSamplerAddressMode.
func (m AddressMode) vk() (uint32, error) {
	switch m {
	case ClampToEdge:
		return 2, nil
	case Repeat:
		return 0, nil
	case MirrorRepeat:
		return 1, nil
	}
	return 0, fmt.Errorf("unknown address mode %d", int(m))
}

func (s SamplerDesc) check(kind BindingKind) error {
	for _, f := range []Filter{s.MagFilter, s.MinFilter, s.MipmapFilter} {
		if f != Nearest && f != Linear {
			return fmt.Errorf("unknown filter %d", int(f))
		}
	}
	for _, m := range []AddressMode{s.AddressU, s.AddressV, s.AddressW} {
		if _, err := m.vk(); err != nil {
			return err
		}
	}
	switch {
	case s.Compare < CompareNone || s.Compare > CompareAlways:
		return fmt.Errorf("unknown compare op %d", int(s.Compare))
	case kind == ComparisonSampler && s.Compare == CompareNone:
		return fmt.Errorf("a comparison sampler needs SamplerDesc.Compare")
	case kind != ComparisonSampler && s.Compare != CompareNone:
		return fmt.Errorf("SamplerDesc.Compare is set: use kind ComparisonSampler")
	}
	return nil
}
