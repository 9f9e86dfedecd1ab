// Package corpus finds the project's test shaders, for tests that run over all of them: every
// .wgsl file of the module and every .wgsl section of its .txtar fixtures.
package corpus

import (
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"golang.org/x/tools/txtar"
)

// Shader is one test shader.
type Shader struct {
	// Path is the file's path from the module root; for a section of a .txtar fixture, the
	// fixture's path, "#", and the section's name.
	Path string
	Text []byte
}

// Name is the shader's base name: the file's, or the .txtar section's.
func (s Shader) Name() string {
	if _, sec, ok := strings.Cut(s.Path, "#"); ok {
		return filepath.Base(sec)
	}
	return filepath.Base(s.Path)
}

// Annotated reports whether the shader holds expected-error annotations (ERROR comments of
// the checker's fixtures): it is meant to fail.
func (s Shader) Annotated() bool { return strings.Contains(string(s.Text), "ERROR") }

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

// All returns every shader under the module root, sorted by path. Directories starting with
// '.' or '_' and testdata of the fuzzer (testdata/fuzz) are left out.
func All() ([]Shader, error) {
	root, err := Root()
	if err != nil {
		return nil, err
	}
	var out []Shader
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		if d.IsDir() {
			name := d.Name()
			if path != root && (strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || name == "fuzz" || name == "bazel-out") {
				return filepath.SkipDir
			}
			return nil
		}
		switch filepath.Ext(path) {
		case ".wgsl":
			text, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			out = append(out, Shader{Path: filepath.ToSlash(rel), Text: text})
		case ".txtar":
			ar, err := txtar.ParseFile(path)
			if err != nil {
				return err
			}
			for _, f := range ar.Files {
				if filepath.Ext(f.Name) == ".wgsl" {
					out = append(out, Shader{Path: filepath.ToSlash(rel) + "#" + f.Name, Text: f.Data})
				}
			}
		}
		return nil
	})
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out, err
}
