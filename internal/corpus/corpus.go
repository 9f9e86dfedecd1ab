// Package corpus gathers the project's own WGSL shaders, the inputs of the tests and
// benchmarks that run the compiler over many files: every .wgsl file of the module (test data,
// examples), every .wgsl member of a txtar archive, and the benchmark shaders of
// compiler/bench (the large one generated).
//
// Most test data is written to be rejected (fixtures with expected errors); Gather returns
// everything and leaves the choice of which shaders count as valid to the caller, who knows
// with which options it compiles them. Annotated tells the checker's fixtures apart.
package corpus

import (
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/txtar"

	"github.com/wgslgo/wgslgo/compiler/bench"
)

// A Shader is one WGSL text of the corpus.
type Shader struct {
	// Name is a slash-separated relative path, unique in the corpus and usable as a file
	// path: the file's path from the repository root, ARCHIVE.txtar/MEMBER.wgsl for an
	// archive's member, and compiler/bench/shaders/NAME for a benchmark shader.
	Name string
	Text []byte
}

// Base is the shader's base name: the file's, or the archive member's.
func (s Shader) Base() string { return path.Base(s.Name) }

// Annotated reports whether the shader holds expected-error annotations (the ERROR comments
// of the checker's fixtures): it is meant to fail.
func (s Shader) Annotated() bool { return strings.Contains(string(s.Text), "ERROR") }

// BenchDir is where the benchmark shaders are named from (the large one is generated, not a
// file there).
const BenchDir = "compiler/bench/shaders"

// Root returns the module root, found from the working directory upwards.
func Root() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fs.ErrNotExist
		}
		dir = parent
	}
}

// All returns the corpus of the module the working directory is in.
func All() ([]Shader, error) {
	root, err := Root()
	if err != nil {
		return nil, err
	}
	return Gather(root)
}

// Gather returns the corpus of the repository rooted at root, ordered by Name. Directories
// whose names start with '.' or '_', Bazel's output links (bazel-*) and the fuzzers' inputs
// (testdata/fuzz) are left out.
func Gather(root string) ([]Shader, error) {
	var out []Shader
	seen := map[string]bool{}
	add := func(name string, text []byte) {
		if !seen[name] {
			seen[name] = true
			out = append(out, Shader{Name: name, Text: text})
		}
	}
	for _, s := range bench.All() {
		add(path.Join(BenchDir, s.Name), s.Text)
	}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			name := d.Name()
			if p != root && (strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") ||
				strings.HasPrefix(name, "bazel-") || strings.HasSuffix(rel, "testdata/fuzz")) {
				return filepath.SkipDir
			}
			return nil
		}
		switch path.Ext(rel) {
		case ".wgsl":
			text, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			add(rel, text)
		case ".txtar":
			a, err := txtar.ParseFile(p)
			if err != nil {
				return err
			}
			for _, f := range a.Files {
				if path.Ext(f.Name) == ".wgsl" {
					add(rel+"/"+f.Name, f.Data)
				}
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	slices.SortFunc(out, func(a, b Shader) int { return strings.Compare(a.Name, b.Name) })
	return out, nil
}

// Write writes each shader to dir/Name, creating the directories it needs.
func Write(dir string, shaders []Shader) error {
	for _, s := range shaders {
		p := filepath.Join(dir, filepath.FromSlash(s.Name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, s.Text, 0o644); err != nil {
			return err
		}
	}
	return nil
}
