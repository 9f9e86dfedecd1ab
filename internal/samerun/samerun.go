// Package samerun tells, for tests, whether two SPIR-V modules of one shader compute the
// same: the same code once optimised, or the same bytes in every buffer and image when run.
// The tests of package hostwgsl's profiles use it to compare the shader with what is printed
// for another compiler, compiled by wgslgo or by that compiler.
package samerun

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler/reflect"
	"github.com/wgslgo/wgslgo/internal/oracle"
	"github.com/wgslgo/wgslgo/internal/vulkan"
)

// A Canonicalizer compares SPIR-V modules up to what an optimiser and the numbering of ids
// change. It remembers the modules it has seen: a shader's own come back for every
// compilation it is compared with.
type Canonicalizer struct {
	opt, dis, dir string
	seen          map[string]string
}

// NewCanonicalizer returns a Canonicalizer, or ends the test without spirv-opt and spirv-dis
// (as internal/oracle does).
func NewCanonicalizer(t testing.TB) *Canonicalizer {
	return &Canonicalizer{opt: oracle.SpirvOpt.Require(t), dis: oracle.SpirvDis.Require(t), dir: t.TempDir()}
}

var spirvID = regexp.MustCompile(`%[0-9]+`)

// Canonical returns the disassembly of the module optimised by spirv-opt -O, without debug
// instructions, with ids numbered in order of appearance.
func (c *Canonicalizer) Canonical(t testing.TB, words []uint32) string {
	in, out := filepath.Join(c.dir, "in.spv"), filepath.Join(c.dir, "out.spv")
	b := make([]byte, 4*len(words))
	for i, w := range words {
		binary.LittleEndian.PutUint32(b[4*i:], w)
	}
	if s, ok := c.seen[string(b)]; ok {
		return s
	}
	if c.seen == nil {
		c.seen = map[string]string{}
	}
	require.NoError(t, os.WriteFile(in, b, 0o644))
	if msg, err := exec.Command(c.opt, "-O", in, "-o", out).CombinedOutput(); err != nil {
		t.Fatalf("spirv-opt: %v\n%s\nmodule: %s", err, msg, in)
	}
	text, err := exec.Command(c.dis, "--raw-id", "--no-header", out).Output()
	require.NoError(t, err)
	// Types and constants are named by what they are, not by where they are declared (two
	// modules that declare the same constants in another order are the same), and listed in
	// the order of those names; other ids are numbered in order of appearance.
	keep := []string{}
	for _, l := range strings.Split(string(text), "\n") {
		switch {
		case strings.Contains(l, "OpName"), strings.Contains(l, "OpMemberName"), strings.Contains(l, "OpSource"),
			strings.Contains(l, "OpString"), strings.Contains(l, "OpLine"), strings.Contains(l, "OpModuleProcessed"):
			continue
		}
		keep = append(keep, l)
	}
	structural := map[string]string{} // id → its structural name
	var name func(id string) string
	defs := map[string]string{} // id → the rest of its declaration, for types and constants
	for _, l := range keep {
		lhs, rhs, ok := strings.Cut(strings.TrimSpace(l), " = ")
		if ok && (strings.HasPrefix(rhs, "OpType") || strings.HasPrefix(rhs, "OpConstant")) {
			defs[lhs] = rhs
		}
	}
	name = func(id string) string {
		if n, ok := structural[id]; ok {
			return n
		}
		rhs, ok := defs[id]
		if !ok {
			return id
		}
		structural[id] = "?" // a type that refers to itself through a pointer
		n := "{" + spirvID.ReplaceAllStringFunc(rhs, name) + "}"
		structural[id] = n
		return n
	}
	for id := range defs {
		name(id)
	}
	var global []string
	first := -1
	for i, l := range keep {
		lhs, _, ok := strings.Cut(strings.TrimSpace(l), " = ")
		if ok && defs[lhs] != "" {
			if first < 0 {
				first = i
			}
			global = append(global, structural[lhs])
			keep[i] = ""
		}
	}
	slices.Sort(global)
	global = slices.Compact(global)
	ids := map[string]string{}
	var lines []string
	for i, l := range keep {
		if i == first {
			lines = append(lines, global...)
		}
		if l == "" {
			continue
		}
		lines = append(lines, spirvID.ReplaceAllStringFunc(l, func(id string) string {
			if n, ok := structural[id]; ok {
				return n
			}
			if n, ok := ids[id]; ok {
				return n
			}
			n := fmt.Sprintf("%%%d", len(ids)+1)
			ids[id] = n
			return n
		}))
	}
	c.seen[string(b)] = strings.Join(lines, "\n")
	return c.seen[string(b)]
}

// Runnable reports whether Run runs m: whether its entry points are all compute shaders,
// on bindings Run has data for.
func Runnable(m *reflect.Module) bool {
	for _, e := range m.EntryPoints {
		if e.Stage != reflect.StageCompute {
			return false
		}
		for _, ref := range e.Bindings {
			if _, ok := runBinding(bindingOf(m, ref)); !ok {
				return false
			}
		}
	}
	return len(m.EntryPoints) > 0
}

