package compiler_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/wgslgo/wgslgo/compiler"
	"github.com/wgslgo/wgslgo/compiler/hostwgsl"
	"github.com/wgslgo/wgslgo/internal/spirvval"
	"github.com/wgslgo/wgslgo/internal/vulkan"
)

// TestDialectDiffExec runs the random programs of TestDiffExec as package hostwgsl prints
// them for each profile (respelled where the profile writes what no WGSL reads:
// Profile.Checkable) through this compiler: every printed program must check, and compute
// exactly what the program does, in every buffer. A profile that refuses a program (a
// pointer parameter in the storage address space, for the nagas) skips it; each must print
// most of them. WGSLGO_DIFF_PROGRAMS sets the number of programs (default 60), from
// WGSLGO_DIFF_SEED (default 1).
func TestDialectDiffExec(t *testing.T) {
	n := envInt(t, "WGSLGO_DIFF_PROGRAMS", 60)
	seed := uint64(envInt(t, "WGSLGO_DIFF_SEED", 1))
	vulkan.RunIsolated(t, func(t *testing.T) {
		dev := vulkan.Require(t)
		spirvval.Require(t)
		printed := map[string]int{}
		var variants []diffVariant
		for _, p := range hostwgsl.Profiles() {
			variants = append(variants, diffVariant{name: p.Name, edit: func(src string) (string, bool) {
				prog, diags := compiler.Check(compiler.Source{Name: "diff.wgsl", Text: []byte(src)}, compiler.Options{})
				if prog == nil {
					t.Fatalf("the reference compiles, but does not check: %v", diags)
				}
				text, diags := hostwgsl.Print(prog, p.Checkable())
				if diags.HasErrors() {
					return "", false
				}
				printed[p.Name]++
				return string(text), true
			}})
		}
		d := &differ{t: t, dev: dev, dir: t.TempDir(), only: variants}
		start := time.Now()
		for i := range n {
			d.program(seed, i)
		}
		t.Logf("%d programs in %v: %d compiled; printed by profile: %v", n, time.Since(start).Round(time.Millisecond), d.compiled, printed)
		for _, p := range hostwgsl.Profiles() {
			assert.Greater(t, printed[p.Name]*2, d.compiled, "%s printed %d of %d programs: the comparison checks little", p.Name, printed[p.Name], d.compiled)
		}
	})
}
