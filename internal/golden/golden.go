// Package golden tells the tests that compare output with recorded text or sums (golden
// files, hash pins) whether to compare. Such a comparison says that the output changed, not
// that it is wrong, and an update accepts any change: scripts/mutation-check.sh runs the
// tests with WGSLGO_GOLDEN=off to find the mutants that only goldens and pins kill, whose
// code lacks a test that states what it must do.
package golden

import "os"

// Env is the variable that switches the comparisons off: WGSLGO_GOLDEN=off.
const Env = "WGSLGO_GOLDEN"

// Off reports whether the tests skip their comparisons with recorded output (and only
// those: the rest of each test runs).
func Off() bool { return os.Getenv(Env) == "off" }
