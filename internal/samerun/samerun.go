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
	ids := map[string]string{}
	var lines []string
	for _, l := range strings.Split(string(text), "\n") {
		switch {
		case strings.Contains(l, "OpName"), strings.Contains(l, "OpMemberName"), strings.Contains(l, "OpSource"),
			strings.Contains(l, "OpString"), strings.Contains(l, "OpLine"), strings.Contains(l, "OpModuleProcessed"):
			continue
		}
		lines = append(lines, spirvID.ReplaceAllStringFunc(l, func(id string) string {
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

// Run dispatches every entry point of m, the reflection of the modules want and got, once in
// each, with the same deterministic bytes in every binding, and describes the first
// difference of the bindings afterwards ("" when there is none). A module with other stages
// than compute, or a binding Run has no data for, fails the test: there is no run to
// compare.
func Run(t testing.TB, dev *vulkan.Device, m *reflect.Module, want, got []uint32) string {
	for _, e := range m.EntryPoints {
		require.Equal(t, reflect.StageCompute, e.Stage, "%s: entry point %s is not compute: the rewrite changed the SPIR-V of a module that cannot be run", m.Source, e.Name)
		run := vulkan.Run{Entry: e.Name, Groups: [3]uint32{1, 1, 1}, Timeout: 20 * time.Second}
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
			require.NoError(t, err, "%s: %s", m.Source, e.Name)
			results[i] = res
		}
		for _, b := range run.Bindings {
			w, g := results[0].Bytes(b.Group, b.Binding), results[1].Bytes(b.Group, b.Binding)
			if i := firstByteDiff(w, g); i >= 0 {
				return fmt.Sprintf("entry point %s, @group(%d) @binding(%d) byte %d: %#x, want %#x", e.Name, b.Group, b.Binding, i, g[i], w[i])
			}
		}
	}
	return ""
}

// runBinding is the binding of b in a run: buffers four times their minimum size, and 4x4
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
		return d.Dim != 0
	}
	switch {
	case b.Buffer != nil:
		vb.Kind = map[string]vulkan.BindingKind{"uniform": vulkan.UniformBuffer, "storage": vulkan.StorageBuffer,
			"read-only-storage": vulkan.ReadOnlyStorageBuffer}[b.Buffer.Type]
		vb.Data = smallWords(b.Name, 4*b.Buffer.MinBindingSize)
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

// smallWords returns n bytes (rounded up to words) of small integers, 0 to 15, derived from
// name: indices in bounds and loop counts short whether a word is read as an integer or (a
// subnormal) float.
func smallWords(name string, n int) []byte {
	n = (n + 3) &^ 3
	b := make([]byte, n)
	h := uint32(2166136261)
	for _, c := range []byte(name) {
		h = (h ^ uint32(c)) * 16777619
	}
	for i := 0; i < n; i += 4 {
		h = h*1664525 + 1013904223
		binary.LittleEndian.PutUint32(b[i:], h>>28)
	}
	return b
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
