package transform_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/lower"
)

// TestUsedGlobals: the globals an entry point reaches, in declaration order and in the order
// of first use (its own, then its callees' in first-call order), each once; a global no
// function reached uses is in neither.
func TestUsedGlobals(t *testing.T) {
	m, _ := lowerWGSL(t, `
var<workgroup> a: u32;
var<workgroup> b: u32;
var<workgroup> c: u32;
var<workgroup> unused: u32;
fn g() { a = c; }
fn f() { g(); c = 2u; }
@compute @workgroup_size(1) fn main() { b = 1u; f(); b = a; }`, lower.Options{})
	var main *ir.Func
	for _, fn := range m.Funcs {
		if fn.Name == "main" {
			main = fn
		}
	}
	names := func(gs []*ir.Global) []string {
		var out []string
		for _, g := range gs {
			out = append(out, g.Name)
		}
		return out
	}
	assert.Equal(t, []string{"a", "b", "c"}, names(ir.UsedGlobals(m, main)))
	assert.Equal(t, []string{"b", "a", "c"}, names(ir.UsedGlobalsInUseOrder(m, main)))
}
