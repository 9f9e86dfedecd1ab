package transform_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/ir/transform"
	"github.com/wgslgo/wgslgo/compiler/lower"
	"github.com/wgslgo/wgslgo/compiler/sema"
	"github.com/wgslgo/wgslgo/compiler/syntax"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// fromWGSL returns a builder of the lowered module of src.
func fromWGSL(t *testing.T, src string) func() *ir.Module {
	return func() *ir.Module {
		t.Helper()
		ast, diags := syntax.Parse(diag.NewFile("test.wgsl", []byte(src)), syntax.Options{})
		require.False(t, diags.HasErrors(), "parse:\n%v", diags)
		p, diags := sema.Check(ast, sema.Options{})
		require.False(t, diags.HasErrors(), "check:\n%v", diags)
		m, diags := lower.Lower(p, lower.Options{})
		require.False(t, diags.HasErrors(), "lower:\n%v", diags)
		return m
	}
}

func dva(t *testing.T) func(m *ir.Module) {
	return func(m *ir.Module) { require.NoError(t, transform.DirectVariableAccess(m, nil)) }
}

func funcNames(m *ir.Module) []string {
	var names []string
	for _, f := range m.Funcs {
		names = append(names, f.Name)
	}
	return names
}

// calls lists "caller -> callee" for every call of m.
func calls(m *ir.Module) []string {
	var out []string
	for _, f := range m.Funcs {
		ir.Walk(f.Body, func(in *ir.Inst) {
			if in.Op == ir.OpCall {
				out = append(out, f.Name+" -> "+in.Callee.Name)
			}
		})
	}
	return out
}

func TestDirectVariableAccess(t *testing.T) {
	// A whole variable, constant and dynamic indices, several pointer parameters in one
	// function, a value parameter between them, and a pointer passed on.
	golden(t, "direct_variable_access", fromWGSL(t, `
struct Cell { w: f32, v: array<vec4f, 3> }
struct Grid { n: u32, cells: array<Cell> }
@group(0) @binding(0) var<storage, read_write> grid: Grid;
@group(0) @binding(1) var<uniform> k: array<vec4f, 4>;
var<workgroup> acc: array<f32, 8>;
fn scale(p: ptr<storage, vec4f, read_write>, by: f32, q: ptr<uniform, vec4f>) { *p = *p * by + *q; }
fn touch(c: ptr<storage, Cell, read_write>, j: u32) { scale(&c.v[j], c.w, &k[j]); }
fn add(p: ptr<workgroup, f32>, x: f32) { *p += x; }
fn count(g: ptr<storage, Grid, read_write>) -> u32 { return arrayLength(&g.cells); }
@compute @workgroup_size(8)
fn main(@builtin(local_invocation_index) li: u32) {
	touch(&grid.cells[li], 2u);
	touch(&grid.cells[0], li);
	add(&acc[li], 1.0);
	grid.n = count(&grid);
}`), dva(t))
}

