package software_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/gogpu/gputypes"
	"github.com/gogpu/wgpu"
	_ "github.com/gogpu/wgpu/hal/software"

	"github.com/wgslgo/wgslgo/compiler"
	"github.com/wgslgo/wgslgo/compiler/interp"
	"github.com/wgslgo/wgslgo/gogpu/internal/runtimedir"
	"github.com/wgslgo/wgslgo/internal/spirvval"
)

// device is the software backend's device, opened once for the test binary.
var device struct {
	once sync.Once
	dev  *wgpu.Device
	err  error
}

func openDevice() {
	if device.err = runtimedir.Ensure(); device.err != nil {
		return
	}
	inst, err := wgpu.CreateInstance(&wgpu.InstanceDescriptor{Backends: gputypes.BackendsAll})
	if err != nil {
		device.err = err
		return
	}
	adapter, err := inst.RequestAdapter(&wgpu.RequestAdapterOptions{ForceFallbackAdapter: true})
	if err != nil {
		device.err = fmt.Errorf("no software adapter: %w", err)
		return
	}
	if info := adapter.Info(); info.DeviceType != gputypes.DeviceTypeCPU {
		device.err = fmt.Errorf("the fallback adapter is %s (%s), not the software backend", info.Name, info.DeviceType)
		return
	}
	device.dev, device.err = adapter.RequestDevice(nil)
}

// softwareDevice returns the device; the backend is pure Go and always there, so failing to
// open it is a failure, not a missing oracle.
func softwareDevice(t testing.TB) *wgpu.Device {
	t.Helper()
	device.once.Do(openDevice)
	if device.err != nil {
		t.Fatalf("gogpu/wgpu's software backend: %v", device.err)
	}
	return device.dev
}

// binding is one buffer of group 0: its kind and its contents before the dispatch.
type binding struct {
	kind gputypes.BufferBindingType
	data []byte
}

// kernel is a compute shader with its bindings (group 0, binding i) and its grid.
type kernel struct {
	src      string
	groups   [3]uint32
	bindings []binding
}

// pipeline is a kernel made ready on the software backend: what one dispatch needs.
type pipeline struct {
	dev      *wgpu.Device
	pipeline *wgpu.ComputePipeline
	group    *wgpu.BindGroup
	buffers  []*wgpu.Buffer
	groups   [3]uint32
}

// source says which compiler makes the backend's SPIR-V.
type source int

const (
	wgslgoSPIRV source = iota // wgslgo's SPIR-V (ShaderModuleDescriptor.SPIRV)
	nagaWGSL                  // the WGSL, which the backend compiles with gogpu/naga
)

