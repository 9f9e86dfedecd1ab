package vulkan

import (
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/internal/oracle"
)

func TestDeviceInfo(t *testing.T) {
	d := Require(t)
	info := d.Info
	t.Logf("device: %v", &info)
	t.Logf("max workgroup size %v, invocations %d, subgroup sizes %d..%d, validation warnings %d",
		info.MaxWorkgroupSize, info.MaxInvocations, info.MinSubgroupSize, info.MaxSubgroupSize,
		len(info.ValidationWarnings))
	assert.NotEmpty(t, info.Name)
	assert.GreaterOrEqual(t, uint32(info.APIVersion), uint32(1<<22|1<<12), "want Vulkan 1.1+")
	assert.GreaterOrEqual(t, info.MaxInvocations, uint32(128))
	assert.GreaterOrEqual(t, info.MaxDescriptorSets, uint32(4))
	assert.NotZero(t, info.SubgroupSize)
	if info.CPU {
		// lavapipe: what the project's f16 and subgroup tests rely on.
		assert.True(t, info.F16(), "lavapipe supports shaderFloat16 and 16-bit storage")
		assert.True(t, info.RobustBufferAccess)
		assert.True(t, info.SubgroupInCompute)
		assert.True(t, info.SubgroupOps.Has(SubgroupBasic|SubgroupBallot|SubgroupArithmetic))
	}
}

func TestDoubleStorageBuffer(t *testing.T) {
	d := Require(t)
	spirv := assemble(t, "double.spvasm")
	in := make([]float32, 1024)
	for i := range in {
		in[i] = float32(i) - 100.5
	}
	run := Run{SPIRV: spirv, Entry: "main", Groups: [3]uint32{1024 / 64, 1, 1},
		Bindings: []Binding{{Group: 0, Binding: 0, Kind: StorageBuffer, Data: f32Bytes(in...)}}}
	for round := range 3 {
		res, err := d.Dispatch(run)
		require.NoError(t, err)
		out := f32s(res.Bytes(0, 0))
		require.Len(t, out, 1024)
		for i := range in {
			require.Equal(t, 2*in[i], out[i], "element %d", i)
		}
		t.Logf("dispatch %d: %v", round, res.Elapsed)
	}
}

func TestUniformAndStorageBuffer(t *testing.T) {
	d := Require(t)
	params := append(f32Bytes(3, 0.5), u32Bytes(40)...) // scale, bias, count
	data := f32Bytes(make([]float32, 64)...)
	for i := range 64 {
		copy(data[4*i:], f32Bytes(float32(i)))
	}
	res, err := d.Dispatch(Run{SPIRV: assemble(t, "uniform.spvasm"), Entry: "main", Groups: [3]uint32{2, 1, 1},
		Bindings: []Binding{
			{Group: 0, Binding: 0, Kind: UniformBuffer, Data: params, MinSize: 12},
			{Group: 0, Binding: 1, Kind: StorageBuffer, Data: data},
		}})
	require.NoError(t, err)
	out := f32s(res.Bytes(0, 1))
	for i, v := range out {
		want := float32(i)
		if i < 40 {
			want = float32(i)*3 + 0.5
		}
		require.Equal(t, want, v, "element %d", i)
	}
	assert.Equal(t, params, res.Bytes(0, 0), "uniform buffer comes back unchanged")
}

func TestTwoDescriptorSetsAndReadOnly(t *testing.T) {
	d := Require(t)
	const n = 48
	a, b := make([]uint32, n), make([]uint32, n)
	for i := range n {
		a[i], b[i] = uint32(i), uint32(1000*i)
	}
	res, err := d.Dispatch(Run{SPIRV: assemble(t, "two_sets.spvasm"), Entry: "main", Groups: [3]uint32{n / 16, 1, 1},
		Bindings: []Binding{
			{Group: 2, Binding: 3, Kind: StorageBuffer, Data: make([]byte, 4*n)},
			{Group: 0, Binding: 0, Kind: ReadOnlyStorageBuffer, Data: u32Bytes(a...)},
			{Group: 0, Binding: 1, Kind: ReadOnlyStorageBuffer, Data: u32Bytes(b...)},
		}})
	require.NoError(t, err)
	out := u32s(res.Bytes(2, 3))
	for i := range n {
		require.Equal(t, uint32(1001*i), out[i], "element %d", i)
	}
	assert.Equal(t, u32Bytes(a...), res.Bytes(0, 0))
	assert.Equal(t, u32Bytes(b...), res.Bytes(0, 1))
}

