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
	"github.com/wgslgo/wgslgo/internal/oracle"
	"github.com/wgslgo/wgslgo/internal/spirvval"
)

const semaTestdata = "../sema/testdata"

// semaFixtures returns the WGSL sources of the checker's fixtures (name → text) with their
// erroneous lines removed; they cover the language far more widely than this package's own.
func semaFixtures(t testing.TB) map[string][]byte {
	oracle.SkipUnderBazel(t, "reads the checker's fixtures in "+semaTestdata)
	out := map[string][]byte{}
	err := filepath.WalkDir(semaTestdata, func(path string, d fs.DirEntry, err error) error {
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

// knownGaps is the reviewed list of checker fixtures that do not reach SPIR-V yet: fixture
// (relative to ../sema/testdata) → the message fragments of the errors they meet; each of
// them must contain one. A listed fixture that compiles fails the test until it leaves the
// list. Keep it short.
var knownGaps = map[string][]string{
	// The buffer_view extension has no SPIR-V mapping yet.
	"extensions/buffer_view.wgsl": {
		"buffer types (buffer_view) are not supported by the SPIR-V backend yet",
	},
	"spec_examples/wgsl_bufferview_usage.wgsl": {
		"buffer types (buffer_view) are not supported by the SPIR-V backend yet",
	},
}

// Lower bounds of TestSemaFixtures' counts, so that fixtures cannot silently drop out (a
// fixture that stops checking after its ERROR lines are blanked is passed over). Raise them
// with the fixtures.
const (
	minCheckedFixtures = 250 // fixtures that check without errors
	minSPIRVFixtures   = 80  // fixtures with an entry point whose SPIR-V spirv-val accepts
)

// TestSemaFixtures lowers every checker fixture that checks without errors (once its ERROR
// lines are gone): the lowering must give valid IR, and the transforms and backend must make
// SPIR-V of it that spirv-val accepts for Vulkan 1.3, except for the fixtures of knownGaps,
// which must fail as listed.
func TestSemaFixtures(t *testing.T) {
	spirvval.Require(t)
	var checked, lowered, compiled int
	gapsSeen := map[string]bool{}
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
		checked++
		rel := strings.TrimPrefix(filepath.ToSlash(name), semaTestdata+"/")
		gap, isGap := knownGaps[rel]
		gapsSeen[rel] = true
		var errs []string
		m, diags := lower.Lower(p, lower.Options{})
		if diags.HasErrors() {
			for _, d := range diags.Errors() {
				errs = append(errs, d.Error())
			}
		} else if err := ir.Validate(m); err != nil {
			t.Errorf("%s: %v\n%s", name, err, ir.Print(m))
			continue
		} else {
			lowered++
			if len(p.EntryPoints) > 0 {
				if err := toSPIRV(m, p); err != nil {
					errs = append(errs, "SPIR-V: "+err.Error())
				} else {
					compiled++
				}
			}
		}
		switch {
		case isGap && len(errs) == 0:
			t.Errorf("%s: unexpectedly passed: remove it from knownGaps", rel)
		case isGap:
			for _, e := range errs {
				if !containsAny(e, gap) {
					t.Errorf("%s: an error that is not the known gap's (%q): %s", rel, gap, e)
				}
			}
		default:
			for _, e := range errs {
				t.Errorf("%s: %s", rel, e)
			}
		}
	}
	for rel := range knownGaps {
		if !gapsSeen[rel] {
			t.Errorf("knownGaps lists %s, which is not a fixture that checks", rel)
		}
	}
	t.Logf("%d checker fixtures check; %d lowered, %d of them with entry points compiled to valid SPIR-V",
		checked, lowered, compiled)
	if checked < minCheckedFixtures || compiled < minSPIRVFixtures {
		t.Errorf("%d fixtures checked (want at least %d), %d compiled (want at least %d)",
			checked, minCheckedFixtures, compiled, minSPIRVFixtures)
	}
}

func containsAny(s string, frags []string) bool {
	for _, f := range frags {
		if strings.Contains(s, f) {
			return true
		}
	}
	return false
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
	return spirvval.Validate(w, backend.Vulkan1_3.String())
}
