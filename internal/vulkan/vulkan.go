// Package vulkan runs compute shaders, and draws, on a real Vulkan driver, for tests.
//
// It is a small cgo harness of the project's own (see harness.c) aimed at
// Mesa's lavapipe, which runs Vulkan on the CPU: it creates one device per
// process, then for each Run makes exact-size host-visible buffers, images
// and samplers for the caller's bindings, builds a compute pipeline from the
// SPIR-V words (with specialization constants and, when asked, a required
// subgroup size) and its push constants, dispatches once, waits on a fence
// with a timeout and reads every buffer and image back. A Run with a Draw
// draws instead: vertex buffers, instances, a graphics pipeline of a vertex
// and a fragment entry point, and a color target it reads back.
//
// Binding kinds come from the caller and are checked against the SPIR-V
// before any Vulkan call: a kind the shader does not declare (say, a storage
// image where it samples a texture) makes lavapipe crash instead of fail.
//
// Concurrency: Get and Require may be called from any goroutine; Dispatch is
// serialized by a mutex, so parallel tests are safe but do not run shaders in
// parallel. A Run that times out or loses the device poisons the Device for
// the rest of the process (the driver may still be executing it), so tests
// that expect a timeout or may crash the driver belong in RunIsolated.
//
// Validation: VK_LAYER_KHRONOS_validation (Debian: vulkan-validationlayers)
// is enabled whenever it is installed; its errors fail the Run (or Get) and
// its warnings go to Result.Warnings. On lavapipe it adds some 20-60 ms to
// device creation and 0.1-0.4 ms to a Run. WGSLGO_VK_VALIDATION=0 turns it
// off; WGSLGO_VK_VALIDATION=1 makes a missing layer an error of Get. Require
// wants the layer active unless it is turned off: without it the test skips,
// or fails under CI=true.
//
// The device has every feature it supports enabled, robustBufferAccess
// included (out-of-bounds accesses are discarded or read zero, and nothing
// reports them). VK_DRIVER_FILES is honoured by the Vulkan loader; among the
// devices it offers, a CPU device (lavapipe) is preferred.
//
// Multisampled images (ImageDesc.Samples > 1) cannot be copied to, so before
// the dispatch the harness fills each one with a draw: a triangle over the
// image, shaded per sample by a fragment shader that reads the packed
// per-sample texels from a storage buffer (FillWGSL, compiled with this
// project's compiler). That needs a queue with graphics and the
// sampleRateShading feature; Device.Multisample says whether a format and
// sample count are possible (lavapipe: 4 samples, every supported format).
//
// Lavapipe ends every invocation's loops after 65535 iterations in all, so
// a single endless invocation does finish; see testdata/spin.spvasm.
package vulkan

/*
#cgo LDFLAGS: -lvulkan
#include <stdlib.h>
#include "harness.h"
*/
import "C"

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"
	"unsafe"

	"github.com/wgslgo/wgslgo/internal/oracle"
)

// DefaultTimeout is the fence wait of a Run whose Timeout is zero.
const DefaultTimeout = 10 * time.Second

// ErrTimeout is returned (wrapped) when a dispatch does not finish in time.
var ErrTimeout = errors.New("vulkan: dispatch timed out")

// Device is the process's Vulkan device. It lives until the process exits.
type Device struct {
	Info Info

	mu     sync.Mutex
	ctx    *C.wv_ctx
	broken error // set after a timeout or a lost device
}

var shared struct {
	once sync.Once
	dev  *Device
	err  error
}

// Get returns the process's device, creating it on first use.
func Get() (*Device, error) {
	shared.once.Do(func() { shared.dev, shared.err = create(validationMode()) })
	return shared.dev, shared.err
}

func validationMode() C.int {
	switch os.Getenv("WGSLGO_VK_VALIDATION") {
	case "0":
		return C.WV_VALIDATION_OFF
	case "1":
		return C.WV_VALIDATION_REQUIRED
	}
	return C.WV_VALIDATION_IF_INSTALLED
}