// A shader that writes to a binding declared read-only is caught by comparing
// the readback with what was uploaded.
func TestReadOnlyWriteIsReported(t *testing.T) {
	d := Require(t)
	_, err := d.Dispatch(Run{SPIRV: assemble(t, "double.spvasm"), Entry: "main", Groups: [3]uint32{1, 1, 1},
		Bindings: []Binding{{Kind: ReadOnlyStorageBuffer, Data: f32Bytes(1, 2, 3, 4)}}})
	require.ErrorContains(t, err, "wrote to @group(0) @binding(0), a read-only storage buffer")
}

func TestSpecializationConstants(t *testing.T) {
	d := Require(t)
	spirv := assemble(t, "spec.spvasm")
	run := func(spec map[uint32][]byte) []uint32 {
		t.Helper()
		res, err := d.Dispatch(Run{SPIRV: spirv, Entry: "main", Spec: spec, Groups: [3]uint32{2, 1, 1},
			Bindings: []Binding{{Kind: StorageBuffer, Data: make([]byte, 4*16)}}})
		require.NoError(t, err)
		return u32s(res.Bytes(0, 0))
	}
	defaults := run(nil)
	three := run(map[uint32][]byte{7: Spec32(3), 8: SpecBool(false)})
	five := run(map[uint32][]byte{7: Spec32(5), 8: SpecBool(true), 9: Spec64(7 << 32)})
	for i := range uint32(16) {
		require.Equal(t, i, defaults[i])
		require.Equal(t, 3*i, three[i])
		require.Equal(t, 5*i+1000+7, five[i])
	}
}

func TestStorageImage(t *testing.T) {
	d := Require(t)
	img := &ImageDesc{Dim: Dim2D, Format: RGBA32Float, Width: 8, Height: 8}
	require.Equal(t, 8*8*16, img.Size())
	res, err := d.Dispatch(Run{SPIRV: assemble(t, "storage_image.spvasm"), Entry: "main", Groups: [3]uint32{2, 2, 1},
		Bindings: []Binding{{Kind: StorageImage, Image: img, Data: filled(img.Size(), 0xAB)}}})
	require.NoError(t, err)
	out := res.Bytes(0, 0)
	require.Len(t, out, img.Size())
	for y := range 8 {
		for x := range 8 {
			texel := out[16*(8*y+x):][:16]
			if x >= 6 {
				require.Equal(t, filled(16, 0xAB), texel, "texel (%d,%d) is not written and keeps its upload", x, y)
				continue
			}
			require.Equal(t, []float32{float32(x), float32(y), float32(x + y), 1}, f32s(texel), "texel (%d,%d)", x, y)
		}
	}
}

func TestSampledImageNearest(t *testing.T) {
	d := Require(t)
	img := &ImageDesc{Dim: Dim2D, Format: RGBA32Float, Width: 4, Height: 4}
	var texels []float32
	for y := range 4 {
		for x := range 4 {
			texels = append(texels, float32(x), float32(y), float32(10*x+y), 0.25)
		}
	}
	res, err := d.Dispatch(Run{SPIRV: assemble(t, "sample.spvasm"), Entry: "main", Groups: [3]uint32{1, 1, 1},
		Bindings: []Binding{
			{Group: 0, Binding: 0, Kind: SampledImage, Image: img, Data: f32Bytes(texels...)},
			{Group: 0, Binding: 1, Kind: Sampler, Sampler: &SamplerDesc{}},
			{Group: 0, Binding: 2, Kind: StorageBuffer, Data: make([]byte, 16*16)},
		}})
	require.NoError(t, err)
	assert.Equal(t, texels, f32s(res.Bytes(0, 2)), "texel centres sampled with a nearest sampler")
	assert.Equal(t, f32Bytes(texels...), res.Bytes(0, 0), "sampled image reads back unchanged")
	assert.Nil(t, res.Bytes(0, 1), "samplers have no readback")
}

