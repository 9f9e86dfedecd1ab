package gen

import (
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPrefix checks the promises of Options.Prefix on the prefix fixture: shaders that
// declare names differently share a package; a shader's names do not depend on the other
// shaders of the run (each one's names, generated alone, are among those generated with the
// others); identical declarations are one Go type, under each shader's name; and a structure
// holds the Go type of its own shader's structure even where the holders reflect alike.
func TestPrefix(t *testing.T) {
	shaders := fixture("prefix")
	var all []Shader
	for _, f := range shaders(t) {
		all = append(all, compileShader(t, f.Name, f.Data, ""))
	}
	_, err := Generate(all, Options{Package: "p"})
	require.Error(t, err, "without the prefix, Sprite clashes")
	out, err := Generate(all, Options{Package: "p", Prefix: true})
	require.NoError(t, err)
	names := map[string]bool{}
	for _, n := range out.Names {
		names[n.Name] = true
	}
	for _, s := range all {
		alone, err := Generate([]Shader{s}, Options{Package: "p", Prefix: true})
		require.NoError(t, err)
		for _, n := range alone.Names {
			assert.True(t, names[n.Name], "%s: %s generated alone is missing with the others", s.Name, n.Name)
		}
	}
	src := string(out.Go)
	for _, want := range []string{
		`(?m)^type DrawCamera struct \{$`, `(?m)^type StepCamera = DrawCamera$`, `(?m)^type TrailCamera = DrawCamera$`,
		`(?m)^type DrawSprite struct \{$`, `(?m)^type StepSprite struct \{$`,
		`(?m)^func AppendDrawSprites\(b \[\]byte, elems \[\]DrawSprite\)`, `(?m)^func AppendStepSprites\(b \[\]byte, elems \[\]StepSprite\)`,
		`Cells \[4\]DrawCell `, `Cells \[4\]StepCell `,
		`(?m)^type TrailLog = DrawLog$`, `(?m)^type DrawVertexInput struct \{$`, `(?m)^type TrailVertexInput struct \{$`,
	} {
		assert.Regexp(t, regexp.MustCompile(want), src)
	}
}