func TestDirectVariableAccessShares(t *testing.T) {
	m := fromWGSL(t, `
@group(0) @binding(0) var<storage, read_write> a: array<u32, 8>;
@group(0) @binding(1) var<storage, read_write> b: array<u32, 8>;
fn bump(p: ptr<storage, u32, read_write>) { *p += 1u; }
fn other() { bump(&a[a[0]]); }
@compute @workgroup_size(1)
fn main() {
	let i = a[0];
	let j = i32(a[1]);
	bump(&a[i]);      // bump_a, u32 index
	bump(&a[i + 1u]); // the same
	other();          // the same, from another function
	bump(&a[j]);      // i32 index: another parameter type
	bump(&a[2]);      // constant index: part of the copy
	bump(&a[2u]);     // the same element
	bump(&a[3]);
	bump(&b[i]);      // another variable
}`)()
	require.NoError(t, transform.DirectVariableAccess(m, nil))
	require.NoError(t, ir.Validate(m), ir.Print(m))
	assert.Equal(t, []string{"bump_a", "bump_a_2", "bump_a_3", "bump_a_4", "bump_b", "other", "main"}, funcNames(m))
	assert.Equal(t, []string{
		"other -> bump_a",
		"main -> bump_a", "main -> bump_a", "main -> other", "main -> bump_a_2",
		"main -> bump_a_3", "main -> bump_a_3", "main -> bump_a_4", "main -> bump_b",
	}, calls(m))
	for _, f := range m.Funcs {
		switch f.Name {
		case "bump_a", "bump_b":
			require.Len(t, f.Params, 1)
			assert.Equal(t, types.Type(types.U32), m.Type(f.Params[0]))
		case "bump_a_2":
			require.Len(t, f.Params, 1)
			assert.Equal(t, types.Type(types.I32), m.Type(f.Params[0]))
		case "bump_a_3", "bump_a_4":
			assert.Empty(t, f.Params)
		}
	}
	// The access chains that made the pointer arguments are gone: those left in main are
	// the loads of a[0] and a[1].
	uses := ir.Uses(m)
	n := 0
	ir.Walk(m.Func("main").Body, func(in *ir.Inst) {
		if in.Op == ir.OpAccess {
			n++
			assert.NotZero(t, uses[in.Result], "unused access chain %%%d", in.Result)
		}
	})
	assert.Equal(t, 2, n)
}

func TestDirectVariableAccessTransitive(t *testing.T) {
	m := fromWGSL(t, `
struct S { n: u32, items: array<u32, 8> }
@group(0) @binding(0) var<storage, read_write> s: array<S, 2>;
fn inner(p: ptr<storage, u32, read_write>) { *p *= 2u; }
fn middle(q: ptr<storage, array<u32, 8>, read_write>, i: u32) { inner(&q[i]); inner(&(*q)[7]); }
fn outer(r: ptr<storage, S, read_write>, i: u32) { middle(&r.items, i); inner(&r.n); }
@compute @workgroup_size(1)
fn main() {
	outer(&s[s[0].n], 1u);
	outer(&s[s[1].n], 2u);
	middle(&s[1].items, 3u);
}`)()
	require.NoError(t, transform.DirectVariableAccess(m, nil))
	require.NoError(t, ir.Validate(m), ir.Print(m))
	// Functions are specialised breadth first from main: outer(&s[dyn]) once and
	// middle(&s[1].items); then, from outer_s, middle(&s[dyn].items) and inner(&s[dyn].n);
	// from middle_s, inner(&s[1].items[dyn]) and inner(&s[1].items[7]); from middle_s_2,
	// inner(&s[dyn].items[dyn]) and inner(&s[dyn].items[7]).
	assert.Equal(t, []string{
		"inner_s", "inner_s_2", "inner_s_3", "inner_s_4", "inner_s_5",
		"middle_s", "middle_s_2", "outer_s", "main",
	}, funcNames(m))
	assert.ElementsMatch(t, []string{
		"main -> outer_s", "main -> outer_s", "main -> middle_s",
		"outer_s -> middle_s_2", "outer_s -> inner_s",
		"middle_s -> inner_s_2", "middle_s -> inner_s_3",
		"middle_s_2 -> inner_s_4", "middle_s_2 -> inner_s_5",
	}, calls(m))
	params := map[string]int{}
	for _, f := range m.Funcs {
		params[f.Name] = len(f.Params)
	}
	// A parameter per dynamic index, plus the value parameters (middle's and outer's i).
	assert.Equal(t, map[string]int{"inner_s": 1, "inner_s_2": 1, "inner_s_3": 0, "inner_s_4": 2, "inner_s_5": 1,
		"middle_s": 1, "middle_s_2": 2, "outer_s": 2, "main": 0}, params)
}

func TestDirectVariableAccessNothingToDo(t *testing.T) {
	build := fromWGSL(t, `
var<private> g: array<i32, 4>;
fn bump(p: ptr<private, i32>) { *p += 1; }
fn inc(p: ptr<function, i32>) { *p += 1; }
@compute @workgroup_size(1)
fn main() { var x = 1; inc(&x); bump(&g[1]); }`)
	m := build()
	before := ir.Print(m)
	require.NoError(t, transform.DirectVariableAccess(m, nil))
	assert.Equal(t, before, ir.Print(m))
}