// Vulkan compares the reference with the texel: CompareLess passes where
// ref < texel.
func TestComparisonSampler(t *testing.T) {
	d := Require(t)
	img := &ImageDesc{Dim: Dim2D, Format: Depth32Float, Width: 2, Height: 2}
	depth := f32Bytes(0.1, 0.4, 0.6, 0.9)
	for _, tc := range []struct {
		op   CompareOp
		want []float32
	}{
		{CompareLess, []float32{0, 0, 1, 1}},
		{CompareGreater, []float32{1, 1, 0, 0}},
		{CompareAlways, []float32{1, 1, 1, 1}},
	} {
		res, err := d.Dispatch(Run{SPIRV: assemble(t, "compare.spvasm"), Entry: "main", Groups: [3]uint32{1, 1, 1},
			Bindings: []Binding{
				{Group: 0, Binding: 0, Kind: SampledImage, Image: img, Data: depth},
				{Group: 0, Binding: 1, Kind: ComparisonSampler, Sampler: &SamplerDesc{Compare: tc.op}},
				{Group: 0, Binding: 2, Kind: StorageBuffer, Data: make([]byte, 16)},
			}})
		require.NoError(t, err)
		assert.Equal(t, tc.want, f32s(res.Bytes(0, 2)), "compare op %d", tc.op)
	}
}

// Whole-vector stores of vec3 leave the 4 padding bytes of each 16-byte
// element alone: a sentinel there must come back untouched.
func TestPaddingSentinel(t *testing.T) {
	d := Require(t)
	const n = 16
	res, err := d.Dispatch(Run{SPIRV: assemble(t, "vec3_stride.spvasm"), Entry: "main", Groups: [3]uint32{n / 8, 1, 1},
		Bindings: []Binding{{Kind: StorageBuffer, Data: filled(16*n, 0xAB)}}})
	require.NoError(t, err)
	out := res.Bytes(0, 0)
	for i := range n {
		elem := out[16*i:][:16]
		require.Equal(t, []float32{float32(i), float32(2 * i), float32(3 * i)}, f32s(elem[:12]), "element %d", i)
		require.Equal(t, filled(4, 0xAB), elem[12:], "padding of element %d", i)
	}
}

// An endless shader must end in ErrTimeout. It runs in a child process: the
// device keeps executing it, so the Device is unusable afterwards.
func TestTimeout(t *testing.T) {
	RunIsolated(t, func(t *testing.T) {
		d := Require(t)
		run := Run{SPIRV: assemble(t, "spin.spvasm"), Entry: "main", Groups: [3]uint32{65535, 65535, 1},
			Timeout: 300 * time.Millisecond, Bindings: []Binding{{Kind: StorageBuffer, Data: make([]byte, 8)}}}
		start := time.Now()
		_, err := d.Dispatch(run)
		require.ErrorIs(t, err, ErrTimeout)
		elapsed := time.Since(start)
		t.Logf("timed out after %v: %v", elapsed, err)
		assert.Less(t, elapsed, 5*time.Second)
		_, err = d.Dispatch(run)
		require.ErrorContains(t, err, "device unusable since an earlier run")
		require.ErrorIs(t, err, ErrTimeout)
	})
}

func TestWrongKindIsRejected(t *testing.T) {
	d := Require(t)
	double := assemble(t, "double.spvasm")
	_, err := d.Dispatch(Run{SPIRV: double, Entry: "main", Groups: [3]uint32{1, 1, 1},
		Bindings: []Binding{{Kind: UniformBuffer, Data: make([]byte, 16)}}})
	require.ErrorContains(t, err,
		"@group(0) @binding(0): the Run binds a uniform buffer but the shader declares buf as a storage buffer")

	uniform := assemble(t, "uniform.spvasm")
	_, err = d.Dispatch(Run{SPIRV: uniform, Entry: "main", Groups: [3]uint32{1, 1, 1},
		Bindings: []Binding{
			{Group: 0, Binding: 0, Kind: StorageBuffer, Data: make([]byte, 16)},
			{Group: 0, Binding: 1, Kind: StorageImage, Image: &ImageDesc{Dim: Dim2D, Format: R32Float, Width: 4}},
		}})
	require.ErrorContains(t, err, "the Run binds a storage buffer but the shader declares params as a uniform buffer")
	require.ErrorContains(t, err, "the Run binds a storage image but the shader declares buf as a storage buffer")

	// From SPIR-V 1.4 on the entry point lists what it uses: a binding left
	// out is an error, not a driver crash.
	_, err = d.Dispatch(Run{SPIRV: assemble(t, "missing.spvasm"), Entry: "main", Groups: [3]uint32{1, 1, 1},
		Bindings: []Binding{{Group: 0, Binding: 1, Kind: StorageBuffer, Data: make([]byte, 4)}}})
	require.ErrorContains(t, err, "@group(0) @binding(0): the shader uses params (a uniform buffer) but the Run has no binding there")
}

