package types

// TexelFormat is the texel format of a storage texture.
type TexelFormat uint8

// The texel formats of the spec, in its table's order. The ones marked Tier1 need the
// texture_formats_tier1 language feature.
const (
	FormatNone TexelFormat = iota
	Rgba8unorm
	Rgba8snorm
	Rgba8uint
	Rgba8sint
	Rgba16unorm
	Rgba16snorm
	Rgba16uint
	Rgba16sint
	Rgba16float
	Rg8unorm
	Rg8snorm
	Rg8uint
	Rg8sint
	Rg16unorm
	Rg16snorm
	Rg16uint
	Rg16sint
	Rg16float
	R32uint
	R32sint
	R32float
	Rg32uint
	Rg32sint
	Rg32float
	Rgba32uint
	Rgba32sint
	Rgba32float
	Bgra8unorm
	R8unorm
	R8snorm
	R8uint
	R8sint
	R16unorm
	R16snorm
	R16uint
	R16sint
	R16float
	Rgb10a2unorm
	Rgb10a2uint
	Rg11b10ufloat
	numFormats
)

type formatInfo struct {
	name    string
	channel ScalarKind // the channel type of the texel as the shader sees it
	tier1   bool
}

var formats = [numFormats]formatInfo{
	FormatNone:    {"", KindF32, false},
	Rgba8unorm:    {"rgba8unorm", KindF32, false},
	Rgba8snorm:    {"rgba8snorm", KindF32, false},
	Rgba8uint:     {"rgba8uint", KindU32, false},
	Rgba8sint:     {"rgba8sint", KindI32, false},
	Rgba16unorm:   {"rgba16unorm", KindF32, true},
	Rgba16snorm:   {"rgba16snorm", KindF32, true},
	Rgba16uint:    {"rgba16uint", KindU32, false},
	Rgba16sint:    {"rgba16sint", KindI32, false},
	Rgba16float:   {"rgba16float", KindF32, false},
	Rg8unorm:      {"rg8unorm", KindF32, true},
	Rg8snorm:      {"rg8snorm", KindF32, true},
	Rg8uint:       {"rg8uint", KindU32, true},
	Rg8sint:       {"rg8sint", KindI32, true},
	Rg16unorm:     {"rg16unorm", KindF32, true},
	Rg16snorm:     {"rg16snorm", KindF32, true},
	Rg16uint:      {"rg16uint", KindU32, true},
	Rg16sint:      {"rg16sint", KindI32, true},
	Rg16float:     {"rg16float", KindF32, true},
	R32uint:       {"r32uint", KindU32, false},
	R32sint:       {"r32sint", KindI32, false},
	R32float:      {"r32float", KindF32, false},
	Rg32uint:      {"rg32uint", KindU32, false},
	Rg32sint:      {"rg32sint", KindI32, false},
	Rg32float:     {"rg32float", KindF32, false},
	Rgba32uint:    {"rgba32uint", KindU32, false},
	Rgba32sint:    {"rgba32sint", KindI32, false},
	Rgba32float:   {"rgba32float", KindF32, false},
	Bgra8unorm:    {"bgra8unorm", KindF32, false},
	R8unorm:       {"r8unorm", KindF32, true},
	R8snorm:       {"r8snorm", KindF32, true},
	R8uint:        {"r8uint", KindU32, true},
	R8sint:        {"r8sint", KindI32, true},
	R16unorm:      {"r16unorm", KindF32, true},
	R16snorm:      {"r16snorm", KindF32, true},
	R16uint:       {"r16uint", KindU32, true},
	R16sint:       {"r16sint", KindI32, true},
	R16float:      {"r16float", KindF32, true},
	Rgb10a2unorm:  {"rgb10a2unorm", KindF32, true},
	Rgb10a2uint:   {"rgb10a2uint", KindU32, true},
	Rg11b10ufloat: {"rg11b10ufloat", KindF32, true},
}

func (f TexelFormat) String() string { return formats[f].name }

// ChannelType is the scalar type of the vec4 a texel reads as (f32, i32 or u32).
func (f TexelFormat) ChannelType() *Scalar { return ScalarOf(formats[f].channel) }

// NeedsTier1 reports whether the format needs the texture_formats_tier1 language feature.
func (f TexelFormat) NeedsTier1() bool { return formats[f].tier1 }

// ParseTexelFormat maps a texel format enumerant to its format.
func ParseTexelFormat(s string) (TexelFormat, bool) {
	for i := TexelFormat(1); i < numFormats; i++ {
		if formats[i].name == s {
			return i, true
		}
	}
	return FormatNone, false
}

// AllTexelFormats lists every texel format in the spec's order.
func AllTexelFormats() []TexelFormat {
	out := make([]TexelFormat, 0, numFormats-1)
	for i := TexelFormat(1); i < numFormats; i++ {
		out = append(out, i)
	}
	return out
}