// Require returns the device for a test. The test skips when there is no device, or when
// the validation layer is not active and WGSLGO_VK_VALIDATION does not turn it off (without
// it, what the layer would report goes unnoticed); under CI=true both fail the test instead
// (see internal/oracle): CI installs mesa-vulkan-drivers, libvulkan-dev and
// vulkan-validationlayers.
func Require(t testing.TB) *Device {
	t.Helper()
	d, err := Get()
	if err != nil {
		oracle.Missing(t, "no Vulkan device (apt-get install mesa-vulkan-drivers): %v", err)
	}
	if !d.Info.Validation && validationMode() != C.WV_VALIDATION_OFF {
		oracle.Missing(t, "the Vulkan validation layer is not active (apt-get install vulkan-validationlayers, "+
			"or WGSLGO_VK_VALIDATION=0 to run without it)")
	}
	return d
}

const errLen = 2048

func create(validation C.int) (*Device, error) {
	start := time.Now()
	errBuf := (*C.char)(C.calloc(errLen, 1))
	defer C.free(unsafe.Pointer(errBuf))
	info := (*C.wv_info)(C.calloc(1, C.sizeof_wv_info))
	defer C.free(unsafe.Pointer(info))
	var ctx *C.wv_ctx
	if C.wv_create(validation, &ctx, info, errBuf, errLen) != C.WV_OK {
		return nil, fmt.Errorf("vulkan: %s", C.GoString(errBuf))
	}
	d := &Device{ctx: ctx}
	d.Info = infoFromC(info)
	d.Info.CreationTime = time.Since(start)
	warnings, errs := d.takeMessages()
	d.Info.ValidationWarnings = warnings
	if len(errs) > 0 {
		return nil, fmt.Errorf("vulkan: validation errors while creating the device:\n%s", strings.Join(errs, "\n"))
	}
	return d, nil
}

func infoFromC(c *C.wv_info) Info {
	b := func(v C.int) bool { return v != 0 }
	u3 := func(a [3]C.uint32_t) [3]uint32 { return [3]uint32{uint32(a[0]), uint32(a[1]), uint32(a[2])} }
	return Info{
		Name:                               C.GoString(&c.name[0]),
		Driver:                             C.GoString(&c.driver_name[0]),
		DriverInfo:                         C.GoString(&c.driver_info[0]),
		APIVersion:                         Version(c.api_version),
		CPU:                                c.device_type == 4, // VK_PHYSICAL_DEVICE_TYPE_CPU
		ShaderFloat16:                      b(c.shader_float16),
		StorageBuffer16BitAccess:           b(c.storage_buffer_16bit),
		UniformAndStorageBuffer16BitAccess: b(c.uniform_and_storage_buffer_16bit),
		ShaderInt16:                        b(c.shader_int16),
		ShaderInt64:                        b(c.shader_int64),
		ShaderFloat64:                      b(c.shader_float64),
		VulkanMemoryModel:                  b(c.vulkan_memory_model),
		SubgroupSizeControl:                b(c.subgroup_size_control),
		RobustBufferAccess:                 b(c.robust_buffer_access),
		SubgroupSize:                       uint32(c.subgroup_size),
		MinSubgroupSize:                    uint32(c.min_subgroup_size),
		MaxSubgroupSize:                    uint32(c.max_subgroup_size),
		SubgroupOps:                        SubgroupOps(c.subgroup_ops),
		SubgroupInCompute:                  c.subgroup_stages&0x20 != 0, // VK_SHADER_STAGE_COMPUTE_BIT
		RequiredSubgroupSizeInCompute:      c.required_subgroup_size_stages&0x20 != 0,
		MaxWorkgroupSubgroups:              uint32(c.max_workgroup_subgroups),
		MaxWorkgroupSize:                   u3(c.max_workgroup_size),
		MaxInvocations:                     uint32(c.max_workgroup_invocations),
		MaxWorkgroupCount:                  u3(c.max_workgroup_count),
		MaxSharedMemory:                    uint32(c.max_shared_memory),
		MaxUniformBinding:                  uint32(c.max_uniform_buffer_range),
		MaxStorageBinding:                  uint32(c.max_storage_buffer_range),
		MaxDescriptorSets:                  uint32(c.max_bound_sets),
		MaxPushConstantsSize:               uint32(c.max_push_constants_size),
		SampledColorSamples:                SampleCounts(c.sampled_color_samples),
		SampledIntegerSamples:              SampleCounts(c.sampled_integer_samples),
		SampledDepthSamples:                SampleCounts(c.sampled_depth_samples),
		FramebufferColorSamples:            SampleCounts(c.framebuffer_color_samples),
		FramebufferIntegerSamples:          SampleCounts(c.framebuffer_integer_samples),
		FramebufferDepthSamples:            SampleCounts(c.framebuffer_depth_samples),
		SampleRateShading:                  b(c.sample_rate_shading),
		Graphics:                           b(c.graphics),
		Validation:                         b(c.validation),
	}
}

