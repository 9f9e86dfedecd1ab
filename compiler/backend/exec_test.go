package backend_test

import (
	"encoding/binary"
	"math"
	"math/bits"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler/backend"
	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/ir/irtest"
	"github.com/wgslgo/wgslgo/internal/interpcheck"
	"github.com/wgslgo/wgslgo/internal/oracle"
	"github.com/wgslgo/wgslgo/internal/vulkan"
)

// The tests of this file run hand-built IR on a real Vulkan driver (lavapipe) through
// internal/vulkan, for every target the device accepts, and compare with Go.

func le32(vs ...uint32) []byte {
	b := make([]byte, 4*len(vs))
	for i, v := range vs {
		binary.LittleEndian.PutUint32(b[4*i:], v)
	}
	return b
}

func f32le(vs ...float32) []byte {
	u := make([]uint32, len(vs))
	for i, v := range vs {
		u[i] = math.Float32bits(v)
	}
	return le32(u...)
}

func words32(b []byte) []uint32 {
	out := make([]uint32, len(b)/4)
	for i := range out {
		out[i] = binary.LittleEndian.Uint32(b[4*i:])
	}
	return out
}

func floats32(b []byte) []float32 {
	out := make([]float32, len(b)/4)
	for i, w := range words32(b) {
		out[i] = math.Float32frombits(w)
	}
	return out
}

// deviceRuns reports whether the device's Vulkan version is at least the target's.
func deviceRuns(d *vulkan.Device, target backend.Target) bool {
	minor := slices.Index(backend.Targets, target)
	return uint32(d.Info.APIVersion) >= uint32(1<<22|minor<<12)
}

// run emits the sample for each target the device supports and dispatches it; the
// interpreter must compute the same (interpcheck).
func run(t *testing.T, build func() *ir.Module, r vulkan.Run, check func(t *testing.T, res *vulkan.Result)) {
	t.Helper()
	runRacing(t, build, r, nil, check)
}

// runRacing is run for a sample whose invocations race on purpose: the bindings racing
// differ with the order of the invocations, and the interpreter's are not compared.
func runRacing(t *testing.T, build func() *ir.Module, r vulkan.Run, racing []vulkan.Slot, check func(t *testing.T, res *vulkan.Result)) {
	t.Helper()
	d := vulkan.Require(t)
	for _, target := range backend.Targets {
		if !deviceRuns(d, target) {
			continue
		}
		t.Run(target.String(), func(t *testing.T) {
			r := r
			var m *ir.Module
			r.SPIRV, m = emitModule(t, build, target)
			if r.Entry == "" {
				r.Entry = "main"
			}
			bs := make([]vulkan.Binding, len(r.Bindings))
			for i, b := range r.Bindings {
				b.Data = append([]byte(nil), b.Data...)
				bs[i] = b
			}
			r.Bindings = bs
			res, err := d.Dispatch(r)
			require.NoError(t, err)
			assert.Empty(t, res.Warnings)
			check(t, res)
			interpcheck.Compare(t, interpcheck.Module{IR: m, OrderDependent: racing}, r, res)
		})
	}
}

func storage(binding uint32, data []byte) vulkan.Binding {
	return vulkan.Binding{Group: 0, Binding: binding, Kind: vulkan.StorageBuffer, Data: data}
}

func TestExecDouble(t *testing.T) {
	in := make([]float32, 1000) // not a multiple of the workgroup size: the bounds check matters
	for i := range in {
		in[i] = float32(i) - 100.25
	}
	run(t, irtest.Double, vulkan.Run{Groups: [3]uint32{16, 1, 1}, Bindings: []vulkan.Binding{storage(0, f32le(in...))}},
		func(t *testing.T, res *vulkan.Result) {
			out := floats32(res.Bytes(0, 0))
			for i := range in {
				require.Equal(t, 2*in[i], out[i], "element %d", i)
			}
		})
}

func TestExecLoops(t *testing.T) {
	count := func(n int32) int32 {
		var i, sum int32
		for {
			if i >= n {
				break
			}
			i++
			if i%2 != 0 {
				sum += i
			}
			if sum > 100 { // continuing { break if sum > 100; }, reached by continue too
				break
			}
		}
		return sum + 0 + 1 + 2
	}
	run(t, irtest.Loops, vulkan.Run{Groups: [3]uint32{4, 1, 1}, Bindings: []vulkan.Binding{storage(0, make([]byte, 16))}},
		func(t *testing.T, res *vulkan.Result) {
			out := words32(res.Bytes(0, 0))
			for k := range out {
				assert.Equal(t, count(int32(k)+10), int32(out[k]), "out[%d]", k)
			}
		})
}

