package lower_test

import (
	"flag"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/txtar"

	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/lower"
	"github.com/wgslgo/wgslgo/internal/golden"
)

var update = flag.Bool("update", false, "rewrite the expected IR of testdata/golden.txtar")

// TestGolden compares the printed IR of each program of testdata/golden.txtar with the
// "ir" file after it.
func TestGolden(t *testing.T) {
	const path = "testdata/golden.txtar"
	ar, err := txtar.ParseFile(path)
	require.NoError(t, err)
	for i := 0; i+1 < len(ar.Files); i += 2 {
		src, want := ar.Files[i], &ar.Files[i+1]
		require.Equal(t, "ir", want.Name, "%s must be followed by its ir", src.Name)
		t.Run(strings.TrimSuffix(src.Name, ".wgsl"), func(t *testing.T) {
			got := ir.Print(lowerOK(t, string(src.Data), lower.Options{}))
			if *update {
				want.Data = []byte(got)
				return
			}
			if golden.Off() {
				return
			}
			assert.Equal(t, string(want.Data), got)
		})
	}
	if *update {
		require.NoError(t, os.WriteFile(path, txtar.Format(ar), 0o644))
	}
}
