package ir_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// stagingModule builds a function of n additions, the middle one holding an if whose
// branches add too.
func stagingModule(n int) *ir.Module {
	m := ir.NewModule()
	f := m.NewFunc("f", types.U32)
	x := f.AddParam("x", types.U32, types.NoIO)
	b := ir.NewBuilder(f)
	v := x
	for i := range n {
		v = b.Add(v, b.U32(uint32(i)))
		if i == n/2 {
			b.If(b.Lt(v, b.U32(7)), nil, func() { b.Add(v, b.U32(1)) }, func() { b.Add(v, b.U32(2)) })
		}
	}
	b.Return(v)
	return m
}

// TestStaging: instructions staged before others land where SetInsertBefore puts them, in
// the top block and in nested ones, one or several runs before the same instruction.
func TestStaging(t *testing.T) {
	tests := []struct {
		name string
		n    int
		// runs says how many runs of instructions go before the i-th addition walked.
		runs func(i int) int
	}{
		{"none", 10, func(int) int { return 0 }},
		{"before every addition", 10, func(int) int { return 1 }},
		{"every third", 20, func(i int) int { return boolInt(i%3 == 0) }},
		{"twice before some", 12, func(i int) int { return 2 * boolInt(i%2 == 1) }},
		{"the first and the last", 30, func(i int) int { return boolInt(i == 0 || i == 31) }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			// rewrite multiplies the first operand of the additions the test picks by 3,
			// before each, with position tells the builder to add before in.
			rewrite := func(m *ir.Module, position func(b *ir.Builder, in *ir.Inst), done func()) string {
				f := m.Funcs[0]
				b := ir.NewBuilder(f)
				i := 0
				ir.Walk(f.Body, func(in *ir.Inst) {
					if in.Op != ir.OpAdd {
						return
					}
					for range tc.runs(i) {
						position(b, in)
						in.Args[0] = b.Mul(in.Args[0], b.U32(3))
					}
					i++
				})
				done()
				require.NoError(t, ir.Validate(m))
				return ir.Print(m)
			}
			direct := rewrite(stagingModule(tc.n), func(b *ir.Builder, in *ir.Inst) { b.SetInsertBefore(in) }, func() {})
			m := stagingModule(tc.n)
			st := m.Staging()
			staged := rewrite(m, st.Before, st.Place)
			require.Equal(t, direct, staged)
		})
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// BenchmarkInsertBefore builds a block of n additions and adds an instruction before every
// other one, with SetInsertBefore (which shifts the rest of the block each time) and staged:
// the difference is what the insertions cost.
func BenchmarkInsertBefore(b *testing.B) {
	for _, n := range []int{500, 4000} {
		for _, mode := range []string{"SetInsertBefore", "Staging"} {
			b.Run(fmt.Sprintf("%s/%d", mode, n), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					m := stagingModule(n)
					f := m.Funcs[0]
					bld, st := ir.NewBuilder(f), m.Staging()
					i := 0
					ir.Walk(f.Body, func(in *ir.Inst) {
						if in.Op != ir.OpAdd || i%2 != 0 {
							i++
							return
						}
						i++
						if mode == "Staging" {
							st.Before(bld, in)
						} else {
							bld.SetInsertBefore(in)
						}
						in.Args[0] = bld.Mul(in.Args[0], bld.U32(3))
					})
					st.Place()
				}
			})
		}
	}
}
