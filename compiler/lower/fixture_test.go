package lower_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"golang.org/x/tools/txtar"

	"github.com/wgslgo/wgslgo/compiler/backend"
	"github.com/wgslgo/wgslgo/compiler/lower"
)

// TestValidPrograms lowers every program of testdata/valid.txtar, validates the IR and runs
// spirv-val over the SPIR-V for every Vulkan target. A program whose first line is
// "// skip: reason" is skipped (a known problem after the lowering, named in the reason).
func TestValidPrograms(t *testing.T) {
	ar, err := txtar.ParseFile("testdata/valid.txtar")
	require.NoError(t, err)
	for _, f := range ar.Files {
		t.Run(strings.TrimSuffix(f.Name, ".wgsl"), func(t *testing.T) {
			if reason, ok := strings.CutPrefix(string(f.Data), "// skip: "); ok {
				t.Skip(strings.SplitN(reason, "\n", 2)[0])
			}
			compile(t, string(f.Data), lower.Options{}, backend.Vulkan1_0)
		})
	}
}