// Run dispatches every entry point of m, the reflection of the modules want and got, once in
// each, with the same deterministic bytes in every binding, and describes the first
// difference of the bindings afterwards, or that a module does not run ("" when both run
// and nothing differs). A module with other stages
// than compute, or a binding Run has no data for, fails the test: there is no run to
// compare.
func Run(t testing.TB, dev *vulkan.Device, m *reflect.Module, want, got []uint32) string {
	for _, e := range m.EntryPoints {
		require.Equal(t, reflect.StageCompute, e.Stage, "%s: entry point %s is not compute: the rewrite changed the SPIR-V of a module that cannot be run", m.Source, e.Name)
		run := vulkan.Run{Entry: e.Name, Groups: [3]uint32{1, 1, 1}, Timeout: 20 * time.Second}
		for _, im := range m.Immediates {
			if im.Name == e.Immediate {
				run.Immediate = smallWords(im.Name, im.Size)
			}
		}
		for _, ref := range e.Bindings {
			b := bindingOf(m, ref)
			vb, ok := runBinding(b)
			require.True(t, ok, "%s: %s uses %s (%s), which this test binds no data to: there is no run to compare", m.Source, e.Name, b.Name, b.Type.WGSL)
			run.Bindings = append(run.Bindings, vb)
		}
		results := make([]*vulkan.Result, 2)
		for i, words := range [][]uint32{want, got} {
			r := run
			r.SPIRV = words
			r.Bindings = nil
			for _, b := range run.Bindings {
				b.Data = bytes.Clone(b.Data)
				r.Bindings = append(r.Bindings, b)
			}
			res, err := dev.Dispatch(r)
			if err != nil {
				return fmt.Sprintf("entry point %s of the %s module does not run: %v", e.Name, []string{"first", "second"}[i], err)
			}
			results[i] = res
		}
		for _, b := range run.Bindings {
			w, g := results[0].Bytes(b.Group, b.Binding), results[1].Bytes(b.Group, b.Binding)
			if b.Image != nil && floatTexelsClose(b.Image.Format, w, g) {
				continue
			}
			if i := firstByteDiff(w, g); i >= 0 {
				at := i &^ 3
				return fmt.Sprintf("entry point %s, @group(%d) @binding(%d) byte %d: %#x, want %#x (the word at %d: %#08x, want %#08x)", e.Name, b.Group, b.Binding, i, g[i], w[i],
					at, binary.LittleEndian.Uint32(g[at:]), binary.LittleEndian.Uint32(w[at:]))
			}
		}
	}
	return ""
}

// runBinding is the binding of b in a run: buffers of at least 4 KiB more than their minimum
// size, and 4x4
// images (of 2, 6 or 12 layers where the view has layers) of small integer texels.
func runBinding(b *reflect.Binding) (vulkan.Binding, bool) {
	vb := vulkan.Binding{Group: uint32(b.Group), Binding: uint32(b.Binding)}
	image := func(view string, format vulkan.Format) bool {
		dims := map[string]vulkan.ImageDim{"1d": vulkan.Dim1D, "2d": vulkan.Dim2D, "2d-array": vulkan.Dim2DArray,
			"3d": vulkan.Dim3D, "cube": vulkan.DimCube, "cube-array": vulkan.DimCubeArray}
		d := vulkan.ImageDesc{Dim: dims[view], Format: format, Width: 4, Height: 4}
		switch d.Dim {
		case vulkan.Dim1D:
			d.Height = 1
		case vulkan.Dim3D:
			d.Depth = 4
		case vulkan.Dim2DArray:
			d.Layers = 2
		case vulkan.DimCubeArray:
			d.Layers = 12
		}
		vb.Image = &d
		vb.Data = smallWords(b.Name, d.Size())
		if texels := floatTexels[format]; texels != nil {
			texels(vb.Data) // sampled and compared as floats: 0, 0.25, 0.5 or 1, not subnormals
		}
		return d.Dim != 0
	}
	switch {
	case b.Buffer != nil:
		vb.Kind = map[string]vulkan.BindingKind{"uniform": vulkan.UniformBuffer, "storage": vulkan.StorageBuffer,
			"read-only-storage": vulkan.ReadOnlyStorageBuffer}[b.Buffer.Type]
		// Room for the runtime-sized arrays' elements: out-of-bounds accesses may go anywhere
		// in the buffer, and two compilers need not send them to the same place.
		vb.Data = smallWords(b.Name, max(4*b.Buffer.MinBindingSize, b.Buffer.MinBindingSize+4096))
		return vb, true
	case b.Sampler != nil:
		vb.Kind = vulkan.Sampler
		if b.Sampler.Type == "comparison" {
			vb.Kind = vulkan.ComparisonSampler
			vb.Sampler = &vulkan.SamplerDesc{Compare: vulkan.CompareLess}
		}
		return vb, true
	case b.Texture != nil && !b.Texture.Multisampled:
		vb.Kind = vulkan.SampledImage
		format := map[string]vulkan.Format{"float": vulkan.RGBA32Float, "unfilterable-float": vulkan.RGBA32Float,
			"depth": vulkan.Depth32Float, "sint": vulkan.RGBA32Sint, "uint": vulkan.RGBA32Uint}[b.Texture.SampleType]
		return vb, image(b.Texture.ViewDimension, format)
	case b.StorageTexture != nil:
		vb.Kind = vulkan.StorageImage
		for _, f := range []vulkan.Format{vulkan.RGBA8Unorm, vulkan.RGBA8Snorm, vulkan.RGBA8Uint, vulkan.RGBA8Sint,
			vulkan.BGRA8Unorm, vulkan.RGBA16Uint, vulkan.RGBA16Sint, vulkan.RGBA16Float, vulkan.R32Uint, vulkan.R32Sint,
			vulkan.R32Float, vulkan.RG32Uint, vulkan.RG32Sint, vulkan.RG32Float, vulkan.RGBA32Uint, vulkan.RGBA32Sint, vulkan.RGBA32Float} {
			if f.String() == b.StorageTexture.Format {
				return vb, image(b.StorageTexture.ViewDimension, f)
			}
		}
	}
	return vb, false
}

