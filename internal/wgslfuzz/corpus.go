package wgslfuzz

import (
	"regexp"
	"strings"

	"github.com/wgslgo/wgslgo/compiler/syntax"
	"github.com/wgslgo/wgslgo/internal/corpus"
)

// A Seed is a shader of the repository that mutants are made from.
type Seed struct {
	// Name is the shader's name in the corpus (internal/corpus): its path from the
	// repository's root, ARCHIVE.txtar/MEMBER.wgsl for a txtar member.
	Name string
	Text string
	// Legacy marks a shader of the 2021 draft dialect, which Tint does not read: its mutants
	// are compiled in the auto-detected dialect and not compared with Tint.
	Legacy bool
}

// maxSeedSize leaves out the few big shaders: small inputs mutate far more productively.
const maxSeedSize = 16 << 10

// errorAnnotation marks a line of a checker fixture that must fail (compiler/sema's fixtures).
var errorAnnotation = regexp.MustCompile(`//\s*ERRORx?\b`)

// Seeds returns the shaders of the project's corpus (internal/corpus: the test data's .wgsl
// files and txtar members, the benchmark shaders) in the repository rooted at root, at most
// 16 KB each, in name order. A checker fixture's lines annotated "// ERROR" are dropped, so
// that the seed is (nearly always) a valid shader and its mutants probe more than the error
// that line already has.
func Seeds(root string) ([]Seed, error) { return gather(root, true) }

// Sources is Seeds with the texts as they are, error lines included.
func Sources(root string) ([]Seed, error) { return gather(root, false) }

func gather(root string, dropErrors bool) ([]Seed, error) {
	shaders, err := corpus.Gather(root)
	if err != nil {
		return nil, err
	}
	var seeds []Seed
	for _, sh := range shaders {
		if len(sh.Text) == 0 || len(sh.Text) > maxSeedSize {
			continue
		}
		s := string(sh.Text)
		if dropErrors && errorAnnotation.MatchString(s) {
			lines := strings.Split(s, "\n")
			for i, l := range lines {
				if errorAnnotation.MatchString(l) {
					lines[i] = ""
				}
			}
			s = strings.Join(lines, "\n")
		}
		seeds = append(seeds, Seed{Name: sh.Name, Text: s, Legacy: syntax.DetectDialect([]byte(s)) == syntax.DialectLegacy2021})
	}
	return seeds, nil
}
