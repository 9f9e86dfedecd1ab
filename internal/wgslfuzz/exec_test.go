package wgslfuzz

import (
	"context"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/internal/vulkan"
)

// execMutants is how many mutants TestExecute runs (WGSLFUZZ_EXEC_N changes it).
const execMutants = 1000

// TestExecute runs the compute shaders among the first mutants of seed 1 on the interpreter,
// and those of one invocation on lavapipe too: no panic, no error of the interpreter but its
// gaps and its step budget, the same bytes as lavapipe. The run is in a child process, so a
// driver crash fails this test only.
func TestExecute(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a thousand compilations")
	}
	n := execMutants
	if s := os.Getenv("WGSLFUZZ_EXEC_N"); s != "" {
		var err error
		n, err = strconv.Atoi(s)
		require.NoError(t, err)
	}
	vulkan.RunIsolated(t, func(t *testing.T) {
		tools := testTools(t, false)
		exec := &Executor{Device: vulkan.Require(t)}
		tools.Exec = exec
		c := Campaign{Tools: tools, Seeds: repoSeeds(t), Seed: 1, N: n, Workers: 2}
		r, err := c.Run(context.Background())
		require.NoError(t, err)
		var sb strings.Builder
		r.Summary(&sb)
		t.Logf("%s\ninterpreted %d entry points, %d compared with lavapipe; %d the interpreter does not run, %d out of steps",
			sb.String(), exec.Interpreted, exec.Compared, exec.Unsupported, exec.OutOfSteps)
		for _, f := range r.Findings {
			if f.Class.IsProblem() {
				t.Errorf("mutant %d of %s (%s), %s: %s: %s\n%s", f.Index, f.Seed, strings.Join(f.Mutations, ", "), f.Target, f.Class, f.Detail, f.Text)
			}
		}
		if n >= 1000 {
			// Not vacuous: the mutants include compute shaders, some of one invocation.
			assert.Greater(t, exec.Interpreted, n/50, "entry points interpreted")
			assert.Greater(t, exec.Compared, n/200, "entry points compared with lavapipe")
		}
	})
}
