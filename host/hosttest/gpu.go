package hosttest

import (
	"github.com/wgslgo/wgslgo/gen/wgsl"
	"github.com/wgslgo/wgslgo/host"
)

// Handle is one of a binding's objects (a buffer, texture, texture view, sampler, pipeline
// or bind group) that the scenarios hand back to the GPU that made it.
type Handle any

// GPU is an adapter and its device as the scenarios drive it: each method is a call of the
// adapter, or of its binding where the adapter has nothing to say. A GPU is made by the
// adapter's tests, after Validation.Enable.
type GPU interface {
	// Profile is the adapter's profile.
	Profile() *host.Profile
	// MinUniformBufferOffsetAlignment is the device's limit.
	MinUniformBufferOffsetAlignment() uint32

	// Buffer is the adapter's NewBuffer.
	Buffer(label string, usage host.BufferUsage, data []byte) (Handle, error)
	WriteBuffer(buf Handle, offset uint64, data []byte) error
	ReadBuffer(buf Handle, offset, size uint64) ([]byte, error)
	// ReadUint32s is host.ReadArray of n uint32 from offset through the adapter's Reader.
	ReadUint32s(buf Handle, offset uint64, n int) ([]uint32, error)
	// Texture creates a 2D texture as t says and its view; with t.Texels it writes them.
	Texture(t Texture) (tex, view Handle, err error)
	// ReadTexture is the adapter's ReadTexture.
	ReadTexture(tex Handle) ([]byte, error)
	Sampler(s Sampler) (Handle, error)

	// Layout is the adapter's NewLayout.
	Layout(opts *host.LayoutOptions, shaders ...*wgsl.Shader) (Layout, error)
	// Module is the adapter's NewModule; opts.Layout, when set, is a Layout of this GPU.
	Module(s *wgsl.Shader, opts *host.ModuleOptions) (Module, error)

	// Dispatch runs a compute pipeline once in a compute pass, with the bind groups at their
	// indices (a nil one is left unset), each with its dynamic offsets.
	Dispatch(pipeline Handle, groups [3]uint32, bindGroups []Handle, offsets [][]uint32) error
	// Render records draws in one render pass into a new rgba8unorm target cleared to clear,
	// submits it and reads the target back: its texels, rows top first.
	Render(width, height uint32, clear [4]float64, draws ...Draw) ([]byte, error)
}

// Layout is a layout of a GPU.
type Layout interface {
	Plan() *host.Layout
	// Binder is the layout's Binder with ranges (see AdapterBinder).
	Binder(ranges ...host.BufferRange) Binder
	// BindGroup is the layout's NewBindGroup.
	BindGroup(group uint32, resources ...Resource) (Handle, error)
	Release()
}

// Module is a module of a GPU.
type Module interface {
	Plan() *host.Module
	// Layout is the module's layout: its own, or the one it was given.
	Layout() Layout
	ComputePipeline(e *wgsl.EntryPoint) (Handle, error)
	// RenderPipeline makes the descriptor of a render pipeline with the adapter, changes it
	// as o.Change says, and creates the pipeline the way the adapter creates a pipeline of a
	// descriptor it is given.
	RenderPipeline(o RenderPipeline) (Handle, error)
	// BindGroup is the module's NewBindGroup.
	BindGroup(group uint32, resources ...Resource) (Handle, error)
	// Binder is the module's Binder with ranges (see AdapterBinder).
	Binder(ranges ...host.BufferRange) Binder
	Release()
}

// Binder is what the scenarios make bind groups with, through the generated functions
// (ts.DrawGroup1(m.Binder(), view, sampler)): an adapter's wgsl.Binder whose values are
// handles (see AdapterBinder).
type Binder = wgsl.Binder[Handle, Handle, Handle, Handle]

// AdapterBinder returns an adapter's Binder b (host.Binder in the binding's types), with the
// ranges given, as a Binder of handles: each handle is the binding's own object, a nil one
// the zero value (which the core refuses in its words).
func AdapterBinder[B, S, V comparable, G any](b host.Binder[B, S, V, G], ranges ...host.BufferRange) Binder {
	for _, r := range ranges {
		b = b.Range(r.Binding, r.Offset, r.Size)
	}
	return handles[B, S, V, G]{b}
}

