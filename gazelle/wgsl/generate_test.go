package wgsl

import (
	"slices"
	"strings"
	"testing"

	"github.com/bazelbuild/bazel-gazelle/label"

	"github.com/wgslgo/wgslgo/gen/wgslgen"
	"github.com/wgslgo/wgslgo/internal/weslbazel"
)

// TestLineCheck: a wgslgen line becomes a target of its directory only when it writes a file
// of the directory and reads files of the directory or below it: a Bazel target writes into
// its own package and reads its own package's files (and its subdirectories', which the
// target claims). Each refusal is checked alone, the other paths being fine.
func TestLineCheck(t *testing.T) {
	for _, c := range []struct {
		out    string
		inputs []string
		err    string
		srcs   []string
	}{
		{"shaders.go", []string{"a.wgsl", "sub/b.wgsl", "./c.wgsl", "sub/../d.wgsl"}, "", []string{"a.wgsl", "sub/b.wgsl", "c.wgsl", "d.wgsl"}},
		{"shaders.go", []string{"a.wgsl", "../other/b.wgsl"}, "it reads ../other/b.wgsl, outside the line's directory", nil},
		{"shaders.go", []string{"sub/../../b.wgsl"}, "it reads sub/../../b.wgsl, outside the line's directory", nil},
		{"shaders.go", []string{".."}, "it reads .., outside the line's directory", nil},
		{"shaders.go", []string{"/abs/b.wgsl"}, "it reads /abs/b.wgsl, outside the line's directory", nil},
		{"gen/shaders.go", []string{"a.wgsl"}, "it writes gen/shaders.go, outside the line's directory", nil},
		{"../shaders.go", []string{"a.wgsl"}, "it writes ../shaders.go, outside the line's directory", nil},
		{"/abs/shaders.go", []string{"a.wgsl"}, "it writes /abs/shaders.go, outside the line's directory", nil},
		{"./shaders.go", []string{"..a.wgsl"}, "", []string{"..a.wgsl"}},
	} {
		g := genLine{cmd: &wgslgen.Command{Out: c.out, Inputs: c.inputs}}
		err := g.check()
		switch {
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("-o %s %v: error %v, want one saying %q", c.out, c.inputs, err, c.err)
		case c.err == "" && err != nil:
			t.Errorf("-o %s %v: %v", c.out, c.inputs, err)
		case c.err == "" && !slices.Equal(c.srcs, g.srcs):
			t.Errorf("-o %s %v: sources %q, want %q", c.out, c.inputs, g.srcs, c.srcs)
		}
	}
}

// TestRepoName: the repository the rules' messages and this extension name for a library of a
// Go module is the one Gazelle's go_repository convention gives the module.
func TestRepoName(t *testing.T) {
	for _, mod := range []string{"example.com/shaderlib", "github.com/Example/shader-noise", "gopkg.in/yaml.v3", "example.com", "go.example.org/a/b.c/d-e"} {
		if got, want := weslbazel.RepoName(mod), label.ImportPathToBazelRepoName(mod); got != want {
			t.Errorf("RepoName(%s) = %s, Gazelle names it %s", mod, got, want)
		}
	}
}
