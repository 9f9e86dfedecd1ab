package migrate_test

import (
	"bytes"
	"encoding/binary"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler"
	"github.com/wgslgo/wgslgo/compiler/syntax"
	"github.com/wgslgo/wgslgo/internal/interpcheck"
	"github.com/wgslgo/wgslgo/internal/oracle"
	"github.com/wgslgo/wgslgo/internal/spirvval"
	"github.com/wgslgo/wgslgo/internal/vulkan"
)

// compile compiles a source in the given dialect, validates the SPIR-V with spirv-val and
// returns the result.
func compile(t testing.TB, name string, src []byte, dialect syntax.Dialect) *compiler.Result {
	t.Helper()
	res, err := compiler.Compile(compiler.Source{Name: name, Text: src}, compiler.Options{Dialect: dialect})
	require.NoError(t, err, "%s:\n%s", name, src)
	spirvval.Check(t, res.SPIRV, "vulkan1.1")
	return res
}

// dispatch runs entry point main once per workgroup of groups on the Vulkan device, with the
// buffers bound at @group(0) @binding(i), and returns their contents afterwards; the
// interpreter running m, what res is made from, must compute the same.
func dispatch(t *testing.T, dev *vulkan.Device, res *compiler.Result, m interpcheck.Module, groups uint32, bufs [][]byte, spec map[uint32][]byte) [][]byte {
	t.Helper()
	kinds := map[int]vulkan.BindingKind{}
	for _, b := range res.Reflection.Bindings {
		switch {
		case b.Group != 0:
		case b.Buffer == nil:
		case b.Buffer.Type == "uniform":
			kinds[b.Binding] = vulkan.UniformBuffer
		case b.Buffer.Type == "read-only-storage":
			kinds[b.Binding] = vulkan.ReadOnlyStorageBuffer
		default:
			kinds[b.Binding] = vulkan.StorageBuffer
		}
	}
	run := vulkan.Run{SPIRV: res.SPIRV, Entry: "main", Groups: [3]uint32{groups, 1, 1}, Spec: spec}
	for i, data := range bufs {
		k, ok := kinds[i]
		require.True(t, ok, "no buffer at @group(0) @binding(%d)", i)
		run.Bindings = append(run.Bindings, vulkan.Binding{Binding: uint32(i), Kind: k, Data: append([]byte(nil), data...)})
	}
	out, err := dev.Dispatch(run)
	require.NoError(t, err)
	interpcheck.Compare(t, m, run, out)
	got := make([][]byte, len(bufs))
	for i := range bufs {
		got[i] = out.Bytes(0, uint32(i))
	}
	return got
}

// roundTrip is a 2021-draft compute shader (entry point main) run as written and after
// migration.
type roundTrip struct {
	name   string
	src    string
	groups uint32
	bufs   [][]byte
	spec   map[uint32][]byte
	// wrapped marks shaders whose migration wraps array elements for their stride: their
	// reflection names other element types, so only the bindings and entry points compare.
	wrapped bool
	check   func(t *testing.T, out [][]byte)
}

// TestRoundTrip runs draft shaders and their migrations on lavapipe: the results, the
// reflection and the validity of both SPIR-V modules agree.
func TestRoundTrip(t *testing.T) {
	dev := vulkan.Require(t)
	for _, tc := range roundTrips {
		t.Run(tc.name, func(t *testing.T) {
			legacy := compile(t, tc.name+".wgsl", []byte(tc.src), syntax.DialectLegacy2021)
			modern, diags := migrateText(t, tc.name+".wgsl", []byte(tc.src))
			require.False(t, diags.HasErrors(), "%s", diagText(diags))
			tintAccepts(t, modern)
			migrated := compile(t, tc.name+".modern.wgsl", modern, syntax.DialectModern)
			if tc.wrapped {
				assert.Equal(t, legacy.Reflection.Bindings, migrated.Reflection.Bindings)
				assert.Equal(t, legacy.Reflection.EntryPoints, migrated.Reflection.EntryPoints)
				assert.Equal(t, legacy.Reflection.Overrides, migrated.Reflection.Overrides)
			} else {
				want := *legacy.Reflection
				want.Source = migrated.Reflection.Source
				assert.Equal(t, &want, migrated.Reflection, "reflection of the migrated shader:\n%s", modern)
			}
			groups := max(tc.groups, 1)
			a := dispatch(t, dev, legacy, interpcheck.Prepare(t, compiler.Source{Name: tc.name + ".wgsl", Text: []byte(tc.src)},
				compiler.Options{Dialect: syntax.DialectLegacy2021}), groups, tc.bufs, tc.spec)
			b := dispatch(t, dev, migrated, interpcheck.Prepare(t, compiler.Source{Name: tc.name + ".modern.wgsl", Text: modern},
				compiler.Options{Dialect: syntax.DialectModern}), groups, tc.bufs, tc.spec)
			assert.Equal(t, a, b, "the migrated shader computes something else:\n%s", modern)
			if tc.check != nil {
				tc.check(t, a)
			}
		})
	}
}