// Past the harness's own check, a wrong descriptor kind reaches the driver:
// lavapipe 22.3 dies of SIGBUS in vkCreateComputePipelines when a storage
// image is bound where the shader samples a texture, and validation layer
// 1.3.239 does not flag that pair (it does flag uniform versus storage
// buffers). In a child process the crash fails one test, with the signal,
// instead of the whole binary.
func TestWrongKindCrashIsIsolated(t *testing.T) {
	if isolatedChild(t) { // the parent turned validation off
		d := Require(t)
		_, err := d.Dispatch(Run{SPIRV: assemble(t, "sample.spvasm"), Entry: "main", Groups: [3]uint32{1, 1, 1},
			noBindingCheck: true,
			Bindings: []Binding{
				{Group: 0, Binding: 0, Kind: StorageImage, Image: &ImageDesc{Dim: Dim2D, Format: RGBA32Float, Width: 4, Height: 4}},
				{Group: 0, Binding: 1, Kind: Sampler},
				{Group: 0, Binding: 2, Kind: StorageBuffer, Data: make([]byte, 256)},
			}})
		t.Logf("the driver returned instead of crashing: %v", err)
		return
	}
	Require(t) // before WGSLGO_VK_VALIDATION=0: the process's device keeps its validation
	t.Setenv("WGSLGO_VK_VALIDATION", "0")
	out, err := runChild(t, t.Name())
	switch {
	case errors.Is(err, errChildSkipped):
		t.Skip(out)
	case err == nil:
		t.Logf("this driver survives a mismatched descriptor kind:\n%s", out)
	default:
		require.Contains(t, err.Error(), "GPU test crashed in child process: signal SIG")
		t.Log(strings.SplitN(err.Error(), "\n", 2)[0])
	}
}

