// Package interpcheck holds the interpreter (compiler/interp) to what lavapipe computes: the
// tests that dispatch a compute shader on the Vulkan device hand the run and its result to
// Compare, which runs the same module, prepared for SPIR-V, on the interpreter with the same
// bindings and compares every buffer and image byte for byte. The interpreter is then a
// second oracle for the compiler, proven on every compute shader the tests run.
//
// Where the spec lets implementations differ, the comparison allows it (see tolerance.go).
// What the interpreter does not run (draws, subgroups) is counted, not compared: with
// WGSLGO_INTERPCHECK_LOG set to a file name, each Compare appends a line to it, "compared",
// "unsupported" or "draw", the test's name and the reason, for the figures of the report.
package interpcheck

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/wgslgo/wgslgo/compiler"
	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/compiler/interp"
	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/layout"
	"github.com/wgslgo/wgslgo/gen/wgsl"
	"github.com/wgslgo/wgslgo/internal/vulkan"
)

// Module is a module prepared for SPIR-V with what the interpreter needs besides.
type Module struct {
	IR      *ir.Module
	Layouts *layout.Layouts // nil: layout.New(layout.Options{})
	File    *diag.File      // nil: errors without positions
	// OrderDependent are the bindings whose contents depend on the order in which the
	// invocations run (a test racing atomics on purpose): only their sizes are compared.
	OrderDependent []vulkan.Slot
}

// Compare runs r, which the Vulkan device ran with result res, on the interpreter and
// reports every difference as an error of t.
func Compare(t testing.TB, m Module, r vulkan.Run, res *vulkan.Result) {
	t.Helper()
	out, skip, err := Interpret(m, r, 0)
	switch {
	case skip != "":
		what := "unsupported"
		if r.Draw != nil {
			what = "draw"
		}
		record(t, what, skip)
		return
	case err != nil:
		t.Errorf("interpreter: %v\n%s", Explain(err), ir.Print(m.IR))
		return
	}
	diffs := Diff(m, r, res, out)
	for _, d := range diffs {
		t.Errorf("interpreter: %s", d)
	}
	if len(diffs) > 0 {
		t.Logf("the module:\n%s", ir.Print(m.IR))
		return
	}
	record(t, "compared", "")
}

// Interpret runs r on the interpreter, with at most maxSteps steps (0: the default), and
// returns what each binding holds afterwards; or why the interpreter cannot run it (skip:
// draws, subgroups, combined image samplers, what interp.Error.Unsupported marks); or the
// error of the run.
func Interpret(m Module, r vulkan.Run, maxSteps int64) (out map[vulkan.Slot][]byte, skip string, err error) {
	if r.Draw != nil {
		return nil, "a draw: the interpreter runs compute shaders", nil
	}
	if r.SubgroupSize != 0 {
		return nil, "a required subgroup size", nil
	}
	lay := m.Layouts
	if lay == nil {
		lay = layout.New(layout.Options{})
	}
	spec := map[uint32]uint32{}
	for id, v := range r.Spec {
		if len(v) != 4 {
			return nil, "a 64-bit specialisation constant", nil
		}
		spec[id] = binary.LittleEndian.Uint32(v)
	}
	p, err := interp.New(m.IR, lay, m.File, interp.Options{Spec: spec})
	if err != nil {
		return nil, "", err
	}
	d := interp.Dispatch{Entry: r.Entry, Groups: r.Groups, Immediate: r.Immediate, Limits: interp.Limits{MaxSteps: maxSteps},
		Buffers: map[interp.BindingPoint][]byte{}, Textures: map[interp.BindingPoint]*interp.Texture{},
		Samplers: map[interp.BindingPoint]*interp.Sampler{}}
	for _, b := range r.Bindings {
		at := interp.BindingPoint{Group: b.Group, Binding: b.Binding}
		switch b.Kind {
		case vulkan.UniformBuffer, vulkan.StorageBuffer, vulkan.ReadOnlyStorageBuffer:
			d.Buffers[at] = bytes.Clone(b.Data)
		default:
			tex, smp, why := resource(b)
			if why != "" {
				return nil, why, nil
			}
			if tex != nil {
				d.Textures[at] = tex
			}
			if smp != nil {
				d.Samplers[at] = smp
			}
		}
	}
	if err := p.Dispatch(d); err != nil {
		if ie := (*interp.Error)(nil); errors.As(err, &ie) && ie.Unsupported {
			return nil, ie.Message, nil
		}
		return nil, "", err
	}
	out = map[vulkan.Slot][]byte{}
	for at, data := range d.Buffers {
		out[vulkan.Slot{Group: at.Group, Binding: at.Binding}] = data
	}
	for at, tex := range d.Textures {
		out[vulkan.Slot{Group: at.Group, Binding: at.Binding}] = tex.Data
	}
	return out, "", nil
}