var roundTrips = []roundTrip{
	{
		name: "statements",
		src: `
[[block]] struct B {
  [[offset(0)]] v : [[stride(4)]] array<i32, 16>;
};
[[group(0), binding(0)]] var<storage> buf : B;
[[builtin(local_invocation_index)]] var<in> li : u32;

fn f(x : i32) -> i32 {
  const k : i32 = 3;
  var r : i32 = 0;
  switch (x) {
    case 0: {
      r = 1;
      fallthrough;
    }
    case 1, 2: {
      var t : i32 = 10;
      r = r + t;
      fallthrough;
    }
    default: {
      r = r + k;
    }
  }
  if (x > 5) {
    r = r * 2;
  } elseif (x > 3) {
    r = r * 3;
  } else {
    r = -r;
  }
  var i : i32 = 0;
  loop {
    break if (i >= x);
    i = i + 1;
    continuing {
      r = r + 1;
      if (r < 20) {} else { break; }
    }
  }
  return r + (7 / 2) + i32(u32(-1 + 0) >> 28u);
}

[[stage(compute), workgroup_size(8)]]
fn main() -> void {
  buf.v[li] = f(i32(li));
}
`,
		bufs: [][]byte{make([]byte, 64)},
		check: func(t *testing.T, out [][]byte) {
			want := make([]int32, 16)
			for x := int32(0); x < 8; x++ {
				r := int32(0)
				switch x {
				case 0:
					r = 1 + 10 + 3
				case 1, 2:
					r = 10 + 3
				default:
					r = 3
				}
				switch {
				case x > 5:
					r *= 2
				case x > 3:
					r *= 3
				default:
					r = -r
				}
				for i := int32(0); i < x; i++ {
					r++
					if r >= 20 {
						break
					}
				}
				want[x] = r + 3 + 15
			}
			assert.Equal(t, want, asI32(out[0]))
		},
	},
	{
		name: "layout",
		src: `
type Floats = [[stride(16)]] array<f32, 4>;
[[block]] struct U {
  [[offset(0)]] a : f32;
  [[offset(16)]] b : vec4<f32>;
  [[offset(32)]] c : f32;
  [[offset(48)]] d : Floats;
  [[offset(112)]] e : [[stride(32)]] array<vec2<f32>, 2>;
  [[offset(176)]] f : vec3<f32>;
  [[offset(188)]] g : f32;
};
[[group(0), binding(0)]] var<uniform> u : U;
[[block]] struct Out {
  [[offset(0)]] n : u32;
  [[offset(8)]] v : vec2<f32>;
  [[offset(20)]] w : f32;
  [[offset(32)]] data : [[stride(16)]] array<vec2<f32>, 3>;
};
[[group(0), binding(1)]] var<storage> o : Out;

[[stage(compute)]]
fn main() -> void {
  var copy : Floats = u.d;
  o.n = 7u;
  o.v = u.e[1] + u.b.zw;
  o.w = u.a + u.c + u.g + copy[3];
  o.data[0] = vec2<f32>(u.d[0], u.d[1]);
  o.data[1] = u.e[0] + u.f.xy;
  o.data[2] = vec2<f32>(u.f.z, u.d[2]);
}
`,
		wrapped: true,
		bufs: [][]byte{func() []byte {
			u := make([]float32, 48)
			for i := range u {
				u[i] = float32(i + 1)
			}
			return f32s(u...)
		}(), f32s(make([]float32, 20)...)},
		check: func(t *testing.T, out [][]byte) {
			// u[k] = k+1 at byte offset 4k.
			at := func(off int) float32 { return float32(off/4 + 1) }
			o := out[1]
			assert.Equal(t, uint32(7), binary.LittleEndian.Uint32(o[0:]))
			assert.Equal(t, []float32{at(144) + at(24), at(148) + at(28)}, asF32(o[8:16]))
			assert.Equal(t, at(0)+at(32)+at(188)+at(96), asF32(o[20:24])[0])
			assert.Equal(t, []float32{at(48), at(64)}, asF32(o[32:40]))
			assert.Equal(t, []float32{at(112) + at(176), at(116) + at(180)}, asF32(o[48:56]))
			assert.Equal(t, []float32{at(184), at(80)}, asF32(o[64:72]))
			assert.Equal(t, make([]byte, 4), o[4:8], "padding is untouched")
		},
	},
	{
		name: "io",
		src: `
[[block]] struct B {
  [[offset(0)]] v : [[stride(16)]] array<vec4<u32>, 8>;
};
[[group(0), binding(0)]] var<storage> buf : B;
[[builtin(local_invocation_id)]] var<in> lid : vec3<u32>;
[[builtin(global_invocation_id)]] var<in> gid : vec3<u32>;
[[builtin(workgroup_id)]] var<in> wid : vec3<u32>;
[[builtin(workgroup_size)]] var<in> wgs : vec3<u32>;
[[builtin(local_invocation_index)]] var<in> li : u32;

fn size() -> u32 {
  return wgs.x * wgs.y * wgs.z;
}

fn slot() -> u32 {
  return wid.x * size() + li;
}

[[stage(compute), workgroup_size(2, 2)]]
fn main() -> void {
  buf.v[slot()] = vec4<u32>(gid.x, gid.y, lid.x + 10u * lid.y, size());
}
`,
		groups: 2,
		bufs:   [][]byte{make([]byte, 128)},
		check: func(t *testing.T, out [][]byte) {
			var want []uint32
			for w := uint32(0); w < 2; w++ {
				for y := uint32(0); y < 2; y++ {
					for x := uint32(0); x < 2; x++ {
						want = append(want, 2*w+x, y, x+10*y, 4)
					}
				}
			}
			assert.Equal(t, want, asU32(out[0]))
		},
	},
	{
		name: "overrides",
		src: `
[[constant_id(7)]] const scale : f32 = 2.0;
[[constant_id(8)]] const enabled : bool = true;
const base : f32 = 0.5;
[[block]] struct B {
  [[offset(0)]] v : [[stride(4)]] array<f32, 2>;
};
[[group(0), binding(0)]] var<storage> buf : B;

[[stage(compute)]]
fn main() -> void {
  if (enabled) {
    buf.v[0] = scale * base;
  }
  buf.v[1] = scale + 0.1 * 3.0;
}
`,
		bufs: [][]byte{f32s(-1, -1)},
		spec: map[uint32][]byte{7: vulkan.Spec32(math.Float32bits(8))},
		check: func(t *testing.T, out [][]byte) {
			assert.Equal(t, []float32{4, 8 + float32(0.1)*3}, asF32(out[0]))
		},
	},
	{
		name: "pointers",
		// The draft passes variables for pointer parameters and reads and writes through a
		// pointer parameter by its name (§3.1.1, §3.5.2).
		src: `
[[block]] struct B {
  [[offset(0)]] v : [[stride(4)]] array<i32, 4>;
};
[[group(0), binding(0)]] var<storage> buf : B;
var<private> total : i32;

fn bump(p : ptr<function, i32>, by : i32) -> void {
  p = p + by;
}

fn twice(p : ptr<function, i32>) -> void {
  bump(p, p);
}

fn add_total(q : ptr<private, i32>, x : i32) -> void {
  q = q + x;
}

[[stage(compute)]]
fn main() -> void {
  var a : i32 = 1;
  bump(a, 2);
  twice(a);
  add_total(total, a);
  add_total(total, 10);
  buf.v[0] = a;
  buf.v[1] = total;
}
`,
		bufs: [][]byte{make([]byte, 16)},
		check: func(t *testing.T, out [][]byte) {
			assert.Equal(t, []int32{6, 16, 0, 0}, asI32(out[0]))
		},
	},
}