func TestBadInput(t *testing.T) {
	d := Require(t)
	double := assemble(t, "double.spvasm")
	buf := []Binding{{Kind: StorageBuffer, Data: make([]byte, 16)}}
	one := [3]uint32{1, 1, 1}
	bad := append([]uint32{0xdeadbeef}, double[1:]...)
	truncated := append([]uint32(nil), double[:len(double)-3]...)
	for _, tc := range []struct {
		name string
		run  Run
		want string
	}{
		{"empty SPIR-V", Run{Entry: "main", Groups: one, Bindings: buf}, "SPIR-V has 0 words"},
		{"bad magic", Run{SPIRV: bad, Entry: "main", Groups: one, Bindings: buf}, "not SPIR-V"},
		{"truncated", Run{SPIRV: truncated, Entry: "main", Groups: one, Bindings: buf}, "malformed SPIR-V"},
		{"no entry", Run{SPIRV: double, Groups: one, Bindings: buf}, "Run.Entry is empty"},
		{"wrong entry", Run{SPIRV: double, Entry: "mian", Groups: one, Bindings: buf},
			`no GLCompute entry point "mian"; the module has "main" (GLCompute)`},
		{"zero groups", Run{SPIRV: double, Entry: "main", Bindings: buf}, "Run.Groups[0] is 0"},
		{"spec size", Run{SPIRV: double, Entry: "main", Groups: one, Bindings: buf, Spec: map[uint32][]byte{1: {1, 2}}},
			"specialization constant 1 has 2 bytes"},
		{"empty data", Run{SPIRV: double, Entry: "main", Groups: one, Bindings: []Binding{{Kind: StorageBuffer}}},
			"Data is empty"},
		{"odd size", Run{SPIRV: double, Entry: "main", Groups: one,
			Bindings: []Binding{{Kind: StorageBuffer, Data: make([]byte, 6)}}}, "Data is 6 bytes; buffer sizes are multiples of 4"},
		{"below min size", Run{SPIRV: double, Entry: "main", Groups: one,
			Bindings: []Binding{{Kind: StorageBuffer, Data: make([]byte, 8), MinSize: 16}}},
			"less than the declared minimum binding size 16"},
		{"uniform too big", Run{SPIRV: double, Entry: "main", Groups: one,
			Bindings: []Binding{{Binding: 1, Kind: UniformBuffer, Data: make([]byte, d.Info.MaxUniformBinding+4)}}},
			"the device binds at most"},
		{"unknown kind", Run{SPIRV: double, Entry: "main", Groups: one, Bindings: []Binding{{Data: make([]byte, 4)}}},
			"unknown binding kind"},
		{"group 4", Run{SPIRV: double, Entry: "main", Groups: one,
			Bindings: []Binding{{Group: 4, Kind: StorageBuffer, Data: make([]byte, 4)}}}, "WGSL allows groups 0..3"},
		{"twice", Run{SPIRV: double, Entry: "main", Groups: one, Bindings: append(buf, buf...)}, "is bound twice"},
		{"image without desc", Run{SPIRV: double, Entry: "main", Groups: one,
			Bindings: []Binding{{Binding: 1, Kind: StorageImage}}}, "Image is nil"},
		{"image data size", Run{SPIRV: double, Entry: "main", Groups: one, Bindings: []Binding{{Binding: 1,
			Kind: StorageImage, Image: &ImageDesc{Dim: Dim2D, Format: R32Float, Width: 2, Height: 2}, Data: make([]byte, 4)}}},
			"Data is 4 bytes; the r32float image holds 16"},
		{"unknown format", Run{SPIRV: double, Entry: "main", Groups: one, Bindings: []Binding{{Binding: 1,
			Kind: SampledImage, Image: &ImageDesc{Dim: Dim2D, Format: 1234, Width: 2}}}}, "unsupported format"},
		{"cube shape", Run{SPIRV: double, Entry: "main", Groups: one, Bindings: []Binding{{Binding: 1,
			Kind: SampledImage, Image: &ImageDesc{Dim: DimCube, Format: RGBA8Unorm, Width: 2, Height: 4}}}}, "want square faces"},
		{"too many mips", Run{SPIRV: double, Entry: "main", Groups: one, Bindings: []Binding{{Binding: 1,
			Kind: SampledImage, Image: &ImageDesc{Dim: Dim2D, Format: RGBA8Unorm, Width: 4, Height: 4, Mips: 4}}}},
			"4 mip levels for a 4x4x1 image; at most 3"},
		{"depth storage", Run{SPIRV: double, Entry: "main", Groups: one, Bindings: []Binding{{Binding: 1,
			Kind: StorageImage, Image: &ImageDesc{Dim: Dim2D, Format: Depth32Float, Width: 4}}}}, "cannot be a storage image"},
		{"comparison without op", Run{SPIRV: double, Entry: "main", Groups: one,
			Bindings: []Binding{{Binding: 1, Kind: ComparisonSampler}}}, "needs SamplerDesc.Compare"},
		{"compare on plain sampler", Run{SPIRV: double, Entry: "main", Groups: one,
			Bindings: []Binding{{Binding: 1, Kind: Sampler, Sampler: &SamplerDesc{Compare: CompareLess}}}},
			"use kind ComparisonSampler"},
		{"fill of a single-sampled image", Run{SPIRV: double, Entry: "main", Groups: one, Bindings: []Binding{{Binding: 1,
			Kind: SampledImage, Image: &ImageDesc{Dim: Dim2D, Format: R32Float, Width: 4}, Fill: double}}},
			"Fill is for multisampled images only"},
		{"sampler with data", Run{SPIRV: double, Entry: "main", Groups: one,
			Bindings: []Binding{{Binding: 1, Kind: Sampler, Data: make([]byte, 4)}}}, "a sampler has no Image or Data"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := d.Dispatch(tc.run)
			require.ErrorContains(t, err, tc.want)
		})
	}
}

func TestWords(t *testing.T) {
	words := []uint32{spirvMagic, 0x00010300, 0, 10, 0}
	le := u32Bytes(words...)
	got, err := Words(le)
	require.NoError(t, err)
	assert.Equal(t, words, got)

	be := make([]byte, len(le))
	for i := 0; i < len(le); i += 4 {
		be[i], be[i+1], be[i+2], be[i+3] = le[i+3], le[i+2], le[i+1], le[i]
	}
	got, err = Words(be)
	require.NoError(t, err)
	assert.Equal(t, words, got)

	_, err = Words(le[1:])
	assert.ErrorContains(t, err, "not a multiple of 4")
	_, err = Words(le[:8])
	assert.ErrorContains(t, err, "shorter than its 20-byte header")
	_, err = Words(make([]byte, 20))
	assert.ErrorContains(t, err, "magic number")
}

