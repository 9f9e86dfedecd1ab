package lower_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/txtar"

	"github.com/wgslgo/wgslgo/compiler/lower"
)

var errorComment = regexp.MustCompile(`// ERROR "([^"]*)"`)

// TestErrors lowers the programs of testdata/errors.txtar, which the checker accepts, and
// expects exactly the diagnostics their // ERROR comments announce, on their lines.
func TestErrors(t *testing.T) {
	ar, err := txtar.ParseFile("testdata/errors.txtar")
	require.NoError(t, err)
	for _, f := range ar.Files {
		t.Run(strings.TrimSuffix(f.Name, ".wgsl"), func(t *testing.T) {
			want := map[int]string{}
			for i, line := range strings.Split(string(f.Data), "\n") {
				if m := errorComment.FindStringSubmatch(line); m != nil {
					want[i+1] = m[1]
				}
			}
			m, diags := lower.Lower(check(t, string(f.Data)), lower.Options{})
			assert.Nil(t, m)
			got := map[int]string{}
			for _, d := range diags {
				got[d.Position().Line] += d.Message
			}
			require.Len(t, got, len(want), "diagnostics:\n%v", diags)
			for line, msg := range want {
				assert.Contains(t, got[line], msg, "line %d", line)
			}
		})
	}
}

func TestOptionErrors(t *testing.T) {
	src := `
override n: u32 = 4;
@compute @workgroup_size(n)
fn main() {}
@compute @workgroup_size(1)
fn other() {}`
	p := check(t, src)
	for _, tc := range []struct {
		opts lower.Options
		msg  string
	}{
		{lower.Options{EntryPoint: "nope"}, "no entry point named 'nope' (the module has 'main', 'other')"},
	} {
		m, diags := lower.Lower(p, tc.opts)
		assert.Nil(t, m)
		require.True(t, diags.HasErrors())
		assert.Contains(t, diags.Error(), tc.msg)
	}
}
