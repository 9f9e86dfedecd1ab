package wgsltest

import (
	"encoding/binary"
	"fmt"
	"testing"

	"github.com/wgslgo/wgslgo/compiler"
	"github.com/wgslgo/wgslgo/compiler/interp"
	"github.com/wgslgo/wgslgo/gen/wgsl"
)

// The interpreter's texture, sampler and limits, for the bindings and runs of a Shader.
type (
	Texture = interp.Texture
	Sampler = interp.Sampler
	Limits  = interp.Limits
)

// Shader is the shader of a generated table, compiled for the interpreter with the values
// of its overrides.
type Shader struct {
	// Table is the table the shader was made from.
	Table *wgsl.Shader
	// Limits bound each Dispatch (zero: interp's defaults).
	Limits Limits
	prog   *interp.Program
}

// NewShader compiles the WGSL of table, as wgslgen compiled its SPIR-V, for the interpreter,
// with values for its overrides by name (nil for none), as a pipeline's constants give them;
// it fails t with the errors.
func NewShader(t testing.TB, table *wgsl.Shader, overrides map[string]float64) *Shader {
	t.Helper()
	s, err := CompileShader(table, overrides)
	if err != nil {
		t.Fatalf("%s", Format(err))
	}
	return s
}

// CompileShader is NewShader with the errors returned.
func CompileShader(table *wgsl.Shader, overrides map[string]float64) (*Shader, error) {
	if table.WGSL == "" {
		return nil, fmt.Errorf("the table of %s has no WGSL text (wgslgen -wgsl none): the interpreter runs the WGSL", table.Source)
	}
	// The values as the Vulkan host gives them, which the SPIR-V's specialisation
	// constants (and flags) take.
	spec, err := table.Specialization(overrides)
	if err != nil {
		return nil, err
	}
	values := map[uint32]uint32{}
	for _, e := range spec.Entries {
		b := make([]byte, 4)
		copy(b, spec.Data[e.Offset:e.Offset+e.Size])
		values[e.ID] = binary.LittleEndian.Uint32(b)
	}
	prep, err := compiler.Prepare(compiler.Source{Name: table.Source, Text: []byte(table.WGSL)}, compiler.Options{})
	if err != nil {
		return nil, err
	}
	prog, err := interp.New(prep.Module, prep.Layouts, prep.Program.File.Source, interp.Options{Spec: values})
	if err != nil {
		return nil, err
	}
	return &Shader{Table: table, prog: prog}, nil
}

// Binding is what a binding of the table is bound to for a dispatch.
type Binding struct {
	b   *wgsl.Binding
	buf []byte
	tex *Texture
	smp *Sampler
}

// Value binds the memory of *p, a generated structure (or any Go value with the WGSL
// layout of the binding's type): the shader reads and writes it in place. It panics on a
// big-endian host, as wgsl.Bytes does; use Bytes and the generated Encode and Decode there.
func Value[T any](b *wgsl.Binding, p *T) Binding { return Binding{b: b, buf: wgsl.Bytes(p)} }

// Slice binds the memory of s, the elements of a runtime-sized array (the buffer's whole
// store type): the shader reads and writes them in place; arrayLength is len(s). It panics
// on a big-endian host, as wgsl.SliceBytes does.
func Slice[T any](b *wgsl.Binding, s []T) Binding { return Binding{b: b, buf: wgsl.SliceBytes(s)} }

// Bytes binds a buffer's bytes (the generated Append and Decode functions make and read
// those of a structure with a runtime-sized array): the shader reads and writes them in
// place.
func Bytes(b *wgsl.Binding, data []byte) Binding { return Binding{b: b, buf: data} }

// TextureBinding binds a texture; a storage texture's texels are written in place.
func TextureBinding(b *wgsl.Binding, tex *Texture) Binding { return Binding{b: b, tex: tex} }

// SamplerBinding binds a sampler.
func SamplerBinding(b *wgsl.Binding, s *Sampler) Binding { return Binding{b: b, smp: s} }

// Dispatch runs the compute entry point e of the table over groups workgroups (on x, y and
// z; wgsl.WorkgroupCount computes them) with the bindings, every binding of e bound, as a
// GPU host's bind groups must; it fails t with the error, at its WGSL position.
func (s *Shader) Dispatch(t testing.TB, e *wgsl.EntryPoint, groups [3]uint32, bindings ...Binding) {
	t.Helper()
	if err := s.Run(e, groups, bindings...); err != nil {
		t.Fatalf("%s", Format(err))
	}
}

// Run is Dispatch with the error returned.
func (s *Shader) Run(e *wgsl.EntryPoint, groups [3]uint32, bindings ...Binding) error {
	if e == nil {
		return fmt.Errorf("%s: no entry point (nil)", s.Table.Source)
	}
	own := s.Table.EntryPoint(e.Name)
	if own == nil || own.Stage != wgsl.Compute {
		return fmt.Errorf("%s has no compute entry point %s", s.Table.Source, e.Name)
	}
	needed, err := s.Table.BindingsOf(own)
	if err != nil {
		return err
	}
	d := interp.Dispatch{Entry: e.Name, Groups: groups, Limits: s.Limits, Buffers: map[interp.BindingPoint][]byte{},
		Textures: map[interp.BindingPoint]*Texture{}, Samplers: map[interp.BindingPoint]*Sampler{}}
	given := map[interp.BindingPoint]bool{}
	for _, b := range bindings {
		if b.b == nil {
			return fmt.Errorf("a binding of nil: pass one of the table's bindings")
		}
		at := interp.BindingPoint{Group: b.b.Group, Binding: b.b.Binding}
		if given[at] {
			return fmt.Errorf("@group(%d) @binding(%d) (%s) is bound twice", at.Group, at.Binding, b.b.Name)
		}
		given[at] = true
		tb := s.Table.Binding(at.Group, at.Binding)
		switch {
		case tb == nil:
			return fmt.Errorf("%s has no @group(%d) @binding(%d)", s.Table.Source, at.Group, at.Binding)
		case b.buf != nil || tb.Buffer != nil && b.tex == nil && b.smp == nil:
			if tb.Buffer == nil {
				return fmt.Errorf("%s is not a buffer: bind it with TextureBinding or SamplerBinding", bindingText(tb))
			}
			if uint64(len(b.buf)) < tb.Buffer.MinBindingSize {
				return fmt.Errorf("%s: the buffer has %d bytes, fewer than its minimum binding size %d", bindingText(tb), len(b.buf), tb.Buffer.MinBindingSize)
			}
			d.Buffers[at] = b.buf
		case b.tex != nil:
			if tb.Texture == nil && tb.StorageTexture == nil {
				return fmt.Errorf("%s is not a texture", bindingText(tb))
			}
			d.Textures[at] = b.tex
		default:
			if tb.Sampler == nil {
				return fmt.Errorf("%s is not a sampler", bindingText(tb))
			}
			d.Samplers[at] = b.smp
		}
	}
	for _, b := range needed {
		if !given[interp.BindingPoint{Group: b.Group, Binding: b.Binding}] {
			return fmt.Errorf("%s uses %s, which is not bound", e.Name, bindingText(b))
		}
	}
	return s.prog.Dispatch(d)
}

func bindingText(b *wgsl.Binding) string {
	return fmt.Sprintf("@group(%d) @binding(%d) %s: %s", b.Group, b.Binding, b.Name, b.Type)
}
