package weslbazel

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/wgslgo/wgslgo/compiler/wesl"
)

// tree is an execution root: a consumer in app/, libraries in lib/ (lights imports types,
// by name in its wesl.toml), and one in an external repository of a Go module.
var tree = fstest.MapFS{
	"lib/lights/wesl.toml":                              {Data: []byte("[package]\nroot = \".\"\n[dependencies]\ntypes = { path = \"../types\" }\n")},
	"lib/lights/point.wesl":                             {Data: []byte("import types::Light;\npublic fn point() -> Light { return Light(1.0); }\n")},
	"lib/types/package.wesl":                            {Data: []byte("public struct Light { power: f32 }\n")},
	"external/com_example_shaderlib/noise/package.wesl": {Data: []byte("public fn noise() -> f32 { return 0.5; }\n")},
}

var (
	lights = Package{Label: "//lib/lights:lights_wesl", Name: "lights", Dir: "lib/lights", Deps: []string{"//lib/types:types_wesl"}}
	types  = Package{Label: "//lib/types:types_wesl", Name: "types", Dir: "lib/types"}
	noise  = Package{Label: "@com_example_shaderlib//noise:noise_wesl", Name: "noise", Dir: "external/com_example_shaderlib/noise"}
)

// TestResolve links a consumer against manifests: a declared dep links (named in a wesl.toml
// by path or Go module, or by its name alone), a library's own deps are its own, and every
// package the target does not declare is an error at the import naming the label to add,
// even when the files are there to read.
func TestResolve(t *testing.T) {
	const useLights = "import lights::point::point;\n@compute @workgroup_size(1) fn main() { _ = point(); }\n"
	for _, c := range []struct {
		name   string
		toml   string // app/wesl.toml; "" for none
		root   string
		deps   []string
		pkgs   []Package
		errmsg string // "" when it links
	}{
		{"path dep declared", "[package]\nroot = \".\"\n[dependencies]\nlights = { path = \"../lib/lights\" }\n", useLights,
			[]string{lights.Label}, []Package{lights, types}, ""},
		{"by name, no wesl.toml", "", useLights, []string{lights.Label}, []Package{lights, types}, ""},
		{"renamed in wesl.toml", "[package]\nroot = \".\"\n[dependencies]\nl = { path = \"../lib/lights\" }\n",
			"import l::point::point;\n@compute @workgroup_size(1) fn main() { _ = point(); }\n", []string{lights.Label}, []Package{lights, types}, ""},
		{"module dep declared", "[package]\nroot = \".\"\n[dependencies]\nnoise = { module = \"example.com/ShaderLib\", dir = \"noise\" }\n",
			"import noise::noise;\n@compute @workgroup_size(1) fn main() { _ = noise(); }\n", []string{noise.Label}, []Package{noise}, ""},
		{"path dep undeclared", "[package]\nroot = \".\"\n[dependencies]\nlights = { path = \"../lib/lights\" }\n", useLights,
			nil, nil, `app/main.wesl:1:8: error: cannot open package 'lights': the WESL package lights (lib/lights, named by app/wesl.toml:4:1) is not a dependency of //app:app: add "//lib/lights:lights_wesl" to its deps`},
		{"module dep declared, bzlmod's canonical repository name", "[package]\nroot = \".\"\n[dependencies]\nnoise = { module = \"example.com/ShaderLib\", dir = \"noise\" }\n",
			"import noise::noise;\n@compute @workgroup_size(1) fn main() { _ = noise(); }\n", []string{"@@gazelle~~go_deps~com_example_shaderlib//noise:noise_wesl"},
			[]Package{{Label: "@@gazelle~~go_deps~com_example_shaderlib//noise:noise_wesl", Name: "other", Dir: noise.Dir}}, ""},
		{"module dep undeclared", "[package]\nroot = \".\"\n[dependencies]\nnoise = { module = \"example.com/ShaderLib\", dir = \"noise\" }\n",
			"import noise::noise;\n", []string{lights.Label}, []Package{lights, types},
			`app/main.wesl:1:8: error: cannot open package 'noise': the WESL package noise (directory noise of the Go module example.com/ShaderLib, named by app/wesl.toml:4:1) is not a dependency of //app:app: add "@com_example_shaderlib//noise:noise_wesl" to its deps`},
		{"undeclared by name", "", useLights, nil, nil,
			"app/main.wesl:1:8: error: cannot open package 'lights': no dependency of //app:app is a WESL package named lights: add the wgsl_library that provides it to its deps"},
		{"a dep's dep is not the target's", "", "import types::Light;\n", []string{lights.Label}, []Package{lights, types},
			"app/main.wesl:1:8: error: cannot open package 'types': no dependency of //app:app is a WESL package named types"},
		{"a library's undeclared dep", "", useLights, []string{lights.Label}, []Package{{Label: lights.Label, Name: "lights", Dir: "lib/lights"}},
			`lib/lights/point.wesl:1:8: error: cannot open package 'types': the WESL package types (lib/types, named by lib/lights/wesl.toml:4:1) is not a dependency of //lib/lights:lights_wesl: add "//lib/types:types_wesl" to its deps`},
		{"two deps of one name", "", useLights, []string{lights.Label, "//other:lights_wesl"},
			[]Package{lights, types, {Label: "//other:lights_wesl", Name: "lights", Dir: "lib/lights"}},
			"the deps //lib/lights:lights_wesl, //other:lights_wesl of //app:app are all WESL packages named lights"},
	} {
		t.Run(c.name, func(t *testing.T) {
			fsys := fstest.MapFS{}
			for k, v := range tree {
				fsys[k] = v
			}
			if c.toml != "" {
				fsys["app/wesl.toml"] = &fstest.MapFile{Data: []byte(c.toml)}
			}
			r, err := New(wesl.FromFS(fsys), Manifest{Target: "//app:app", Deps: c.deps, Packages: c.pkgs})
			if err != nil {
				t.Fatal(err)
			}
			_, diags := wesl.LinkText(wesl.FromFS(fsys), "app/main.wesl", []byte(c.root), wesl.Options{Resolver: r})
			switch {
			case c.errmsg == "" && diags.HasErrors():
				t.Fatalf("does not link: %v", diags)
			case c.errmsg != "" && !strings.Contains(diags.Error(), c.errmsg):
				t.Fatalf("got %v\nwant an error with %q", diags, c.errmsg)
			}
		})
	}
}

