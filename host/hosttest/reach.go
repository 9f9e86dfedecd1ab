package hosttest

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/wgslgo/wgslgo/compiler"
	"github.com/wgslgo/wgslgo/compiler/builtins"
	"github.com/wgslgo/wgslgo/compiler/sema"
	"github.com/wgslgo/wgslgo/compiler/types"
	"github.com/wgslgo/wgslgo/gen/wgsl"
	"github.com/wgslgo/wgslgo/gen/wgslgen"
	"github.com/wgslgo/wgslgo/host"
	"github.com/wgslgo/wgslgo/internal/corpus"
)

// Every shader wgslgo accepts must reach the device through every adapter: Reach hands each
// valid shader of a corpus to a GPU as a host would, with nothing but its table (made at run
// time, as wgslgen would generate it), and makes every entry point's pipeline: compute ones
// dispatched once with a resource of the binding's kind for each binding, vertex ones alone,
// fragment ones behind a vertex stage written for their inputs. A shader the binding cannot
// run must be refused by the core (a host.Refusal, in the same words on every binding), never
// fail in the binding.

// Source is one WGSL file of a corpus.
type Source struct {
	Name string
	Text []byte
}

// ReachDirEnv names a directory of .wgsl files that CorpusSources adds to the corpus: a public
// sample set, fetched for a measurement.
const ReachDirEnv = "WGSLGO_REACH_DIR"