type handles[B, S, V comparable, G any] struct{ b host.Binder[B, S, V, G] }

func (h handles[B, S, V, G]) BindGroup(s *wgsl.Shader, group uint32, rs []wgsl.Resource[Handle, Handle, Handle]) (Handle, error) {
	values := make([]wgsl.Resource[B, V, S], len(rs))
	for i, r := range rs {
		values[i].Binding = r.Binding
		values[i].Buffer, _ = r.Buffer.(B)
		values[i].Texture, _ = r.Texture.(V)
		values[i].Sampler, _ = r.Sampler.(S)
	}
	g, err := h.b.BindGroup(s, group, values)
	if err != nil {
		return nil, err
	}
	return g, nil
}

// Resource is one binding's resource of a bind group, as the adapters' Buffer, BufferRange,
// Sampler and Texture make it.
type Resource struct {
	Binding      *wgsl.Binding
	Buffer       Handle
	Offset, Size uint64
	Sampler      Handle
	View         Handle
}

// Texture describes a texture of one mip level, and its view.
type Texture struct {
	Label         string
	Format        wgsl.TextureFormat
	Width, Height uint32
	Usage         host.TextureUsage
	// Dimension is "1d", "2d" or "3d" ("": 2d), Layers its depth or array layers (0: 1),
	// SampleCount its samples (0: 1) and ViewDimension its view's ("": the default).
	Dimension     string
	Layers        uint32
	SampleCount   uint32
	ViewDimension wgsl.TextureViewDimension
	// Texels are written when given, rows top first, BytesPerRow apart.
	Texels      []byte
	BytesPerRow uint32
}

// Sampler describes a sampler: clamped to the edges, with a linear or nearest filter, and a
// comparison function ("less-equal") or none.
type Sampler struct {
	Linear  bool
	Compare string
}

// RenderPipeline is a render pipeline of a Module, of triangle lists.
type RenderPipeline struct {
	Vertex    *wgsl.EntryPoint
	StepModes []wgsl.VertexStepMode
	// VertexBuffers are the host's own vertex buffers, in place of StepModes (see
	// host.RenderOptions).
	VertexBuffers  []wgsl.VertexBufferLayout
	Fragment       *wgsl.EntryPoint
	FragmentModule Module
	// Formats are the color targets' formats by location ("" for a gap); nil is one
	// rgba8unorm target. Depth, when set, adds a depth32float attachment, compared always.
	Formats []wgsl.TextureFormat
	Depth   bool
	Change  Change
}

// TargetFormats returns the color target formats of o in a binding's values, made by convert:
// o.Formats, or one rgba8unorm target for a fragment stage without them, none without one.
func TargetFormats[F any](o RenderPipeline, convert func(wgsl.TextureFormat) (F, error)) ([]F, error) {
	formats := o.Formats
	if formats == nil && o.Fragment != nil {
		formats = []wgsl.TextureFormat{"rgba8unorm"}
	}
	out := make([]F, len(formats))
	for i, f := range formats {
		if f == "" {
			continue // a gap: the zero format
		}
		var err error
		if out[i], err = convert(f); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// Change is a negative control's change to the descriptor the adapter made, as a
// hand-written host might get it wrong.
type Change struct {
	// VertexStride is added to the stride of vertex buffer 0.
	VertexStride uint64
	// AttributeOffset is added to the offset of attribute 1 of vertex buffer 1.
	AttributeOffset uint64
	// Layout, when set, replaces the pipeline's layout.
	Layout Layout
}

// Draw is one draw of a render pass.
type Draw struct {
	Pipeline      Handle
	BindGroups    []Handle
	VertexBuffers []Handle
	// Immediates, when set, is the var<immediate> data of the draw, set through Layout.
	Immediates []byte
	Layout     Layout
	Vertices   uint32
	Instances  uint32
}
