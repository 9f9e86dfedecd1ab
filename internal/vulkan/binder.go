package vulkan

import (
	"errors"
	"fmt"

	"github.com/wgslgo/wgslgo/gen/wgsl"
)

// Texture is the value of a texture or storage texture binding of a Binder's bind groups: the
// image and its texels (nil: zeros).
type Texture struct {
	Image ImageDesc
	Data  []byte
}

// Binder is the harness's wgsl.Binder, for the generated bind group functions
// (scene.DrawGroup0(vulkan.Binder{}, globals)): a buffer is its bytes, a texture a Texture, a
// sampler its SamplerDesc (nil: the defaults), and a bind group the harness bindings of the
// group, for Run.Bindings.
type Binder struct{}

// BindGroup returns the harness bindings of resources, each checked to have a value of its
// kind (a buffer of a multiple of 4 bytes, at least its minimum size; a texture).
func (Binder) BindGroup(s *wgsl.Shader, group uint32, resources []wgsl.Resource[[]byte, *Texture, *SamplerDesc]) ([]Binding, error) {
	var out []Binding
	var errs []error
	for _, r := range resources {
		b := r.Binding
		vb, err := BindingOf(b)
		if err == nil && b.Group != group {
			err = fmt.Errorf("it belongs to @group(%d)", b.Group)
		}
		switch {
		case err != nil:
		case b.Buffer != nil:
			vb.Data = r.Buffer
			if len(r.Buffer) == 0 || len(r.Buffer)%4 != 0 || uint64(len(r.Buffer)) < b.Buffer.MinBindingSize {
				err = fmt.Errorf("%d bytes: a buffer needs a multiple of 4, at least %d", len(r.Buffer), b.Buffer.MinBindingSize)
			}
		case b.Sampler != nil:
			vb.Sampler = r.Sampler
		case r.Texture == nil:
			err = errors.New("no texture")
		default:
			vb.Image, vb.Data = &r.Texture.Image, r.Texture.Data
		}
		if err != nil {
			errs = append(errs, fmt.Errorf("vulkan: %s @group(%d) @binding(%d) %s: %w", s.Source, b.Group, b.Binding, b.Name, err))
			continue
		}
		out = append(out, vb)
	}
	return out, errors.Join(errs...)
}
