package layout

import (
	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// Hand-built types, as the checker would build them from the WGSL in each test's comment.

var (
	f32     = types.F32
	f16     = types.F16
	i32     = types.I32
	u32     = types.U32
	boolean = types.Bool
)

func vec(n int, s *types.Scalar) *types.Vector { return types.Vec(n, s) }

func mat(c, r int, s *types.Scalar) *types.Matrix { return types.Mat(c, r, s) }

func arr(e types.Type, n int) *types.Array { return &types.Array{Elem: e, Count: n} }

func rtarr(e types.Type) *types.Array { return &types.Array{Elem: e} }

// strided is the 2021 draft's [[stride(n)]] array<e, count> (count 0: runtime-sized), with its
// attribute at span.
func strided(e types.Type, count, stride int, span diag.Span) *types.Array {
	return &types.Array{Elem: e, Count: count, Stride: stride, StrideSpan: span}
}

type memberOpt func(*types.Member)

func align(n int) memberOpt { return func(m *types.Member) { m.Align = n } }
func size(n int) memberOpt  { return func(m *types.Member) { m.Size = n } }

// offset is the 2021 draft's [[offset(n)]].
func offset(n int) memberOpt { return func(m *types.Member) { m.Offset = n } }

// at places the member's name at span.
func at(span diag.Span) memberOpt { return func(m *types.Member) { m.Span = span } }

func alignAt(span diag.Span) memberOpt  { return func(m *types.Member) { m.AlignSpan = span } }
func sizeAt(span diag.Span) memberOpt   { return func(m *types.Member) { m.SizeSpan = span } }
func offsetAt(span diag.Span) memberOpt { return func(m *types.Member) { m.OffsetSpan = span } }

var noSpan = diag.Span{Start: diag.NoPos, End: diag.NoPos}

func sp(start, end int) diag.Span { return diag.Span{Start: diag.Pos(start), End: diag.Pos(end)} }

func mem(name string, t types.Type, opts ...memberOpt) *types.Member {
	m := &types.Member{Name: name, Type: t, Offset: -1, IO: types.NoIO,
		Span: noSpan, AlignSpan: noSpan, SizeSpan: noSpan, OffsetSpan: noSpan}
	for _, o := range opts {
		o(m)
	}
	return m
}

func st(name string, members ...*types.Member) *types.Struct {
	return &types.Struct{Name: name, Members: members, Span: noSpan}
}

// collect returns a report function and the errors it collected.
func collect() (func(*Error), *[]*Error) {
	var errs []*Error
	return func(e *Error) { errs = append(errs, e) }, &errs
}

func messages(errs []*Error) []string {
	out := []string{}
	for _, e := range errs {
		out = append(out, e.Message)
	}
	return out
}
