package gen

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPublished: a structure of a WESL module that a library publishes is the library's Go
// type, used by the structures that hold it and checked at compile time, and declared
// nowhere here; one with a runtime-sized array, or one the library does not publish, is
// declared here.
func TestPublished(t *testing.T) {
	const src = `struct Light { position: vec3f, intensity: f32 }
struct Lights { count: u32, all: array<Light> }
struct Scene { sun: Light, exposure: f32 }
@group(0) @binding(0) var<uniform> scene: Scene;
@group(0) @binding(1) var<storage, read> lights: Lights;
@compute @workgroup_size(1) fn main() { _ = scene.exposure; _ = lights.count; }
`
	lib := GoImportPath("example.com/shaderlib/lights")
	cases := []struct {
		name      string
		published map[string]GoIdent
		want      []string
		not       []string
	}{
		{name: "published",
			published: map[string]GoIdent{"lights::types::Light": {GoImportPath: lib, GoName: "Light"}, "lights::types::Lights": {GoImportPath: lib, GoName: "Lights"}},
			want: []string{"\t\"example.com/shaderlib/lights\"\n", "Sun      lights.Light", "unsafe.Sizeof(lights.Light{})-16]",
				"unsafe.Offsetof(lights.Light{}.Intensity)-12]", "run go generate in the library", "type Lights struct"},
			not: []string{"type Light struct"}},
		{name: "not published", published: map[string]GoIdent{"other::Light": {GoImportPath: lib, GoName: "Light"}},
			want: []string{"type Light struct", "Sun      Light"},
			not:  []string{"example.com/shaderlib", "run go generate in the library"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			sh := wgslShaders(t, "app.wesl", src)
			sh[0].Origins = map[string]string{"Light": "lights::types::Light", "Lights": "lights::types::Lights"}
			out, err := Generate(sh, Options{Package: "app", Published: c.published})
			require.NoError(t, err)
			code := string(out.Go)
			for _, w := range c.want {
				assert.Contains(t, code, w)
			}
			for _, n := range c.not {
				assert.NotContains(t, code, n)
			}
		})
	}
}

// TestStructOrigin reads back the doc comment of a module's structure, and nothing else.
func TestStructOrigin(t *testing.T) {
	cases := []struct {
		doc, goName, origin string
		ok                  bool
	}{
		{"Light is the WGSL structure package::types::Light: 16 bytes, aligned to 16.", "Light", "package::types::Light", true},
		{"Light is the WGSL structure Light: 16 bytes, aligned to 16.", "", "", false},
		{"Light is a WGSL structure package::types::Light: 16 bytes, aligned to 16.", "", "", false},
		{"Light is the WGSL structure package::types::Light.", "", "", false},
	}
	for _, c := range cases {
		goName, origin, ok := StructOrigin(c.doc)
		assert.Equal(t, c.goName, goName, c.doc)
		assert.Equal(t, c.origin, origin, c.doc)
		assert.Equal(t, c.ok, ok, c.doc)
	}
}
