package lower_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/wgslgo/wgslgo/compiler/backend"
	"github.com/wgslgo/wgslgo/compiler/lower"
)

// largeShader returns a compute shader of n helper functions of typical code (vector and
// matrix arithmetic, loops, ifs, a switch, builtins, pointers), called from one entry point.
func largeShader(n int) string {
	var sb strings.Builder
	sb.WriteString(`struct Particle { pos: vec4f, vel: vec4f, xform: mat4x4f, id: u32 }
@group(0) @binding(0) var<storage, read_write> particles: array<Particle>;
override dt: f32 = 0.016;
`)
	for k := 0; k < n; k++ {
		fmt.Fprintf(&sb, `
fn step%[1]d(idx: u32, acc: ptr<function, vec4f>) -> f32 {
	var total = 0.0;
	for (var i = 0u; i < %[2]du; i++) {
		let j = (idx + i) %% arrayLength(&particles);
		let p = particles[j];
		var np = p.xform * (p.pos + p.vel * dt);
		let l = length(np);
		if l > %[3]d.0 && p.id != 0u {
			np = normalize(np) * min(l, 10.0);
		} else {
			np.y -= 9.81 * dt;
		}
		switch p.id %% 3u {
			case 0u: { total += dot(np.xyz, vec3(1.0, 0.5, 0.25)); }
			case 1u, 2u: { total -= clamp(np.w, -1.0, 1.0); }
			default: {}
		}
		*acc += np;
		particles[j].pos = np;
	}
	return total + f32(idx) * 0.5;
}
`, k, 4+k%5, k%7+1)
	}
	sb.WriteString("\n@compute @workgroup_size(64)\nfn main(@builtin(global_invocation_id) id: vec3u) {\n\tvar acc = vec4f();\n\tvar t = 0.0;\n")
	for k := 0; k < n; k++ {
		fmt.Fprintf(&sb, "\tt += step%d(id.x, &acc);\n", k)
	}
	sb.WriteString("\tparticles[id.x].vel = acc * t;\n}\n")
	return sb.String()
}

func TestLargeShader(t *testing.T) {
	src := largeShader(20)
	lowerOK(t, src, lower.Options{})
	compile(t, src, lower.Options{}, backend.Vulkan1_0)
}

// BenchmarkLower measures the lowering alone (the program is checked once) of a shader of
// about 250 KB.
func BenchmarkLower(b *testing.B) { benchmarkLower(b, lower.Options{}) }

func benchmarkLower(b *testing.B, opts lower.Options) {
	src := largeShader(300)
	p := check(b, src)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		m, diags := lower.Lower(p, opts)
		if diags.HasErrors() || m == nil {
			b.Fatal(diags)
		}
	}
}