func TestExecSwitch(t *testing.T) {
	classify := func(x uint32) float32 {
		var r float32
		for k := uint32(0); k < 4; k++ {
			switch x + k {
			case 0, 1:
				r += 1
			case 2:
				continue
			default:
				if k > 1 {
					r += 3
				} else {
					r += 2
				}
			}
		}
		return r
	}
	const n = 12
	run(t, irtest.Switch, vulkan.Run{Groups: [3]uint32{n, 1, 1}, Bindings: []vulkan.Binding{storage(0, make([]byte, 4*n))}},
		func(t *testing.T, res *vulkan.Result) {
			out := floats32(res.Bytes(0, 0))
			for x := range out {
				assert.Equal(t, classify(uint32(x)), out[x], "classify(%d)", x)
			}
		})
}

func TestExecPointerParams(t *testing.T) {
	run(t, irtest.PointerParams, vulkan.Run{Groups: [3]uint32{1, 1, 1}, Bindings: []vulkan.Binding{storage(0, make([]byte, 4))}},
		func(t *testing.T, res *vulkan.Result) {
			assert.Equal(t, []float32{21}, floats32(res.Bytes(0, 0)))
		})
}

func TestExecAtomics(t *testing.T) {
	// What each invocation writes depends on the order of the atomics.
	racing := []vulkan.Slot{{Group: 0, Binding: 1}}
	runRacing(t, irtest.Atomics, vulkan.Run{Groups: [3]uint32{1, 1, 1},
		Bindings: []vulkan.Binding{storage(0, make([]byte, 12)), storage(1, make([]byte, 4*64))}}, racing,
		func(t *testing.T, res *vulkan.Result) {
			c := words32(res.Bytes(0, 0))
			assert.Equal(t, uint32(64), c[0], "hits")
		})
}

func TestExecUniformStruct(t *testing.T) {
	// struct Params { dir: vec3f @0, scale: f32 @12, rot: mat3x3f @16 (column stride 16),
	//                 offsets: array<vec3f, 2> @64 (stride 16) }, size 96.
	u := make([]float32, 24)
	copy(u[0:], []float32{1, 2, 3})
	u[3] = 0.5
	rot := [3][3]float32{{0, 1, 0}, {-1, 0, 0}, {0, 0, 2}} // columns
	for c := range rot {
		copy(u[4+4*c:], rot[c][:])
	}
	copy(u[16:], []float32{10, 20, 30})
	copy(u[20:], []float32{-1, -2, -3})
	run(t, irtest.UniformStruct, vulkan.Run{Groups: [3]uint32{2, 1, 1}, Bindings: []vulkan.Binding{
		{Group: 0, Binding: 0, Kind: vulkan.UniformBuffer, Data: f32le(u...)},
		storage(1, make([]byte, 32)),
	}}, func(t *testing.T, res *vulkan.Result) {
		out := floats32(res.Bytes(0, 1))
		dir := []float32{1, 2, 3}
		for i := 0; i < 2; i++ {
			for r := 0; r < 3; r++ {
				var x float32
				for c := 0; c < 3; c++ {
					x += rot[c][r] * dir[c]
				}
				want := x*0.5 + u[16+4*i+r]
				assert.Equal(t, want, out[4*i+r], "out[%d][%d]", i, r)
			}
			assert.Equal(t, float32(1), out[4*i+3])
		}
	})
}

func TestExecWorkgroup(t *testing.T) {
	in := make([]float32, 128)
	for i := range in {
		in[i] = float32(i*i) + 0.5
	}
	run(t, irtest.Workgroup, vulkan.Run{Groups: [3]uint32{2, 1, 1}, Bindings: []vulkan.Binding{storage(0, f32le(in...))}},
		func(t *testing.T, res *vulkan.Result) {
			out := floats32(res.Bytes(0, 0))
			for x := range in {
				g, li := x/64, x%64
				assert.Equal(t, in[g*64+(li+1)%64], out[x], "data[%d]", x)
			}
		})
}

func TestExecOverrides(t *testing.T) {
	in := make([]float32, 256)
	for i := range in {
		in[i] = float32(i)
	}
	cases := []struct {
		name   string
		spec   map[uint32][]byte
		groups uint32
		scale  float32
		twice  float32
	}{
		{"defaults", nil, 4, 2, 128},
		{"block=32,scale=3", map[uint32][]byte{0: vulkan.Spec32(32), 1: vulkan.Spec32(math.Float32bits(3))}, 8, 3, 64},
		{"twice=5", map[uint32][]byte{2: vulkan.Spec32(5), 3: vulkan.SpecBool(true)}, 4, 2, 5},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			run(t, irtest.OverrideSize, vulkan.Run{Spec: c.spec, Groups: [3]uint32{c.groups, 1, 1},
				Bindings: []vulkan.Binding{storage(0, f32le(in...))}},
				func(t *testing.T, res *vulkan.Result) {
					out := floats32(res.Bytes(0, 0))
					for i := range in {
						require.Equal(t, in[i]*c.scale+c.twice, out[i], "data[%d]", i)
					}
				})
		})
	}
}