// takeMessages drains the validation messages, split into warnings and errors.
func (d *Device) takeMessages() (warnings, errs []string) {
	var n C.int
	msgs := C.wv_take_messages(d.ctx, &n)
	if msgs == nil {
		return nil, nil
	}
	defer C.free(unsafe.Pointer(msgs))
	for _, line := range strings.Split(strings.TrimSpace(C.GoString(msgs)), "\n") {
		if text, ok := strings.CutPrefix(line, "error: "); ok {
			errs = append(errs, text)
		} else {
			warnings = append(warnings, strings.TrimPrefix(line, "warning: "))
		}
	}
	return warnings, errs
}

// Run is one compute dispatch, or one draw.
type Run struct {
	SPIRV []uint32 // the module; see Words for .spv files
	Entry string   // GLCompute entry point name; unused by a draw

	// Spec maps a SpecId to the value of that specialization constant: 4
	// bytes for 32-bit scalars and bool (0 or 1), 8 for 64-bit ones,
	// little-endian (see Spec32, Spec64, SpecBool).
	Spec map[uint32][]byte

	Groups   [3]uint32 // workgroups dispatched on x, y, z; each at least 1
	Bindings []Binding

	// SubgroupSize is the subgroup size the pipeline requires, as WGSL's
	// @subgroup_size asks (the reflection's subgroupSize); 0 for none. It
	// must be one of Info.RequiredSubgroupSizes. The pipeline does not ask
	// for full subgroups (computeFullSubgroups).
	SubgroupSize uint32

	Timeout time.Duration // fence wait; 0 means DefaultTimeout

	// Immediate is the pipeline's push constant data at offset 0 (WGSL's immediate data):
	// a multiple of 4 bytes, at most Info.MaxPushConstantsSize; none when empty.
	// ImmediateStages are the VkShaderStageFlags of its range; 0 means the stages of the
	// run.
	Immediate       []byte
	ImmediateStages uint32

	// Draw, when set, makes the run a draw instead of a dispatch (Entry and Groups are then
	// unused).
	Draw *Draw

	noBindingCheck bool // tests only: skip the SPIR-V cross-check to provoke the driver
}

// Draw is a draw of a triangle list into a color target: the vertex and fragment entry
// points of Run.SPIRV, Vertices vertices of Instances instances (0 means 1), no culling, front
// face counter-clockwise, a viewport of the whole target with a positive height (WGSL's +y
// up lands at the bottom row: see the README about the y flip) and depth range [0, 1], the
// target cleared to zero, no blending.
type Draw struct {
	Vertex, Fragment string
	// VertexBuffers are bound at vertex buffer bindings 0, 1, ... in order.
	VertexBuffers       []VertexBuffer
	Vertices, Instances uint32
	// Target is the color attachment at location 0; its texels come back in
	// Result.Target, row after row, rows tightly packed.
	Target Target
}

