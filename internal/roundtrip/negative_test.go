package roundtrip

import (
	"encoding/binary"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler"
	"github.com/wgslgo/wgslgo/internal/interpcheck"
	"github.com/wgslgo/wgslgo/internal/spirvval"
	"github.com/wgslgo/wgslgo/internal/vulkan"
)

// naiveParams is Params laid out by a host that pads every vec3 to 16 bytes, like a vec4:
// dt lands at 16 instead of in the tail of gravity, count at 20 instead of 16. Its size is
// right (32), so only the contents can tell.
type naiveParams struct {
	Gravity [3]float32
	_       [4]byte
	Dt      float32
	Count   uint32
	_       [8]byte
}

func (p *naiveParams) Encode(b []byte) {
	clear(b[:32])
	for i, x := range p.Gravity {
		binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(x))
	}
	binary.LittleEndian.PutUint32(b[16:], math.Float32bits(p.Dt))
	binary.LittleEndian.PutUint32(b[20:], p.Count)
}

func (p *naiveParams) Decode(b []byte) {
	for i := range p.Gravity {
		p.Gravity[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
	}
	p.Dt = math.Float32frombits(binary.LittleEndian.Uint32(b[16:]))
	p.Count = binary.LittleEndian.Uint32(b[20:])
}

// variant compiles testdata/<name>.wgsl with each old string replaced by its new one, and
// validates the SPIR-V.
func variant(t *testing.T, name string, oldNew ...string) program {
	t.Helper()
	src, err := os.ReadFile("testdata/" + name + ".wgsl")
	require.NoError(t, err)
	text := string(src)
	for i := 0; i < len(oldNew); i += 2 {
		require.Equal(t, 1, strings.Count(text, oldNew[i]), "%q in testdata/%s.wgsl", oldNew[i], name)
		text = strings.Replace(text, oldNew[i], oldNew[i+1], 1)
	}
	source := compiler.Source{Name: name + "-variant.wgsl", Text: []byte(text)}
	res, err := compiler.Compile(source, compiler.Options{})
	require.NoError(t, err)
	spirvval.Check(t, res.SPIRV, "vulkan1.1")
	m := interpcheck.Prepare(t, source, compiler.Options{})
	return program{module: &m, spirv: res.SPIRV, entry: "main", bindings: bindingsOf(res.Reflection)}
}

// TestNegativeControls runs the round-trip comparison where the host and the shader disagree
// on a layout, and where the shader writes into what the host knows as padding: each must
// be reported, by the same comparison that passes in TestRoundTrip, so that it cannot pass
// vacuously.
func TestNegativeControls(t *testing.T) {
	dev := vulkan.Require(t)

	t.Run("host without vec3 tail packing", func(t *testing.T) {
		m := interpcheck.FromShader(t, &ParamsShader.Shader)
		p := program{module: &m, spirv: ParamsShader.Words(), entry: "main", bindings: tableBindings(&ParamsShader.Shader),
			parts: []part{value(t, 0, 1, *fill(&naiveParams{}))}}
		d := diffs(p, dispatch(t, dev, p))
		t.Logf("reported, as expected:\n%s", strings.Join(d, "\n"))
		joined := strings.Join(d, "\n")
		assert.Contains(t, joined, "naiveParams.Dt: got")
		assert.Contains(t, joined, "naiveParams.Count: got")
		assert.Contains(t, joined, "output padding bytes 12..15", "the shader's dt lands in the host's padding")
	})

	t.Run("shader with a shifted member", func(t *testing.T) {
		// h moves from 56 to 60 (g gets 12 bytes); the size stays 112.
		p := variant(t, "tails", "  g: vec2<f32>,", "  @size(12) g: vec2<f32>,")
		p.parts = []part{value(t, 0, 1, *fill(&Tails{})), value(t, 2, 3, *fill(&Tails{}))}
		d := diffs(p, dispatch(t, dev, p))
		t.Logf("reported, as expected:\n%s", strings.Join(d, "\n"))
		require.Len(t, d, 4, "H and the padding after it, in each pair")
		for _, prefix := range []string{"Tails.H: got", "Tails: output padding bytes 60..63"} {
			n := 0
			for _, line := range d {
				if strings.HasPrefix(line, prefix) {
					n++
				}
			}
			assert.Equal(t, 2, n, "lines starting %q", prefix)
		}
	})

	t.Run("shader writing into padding", func(t *testing.T) {
		// A member x in the 4 bytes of padding after h: every field still round-trips.
		p := variant(t, "tails",
			"  h: f32,", "  h: f32, x: f32,",
			"t.h * 2.0 + 1.0, t.i", "t.h * 2.0 + 1.0, 7.0, t.i")
		p.parts = []part{value(t, 0, 1, *fill(&Tails{})), value(t, 2, 3, *fill(&Tails{}))}
		d := diffs(p, dispatch(t, dev, p))
		t.Logf("reported, as expected:\n%s", strings.Join(d, "\n"))
		assert.Equal(t, []string{"Tails: output padding bytes 60..63 are 00 00 e0 40, want the sentinel 0xab"}, d,
			"only the whole-structure store writes x; the member-by-member pair leaves it alone")
	})
}