// CorpusSources returns the project's corpus (internal/corpus, gathered from the repository
// root), the shaders that expect no error, but those leave rejects, and the files of the
// directory ReachDirEnv names when set (named reach-dir/FILE).
func CorpusSources(t testing.TB, root string, leave func(name string) bool) []Source {
	t.Helper()
	shaders, err := corpus.Gather(root)
	if err != nil {
		t.Fatal(err)
	}
	var sources []Source
	for _, s := range shaders {
		if !s.Annotated() && !leave(s.Name) {
			sources = append(sources, Source{Name: s.Name, Text: s.Text})
		}
	}
	dir := os.Getenv(ReachDirEnv)
	if dir == "" {
		return sources
	}
	files, err := filepath.Glob(filepath.Join(dir, "*.wgsl"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if name := "reach-dir/" + filepath.Base(f); !leave(name) {
			text, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			sources = append(sources, Source{Name: name, Text: text})
		}
	}
	return sources
}

// ReachFigures are what Reach found.
type ReachFigures struct {
	// Valid is the number of sources wgslgo accepts and generates a table of; Reached those
	// whose every pipeline was made (and compute ones dispatched).
	Valid, Reached int
	// Refused lists the sources the core refused, by feature.
	Refused map[host.Feature][]string
	// BeyondLimits lists the sources that go beyond WebGPU's limits, which wgslgo accepts for
	// Vulkan and refuses with -webgpu-limits, as WebGPU does: they do not count.
	BeyondLimits []string
	// Known lists the sources that failed as the adapter's tests expect: the binding's
	// known failures, each with the words its error must hold.
	Known []string
	// Failed lists the sources that failed otherwise, with the error.
	Failed []string
}

func (f ReachFigures) String() string {
	var refused []string
	for feature, names := range f.Refused {
		refused = append(refused, fmt.Sprintf("%s %d", feature, len(names)))
	}
	sort.Strings(refused)
	return fmt.Sprintf("%d valid shaders (and %d beyond WebGPU's limits): %d reached the device, %d refused by the core (%s), %d known failures of the binding, %d failed",
		f.Valid, len(f.BeyondLimits), f.Reached, f.Valid-f.Reached-len(f.Known)-len(f.Failed), strings.Join(refused, ", "), len(f.Known), len(f.Failed))
}

// Reach hands every valid source to g, each in a subtest that fails when the binding fails
// it or the validation layer reports anything (the driver given what Vulkan does not allow,
// invalid SPIR-V among it), and returns the figures. Sources wgslgo
// rejects, or generates no table of (no entry points), do not count. known are the binding's
// known failures, by source name, each with the words its error must hold: such a source
// must fail so (so that the list follows the binding), and counts apart.
func Reach(t *testing.T, g GPU, v *Validation, sources []Source, known map[string]string) ReachFigures {
	f := ReachFigures{Refused: map[host.Feature][]string{}}
	// The tables hold the shader written for the binding's WGSL compiler, as a program's
	// tables generated with wgslgen -for do.
	var dialects []wgsl.Dialect
	if d := g.Profile().Dialect; d != "" {
		dialects = append(dialects, d)
	}
	for _, src := range sources {
		table, err := wgslgen.Table(src.Name, src.Text, dialects...)
		if err != nil || len(table.EntryPoints) == 0 {
			continue
		}
		prog, diags := compiler.Check(compiler.Source{Name: src.Name, Text: src.Text}, compiler.Options{WebGPULimits: true})
		if diags.HasErrors() {
			f.BeyondLimits = append(f.BeyondLimits, src.Name)
			continue
		}
		f.Valid++
		t.Run(src.Name, func(t *testing.T) {
			err := reachShader(g, table, prog)
			if msgs := v.messages(); len(msgs) > 0 && err == nil {
				err = fmt.Errorf("the Vulkan validation layer: %s", strings.Join(msgs, "; "))
			}
			var refusal *host.Refusal
			why, isKnown := known[src.Name]
			switch {
			case isKnown && err == nil:
				t.Errorf("it reached the device: the binding no longer fails it (%s): take it off the list", why)
			case isKnown && !strings.Contains(err.Error(), why):
				t.Errorf("it fails otherwise than the list says (%s): %v", why, err)
			case isKnown:
				f.Known = append(f.Known, src.Name)
				t.Logf("a known failure of the binding: %v", err)
			case err == nil:
				f.Reached++
			case errors.As(err, &refusal):
				f.Refused[refusal.Feature] = append(f.Refused[refusal.Feature], src.Name)
				t.Logf("refused: %v", err)
			default:
				f.Failed = append(f.Failed, fmt.Sprintf("%s: %v", src.Name, err))
				t.Error(err)
			}
		})
	}
	t.Log(f)
	return f
}

// reachShader makes the pipelines of every entry point of s.
func reachShader(g GPU, s *wgsl.Shader, prog *sema.Program) error {
	values := map[string]float64{}
	for _, o := range s.Overrides {
		if o.Required {
			values[o.Name] = 1
		}
	}
	for i := range s.EntryPoints {
		e := &s.EntryPoints[i]
		var err error
		switch e.Stage {
		case wgsl.Compute:
			err = reachCompute(g, s, e, values)
		case wgsl.Vertex:
			err = reachVertex(g, s, e, values)
		case wgsl.Fragment:
			err = reachFragment(g, s, e, values, prog)
		}
		if err != nil {
			return fmt.Errorf("entry point %s: %w", e.Name, err)
		}
	}
	return nil
}

func reachCompute(g GPU, s *wgsl.Shader, e *wgsl.EntryPoint, values map[string]float64) error {
	m, err := g.Module(s, &host.ModuleOptions{EntryPoints: []*wgsl.EntryPoint{e}, Overrides: values})
	if err != nil {
		return err
	}
	defer m.Release()
	pipeline, err := m.ComputePipeline(e)
	if err != nil {
		return err
	}
	groups := make([]Handle, len(m.Plan().Layout.Groups))
	for i, bindings := range m.Plan().Layout.Groups {
		var rs []Resource
		for j := range bindings {
			r, err := resourceFor(g, &bindings[j])
			if err != nil {
				return err
			}
			rs = append(rs, r)
		}
		if groups[i], err = m.BindGroup(uint32(i), rs...); err != nil {
			return err
		}
	}
	return g.Dispatch(pipeline, [3]uint32{1, 1, 1}, groups, nil)
}

func reachVertex(g GPU, s *wgsl.Shader, e *wgsl.EntryPoint, values map[string]float64) error {
	m, err := g.Module(s, &host.ModuleOptions{EntryPoints: []*wgsl.EntryPoint{e}, Overrides: values})
	if err != nil {
		return err
	}
	defer m.Release()
	modes := make([]wgsl.VertexStepMode, len(e.VertexBuffers))
	for i := range modes {
		modes[i] = wgsl.StepVertex
	}
	// A pipeline without a fragment stage draws into a depth attachment.
	_, err = m.RenderPipeline(RenderPipeline{Vertex: e, StepModes: modes, Depth: true})
	return err
}

func reachFragment(g GPU, s *wgsl.Shader, e *wgsl.EntryPoint, values map[string]float64, prog *sema.Program) error {
	text, err := vertexFor(prog, e.Name)
	if err != nil {
		return err
	}
	vs, err := wgslgen.Table("reach_vertex.wgsl", []byte(text))
	if err != nil {
		return fmt.Errorf("the vertex stage written for it: %w\n%s", err, text)
	}
	vsMain := vs.EntryPoint(reachVertexName)
	layout, err := g.Layout(&host.LayoutOptions{EntryPoints: []*wgsl.EntryPoint{e, vsMain}}, s, vs)
	if err != nil {
		return err
	}
	defer layout.Release()
	fm, err := g.Module(s, &host.ModuleOptions{Layout: layout, Overrides: values})
	if err != nil {
		return err
	}
	defer fm.Release()
	vm, err := g.Module(vs, &host.ModuleOptions{Layout: layout})
	if err != nil {
		return err
	}
	defer vm.Release()
	formats, err := targetFormats(e)
	if err != nil {
		return err
	}
	// A fragment stage that writes depth, or no color, draws into a depth attachment.
	depth := len(formats) == 0 || writesDepth(prog, e.Name)
	_, err = vm.RenderPipeline(RenderPipeline{Vertex: vsMain, Fragment: e, FragmentModule: fm, Formats: formats, Depth: depth})
	return err
}

const reachVertexName = "wgslgo_reach_vertex"

// vertexFor writes a vertex shader whose outputs are the inputs of fragment entry point name
// of prog, with their interpolation: zeros, at the origin.
func vertexFor(prog *sema.Program, name string) (string, error) {
	var fn *sema.Func
	for _, f := range prog.EntryPoints {
		if f.Name() == name && f.Stage == sema.Fragment {
			fn = f
		}
	}
	if fn == nil {
		return "", fmt.Errorf("the checker has no fragment entry point %s", name)
	}
	type input struct {
		t  types.Type
		io types.IO
	}
	var inputs []input
	for _, g := range fn.Globals {
		if v, ok := g.(*sema.Var); ok && v.Space == types.AddrIn && v.IO.Location >= 0 {
			inputs = append(inputs, input{v.Type, v.IO}) // the 2021 draft's var<in>
		}
	}
	for _, p := range fn.Params {
		if st, ok := p.Type.(*types.Struct); ok {
			for _, m := range st.Members {
				if m.IO.Location >= 0 {
					inputs = append(inputs, input{m.Type, m.IO})
				}
			}
		} else if p.IO.Location >= 0 {
			inputs = append(inputs, input{p.Type, p.IO})
		}
	}
	var b strings.Builder
	if prog.Extensions.Has(builtins.ExtF16) {
		b.WriteString("enable f16;\n")
	}
	b.WriteString("struct WgslgoReachOutput {\n  @builtin(position) position: vec4<f32>,\n")
	for _, in := range inputs {
		fmt.Fprintf(&b, "  @location(%d)", in.io.Location)
		if in.io.Interpolate == "" && isInteger(in.t) {
			in.io.Interpolate = "flat" // the 2021 draft's default for integers
		}
		if in.io.Interpolate != "" {
			fmt.Fprintf(&b, " @interpolate(%s", in.io.Interpolate)
			if in.io.Sampling != "" {
				fmt.Fprintf(&b, ", %s", in.io.Sampling)
			}
			b.WriteString(")")
		}
		fmt.Fprintf(&b, " v%d: %s,\n", in.io.Location, in.t)
	}
	fmt.Fprintf(&b, "}\n\n@vertex\nfn %s() -> WgslgoReachOutput {\n  var out: WgslgoReachOutput;\n  return out;\n}\n", reachVertexName)
	return b.String(), nil
}

// writesDepth reports whether fragment entry point name of prog writes frag_depth.
func writesDepth(prog *sema.Program, name string) bool {
	for _, f := range prog.EntryPoints {
		if f.Name() != name || f.Stage != sema.Fragment {
			continue
		}
		if f.ResultIO.Builtin == "frag_depth" {
			return true
		}
		if st, ok := f.Result.(*types.Struct); ok {
			for _, m := range st.Members {
				if m.IO.Builtin == "frag_depth" {
					return true
				}
			}
		}
	}
	for _, g := range prog.Globals {
		if g.Space == types.AddrOut && g.IO.Builtin == "frag_depth" {
			return true // the 2021 draft's var<out>
		}
	}
	return false
}

// isInteger reports whether t is an integer scalar or vector.
func isInteger(t types.Type) bool {
	if v, ok := t.(*types.Vector); ok {
		t = v.Elem
	}
	s, ok := t.(*types.Scalar)
	return ok && (s.Kind == types.KindI32 || s.Kind == types.KindU32)
}

// targetFormats returns a renderable format for each location a fragment entry point writes:
// of its scalar's kind, with as many channels as it has components (WebGPU drops the extra
// ones of a format with fewer), 8 bits each, so that eight targets fit the default bytes per
// sample.
func targetFormats(e *wgsl.EntryPoint) ([]wgsl.TextureFormat, error) {
	out := []wgsl.TextureFormat{}
	for _, o := range e.FragmentOutputs {
		if o.BlendSrc > 0 {
			continue
		}
		scalar, n := o.Type, 1
		if strings.HasPrefix(o.Type, "vec") {
			n = int(o.Type[3] - '0')
			scalar = strings.TrimSuffix(o.Type[strings.IndexByte(o.Type, '<')+1:], ">")
		}
		suffix := map[string]string{"f32": "unorm", "f16": "unorm", "u32": "uint", "i32": "sint"}[scalar]
		if suffix == "" {
			return nil, fmt.Errorf("@location(%d) has type %s, which no color target takes", o.Location, o.Type)
		}
		channels := map[int]string{1: "r8", 2: "rg8", 3: "rg8", 4: "rgba8"}[n]
		for len(out) <= int(o.Location) {
			out = append(out, "")
		}
		out[o.Location] = wgsl.TextureFormat(channels + suffix)
	}
	return out, nil
}

// resourceFor makes a resource of the kind binding b takes: a zeroed buffer of its minimum
// size, a texture of one texel (of a format of its sample type) with the view it wants, or a
// sampler of its type.
func resourceFor(g GPU, b *wgsl.Binding) (Resource, error) {
	r := Resource{Binding: b}
	var err error
	switch {
	case b.Buffer != nil:
		usage := host.UsageStorage
		if b.Buffer.Type == wgsl.BufferUniform {
			usage = host.UsageUniform
		}
		r.Buffer, err = g.Buffer(b.Name, usage, make([]byte, max(host.AlignUp(b.Buffer.MinBindingSize, 4), 4)))
	case b.Sampler != nil:
		r.Sampler, err = g.Sampler(Sampler{Linear: b.Sampler.Type == wgsl.SamplerFiltering, Compare: map[bool]string{true: "less-equal"}[b.Sampler.Type == wgsl.SamplerComparison]})
	case b.Texture != nil:
		t := Texture{Label: b.Name, Usage: host.TextureBinding, ViewDimension: b.Texture.ViewDimension,
			Format: map[wgsl.TextureSampleType]wgsl.TextureFormat{wgsl.SampleFloat: "rgba8unorm", wgsl.SampleUnfilterableFloat: "r32float",
				wgsl.SampleDepth: "depth16unorm", wgsl.SampleSint: "r32sint", wgsl.SampleUint: "r32uint"}[b.Texture.SampleType]}
		if b.Texture.Multisampled {
			t.SampleCount, t.Usage = 4, t.Usage|host.TextureRenderAttachment
		} else {
			// Written, so that it is in a layout a binding can sample, whatever the binding
			// does with a texture never written.
			texel := max(host.TexelSize(t.Format), 2) // depth16unorm's 2 bytes
			t.Usage |= host.TextureCopyDst
			t.Texels, t.BytesPerRow = make([]byte, texel*12), texel
		}
		_, r.View, err = g.Texture(sized(t))
	case b.StorageTexture != nil:
		_, r.View, err = g.Texture(sized(Texture{Label: b.Name, Usage: host.TextureStorageBinding, Format: b.StorageTexture.Format,
			ViewDimension: b.StorageTexture.ViewDimension}))
	}
	return r, err
}

// sized gives t the smallest size and layers its view dimension needs.
func sized(t Texture) Texture {
	t.Width, t.Height, t.Dimension, t.Layers = 1, 1, "2d", 1
	switch t.ViewDimension {
	case wgsl.View1D:
		t.Dimension = "1d"
	case wgsl.View3D:
		t.Dimension = "3d"
	case wgsl.View2DArray:
		t.Layers = 2
	case wgsl.ViewCube:
		t.Layers = 6
	case wgsl.ViewCubeArray:
		t.Layers = 12
	}
	return t
}