// VertexBuffer is one vertex buffer of a Draw.
type VertexBuffer struct {
	Data        []byte
	Stride      uint32
	PerInstance bool // VK_VERTEX_INPUT_RATE_INSTANCE, else VK_VERTEX_INPUT_RATE_VERTEX
	Attributes  []VertexAttribute
}

// VertexAttribute is a VkVertexInputAttributeDescription of a VertexBuffer.
type VertexAttribute struct {
	Location, Format, Offset uint32 // Format is a VkFormat
}

// Target is the color attachment of a Draw: a 2D image of Format (one of the harness's color
// formats).
type Target struct {
	Format        Format
	Width, Height uint32
}

// Spec32 encodes a 32-bit specialization constant value (use
// math.Float32bits for f32).
func Spec32(v uint32) []byte { return []byte{byte(v), byte(v >> 8), byte(v >> 16), byte(v >> 24)} }

// Spec64 encodes a 64-bit specialization constant value.
func Spec64(v uint64) []byte { return append(Spec32(uint32(v)), Spec32(uint32(v>>32))...) }

// SpecBool encodes a bool specialization constant value.
func SpecBool(v bool) []byte {
	if v {
		return Spec32(1)
	}
	return Spec32(0)
}

// Result is the state of every buffer and image after a Run.
type Result struct {
	Data     map[Slot][]byte // readback of every buffer and image, keyed by slot
	Target   []byte          // a draw's target
	Warnings []string        // validation-layer warnings, when validation is on
	Elapsed  time.Duration   // wall time of the whole Dispatch call
}

// Bytes is the readback of @group(group) @binding(binding), or nil.
func (r *Result) Bytes(group, binding uint32) []byte { return r.Data[Slot{group, binding}] }

