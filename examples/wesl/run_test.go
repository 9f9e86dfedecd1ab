package wesl

import (
	"encoding/binary"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/examples/wesl/glossy"
	"github.com/wgslgo/wgslgo/examples/wesl/matte"
	"github.com/wgslgo/wgslgo/gen/wgsl"
	"github.com/wgslgo/wgslgo/internal/spirvval"
	"github.com/wgslgo/wgslgo/internal/vulkan"
)

// The scene: a light, and surfaces facing it, away from it and in between, seen from
// several sides.
var (
	lightDir  = normalize(wgsl.Vec3f{0.3, -1, -0.2})
	lightRGB  = wgsl.Vec3f{1, 0.9, 0.7}
	intensity = float32(1.5)
	shininess = float32(16)
)

func normalize(v wgsl.Vec3f) wgsl.Vec3f {
	n := float32(math.Sqrt(float64(v[0]*v[0] + v[1]*v[1] + v[2]*v[2])))
	return wgsl.Vec3f{v[0] / n, v[1] / n, v[2] / n}
}

func dot(a, b wgsl.Vec3f) float32 { return a[0]*b[0] + a[1]*b[1] + a[2]*b[2] }

// surface is one point of the scene, in the fields both packages' Surface types have.
type surface struct {
	normal, view wgsl.Vec3f
	albedo       float32
}

func scene() []surface {
	var out []surface
	normals := []wgsl.Vec3f{{0, 1, 0}, {0, -1, 0}, {1, 0, 0}, {-0.3, 1, 0.2}, {0, 0, 1}, {0.5, 0.5, 0.5}}
	views := []wgsl.Vec3f{{0, 1, 0}, {0.3, 1, 0.2}, {0, 0, 1}, {-1, 0.5, 0}}
	for i := range 70 {
		out = append(out, surface{normal: normalize(normals[i%len(normals)]), view: normalize(views[i%len(views)]), albedo: 0.25 + float32(i%4)/4})
	}
	return out
}

// shadeGo is lighting.wesl's shade in Go: Lambert, and with specular a Blinn-Phong
// highlight.
func shadeGo(s surface, specular bool) wgsl.Vec3f {
	diffuse := max(dot(s.normal, wgsl.Vec3f{-lightDir[0], -lightDir[1], -lightDir[2]}), 0)
	energy := s.albedo * diffuse
	if specular && diffuse > 0 {
		h := normalize(wgsl.Vec3f{s.view[0] - lightDir[0], s.view[1] - lightDir[1], s.view[2] - lightDir[2]})
		energy += float32(math.Pow(float64(max(dot(s.normal, h), 0)), float64(shininess)))
	}
	k := intensity * energy
	return wgsl.Vec3f{lightRGB[0] * k, lightRGB[1] * k, lightRGB[2] * k}
}

// variant is one generated package: its tables and the bytes of its structures.
type variant struct {
	name            string
	specular        bool
	shade, exposure *wgsl.Shader
	light           []byte
	surfaces        func([]surface) []byte
}

func variants() []variant {
	return []variant{
		{
			name: "glossy", specular: true, shade: &glossy.ShadeShader.Shader, exposure: &glossy.ExposureShader.Shader,
			light: (&glossy.Light{Dir: lightDir, Intensity: intensity, Color: lightRGB, Shininess: shininess}).Bytes(),
			surfaces: func(ss []surface) []byte {
				var out []byte
				for _, s := range ss {
					// One Go type for the structure of types.wesl: shade.wesl's Surface
					// and the element of exposure.wesl's points alike.
					out = append(out, (&glossy.Surface{Normal: s.normal, Albedo: s.albedo, View: s.view}).Bytes()...)
				}
				return out
			},
		},
		{
			name: "matte", shade: &matte.ShadeShader.Shader, exposure: &matte.ExposureShader.Shader,
			light: (&matte.Light{Dir: lightDir, Intensity: intensity, Color: lightRGB, Shininess: shininess}).Bytes(),
			surfaces: func(ss []surface) []byte {
				var out []byte
				for _, s := range ss {
					out = append(out, (&matte.Surface{Normal: s.normal, Albedo: s.albedo, View: s.view}).Bytes()...)
				}
				return out
			},
		},
	}
}

// run dispatches entry point 0 of sh with the data of each binding, in binding order.
func run(t *testing.T, dev *vulkan.Device, sh *wgsl.Shader, groups uint32, data ...[]byte) *vulkan.Result {
	t.Helper()
	spirvval.Check(t, sh.Words(), "vulkan1.1")
	var binds []vulkan.Binding
	for _, g := range sh.BindGroups {
		for i := range g.Entries {
			b, err := vulkan.BindingOf(&g.Entries[i])
			require.NoError(t, err)
			b.Data = data[len(binds)]
			binds = append(binds, b)
		}
	}
	res, err := dev.Dispatch(vulkan.Run{SPIRV: sh.Words(), Entry: sh.EntryPoints[0].Name, Groups: [3]uint32{groups, 1, 1}, Bindings: binds})
	require.NoError(t, err)
	return res
}

// TestShadeAndExposure runs both shaders of both packages on lavapipe: the colors and the
// exposure are lighting.wesl's, with the highlight in glossy and without it in matte.
func TestShadeAndExposure(t *testing.T) {
	dev := vulkan.Require(t)
	surfaces := scene()
	for _, v := range variants() {
		t.Run(v.name, func(t *testing.T) {
			res := run(t, dev, v.shade, 2, v.light, v.surfaces(surfaces), make([]byte, 16*len(surfaces)))
			colors := res.Bytes(0, 2)
			var peak float32
			lit := 0
			for i, s := range surfaces {
				var got wgsl.Vec4f
				got.Decode(colors[16*i:])
				want := shadeGo(s, v.specular)
				for k := range 3 {
					assert.InDelta(t, want[k], got[k], float64(2e-4*max(1, want[k])), "surface %d, component %d", i, k)
				}
				assert.Equal(t, float32(1), got[3])
				peak = max(peak, dot(want, wgsl.Vec3f{0.2126, 0.7152, 0.0722}))
				if dot(s.normal, lightDir) < 0 {
					lit++
				}
			}

			res = run(t, dev, v.exposure, 1, v.light, v.surfaces(surfaces), make([]byte, 8))
			exp := res.Bytes(0, 2)
			assert.Equal(t, uint32(lit), binary.LittleEndian.Uint32(exp[0:]), "lit surfaces")
			assert.InDelta(t, peak, math.Float32frombits(binary.LittleEndian.Uint32(exp[4:])), float64(2e-4*peak), "peak luminance")
		})
	}
	// The feature changes the result: the highlight adds to some surfaces.
	assert.NotEqual(t, shadeGo(surfaces[0], true), shadeGo(surfaces[0], false))
}
