package wgslfuzz

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"golang.org/x/tools/txtar"

	"github.com/wgslgo/wgslgo/compiler/syntax"
)

// A Seed is a shader of the repository that mutants are made from.
type Seed struct {
	// Name is the file (and the txtar member after '#') the text comes from, relative to the
	// repository's root.
	Name string
	Text string
	// Legacy marks a shader of the 2021 draft dialect, which Tint does not read: its mutants
	// are compiled in the auto-detected dialect and not compared with Tint.
	Legacy bool
}

// maxSeedSize leaves out the few big shaders: small inputs mutate far more productively.
const maxSeedSize = 16 << 10

// errorAnnotation marks a line of a checker fixture that must fail (compiler/sema's fixtures).
var errorAnnotation = regexp.MustCompile(`//\s*ERROR\b`)

// Seeds returns every WGSL text of the repository rooted at root: the .wgsl files and the
// .wgsl members of .txtar archives, in path order. A checker fixture's lines annotated
// "// ERROR" are dropped, so that the seed is (nearly always) a valid shader and its mutants
// probe more than the error that line already has.
func Seeds(root string) ([]Seed, error) { return walk(root, true) }

// Sources is Seeds with the texts as they are, error lines included.
func Sources(root string) ([]Seed, error) { return walk(root, false) }

func walk(root string, dropErrors bool) ([]Seed, error) {
	var seeds []Seed
	add := func(name string, text []byte) {
		if len(text) == 0 || len(text) > maxSeedSize {
			return
		}
		s := string(text)
		if dropErrors && errorAnnotation.MatchString(s) {
			lines := strings.Split(s, "\n")
			for i, l := range lines {
				if errorAnnotation.MatchString(l) {
					lines[i] = ""
				}
			}
			s = strings.Join(lines, "\n")
		}
		seeds = append(seeds, Seed{Name: name, Text: s, Legacy: syntax.DetectDialect([]byte(s)) == syntax.DialectLegacy2021})
	}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path != root && (strings.HasPrefix(name, ".") || strings.HasPrefix(name, "bazel-")) {
				return filepath.SkipDir
			}
			return nil
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		switch filepath.Ext(name) {
		case ".wgsl":
			b, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			add(rel, b)
		case ".txtar":
			ar, err := txtar.ParseFile(path)
			if err != nil {
				return err
			}
			for _, f := range ar.Files {
				if strings.HasSuffix(f.Name, ".wgsl") {
					add(rel+"#"+f.Name, bytes.TrimSpace(f.Data))
				}
			}
		}
		return nil
	})
	sort.Slice(seeds, func(i, j int) bool { return seeds[i].Name < seeds[j].Name })
	return seeds, err
}