// Diff compares what the interpreter left in the bindings (out) with what the device did
// (res): one message per binding that differs, beyond the tolerance of the functions the
// module calls (see tolerance.go).
func Diff(m Module, r vulkan.Run, res *vulkan.Result, out map[vulkan.Slot][]byte) []string {
	tol := toleranceOf(m.IR)
	var diffs []string
	for _, b := range r.Bindings {
		slot := vulkan.Slot{Group: b.Group, Binding: b.Binding}
		got, ok := out[slot]
		if !ok || slices.Contains(m.OrderDependent, slot) {
			continue
		}
		if msg := compareBytes(res.Bytes(b.Group, b.Binding), got, tol); msg != "" {
			diffs = append(diffs, fmt.Sprintf("%v differs from lavapipe's: %s", slot, msg))
		}
	}
	return diffs
}

// Explain spells an error of the interpreter with its source line.
func Explain(err error) string {
	if ie := (*interp.Error)(nil); errors.As(err, &ie) && ie.File != nil {
		var b strings.Builder
		ie.Diagnostic.Print(&b)
		return b.String()
	}
	return err.Error()
}

// compareBytes returns "" when got is want, or what differs: the first differing words (as
// u32 and f32) and how many differ. Words may differ as f32 values within tol.
func compareBytes(want, got []byte, tol bound) string {
	if len(want) != len(got) {
		return fmt.Sprintf("%d bytes, lavapipe %d", len(got), len(want))
	}
	var diffs []string
	n := 0
	for i := 0; i+4 <= len(want); i += 4 {
		w, g := binary.LittleEndian.Uint32(want[i:]), binary.LittleEndian.Uint32(got[i:])
		if w == g || tol.within(math.Float32frombits(w), math.Float32frombits(g)) {
			continue
		}
		n++
		if len(diffs) < 8 {
			diffs = append(diffs, fmt.Sprintf("word %d: 0x%08x (%g), lavapipe 0x%08x (%g)", i/4, g, math.Float32frombits(g), w, math.Float32frombits(w)))
		}
	}
	if n == 0 {
		return ""
	}
	return fmt.Sprintf("%d words differ:\n\t%s", n, strings.Join(diffs, "\n\t"))
}

var logMu sync.Mutex

// record appends what Compare did to the log named by WGSLGO_INTERPCHECK_LOG.
func record(t testing.TB, what, why string) {
	name := os.Getenv("WGSLGO_INTERPCHECK_LOG")
	if name == "" {
		return
	}
	logMu.Lock()
	defer logMu.Unlock()
	f, err := os.OpenFile(name, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		t.Errorf("interpcheck: %v", err)
		return
	}
	defer f.Close()
	fmt.Fprintf(f, "%s\t%s\t%s\n", what, t.Name(), strings.ReplaceAll(why, "\n", " "))
}

// resource makes the interpreter's texture or sampler of a binding, or says why it cannot.
func resource(b vulkan.Binding) (*interp.Texture, *interp.Sampler, string) {
	var tex *interp.Texture
	var smp *interp.Sampler
	if im := b.Image; im != nil {
		layers := im.Layers
		if im.Dim == vulkan.Dim3D {
			layers = im.Depth
		} else if layers == 0 && im.Dim == vulkan.DimCube {
			layers = 6
		}
		data := b.Data
		if data == nil {
			data = make([]byte, im.Size())
		}
		tex = &interp.Texture{Format: interp.TextureFormat(im.Format.String()), Width: im.Width, Height: im.Height,
			DepthOrArrayLayers: layers, MipLevelCount: im.Mips, SampleCount: im.Samples, Data: bytes.Clone(data)}
	}
	if b.Kind == vulkan.Sampler || b.Kind == vulkan.ComparisonSampler {
		s := vulkan.SamplerDesc{}
		if b.Sampler != nil {
			s = *b.Sampler
		}
		filter := func(f vulkan.Filter) interp.FilterMode { return [...]interp.FilterMode{"nearest", "linear"}[f] }
		mode := func(m vulkan.AddressMode) interp.AddressMode {
			return [...]interp.AddressMode{"clamp-to-edge", "repeat", "mirror-repeat"}[m]
		}
		smp = &interp.Sampler{MagFilter: filter(s.MagFilter), MinFilter: filter(s.MinFilter), MipmapFilter: filter(s.MipmapFilter),
			AddressModeU: mode(s.AddressU), AddressModeV: mode(s.AddressV), AddressModeW: mode(s.AddressW),
			Compare: [...]interp.CompareFunction{"", "never", "less", "equal", "less-equal", "greater", "not-equal", "greater-equal", "always"}[s.Compare]}
	}
	if b.Kind == vulkan.CombinedImageSampler {
		return nil, nil, "a combined image sampler, which WGSL has not"
	}
	return tex, smp, ""
}

// Prepare prepares src for SPIR-V with opts, as compiler.Compile does, for Compare.
func Prepare(t testing.TB, src compiler.Source, opts compiler.Options) Module {
	t.Helper()
	p, err := compiler.Prepare(src, opts)
	if err != nil {
		t.Fatalf("interpcheck: %v", err)
	}
	return Module{IR: p.Module, Layouts: p.Layouts, File: p.Program.File.Source}
}

// FromShader prepares the WGSL of a generated table, whose SPIR-V wgslgen compiled with the
// default options.
func FromShader(t testing.TB, s *wgsl.Shader) Module {
	t.Helper()
	return Prepare(t, compiler.Source{Name: s.Source, Text: []byte(s.WGSL)}, compiler.Options{})
}