// WGSL's integer semantics, for TestExecIntegerOps.

func wdiv(a, b int32) int32 {
	if b == 0 || a == math.MinInt32 && b == -1 {
		return a
	}
	return a / b
}

func wrem(a, b int32) int32 {
	if b == 0 || a == math.MinInt32 && b == -1 {
		return 0
	}
	return a % b
}

func f2i(f float32) int32 {
	switch {
	case f != f:
		return 0
	case f <= -2147483648:
		return math.MinInt32
	case f >= 2147483520:
		return 2147483520
	}
	return int32(f)
}

func f2u(f float32) uint32 {
	switch {
	case f != f, f <= 0:
		return 0
	case f >= 4294967040:
		return 4294967040
	}
	return uint32(f)
}

func clampBits(off, count uint32) (uint32, uint32) {
	o := min(off, 32)
	return o, min(count, 32-o)
}

func extractBitsI(e int32, off, count uint32) int32 {
	o, c := clampBits(off, count)
	if c == 0 {
		return 0
	}
	return int32(uint32(e)<<(32-o-c)) >> (32 - c)
}

func insertBitsU(e, nb uint32, off, count uint32) uint32 {
	o, c := clampBits(off, count)
	if c == 0 {
		return e
	}
	mask := uint32((uint64(1)<<c)-1) << o
	return e&^mask | nb<<o&mask
}

func firstLeadingBitI(e int32) int32 {
	if e < 0 {
		e = ^e
	}
	if e == 0 {
		return -1
	}
	return int32(31 - bits.LeadingZeros32(uint32(e)))
}

func unpack4xI8(u uint32) [4]int32 {
	return [4]int32{int32(int8(u)), int32(int8(u >> 8)), int32(int8(u >> 16)), int32(int8(u >> 24))}
}

func TestExecIntegerOps(t *testing.T) {
	inputs := []struct {
		a, d int32
		u, e uint32
	}{
		{7, 2, 12, 3}, {-7, 2, 0, 0}, {math.MinInt32, -1, 0xffffffff, 33}, {5, 0, 100, 0},
		{0, 0, 1 << 31, 31}, {-1, 3, 0x80402010, 0x01020304}, {123456, -5, 77, 64},
	}
	for _, in := range inputs {
		a, d, u, e := in.a, in.d, in.u, in.e
		ri := wdiv(a, d) + wrem(a, d)
		ri += a << (e & 31)
		ri += a >> (e & 31)
		ri += f2i(float32(a) * 1e10)
		ri += extractBitsI(a, e, u)
		ri += firstLeadingBitI(a)
		if a < 0 {
			ri += -a
		} else {
			ri += a
		}
		switch {
		case a > 0:
			ri++
		case a < 0:
			ri--
		}
		x, y := unpack4xI8(u), unpack4xI8(e)
		var dot, dotxx int32
		for k := range x {
			dot += x[k] * y[k]
			dotxx += x[k] * x[k]
		}
		ri += dot + dotxx + wdiv(x[2], d) + (a + 1)

		ru := u // u / 0 is u, u % 0 is 0
		if e != 0 {
			ru = u/e + u%e
		}
		ru += uint32(bits.LeadingZeros32(u)) + uint32(bits.TrailingZeros32(u)) + uint32(bits.OnesCount32(u)) + bits.Reverse32(u)
		if u == 0 {
			ru += 0xffffffff
		} else {
			ru += uint32(bits.TrailingZeros32(u))
		}
		ru += insertBitsU(u, e, e, u)
		ru += f2u(float32(a))
		var packed uint32
		for k, v := range x {
			packed |= uint32(uint8(int8(max(-128, min(127, v))))) << (8 * k)
		}
		ru += packed + u
		var dotu uint32
		for k := 0; k < 4; k++ {
			dotu += (u >> (8 * k) & 0xff) * (e >> (8 * k) & 0xff)
		}
		ru += dotu + min(max(u, e), 100)
		if u < e {
			ru++
		}
		ru ^= uint32(a)

		run(t, irtest.IntegerOps, vulkan.Run{Groups: [3]uint32{1, 1, 1}, Bindings: []vulkan.Binding{
			storage(0, le32(uint32(a), uint32(d))), storage(1, le32(u, e)),
		}}, func(t *testing.T, res *vulkan.Result) {
			assert.Equal(t, ri, int32(words32(res.Bytes(0, 0))[0]), "i32 result for %+v", in)
			assert.Equal(t, ru, words32(res.Bytes(0, 1))[0], "u32 result for %+v", in)
		})
	}
}

