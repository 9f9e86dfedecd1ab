package lower_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"golang.org/x/tools/txtar"

	"github.com/wgslgo/wgslgo/compiler/backend"
	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/ir/transform"
	"github.com/wgslgo/wgslgo/compiler/lower"
	"github.com/wgslgo/wgslgo/compiler/sema"
	"github.com/wgslgo/wgslgo/compiler/syntax"
	"github.com/wgslgo/wgslgo/internal/spirvval"
)

// semaFixtures returns the WGSL sources of the checker's fixtures (name → text) with their
// erroneous lines removed; they cover the language far more widely than this package's own.
func semaFixtures(t testing.TB) map[string][]byte {
	const root = "../sema/testdata"
	if _, err := os.Stat(root); err != nil {
		t.Skipf("checker fixtures not available: %v", err)
	}
	out := map[string][]byte{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		switch filepath.Ext(path) {
		case ".wgsl":
			out[path] = withoutErrors(data)
		case ".txtar":
			for _, f := range txtar.Parse(data).Files {
				if strings.HasSuffix(f.Name, ".wgsl") {
					out[path+"/"+f.Name] = withoutErrors(f.Data)
				}
			}
		}
		return nil
	})
	require.NoError(t, err)
	return out
}

// withoutErrors blanks the lines that carry an ERROR annotation: what is left of a fixture
// often checks cleanly.
func withoutErrors(src []byte) []byte {
	lines := strings.Split(string(src), "\n")
	for i, l := range lines {
		if strings.Contains(l, "ERROR") {
			lines[i] = ""
		}
	}
	return []byte(strings.Join(lines, "\n"))
}

// spirvKnownGaps are the errors, after the lowering, that checker fixtures may still meet on
// their way to SPIR-V: message fragment → what is missing. Keep it short.
var spirvKnownGaps = map[string]string{}

func knownGap(err error) bool {
	for frag := range spirvKnownGaps {
		if strings.Contains(err.Error(), frag) {
			return true
		}
	}
	return false
}

// TestSemaFixtures lowers every checker fixture that checks without errors (once its ERROR
// lines are gone): the lowering must give valid IR or report what it does not support yet
// (textures), nothing else; and the transforms and backend must make SPIR-V of it that
// spirv-val accepts for Vulkan 1.3, unless they meet one of spirvKnownGaps.
func TestSemaFixtures(t *testing.T) {
	lowered := 0
	for name, src := range semaFixtures(t) {
		dialect := syntax.DialectModern
		if strings.Contains(name, "legacy2021") {
			dialect = syntax.DialectLegacy2021
		}
		ast, diags := syntax.Parse(diag.NewFile(name, src), syntax.Options{Dialect: dialect})
		if diags.HasErrors() {
			continue
		}
		p, diags := sema.Check(ast, sema.Options{})
		if diags.HasErrors() {
			continue
		}
		m, diags := lower.Lower(p, lower.Options{})
		if diags.HasErrors() {
			for _, d := range diags.Errors() {
				if !strings.Contains(d.Message, "not supported") {
					t.Errorf("%s: %v", name, d)
				}
			}
			continue
		}
		if err := ir.Validate(m); err != nil {
			t.Errorf("%s: %v\n%s", name, err, ir.Print(m))
			continue
		}
		lowered++
		if len(p.EntryPoints) > 0 {
			if err := toSPIRV(m, p); err != nil && !knownGap(err) {
				t.Errorf("%s: SPIR-V: %v", name, err)
			}
		}
	}
	t.Logf("lowered %d checker fixtures", lowered)
}

// toSPIRV runs the transforms and the backend over m and spirv-val over the result.
func toSPIRV(m *ir.Module, p *sema.Program) error {
	if err := transform.ForSPIRV(m, transform.Options{Layouts: p.Layouts}); err != nil {
		return err
	}
	w, err := backend.Emit(m, backend.Options{Target: backend.Vulkan1_3, Layouts: p.Layouts})
	if err != nil {
		return err
	}
	if !spirvval.Available() {
		return nil
	}
	return spirvval.Validate(w, backend.Vulkan1_3.String())
}
