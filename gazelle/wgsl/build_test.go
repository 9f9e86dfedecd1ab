package wgsl

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/bazelbuild/bazel-gazelle/rule"
)

// TestBuildFile checks the hand-written BUILD.bazel of this package, which Bazel users build
// into their gazelle_binary and which no Bazel here builds: its srcs are the package's Go
// files, its deps their imports, as Gazelle's and wgslgo's repositories name them.
func TestBuildFile(t *testing.T) {
	f, err := rule.LoadFile("BUILD.bazel", "gazelle/wgsl")
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Rules) != 1 || f.Rules[0].Kind() != "go_library" {
		t.Fatalf("want one go_library in BUILD.bazel")
	}
	lib := f.Rules[0]
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	files = slices.DeleteFunc(files, func(f string) bool { return strings.HasSuffix(f, "_test.go") })
	imports := map[string]bool{}
	for _, name := range files {
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			if rel, ok := strings.CutPrefix(p, "github.com/bazelbuild/bazel-gazelle/"); ok {
				imports["@bazel_gazelle//"+rel] = true
			} else if rel, ok := strings.CutPrefix(p, modulePath+"/"); ok {
				imports["//"+rel] = true
			} else if strings.Contains(strings.Split(p, "/")[0], ".") {
				t.Errorf("%s imports %s: which repository has it?", name, p)
			}
		}
	}
	deps := make([]string, 0, len(imports))
	for d := range imports {
		deps = append(deps, d)
	}
	sort.Strings(deps)
	if got := lib.AttrStrings("srcs"); !slices.Equal(got, files) {
		t.Errorf("srcs = %q, want %q", got, files)
	}
	if got := lib.AttrStrings("deps"); !slices.Equal(got, deps) {
		t.Errorf("deps = %q, want %q", got, deps)
	}
	if got := lib.AttrString("importpath"); got != modulePath+"/gazelle/wgsl" {
		t.Errorf("importpath = %q", got)
	}
}

// TestNestedModules: nestedModules names every directory of the checkout with a go.mod of
// its own, whose packages the core's Bazel repository does not build.
func TestNestedModules(t *testing.T) {
	root := filepath.Join("..", "..")
	var found []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if p != root && d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".") || strings.HasPrefix(d.Name(), "bazel-")) {
			return filepath.SkipDir
		}
		if d.Name() == "go.mod" && filepath.Dir(p) != root {
			rel, _ := filepath.Rel(root, filepath.Dir(p))
			found = append(found, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatal("not in a checkout of wgslgo")
	}
	sort.Strings(found)
	if !slices.Equal(found, nestedModules) {
		t.Errorf("nested Go modules %q, nestedModules %q", found, nestedModules)
	}
	for _, m := range nestedModules {
		if !inNestedModule(path.Join(m, "x")) || inNestedModule(m+"x/y") {
			t.Errorf("inNestedModule is wrong about %s", m)
		}
	}
	// The other lists of them: what Bazel skips, what Gazelle skips when it runs on the core,
	// and what the test script tests with the go command. examples/bazel is a Bazel workspace
	// of its own, which the rules' end-to-end test builds instead; Bazel sees gazelle/, whose
	// one target (written by hand) Bazel users put in their gazelle_binary.
	lists := map[string][]string{
		".bazelignore + gazelle":         append(listedLines(t, filepath.Join(root, ".bazelignore"), ""), "gazelle"),
		"BUILD.bazel's gazelle:exclude":  append(listedLines(t, filepath.Join(root, "BUILD.bazel"), "# gazelle:exclude "), "examples/bazel"),
		"scripts/test.sh's nested=(...)": append(shellArray(t, filepath.Join(root, "scripts", "test.sh"), "nested"), "examples/bazel"),
	}
	for name, list := range lists {
		sort.Strings(list)
		if !slices.Equal(list, nestedModules) {
			t.Errorf("%s lists %q, the nested modules are %q", name, list, nestedModules)
		}
	}
}

// listedLines returns the lines of file that start with prefix, without it; with prefix "",
// those that are neither empty nor comments.
func listedLines(t *testing.T, file, prefix string) []string {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, line := range strings.Split(string(b), "\n") {
		line = strings.TrimSpace(line)
		switch {
		case prefix == "" && line != "" && !strings.HasPrefix(line, "#"):
			out = append(out, line)
		case prefix != "" && strings.HasPrefix(line, prefix):
			out = append(out, strings.TrimSpace(strings.TrimPrefix(line, prefix)))
		}
	}
	return out
}

// shellArray returns the words of the array assignment NAME=(...) on one line of a script.
func shellArray(t *testing.T, file, name string) []string {
	t.Helper()
	for _, line := range listedLines(t, file, name+"=(") {
		return strings.Fields(strings.TrimSuffix(line, ")"))
	}
	t.Fatalf("%s assigns no array %s", file, name)
	return nil
}