func TestExecF16(t *testing.T) {
	if d := vulkan.Require(t); !d.Info.F16() {
		oracle.Missing(t, "the device lacks shaderFloat16 or 16-bit storage")
	}
	// struct H { a: vec3h @0, b: f16 @6, m: mat2x2h @8 }, size 16.
	h := func(x float32) uint16 { return ir.F32ToF16(x) }
	elem := func(a [3]float32, s float32, m [4]float32) []byte {
		out := make([]byte, 16)
		put := func(off int, x float32) { binary.LittleEndian.PutUint16(out[off:], h(x)) }
		for i, x := range a {
			put(2*i, x)
		}
		put(6, s)
		for i, x := range m {
			put(8+2*i, x)
		}
		return out
	}
	data := append(elem([3]float32{1, 2, 3}, 2, [4]float32{1, 2, 3, 4}), elem([3]float32{-1, 0.5, 8}, 0.5, [4]float32{0, 1, 1, 0})...)
	want := append(elem([3]float32{5, 9, 13}, 2, [4]float32{7, 10, 15, 22}), elem([3]float32{0, 1.5, 9}, 0.5, [4]float32{1, 0, 0, 1})...)
	run(t, irtest.F16, vulkan.Run{Groups: [3]uint32{2, 1, 1}, Bindings: []vulkan.Binding{storage(0, data)}},
		func(t *testing.T, res *vulkan.Result) {
			assert.Equal(t, want, res.Bytes(0, 0))
		})
}

func TestExecUniformMatrices(t *testing.T) {
	u := make([]float32, 32) // 128 bytes
	put := func(off int, vs ...float32) { copy(u[off/4:], vs) }
	put(0, 1, 2, 3, 4)                      // a
	put(16, 5, 6, 7, 8, 9, 10)              // b
	put(48, 11, 12, 13, 14, 15, 16, 17, 18) // arr
	put(80, 19, 20, 21, 22, 23, 24)         // inner.m, inner.v
	put(112, 25)                            // s
	want := []float32{
		7, 10, 5, 6, 13, 14, 42, 44, 16, 25, 21, 24,
		7, 10, 7, 8, 17, 18, 42, 44, 18, 25, 21, 24,
	}
	run(t, irtest.UniformMatrices, vulkan.Run{Groups: [3]uint32{2, 1, 1}, Bindings: []vulkan.Binding{
		{Group: 0, Binding: 0, Kind: vulkan.UniformBuffer, Data: f32le(u...)},
		storage(1, make([]byte, 4*len(want))),
	}}, func(t *testing.T, res *vulkan.Result) {
		assert.Equal(t, want, floats32(res.Bytes(0, 1)))
	})
}

func TestExecTextures(t *testing.T) {
	texels := make([]float32, 0, 64)
	for y := range 4 {
		for x := range 4 {
			texels = append(texels, float32(x), float32(y), float32(10*y+x), 1)
		}
	}
	img := vulkan.ImageDesc{Dim: vulkan.Dim2D, Format: vulkan.RGBA32Float, Width: 4, Height: 4}
	st := vulkan.ImageDesc{Dim: vulkan.Dim2D, Format: vulkan.R32Uint, Width: 4, Height: 4}
	run(t, irtest.Textures, vulkan.Run{Groups: [3]uint32{4, 4, 1}, Bindings: []vulkan.Binding{
		storage(0, make([]byte, 16*17)),
		{Binding: 1, Kind: vulkan.SampledImage, Image: &img, Data: f32le(texels...)},
		{Binding: 2, Kind: vulkan.Sampler},
		{Binding: 3, Kind: vulkan.StorageImage, Image: &st},
	}}, func(t *testing.T, res *vulkan.Result) {
		out := floats32(res.Bytes(0, 0))
		stored := words32(res.Bytes(0, 3))
		for y := range 4 {
			for x := range 4 {
				k := 4 * (4*y + x)
				// textureLoad and a nearest sample of the same texel's center.
				want := []float32{2 * texels[k], 2 * texels[k+1], 2 * texels[k+2], 2}
				assert.Equal(t, want, out[k:k+4], "texel (%d, %d)", x, y)
				assert.Equal(t, uint32(10*x+y), stored[4*y+x], "stored (%d, %d)", x, y)
			}
		}
		assert.Equal(t, []float32{4, 4, 1, 0}, out[64:68])
	})
}
