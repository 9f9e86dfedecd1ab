package gen

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// bindShader has a group of each kind of binding, and one with a binding number that a
// vertex and a compute entry point use for different variables.
const bindShader = `struct Camera { view_proj: mat4x4f }
struct Step { dt: f32 }
@group(0) @binding(0) var<uniform> camera: Camera;
@group(1) @binding(0) var t_diffuse: texture_2d<f32>;
@group(1) @binding(1) var s_diffuse: sampler;
@group(1) @binding(2) var<uniform> range: vec4f;
@group(2) @binding(0) var<uniform> view: Camera;
@group(2) @binding(0) var<uniform> step: Step;
@group(2) @binding(1) var<storage, read_write> points: array<vec4f>;
@vertex fn vs(@location(0) p: vec3f) -> @builtin(position) vec4f { return camera.view_proj * view.view_proj * vec4f(p, 1.0); }
@fragment fn fs() -> @location(0) vec4f { return textureSample(t_diffuse, s_diffuse, vec2f(0.5)) * range; }
@compute @workgroup_size(1) fn simulate() { points[0] *= step.dt; }
`

// bindMain is a program that binds the groups of bindShader with an adapter of its own
// types; BODY is replaced.
const bindMain = `package main

import (
	"fmt"

	"example.com/gentest/fx"
	"github.com/wgslgo/wgslgo/gen/wgsl"
)

type (
	buffer  struct{ name string }
	view    struct{ name string }
	sampler struct{ name string }
)

// adapter makes a "bind group" that lists the bindings and values it was given.
type adapter struct{}

func (adapter) BindGroup(s *wgsl.Shader, group uint32, rs []wgsl.Resource[*buffer, *view, *sampler]) (string, error) {
	out := fmt.Sprintf("%s@%d:", s.Source, group)
	for _, r := range rs {
		switch {
		case r.Buffer != nil:
			out += " " + r.Binding.Name + "=" + r.Buffer.name
		case r.Texture != nil:
			out += " " + r.Binding.Name + "=" + r.Texture.name
		case r.Sampler != nil:
			out += " " + r.Binding.Name + "=" + r.Sampler.name
		}
	}
	return out, nil
}

func main() {
	cam, rng, pts, stp := &buffer{"cam"}, &buffer{"rng"}, &buffer{"pts"}, &buffer{"stp"}
	tex, smp := &view{"tex"}, &sampler{"smp"}
	_, _, _, _, _, _ = cam, rng, pts, stp, tex, smp
	BODY
}
`

// TestBindGroupFunctions builds programs that bind the groups of a shader through its
// generated functions with an adapter's types: one that binds every group runs and hands the
// adapter each binding's value in order; one that leaves a binding out, and one that passes a
// sampler where a texture belongs, fail go build at the call.
func TestBindGroupFunctions(t *testing.T) {
	goTool(t)
	t.Parallel()
	out, err := Generate(wgslShaders(t, "bind.wgsl", bindShader), Options{Package: "fx"})
	require.NoError(t, err)
	src := string(out.Go)
	for _, want := range []string{
		"func BindGroup0[Buffer, Texture, Sampler, Group any](binder wgsl.Binder[Buffer, Texture, Sampler, Group], camera Buffer) (Group, error)",
		"func BindGroup1[Buffer, Texture, Sampler, Group any](binder wgsl.Binder[Buffer, Texture, Sampler, Group], tDiffuse Texture, sDiffuse Sampler, range_ Buffer) (Group, error)",
		"func BindRenderGroup2[Buffer, Texture, Sampler, Group any](binder wgsl.Binder[Buffer, Texture, Sampler, Group], view Buffer) (Group, error)",
		"func BindComputeGroup2[Buffer, Texture, Sampler, Group any](binder wgsl.Binder[Buffer, Texture, Sampler, Group], step Buffer, points Buffer) (Group, error)",
	} {
		assert.Contains(t, src, want)
	}
	assert.NotContains(t, src, "func BindGroup2[")

	for _, c := range []struct {
		name, body string
		want       string // the program's output, or a regexp of go build's error
	}{
		{"every binding", `for _, g := range []func() (string, error){
		func() (string, error) { return fx.BindGroup0(adapter{}, cam) },
		func() (string, error) { return fx.BindGroup1(adapter{}, tex, smp, rng) },
		func() (string, error) { return fx.BindRenderGroup2(adapter{}, cam) },
		func() (string, error) { return fx.BindComputeGroup2(adapter{}, stp, pts) },
	} {
		s, err := g()
		fmt.Println(s, err)
	}`, "bind.wgsl@0: camera=cam <nil>\nbind.wgsl@1: t_diffuse=tex s_diffuse=smp range=rng <nil>\nbind.wgsl@2: view=cam <nil>\nbind.wgsl@2: step=stp points=pts <nil>\n"},
		{"a binding left out", `fmt.Println(fx.BindGroup1(adapter{}, tex, smp))`, `main\.go:\d+:\d+: not enough arguments in call to fx\.BindGroup1`},
		{"a sampler for a texture", `fmt.Println(fx.BindGroup1(adapter{}, smp, smp, rng))`, `main\.go:\d+:\d+: .*(cannot use smp|does not match)`},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			dir := tempModule(t)
			writeOutput(t, dir, "fx", out)
			require.NoError(t, os.MkdirAll(filepath.Join(dir, "cmd"), 0o755))
			require.NoError(t, os.WriteFile(filepath.Join(dir, "cmd", "main.go"), []byte(strings.Replace(bindMain, "BODY", c.body, 1)), 0o644))
			msg, err := goCommand(t, dir, "run", "./cmd")
			if c.name == "every binding" {
				require.NoError(t, err, msg)
				assert.Equal(t, c.want, msg)
				return
			}
			require.Error(t, err, "go build accepted it:\n%s", msg)
			assert.Regexp(t, regexp.MustCompile(c.want), msg)
		})
	}
}