func TestImageSize(t *testing.T) {
	assert.Equal(t, 4*(8*8+4*4+2*2+1), ImageDesc{Dim: Dim2D, Format: RGBA8Unorm, Width: 8, Height: 8, Mips: 4}.Size())
	assert.Equal(t, 16*4*4*6, ImageDesc{Dim: DimCube, Format: RGBA32Float, Width: 4, Height: 4}.Size())
	assert.Equal(t, 4*(4*4*4+2*2*2+1), ImageDesc{Dim: Dim3D, Format: R32Uint, Width: 4, Height: 4, Depth: 4, Mips: 3}.Size())
	assert.Equal(t, 8*16*3, ImageDesc{Dim: Dim2DArray, Format: RGBA16Float, Width: 4, Height: 4, Layers: 3}.Size())
}

func TestRunPattern(t *testing.T) {
	assert.Equal(t, `^TestA$/^sub\.1$`, runPattern("TestA/sub.1"))
}

// The isolation helper reports a crash in the child with its signal.
func TestIsolationReportsCrash(t *testing.T) {
	if isolatedChild(t) {
		crashForTesting()
		return
	}
	out, err := runChild(t, t.Name())
	require.Error(t, err)
	assert.Contains(t, err.Error(), "GPU test crashed in child process: signal SIGSEGV; output:")
	assert.Contains(t, out, "SIGSEGV")
}

func TestIsolationPassesSkips(t *testing.T) {
	if isolatedChild(t) {
		t.Skip("skipping in the child")
	}
	_, err := runChild(t, t.Name())
	assert.ErrorIs(t, err, errChildSkipped)
}

func isolatedChild(t *testing.T) bool { return os.Getenv(isolatedEnv) == t.Name() }

// Validation runs in a child so that the layer (enabled per process) does not
// slow down the other tests; its errors become Dispatch errors.
func TestValidationLayer(t *testing.T) {
	t.Setenv("WGSLGO_VK_VALIDATION", "1")
	RunIsolated(t, func(t *testing.T) {
		d, err := Get()
		if err != nil && strings.Contains(err.Error(), "validation requested but") {
			oracle.Missing(t, "%v", err)
		}
		require.NoError(t, err)
		require.True(t, d.Info.Validation)
		t.Logf("device with validation: created in %v", d.Info.CreationTime)
		spirv := assemble(t, "double.spvasm")
		for range 2 {
			res, err := d.Dispatch(Run{SPIRV: spirv, Entry: "main", Groups: [3]uint32{16, 1, 1},
				Bindings: []Binding{{Kind: StorageBuffer, Data: f32Bytes(make([]float32, 1024)...)}}})
			require.NoError(t, err)
			t.Logf("dispatch with validation: %v, warnings %q", res.Elapsed, res.Warnings)
		}
		_, err = d.Dispatch(Run{SPIRV: spirv, Entry: "main", Groups: [3]uint32{1, 1, 1}, noBindingCheck: true,
			Bindings: []Binding{{Kind: UniformBuffer, Data: make([]byte, 16)}}})
		require.ErrorContains(t, err, "validation layer reported errors while creating the pipeline; nothing was dispatched")
		t.Logf("validation error: %v", err)

	})
}

func BenchmarkDispatch(b *testing.B) {
	d := Require(b)
	run := Run{SPIRV: assemble(b, "double.spvasm"), Entry: "main", Groups: [3]uint32{16, 1, 1},
		Bindings: []Binding{{Kind: StorageBuffer, Data: f32Bytes(make([]float32, 1024)...)}}}
	for b.Loop() {
		if _, err := d.Dispatch(run); err != nil {
			b.Fatal(err)
		}
	}
}