func bindingOf(m *reflect.Module, ref reflect.BindingRef) *reflect.Binding {
	for i := range m.Bindings {
		if b := &m.Bindings[i]; b.Group == ref.Group && b.Binding == ref.Binding {
			return b
		}
	}
	return nil
}

// smallWords returns n bytes (rounded up to words) of words 0 or 1, derived from name:
// indices in the bounds of arrays of two elements or more, and loop counts short, whether a
// word is read as an integer or (a subnormal) float. (Out of bounds, WGSL lets an access go
// anywhere in the buffer, and two compilers need not send it to the same place.)
func smallWords(name string, n int) []byte {
	n = (n + 3) &^ 3
	b := make([]byte, n)
	h := uint32(2166136261)
	for _, c := range []byte(name) {
		h = (h ^ uint32(c)) * 16777619
	}
	for i := 0; i < n; i += 4 {
		h = h*1664525 + 1013904223
		binary.LittleEndian.PutUint32(b[i:], h>>31)
	}
	return b
}

// floatTexels rewrite the words 0 and 1 of an image's data as float components of the
// format: 0 is 0.0, 1 one of 0.25, 0.5 and 1.0.
var floatTexels = map[vulkan.Format]func(b []byte){
	vulkan.RGBA32Float: f32Texels, vulkan.RG32Float: f32Texels, vulkan.R32Float: f32Texels, vulkan.Depth32Float: f32Texels,
	vulkan.RGBA16Float: func(b []byte) {
		for i := 0; i+1 < len(b); i += 2 {
			if binary.LittleEndian.Uint16(b[i:]) != 0 {
				binary.LittleEndian.PutUint16(b[i:], []uint16{0x3400, 0x3800, 0x3c00}[i/2%3])
			}
		}
	},
}

func f32Texels(b []byte) {
	for i := 0; i+3 < len(b); i += 4 {
		if binary.LittleEndian.Uint32(b[i:]) != 0 {
			binary.LittleEndian.PutUint32(b[i:], []uint32{0x3e800000, 0x3f000000, 0x3f800000}[i/4%3])
		}
	}
}

// floatTexelsClose reports whether two images of float texels (f16 or f32 components) hold
// the same values within 4 units in the last place: the precision the spec gives builtins
// such as exp and pow, which two compilers may compute in different instructions.
func floatTexelsClose(f vulkan.Format, a, b []byte) bool {
	size := map[vulkan.Format]int{vulkan.RGBA16Float: 2, vulkan.R32Float: 4, vulkan.RG32Float: 4, vulkan.RGBA32Float: 4}[f]
	if size == 0 || len(a) != len(b) {
		return false
	}
	for i := 0; i+size <= len(a); i += size {
		var x, y int64
		if size == 2 {
			x, y = int64(binary.LittleEndian.Uint16(a[i:])), int64(binary.LittleEndian.Uint16(b[i:]))
		} else {
			x, y = int64(binary.LittleEndian.Uint32(a[i:])), int64(binary.LittleEndian.Uint32(b[i:]))
		}
		// Floats of one sign are ordered as their bits are: the distance in bits is the
		// distance in units in the last place.
		if sign := int64(1) << (8*size - 1); x&sign != y&sign {
			if x&^sign != 0 || y&^sign != 0 {
				return false // different signs, other than +0 and -0
			}
		} else if d := x - y; d < -4 || d > 4 {
			return false
		}
	}
	return true
}

func firstByteDiff(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	if len(a) != len(b) {
		return min(len(a), len(b))
	}
	return -1
}