func TestDirectVariableAccessRefusesOtherPointers(t *testing.T) {
	m := ir.NewModule()
	pt := &types.Pointer{Space: types.AddrStorage, Elem: types.U32, Access: types.ReadWrite}
	callee := m.NewFunc("f", nil)
	p := callee.AddParam("p", pt, types.NoIO)
	b := ir.NewBuilder(callee)
	b.Store(p, b.U32(1))
	b.Finish()
	caller := m.NewFunc("g", nil)
	b = ir.NewBuilder(caller)
	v := b.Var("x", types.U32, 0)
	m.SetType(v, pt) // not a module-scope variable: nothing to specialise for
	b.Call(callee, v)
	b.Finish()
	err := transform.DirectVariableAccess(m, nil)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "not a pointer into a module-scope variable")
}

// TestCloneFunc copies a function with constructs and results, and checks that the copy is
// independent of the original.
func TestCloneFunc(t *testing.T) {
	m := fromWGSL(t, `
@group(0) @binding(0) var<storage, read_write> o: array<i32, 4>;
fn f(x: i32, p: ptr<function, i32>) -> i32 {
	var acc = x;
	for (var i = 0; i < 4; i++) {
		if x > i && *p < 3 { acc += o[i]; } else { continue; }
		switch acc { case 1, 2: { acc *= 2; } default: { *p += 1; } }
	}
	return acc;
}
@compute @workgroup_size(1)
fn main() { var p = 0; o[0] = f(o[1], &p); }`)()
	f := m.Func("f")
	before := ir.Print(m)
	g, repl := m.CloneFunc(f, "g")
	require.NoError(t, ir.Validate(m), ir.Print(m))
	assert.Len(t, repl, len(f.Params)+countValues(f))
	// The copy prints as the original but for its name and value numbers, and keeps the
	// positions.
	assert.Equal(t, renumber(printFunc(m, f)), renumber(strings.Replace(printFunc(m, g), "fn @g", "fn @f", 1)))
	assert.Equal(t, f.Pos, g.Pos)
	assert.Equal(t, positions(f), positions(g))
	// Changing the copy leaves the original alone.
	ir.Walk(g.Body, func(in *ir.Inst) {
		if in.Op == ir.OpAdd {
			in.Op = ir.OpSub
		}
	})
	m.RemoveFunc(g)
	assert.Equal(t, before, ir.Print(m))
}

// positions lists the positions and spans of f's instructions.
func positions(f *ir.Func) []ir.Span {
	var out []ir.Span
	ir.Walk(f.Body, func(in *ir.Inst) { out = append(out, ir.Span{Start: in.Pos}, in.Span()) })
	return out
}

func countValues(f *ir.Func) int {
	n := 0
	ir.Walk(f.Body, func(in *ir.Inst) { n += len(in.Values()) })
	return n
}

// printFunc is the text of f in the printed module.
func printFunc(m *ir.Module, f *ir.Func) string {
	text := ir.Print(m)
	start := strings.Index(text, "fn @"+f.Name+"(")
	end := strings.Index(text[start:], "\n}\n")
	return text[start : start+end]
}

// renumber replaces the numbers of unnamed values (%12) by their order of appearance, and
// drops the suffixes the printer adds to tell apart values of the same name (%acc_1).
func renumber(s string) string {
	s = regexp.MustCompile(`(%[A-Za-z_][A-Za-z0-9]*)_[0-9]+\b`).ReplaceAllString(s, "$1")
	seen := map[string]string{}
	var out strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+1 < len(s) && s[i+1] >= '0' && s[i+1] <= '9' {
			j := i + 1
			for j < len(s) && s[j] >= '0' && s[j] <= '9' {
				j++
			}
			n, ok := seen[s[i:j]]
			if !ok {
				n = "%v" + string(rune('a'+len(seen)%26)) + strings.Repeat("'", len(seen)/26)
				seen[s[i:j]] = n
			}
			out.WriteString(n)
			i = j - 1
			continue
		}
		out.WriteByte(s[i])
	}
	return out.String()
}