func TestManifestErrors(t *testing.T) {
	if _, err := New(nil, Manifest{Target: "//a", Deps: []string{"//b:b"}}); err == nil || !strings.Contains(err.Error(), "has no package //b:b") {
		t.Errorf("a dep missing from the packages: %v", err)
	}
	if _, err := New(nil, Manifest{Target: "//a", Packages: []Package{types, types}}); err == nil || !strings.Contains(err.Error(), "lists //lib/types:types_wesl twice") {
		t.Errorf("a package twice: %v", err)
	}
}

func TestLabels(t *testing.T) {
	for _, c := range []struct{ got, want string }{
		{RepoName("github.com/Example/shader-lib.v2"), "com_github_example_shader_lib_v2"},
		{RepoName("example.com"), "com_example"},
		{ModuleLabel("example.com/shaderlib", "lights"), "@com_example_shaderlib//lights:lights_wesl"},
		{ModuleLabel("example.com/shaderlib", "."), "@com_example_shaderlib//:wesl"},
		{DirLabel("lib/lights/../types"), "//lib/types:types_wesl"},
		{DirLabel("external/repo/a/b"), "@repo//a/b:b_wesl"},
		{DirLabel("."), "//:wesl"},
	} {
		if c.got != c.want {
			t.Errorf("got %s, want %s", c.got, c.want)
		}
	}
	for _, c := range []struct {
		a, b string
		same bool
	}{
		{"//a/b:b", "@//a/b", true},
		{"@r//a:x", "@r//a:x", true},
		{"//a:x", "//a:y", false},
		{"@r//a", "@r//a:a", true},
	} {
		if sameLabel(c.a, c.b) != c.same {
			t.Errorf("sameLabel(%s, %s) = %v", c.a, c.b, !c.same)
		}
	}
}