func f32s(xs ...float32) []byte {
	b := make([]byte, 4*len(xs))
	for i, x := range xs {
		binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(x))
	}
	return b
}

func asF32(b []byte) []float32 {
	out := make([]float32, len(b)/4)
	for i := range out {
		out[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
	}
	return out
}

func asU32(b []byte) []uint32 {
	out := make([]uint32, len(b)/4)
	for i := range out {
		out[i] = binary.LittleEndian.Uint32(b[4*i:])
	}
	return out
}

func asI32(b []byte) []int32 {
	out := make([]int32, len(b)/4)
	for i := range out {
		out[i] = int32(binary.LittleEndian.Uint32(b[4*i:]))
	}
	return out
}

// TestCheckerFixtures migrates the checker's 2021-draft fixtures that have no errors: the
// migration checks as modern WGSL and by tint, and both forms compile to valid SPIR-V with
// the same reflection. (Outside a Go checkout of the module, under Bazel, they are absent.)
func TestCheckerFixtures(t *testing.T) {
	oracle.SkipUnderBazel(t, "reads the checker's fixtures in ../sema/testdata")
	files, err := filepath.Glob("../sema/testdata/legacy2021/*.wgsl")
	require.NoError(t, err)
	require.NotEmpty(t, files, "no 2021-draft fixtures in ../sema/testdata/legacy2021")
	n := 0
	for _, path := range files {
		src, err := os.ReadFile(path)
		require.NoError(t, err)
		if bytes.Contains(src, []byte("ERROR")) {
			continue
		}
		n++
		t.Run(filepath.Base(path), func(t *testing.T) {
			modern, diags := migrateText(t, path, src)
			require.False(t, diags.HasErrors(), "%s", diagText(diags))
			tintAccepts(t, modern)
			legacy := compile(t, path, src, syntax.DialectLegacy2021)
			migrated := compile(t, path, modern, syntax.DialectModern)
			assert.Equal(t, legacy.Reflection, migrated.Reflection, "reflection of the migrated shader:\n%s", modern)
		})
	}
	require.NotZero(t, n, "no fixture without errors")
}
