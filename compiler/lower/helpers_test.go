package lower_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/lower"
	"github.com/wgslgo/wgslgo/compiler/sema"
	"github.com/wgslgo/wgslgo/compiler/syntax"
)

// check parses and checks src, failing the test on any error.
func check(t testing.TB, src string) *sema.Program {
	t.Helper()
	f := diag.NewFile("test.wgsl", []byte(src))
	ast, diags := syntax.Parse(f, syntax.Options{})
	require.False(t, diags.HasErrors(), "parse:\n%v", diags)
	p, diags := sema.Check(ast, sema.Options{})
	require.False(t, diags.HasErrors(), "check:\n%v", diags)
	return p
}

// lowerOK lowers src and validates the IR.
func lowerOK(t testing.TB, src string, opts lower.Options) *ir.Module {
	t.Helper()
	m, diags := lower.Lower(check(t, src), opts)
	require.False(t, diags.HasErrors(), "lower:\n%v", diags)
	require.NoError(t, ir.Validate(m), "IR:\n%s", ir.Print(m))
	return m
}
