package gogpu

import (
	"errors"

	"github.com/gogpu/wgpu"

	"github.com/wgslgo/wgslgo/gen/wgsl"
)

var errNotOurs = errors.New("not made by this package's NewLayout or NewModule")

// gogpu/wgpu hands a pipeline whose layout does not fit its shaders to the driver, which may
// fail hard (lavapipe crashes the process on a binding whose visibility lacks the stage that
// uses it), and it checks SPIR-V modules against nothing. CreateComputePipeline and
// CreateRenderPipeline check a descriptor first wherever its modules and layout are this
// package's: that the layout serves each entry point, with every binding it uses of the same
// resource and visible to its stage (host.Layout.Stage). A module or layout made otherwise
// passes unchecked.

// CreateComputePipeline creates a compute pipeline of a descriptor, checked as above.
func CreateComputePipeline(device *wgpu.Device, desc *wgpu.ComputePipelineDescriptor) (*wgpu.ComputePipeline, error) {
	if err := check(desc.Layout, desc.Module, desc.EntryPoint, wgsl.Compute); err != nil {
		return nil, err
	}
	p, err := device.CreateComputePipeline(desc)
	return p, Profile.Wrap(desc.Label, err)
}

// CreateRenderPipeline creates a render pipeline of a descriptor, checked as above.
func CreateRenderPipeline(device *wgpu.Device, desc *wgpu.RenderPipelineDescriptor) (*wgpu.RenderPipeline, error) {
	err := check(desc.Layout, desc.Vertex.Module, desc.Vertex.EntryPoint, wgsl.Vertex)
	if f := desc.Fragment; err == nil && f != nil {
		err = check(desc.Layout, f.Module, f.EntryPoint, wgsl.Fragment)
	}
	if err != nil {
		return nil, err
	}
	p, err := device.CreateRenderPipeline(desc)
	return p, Profile.Wrap(desc.Label, err)
}

// check checks the entry point of a stage of a pipeline against its layout, where both are
// this package's.
func check(layout *wgpu.PipelineLayout, module *wgpu.ShaderModule, entry string, stage wgsl.ShaderStage) error {
	l, okL := known.layouts.Load(layout)
	m, okM := known.modules.Load(module)
	if !okL || !okM {
		return nil
	}
	s := m.(*Module).Shader
	e := s.EntryPoint(entry)
	if e == nil || e.Stage != stage {
		return Profile.Wrap(s.Source, errors.New("no "+stage.String()+" entry point "+entry))
	}
	return l.(*Layout).Stage(s, e)
}