// Dispatch runs r once and reads every buffer and image back. Bad input is
// an error, never a crash: misaligned or malformed SPIR-V, a missing entry
// point, empty or odd-sized buffers, unknown kinds or formats, and binding
// kinds that contradict the SPIR-V declarations.
func (d *Device) Dispatch(r Run) (*Result, error) {
	start := time.Now()
	if err := d.check(&r); err != nil {
		return nil, fmt.Errorf("vulkan: %w", err)
	}
	fills := map[int][]uint32{}
	for i, b := range r.Bindings {
		if b.Image != nil && b.Image.Samples > 1 {
			words := b.Fill
			if words == nil {
				var err error
				if words, err = fillSPIRV(b.Image.Format, b.Image.Width, b.Image.Samples); err != nil {
					return nil, fmt.Errorf("vulkan: %v: %w", b.slot(), err)
				}
			}
			fills[i] = words
		}
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.broken != nil {
		return nil, fmt.Errorf("vulkan: device unusable since an earlier run: %w", d.broken)
	}
	res, err := d.dispatch(&r, fills)
	if err != nil {
		return nil, err
	}
	res.Elapsed = time.Since(start)
	return res, nil
}

func (d *Device) check(r *Run) error {
	if len(r.SPIRV) < 5 {
		return fmt.Errorf("SPIR-V has %d words; a module has at least its 5-word header", len(r.SPIRV))
	}
	entries := []entryPoint{{r.Entry, execGLCompute}}
	if r.Draw != nil {
		if err := d.checkDraw(r.Draw); err != nil {
			return err
		}
		entries = []entryPoint{{r.Draw.Vertex, execVertex}, {r.Draw.Fragment, execFragment}}
	} else {
		if r.Entry == "" {
			return errors.New("Run.Entry is empty")
		}
		for i, g := range r.Groups {
			if g == 0 || g > d.Info.MaxWorkgroupCount[i] {
				return fmt.Errorf("Run.Groups[%d] is %d; want 1..%d", i, g, d.Info.MaxWorkgroupCount[i])
			}
		}
	}
	if n := len(r.Immediate); n%4 != 0 || uint32(n) > d.Info.MaxPushConstantsSize {
		return fmt.Errorf("Run.Immediate is %d bytes; want a multiple of 4, at most %d", n, d.Info.MaxPushConstantsSize)
	}
	if n := r.SubgroupSize; n != 0 && !slices.Contains(d.Info.RequiredSubgroupSizes(), n) {
		if len(d.Info.RequiredSubgroupSizes()) == 0 {
			return fmt.Errorf("Run.SubgroupSize is %d, but the device cannot require subgroup sizes of compute shaders", n)
		}
		return fmt.Errorf("Run.SubgroupSize is %d; want a power of two in %d..%d", n, d.Info.MinSubgroupSize, d.Info.MaxSubgroupSize)
	}
	for id, v := range r.Spec {
		if len(v) != 4 && len(v) != 8 {
			return fmt.Errorf("specialization constant %d has %d bytes; want 4 (32-bit, bool) or 8 (64-bit)", id, len(v))
		}
	}
	seen := map[Slot]bool{}
	for i := range r.Bindings {
		b := &r.Bindings[i]
		if seen[b.slot()] {
			return fmt.Errorf("%v is bound twice", b.slot())
		}
		seen[b.slot()] = true
		if err := d.checkBinding(b); err != nil {
			return fmt.Errorf("%v (%v): %w", b.slot(), b.Kind, err)
		}
	}
	if r.noBindingCheck {
		return nil
	}
	m, err := scan(r.SPIRV, entries...)
	if err != nil {
		return err
	}
	return m.checkBindings(r.Bindings)
}

func (d *Device) checkDraw(dr *Draw) error {
	switch {
	case !d.Info.Graphics:
		return errors.New("a Draw needs a queue with graphics, and the device's has none")
	case dr.Vertex == "" || dr.Fragment == "":
		return errors.New("Draw.Vertex or Draw.Fragment is empty")
	case dr.Vertices == 0:
		return errors.New("Draw.Vertices is 0")
	case dr.Target.Width == 0 || dr.Target.Height == 0 || dr.Target.Width > 4096 || dr.Target.Height > 4096:
		return fmt.Errorf("Draw.Target is %dx%d; want 1..4096 on both axes", dr.Target.Width, dr.Target.Height)
	case dr.Target.Format.TexelSize() == 0 || dr.Target.Format == Depth32Float:
		return fmt.Errorf("Draw.Target has %v, not a color format the harness knows", dr.Target.Format)
	}
	locations := map[uint32]bool{}
	for i, vb := range dr.VertexBuffers {
		if vb.Stride == 0 || len(vb.Data) == 0 {
			return fmt.Errorf("Draw.VertexBuffers[%d] has stride %d and %d bytes; want both positive", i, vb.Stride, len(vb.Data))
		}
		for _, a := range vb.Attributes {
			if locations[a.Location] {
				return fmt.Errorf("Draw.VertexBuffers[%d]: location %d is fed twice", i, a.Location)
			}
			locations[a.Location] = true
			if a.Format == 0 || a.Offset >= vb.Stride {
				return fmt.Errorf("Draw.VertexBuffers[%d]: the attribute at location %d has VkFormat %d at offset %d of a stride of %d", i, a.Location, a.Format, a.Offset, vb.Stride)
			}
		}
	}
	return nil
}

func (d *Device) checkBinding(b *Binding) error {
	if b.Kind < UniformBuffer || b.Kind > CombinedImageSampler {
		return errors.New("unknown binding kind")
	}
	if b.Group >= d.Info.MaxDescriptorSets || b.Group >= 4 {
		return fmt.Errorf("group %d; WGSL allows groups 0..3", b.Group)
	}
	if b.Kind.isBuffer() {
		limit := d.Info.MaxStorageBinding
		if b.Kind == UniformBuffer {
			limit = d.Info.MaxUniformBinding
		}
		switch {
		case len(b.Data) == 0:
			return errors.New("Data is empty; a buffer binding needs its contents at the exact binding size")
		case len(b.Data)%4 != 0:
			return fmt.Errorf("Data is %d bytes; buffer sizes are multiples of 4", len(b.Data))
		case len(b.Data) < b.MinSize:
			return fmt.Errorf("Data is %d bytes, less than the declared minimum binding size %d", len(b.Data), b.MinSize)
		case uint64(len(b.Data)) > uint64(limit):
			return fmt.Errorf("Data is %d bytes; the device binds at most %d", len(b.Data), limit)
		case b.Image != nil || b.Sampler != nil:
			return errors.New("a buffer has no Image or Sampler")
		}
		return nil
	}
	if b.Kind.hasImage() {
		if b.Image == nil {
			return errors.New("Image is nil")
		}
		if err := b.Image.check(); err != nil {
			return err
		}
		if b.Kind == StorageImage && b.Image.Format == Depth32Float {
			return errors.New("depth32float cannot be a storage image")
		}
		if b.Image.Samples > 1 {
			if b.Kind != SampledImage {
				return fmt.Errorf("a multisampled image is a %v, not a %v", SampledImage, b.Kind)
			}
			if err := d.Multisample(b.Image.Format, b.Image.Samples); err != nil {
				return err
			}
		}
		if b.Fill != nil && b.Image.Samples <= 1 {
			return errors.New("Fill is for multisampled images only")
		}
		if b.Data != nil && len(b.Data) != b.Image.Size() {
			return fmt.Errorf("Data is %d bytes; the %v image holds %d", len(b.Data), b.Image.Format, b.Image.Size())
		}
	} else if b.Image != nil || b.Data != nil {
		return errors.New("a sampler has no Image or Data")
	}
	if b.Kind.hasSampler() {
		s := SamplerDesc{}
		if b.Sampler != nil {
			s = *b.Sampler
		}
		return s.check(b.Kind)
	} else if b.Sampler != nil {
		return errors.New("Sampler is set on a binding without a sampler")
	}
	return nil
}

// cRun holds the C copies of a Run; free releases them.
type cRun struct {
	run      *C.wv_run
	bindings []C.wv_binding // view of run.bindings
	allocs   []unsafe.Pointer
}

func (c *cRun) alloc(n int) unsafe.Pointer {
	p := C.calloc(C.size_t(max(n, 1)), 1)
	c.allocs = append(c.allocs, p)
	return p
}

func (c *cRun) free() {
	for _, p := range c.allocs {
		C.free(p)
	}
}

func (c *cRun) bytes(b []byte) unsafe.Pointer {
	p := c.alloc(len(b))
	copy(unsafe.Slice((*byte)(p), len(b)), b)
	return p
}

// toC copies r into C memory; fills holds the fill shaders of the
// multisampled images, by binding index.
func toC(r *Run, fills map[int][]uint32) *cRun {
	c := &cRun{}
	c.run = (*C.wv_run)(c.alloc(C.sizeof_wv_run))
	code := c.alloc(4 * len(r.SPIRV)) // malloc'd, so 4-byte aligned whatever the caller's slice
	copy(unsafe.Slice((*uint32)(code), len(r.SPIRV)), r.SPIRV)
	c.run.code = (*C.uint32_t)(code)
	c.run.code_words = C.size_t(len(r.SPIRV))
	c.run.entry = (*C.char)(c.bytes(append([]byte(r.Entry), 0)))

	ids := make([]uint32, 0, len(r.Spec))
	for id := range r.Spec {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	var data []byte
	c.run.spec = (*C.wv_spec_entry)(c.alloc(len(ids) * C.sizeof_wv_spec_entry))
	entries := unsafe.Slice(c.run.spec, len(ids))
	for i, id := range ids {
		entries[i] = C.wv_spec_entry{id: C.uint32_t(id), offset: C.uint32_t(len(data)), size: C.uint32_t(len(r.Spec[id]))}
		data = append(data, r.Spec[id]...)
	}
	c.run.spec_count = C.uint32_t(len(ids))
	c.run.spec_data = c.bytes(data)
	c.run.spec_size = C.size_t(len(data))

	for i, g := range r.Groups {
		c.run.groups[i] = C.uint32_t(g)
	}
	c.run.required_subgroup_size = C.uint32_t(r.SubgroupSize)
	if len(r.Immediate) > 0 {
		c.run.push_data = c.bytes(r.Immediate)
		c.run.push_size = C.uint32_t(len(r.Immediate))
		c.run.push_stages = C.uint32_t(r.ImmediateStages)
	}
	if dr := r.Draw; dr != nil {
		c.run.vertex_entry = (*C.char)(c.bytes(append([]byte(dr.Vertex), 0)))
		c.run.fragment_entry = (*C.char)(c.bytes(append([]byte(dr.Fragment), 0)))
		vbs := (*C.wv_vertex_buffer)(c.alloc(len(dr.VertexBuffers) * C.sizeof_wv_vertex_buffer))
		for i, vb := range unsafe.Slice(vbs, len(dr.VertexBuffers)) {
			src := dr.VertexBuffers[i]
			attrs := (*C.wv_vertex_attribute)(c.alloc(len(src.Attributes) * C.sizeof_wv_vertex_attribute))
			for k, a := range src.Attributes {
				unsafe.Slice(attrs, len(src.Attributes))[k] = C.wv_vertex_attribute{location: C.uint32_t(a.Location), format: C.uint32_t(a.Format), offset: C.uint32_t(a.Offset)}
			}
			vb.data = c.bytes(src.Data)
			vb.size = C.uint64_t(len(src.Data))
			vb.stride = C.uint32_t(src.Stride)
			if src.PerInstance {
				vb.per_instance = 1
			}
			vb.attributes = attrs
			vb.attribute_count = C.uint32_t(len(src.Attributes))
			unsafe.Slice(vbs, len(dr.VertexBuffers))[i] = vb
		}
		c.run.vertex_buffers = vbs
		c.run.vertex_buffer_count = C.uint32_t(len(dr.VertexBuffers))
		c.run.vertex_count = C.uint32_t(dr.Vertices)
		c.run.instance_count = C.uint32_t(dr.Instances)
		t := dr.Target
		c.run.target_format, c.run.target_width, c.run.target_height = C.uint32_t(t.Format), C.uint32_t(t.Width), C.uint32_t(t.Height)
		c.run.target_texel_size = C.uint32_t(t.Format.TexelSize())
		c.run.target_data = c.alloc(int(t.Width) * int(t.Height) * t.Format.TexelSize())
	}
	timeout := r.Timeout
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	c.run.timeout_ns = C.uint64_t(timeout.Nanoseconds())

	c.run.bindings = (*C.wv_binding)(c.alloc(len(r.Bindings) * C.sizeof_wv_binding))
	c.run.binding_count = C.uint32_t(len(r.Bindings))
	c.bindings = unsafe.Slice(c.run.bindings, len(r.Bindings))
	for i := range r.Bindings {
		b, cb := &r.Bindings[i], &c.bindings[i]
		cb.group, cb.binding, cb.kind = C.uint32_t(b.Group), C.uint32_t(b.Binding), C.uint32_t(b.Kind)
		cb.stages = C.uint32_t(b.Stages)
		size := len(b.Data)
		if b.Image != nil {
			img := b.Image.normalized()
			size = img.Size()
			cb.dim, cb.format = C.uint32_t(img.Dim), C.uint32_t(img.Format)
			cb.width, cb.height, cb.depth = C.uint32_t(img.Width), C.uint32_t(img.Height), C.uint32_t(img.Depth)
			cb.layers, cb.mips = C.uint32_t(img.Layers), C.uint32_t(img.Mips)
			cb.texel_size = C.uint32_t(img.Format.TexelSize())
			cb.samples = C.uint32_t(img.Samples)
			if words, ok := fills[i]; ok {
				code := c.alloc(4 * len(words))
				copy(unsafe.Slice((*uint32)(code), len(words)), words)
				cb.fill_code = (*C.uint32_t)(code)
				cb.fill_words = C.size_t(len(words))
			}
		}
		cb.data = c.alloc(size)
		copy(unsafe.Slice((*byte)(cb.data), size), b.Data)
		cb.size = C.uint64_t(size)
		if b.Kind.hasSampler() {
			s := SamplerDesc{}
			if b.Sampler != nil {
				s = *b.Sampler
			}
			cb.mag_filter, cb.min_filter, cb.mipmap_mode = C.uint32_t(s.MagFilter), C.uint32_t(s.MinFilter), C.uint32_t(s.MipmapFilter)
			u, _ := s.AddressU.vk()
			v, _ := s.AddressV.vk()
			w, _ := s.AddressW.vk()
			cb.address_u, cb.address_v, cb.address_w = C.uint32_t(u), C.uint32_t(v), C.uint32_t(w)
			if s.Compare != CompareNone {
				cb.compare_enable, cb.compare_op = 1, C.uint32_t(s.Compare-1) // VkCompareOp starts at NEVER
			}
		}
	}
	return c
}

func (d *Device) dispatch(r *Run, fills map[int][]uint32) (*Result, error) {
	c := toC(r, fills)
	defer c.free()
	errBuf := (*C.char)(c.alloc(errLen))
	status := C.wv_dispatch(d.ctx, c.run, errBuf, errLen)
	warnings, verrs := d.takeMessages()
	msg := C.GoString(errBuf)
	if len(verrs) > 0 {
		msg = strings.TrimSpace(msg + "\nvalidation errors:\n" + strings.Join(verrs, "\n"))
	}
	what := fmt.Sprintf("entry point %q", r.Entry)
	if r.Draw != nil {
		what = fmt.Sprintf("draw of %q and %q", r.Draw.Vertex, r.Draw.Fragment)
	}
	switch status {
	case C.WV_OK:
	case C.WV_TIMEOUT:
		d.broken = fmt.Errorf("%w after %v", ErrTimeout, time.Duration(c.run.timeout_ns))
		return nil, fmt.Errorf("vulkan: %s: %w", what, d.broken)
	case C.WV_DEVICE_LOST:
		d.broken = fmt.Errorf("device lost: %s", msg)
		return nil, fmt.Errorf("vulkan: %s: %w", what, d.broken)
	default:
		return nil, fmt.Errorf("vulkan: %s: %s", what, msg)
	}
	if len(verrs) > 0 {
		return nil, fmt.Errorf("vulkan: %s ran, but %s", what, msg)
	}
	res := &Result{Data: map[Slot][]byte{}, Warnings: warnings}
	if dr := r.Draw; dr != nil {
		res.Target = C.GoBytes(c.run.target_data, C.int(int(dr.Target.Width)*int(dr.Target.Height)*dr.Target.Format.TexelSize()))
	}
	for i := range r.Bindings {
		b, cb := &r.Bindings[i], &c.bindings[i]
		if b.Kind == Sampler || b.Kind == ComparisonSampler {
			continue
		}
		out := C.GoBytes(cb.data, C.int(cb.size))
		if (b.Kind == UniformBuffer || b.Kind == ReadOnlyStorageBuffer) && !bytes.Equal(out, b.Data) {
			return nil, fmt.Errorf("vulkan: %s wrote to %v, a %v", what, b.slot(), b.Kind)
		}
		res.Data[b.slot()] = out
	}
	return res, nil
}

// crashForTesting segfaults in C, like a driver bug would.
func crashForTesting() { C.wv_crash_for_testing() }