func (k kernel) prepare(t testing.TB, dev *wgpu.Device, from source) *pipeline {
	t.Helper()
	desc := &wgpu.ShaderModuleDescriptor{Label: "kernel"}
	switch from {
	case wgslgoSPIRV:
		res, err := compiler.Compile(compiler.Source{Name: "kernel.wgsl", Text: []byte(k.src)}, compiler.Options{})
		if err != nil {
			t.Fatal(err)
		}
		spirvval.Check(t, res.SPIRV)
		desc.SPIRV = res.SPIRV
	case nagaWGSL:
		desc.WGSL = k.src
	}
	module, err := dev.CreateShaderModule(desc)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(module.Release)
	var layoutEntries []wgpu.BindGroupLayoutEntry
	var entries []wgpu.BindGroupEntry
	p := &pipeline{dev: dev, groups: k.groups}
	for i, b := range k.bindings {
		usage := wgpu.BufferUsageCopySrc | wgpu.BufferUsageCopyDst | wgpu.BufferUsageStorage
		if b.kind == gputypes.BufferBindingTypeUniform {
			usage = wgpu.BufferUsageCopyDst | wgpu.BufferUsageUniform
		}
		buf, err := dev.CreateBuffer(&wgpu.BufferDescriptor{Label: fmt.Sprint("binding", i), Size: uint64(len(b.data)), Usage: usage})
		if err != nil {
			t.Fatal(err)
		}
		if err := dev.Queue().WriteBuffer(buf, 0, b.data); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(buf.Release)
		p.buffers = append(p.buffers, buf)
		layoutEntries = append(layoutEntries, wgpu.BindGroupLayoutEntry{Binding: uint32(i), Visibility: wgpu.ShaderStageCompute,
			Buffer: &gputypes.BufferBindingLayout{Type: b.kind}})
		entries = append(entries, wgpu.BindGroupEntry{Binding: uint32(i), Buffer: buf, Size: uint64(len(b.data))})
	}
	bgl, err := dev.CreateBindGroupLayout(&wgpu.BindGroupLayoutDescriptor{Entries: layoutEntries})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(bgl.Release)
	if p.group, err = dev.CreateBindGroup(&wgpu.BindGroupDescriptor{Layout: bgl, Entries: entries}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(p.group.Release)
	pl, err := dev.CreatePipelineLayout(&wgpu.PipelineLayoutDescriptor{BindGroupLayouts: []*wgpu.BindGroupLayout{bgl}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pl.Release)
	if p.pipeline, err = dev.CreateComputePipeline(&wgpu.ComputePipelineDescriptor{Layout: pl, Module: module, EntryPoint: "main"}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(p.pipeline.Release)
	return p
}

func (p *pipeline) dispatch(t testing.TB) {
	t.Helper()
	enc, err := p.dev.CreateCommandEncoder(nil)
	if err != nil {
		t.Fatal(err)
	}
	pass, err := enc.BeginComputePass(nil)
	if err != nil {
		t.Fatal(err)
	}
	pass.SetPipeline(p.pipeline)
	pass.SetBindGroup(0, p.group, nil)
	pass.Dispatch(p.groups[0], p.groups[1], p.groups[2])
	if err := pass.End(); err != nil {
		t.Fatal(err)
	}
	cmd, err := enc.Finish()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.dev.Queue().Submit(cmd); err != nil {
		t.Fatal(err)
	}
}

// read returns the contents of binding i.
func (p *pipeline) read(t testing.TB, i int) []byte {
	t.Helper()
	src := p.buffers[i]
	staging, err := p.dev.CreateBuffer(&wgpu.BufferDescriptor{Size: src.Size(), Usage: wgpu.BufferUsageCopyDst | wgpu.BufferUsageMapRead})
	if err != nil {
		t.Fatal(err)
	}
	defer staging.Release()
	enc, err := p.dev.CreateCommandEncoder(nil)
	if err != nil {
		t.Fatal(err)
	}
	enc.CopyBufferToBuffer(src, 0, staging, 0, src.Size())
	cmd, err := enc.Finish()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.dev.Queue().Submit(cmd); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if err := staging.Map(ctx, wgpu.MapModeRead, 0, src.Size()); err != nil {
		t.Fatal(err)
	}
	defer staging.Unmap()
	rng, err := staging.MappedRange(0, src.Size())
	if err != nil {
		t.Fatal(err)
	}
	return append([]byte(nil), rng.Bytes()...)
}

// interpret runs the kernel on wgslgo's interpreter and returns its bindings afterwards.
func (k kernel) interpret(t testing.TB) [][]byte {
	t.Helper()
	p, err := interp.Compile(compiler.Source{Name: "kernel.wgsl", Text: []byte(k.src)}, compiler.Options{})
	if err != nil {
		t.Fatal(err)
	}
	d := interp.Dispatch{Entry: "main", Groups: k.groups, Buffers: map[interp.BindingPoint][]byte{}}
	out := make([][]byte, len(k.bindings))
	for i, b := range k.bindings {
		out[i] = append([]byte(nil), b.data...)
		d.Buffers[interp.BindingPoint{Group: 0, Binding: uint32(i)}] = out[i]
	}
	if err := p.Dispatch(d); err != nil {
		t.Fatal(err)
	}
	return out
}