// Dispatch is safe from parallel goroutines; runs are serialized.
func TestConcurrentDispatch(t *testing.T) {
	d := Require(t)
	spirv := assemble(t, "double.spvasm")
	errs := make(chan error, 8)
	for g := range 8 {
		go func() {
			in := make([]float32, 256)
			for i := range in {
				in[i] = float32(g*1000 + i)
			}
			res, err := d.Dispatch(Run{SPIRV: spirv, Entry: "main", Groups: [3]uint32{4, 1, 1},
				Bindings: []Binding{{Kind: StorageBuffer, Data: f32Bytes(in...)}}})
			if err == nil {
				for i, v := range f32s(res.Bytes(0, 0)) {
					if v != 2*in[i] {
						err = fmt.Errorf("goroutine %d element %d: got %v, want %v", g, i, v, 2*in[i])
						break
					}
				}
			}
			errs <- err
		}()
	}
	for range 8 {
		require.NoError(t, <-errs)
	}
}

// Without a device Require skips, except in CI where it fails.
func TestRequireWithoutDevice(t *testing.T) {
	if isolatedChild(t) {
		Require(t)
		t.Fatal("Require returned without a device")
	}
	none := filepath.Join(t.TempDir(), "none.json")
	t.Setenv("VK_DRIVER_FILES", none)
	t.Setenv("VK_ICD_FILENAMES", none)
	t.Setenv("CI", "")
	out, err := runChild(t, t.Name())
	require.ErrorIs(t, err, errChildSkipped, out)
	assert.Contains(t, out, "no Vulkan device (apt-get install mesa-vulkan-drivers)")

	t.Setenv("CI", "true")
	_, err = runChild(t, t.Name())
	require.ErrorContains(t, err, "GPU test failed in child process")
	assert.ErrorContains(t, err, "no Vulkan device (apt-get install mesa-vulkan-drivers)")
	assert.ErrorContains(t, err, "(required under CI=true)")
}

// Without the validation layer Require skips, except in CI where it fails, unless
// WGSLGO_VK_VALIDATION=0 turns validation off.
func TestRequireWithoutValidationLayer(t *testing.T) {
	if isolatedChild(t) {
		d := Require(t)
		require.False(t, d.Info.Validation, "the layer is active although VK_LAYER_PATH has none")
		return
	}
	Require(t)
	t.Setenv("VK_LAYER_PATH", t.TempDir()) // where the loader looks for layers: nowhere
	t.Setenv("WGSLGO_VK_VALIDATION", "")
	t.Setenv("CI", "")
	out, err := runChild(t, t.Name())
	require.ErrorIs(t, err, errChildSkipped, out)
	assert.Contains(t, out, "the Vulkan validation layer is not active")

	t.Setenv("CI", "true")
	_, err = runChild(t, t.Name())
	require.ErrorContains(t, err, "GPU test failed in child process")
	assert.ErrorContains(t, err, "the Vulkan validation layer is not active")

	t.Setenv("WGSLGO_VK_VALIDATION", "0")
	out, err = runChild(t, t.Name())
	require.NoError(t, err, out)
}

// f16 in a storage buffer runs because the features are enabled.
func TestF16StorageBuffer(t *testing.T) {
	d := Require(t)
	if !d.Info.F16() {
		oracle.Missing(t, "%s lacks shaderFloat16 or 16-bit storage", d.Info.Name)
	}
	// f16 bit patterns of 0, 1, 2, ..., 31 (exact in f16), as little-endian bytes.
	in := make([]byte, 2*32)
	for i := range 32 {
		bits := uint16(0)
		if i > 0 {
			e := 0
			for 1<<(e+1) <= i {
				e++
			}
			bits = uint16(15+e)<<10 | uint16((i<<10>>e)&0x3ff)
		}
		in[2*i], in[2*i+1] = byte(bits), byte(bits>>8)
	}
	res, err := d.Dispatch(Run{SPIRV: assemble(t, "f16.spvasm"), Entry: "main", Groups: [3]uint32{2, 1, 1},
		Bindings: []Binding{{Kind: StorageBuffer, Data: in}}})
	require.NoError(t, err)
	out := res.Bytes(0, 0)
	for i := range 32 {
		require.Equal(t, float32(2*i)+0.5, f16ToF32(uint16(out[2*i])|uint16(out[2*i+1])<<8), "element %d", i)
	}
}

// f16ToF32 decodes normal f16 values and zero, enough for the test above.
func f16ToF32(h uint16) float32 {
	if h&0x7fff == 0 {
		return 0
	}
	e := int(h>>10&0x1f) - 15
	m := float32(h&0x3ff)/1024 + 1
	return float32(math.Ldexp(float64(m), e))
}
