package roundtrip

import (
	"testing"

	"github.com/wgslgo/wgslgo/gen/wgsl"
	"github.com/wgslgo/wgslgo/internal/interpcheck"
	"github.com/wgslgo/wgslgo/internal/oracle"
	"github.com/wgslgo/wgslgo/internal/vulkan"
)

// roundTrip is one shader of testdata with the values it derives.
type roundTrip struct {
	name   string // the test name and the testdata file's stem
	shader *wgsl.Shader
	groups uint32
	f16    bool // needs shaderFloat16 and 16-bit storage
	parts  func(t testing.TB) []part
}

var roundTrips = []roundTrip{
	{name: "params", shader: &ParamsShader.Shader, parts: func(t testing.TB) []part {
		return []part{value(t, 0, 1, *fill(&Params{}))}
	}},
	{name: "tails", shader: &TailsShader.Shader, parts: func(t testing.TB) []part {
		return []part{
			value(t, 0, 1, *fill(&Tails{})),
			value(t, 2, 3, *fill(&Tails{})),
		}
	}},
	{name: "matrices", shader: &MatricesShader.Shader, parts: func(t testing.TB) []part {
		return []part{
			value(t, 0, 1, *fill(&Mats{})),
			value(t, 2, 3, *fill(&Mats{})),
		}
	}},
	{name: "arrays", shader: &ArraysShader.Shader, parts: func(t testing.TB) []part {
		return []part{
			value(t, 0, 1, *fill(&Arrs{})),
			value(t, 2, 3, *fill(&UArrs{})),
		}
	}},
	{name: "nested", shader: &NestedShader.Shader, parts: func(t testing.TB) []part {
		return []part{value(t, 0, 1, *fill(&Outer{}))}
	}},
	{name: "attrs", shader: &AttrsShader.Shader, parts: func(t testing.TB) []part {
		return []part{
			value(t, 0, 1, *fill(&Attrs{})),
			value(t, 2, 3, *fill(&Attrs{})),
		}
	}},
	{name: "halves", shader: &HalvesShader.Shader, f16: true, parts: func(t testing.TB) []part {
		return []part{
			value(t, 0, 1, *fill(&Halves{})),
			value(t, 2, 3, *fill(&UHalves{})),
		}
	}},
	{name: "runtime", shader: &RuntimeShader.Shader, groups: 2, parts: func(t testing.TB) []part {
		// 100 elements: two workgroups of 64, the last invocations past arrayLength.
		items := make([]Item, 100)
		for i := range items {
			fill(&items[i])
		}
		bare := make([]Item, 77)
		for i := range bare {
			fill(&bare[i])
		}
		return []part{
			runtimeArray(t, 0, 1, BagItemsOffset, BagSize, AppendBag, DecodeBag, *fill(&Bag{}), items),
			elements(t, 2, 3, bare),
		}
	}},
	{name: "atomics", shader: &AtomicsShader.Shader, parts: func(t testing.TB) []part {
		return []part{value(t, 0, 1, *fill(&Counters{}))}
	}},
}

// TestRoundTrip runs every shader of testdata on the Vulkan device: what the generated Go
// code encodes, the compiled shader reads, and what it writes, the generated code decodes to
// the expected values, with every padding byte untouched.
func TestRoundTrip(t *testing.T) {
	dev := vulkan.Require(t)
	for _, rt := range roundTrips {
		t.Run(rt.name, func(t *testing.T) {
			if rt.f16 && !dev.Info.F16() {
				oracle.Missing(t, "the device has no f16 in storage and uniform buffers: %v", &dev.Info)
			}
			p := rt.program(t)
			requireSame(t, diffs(p, dispatch(t, dev, p)))
		})
	}
}

func (rt *roundTrip) program(t testing.TB) program {
	m := interpcheck.FromShader(t, rt.shader)
	return program{module: &m, spirv: rt.shader.Words(), entry: "main", bindings: tableBindings(rt.shader), groups: rt.groups, parts: rt.parts(t)}
}
