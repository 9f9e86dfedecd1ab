package vulkan

/*
#include "harness.h"
*/
import "C"

import (
	"fmt"
	"strings"
	"sync"

	"github.com/wgslgo/wgslgo/compiler"
)

// formatClass is what the fill shader of a multisampled image writes.
type formatClass int

const (
	classNone  formatClass = iota // not supported as a multisampled image
	classFloat                    // vec4f to color location 0
	classSint                     // vec4i
	classUint                     // vec4u
	classDepth                    // frag_depth
)

// class is the fill shader class of formats whose components are 32 bits.
func (f Format) class() formatClass {
	switch f {
	case R32Float, RG32Float, RGBA32Float:
		return classFloat
	case R32Sint, RG32Sint, RGBA32Sint:
		return classSint
	case R32Uint, RG32Uint, RGBA32Uint:
		return classUint
	case Depth32Float:
		return classDepth
	}
	return classNone
}

// Multisample reports why the harness cannot bind an n-sample image of format
// f on this device, or nil when it can: the device must have such images
// (sampled and as an attachment: that is how their texels get there), a queue
// that draws and the sampleRateShading feature.
func (d *Device) Multisample(f Format, n uint32) error {
	switch {
	case f.class() == classNone:
		return fmt.Errorf("%v: the harness fills multisampled images of 32-bit component formats and depth32float only", f)
	case n < 2 || n&(n-1) != 0:
		return fmt.Errorf("%d samples: want a power of two, at least 2", n)
	case !d.Info.Graphics:
		return fmt.Errorf("the device's compute queue cannot draw, and multisampled images are filled by a draw")
	case !d.Info.SampleRateShading:
		return fmt.Errorf("the device lacks sampleRateShading, which filling multisampled images needs")
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.broken != nil {
		return fmt.Errorf("device unusable since an earlier run: %w", d.broken)
	}
	if counts := SampleCounts(C.wv_image_sample_counts(d.ctx, C.uint32_t(f))); !counts.Has(n) {
		return fmt.Errorf("%v: the device has multisampled attachments with %v samples, not %d", f, counts, n)
	}
	return nil
}

// FillWGSL is the WGSL of the shaders that fill a multisampled image of the
// given format, width and sample count: a triangle over the whole image, and
// a fragment shader run per sample that reads sample sample_index of texel
// floor(position.xy) from the packed texels (see ImageDesc) in a storage
// buffer at @group(0) @binding(0), as u32 words, and writes it.
func FillWGSL(f Format, width, samples uint32) (string, error) {
	class := f.class()
	if class == classNone {
		return "", fmt.Errorf("no fill shader for %v", f)
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, `// Fills a %dx-multisampled %v image %d texels wide.
const width = %du;
const samples = %du;

@group(0) @binding(0) var<storage, read> texels: array<u32>;

// The triangle (-1, -1), (3, -1), (-1, 3) covers the viewport.
@vertex
fn vs(@builtin(vertex_index) i: u32) -> @builtin(position) vec4f {
  return vec4f(f32((i & 1u) * 4u) - 1.0, f32((i >> 1u) * 4u) - 1.0, 0.0, 1.0);
}

// The first word of sample s of the texel under pos (a sample position, which
// lies inside its pixel).
fn first(pos: vec4f, s: u32) -> u32 {
  return ((u32(pos.y) * width + u32(pos.x)) * samples + s) * %du;
}
`, samples, f, width, width, samples, f.TexelSize()/4)
	if class == classDepth {
		sb.WriteString(`
@fragment
fn fs(@builtin(position) pos: vec4f, @builtin(sample_index) s: u32) -> @builtin(frag_depth) f32 {
  return bitcast<f32>(texels[first(pos, s)]);
}
`)
	} else {
		t := map[formatClass]string{classFloat: "vec4f", classSint: "vec4i", classUint: "vec4u"}[class]
		sb.WriteString(`
@fragment
fn fs(@builtin(position) pos: vec4f, @builtin(sample_index) s: u32) -> @location(0) ` + t + ` {
  let i = first(pos, s);
  var v = vec4u(0u, 0u, 0u, 0u);
`)
		for c := range f.TexelSize() / 4 {
			fmt.Fprintf(&sb, "  v[%d] = texels[i + %du];\n", c, c)
		}
		fmt.Fprintf(&sb, "  return bitcast<%s>(v);\n}\n", t)
	}
	return sb.String(), nil
}

var fillCache struct {
	sync.Mutex
	spirv map[string][]uint32
}

// fillSPIRV compiles FillWGSL with this project's compiler, once per source.
func fillSPIRV(f Format, width, samples uint32) ([]uint32, error) {
	src, err := FillWGSL(f, width, samples)
	if err != nil {
		return nil, err
	}
	fillCache.Lock()
	defer fillCache.Unlock()
	if words, ok := fillCache.spirv[src]; ok {
		return words, nil
	}
	res, err := compiler.Compile(compiler.Source{Name: "fill.wgsl", Text: []byte(src)}, compiler.Options{})
	if err != nil {
		return nil, fmt.Errorf("compiling the fill shaders of a multisampled %v image: %w", f, err)
	}
	if fillCache.spirv == nil {
		fillCache.spirv = map[string][]uint32{}
	}
	fillCache.spirv[src] = res.SPIRV
	return res.SPIRV, nil
}
