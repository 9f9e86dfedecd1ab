package layout

import (
	"fmt"

	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// CheckType reports the layout errors of t that hold wherever t is used, through report: for
// every structure and array in t (each reported once per Layouts, however often it is
// checked), the rules of the @align, @size, [[offset]] and [[stride]] attributes and MaxBytes.
// at locates t for problems without a span of their own (a too-large array). The checker calls
// it for every structure declaration and every array type it resolves.
func (l *Layouts) CheckType(t types.Type, at diag.Span, report func(*Error)) {
	type item struct {
		t  types.Type
		at diag.Span
	}
	work := []item{{t, at}}
	for len(work) > 0 {
		it := work[len(work)-1]
		work = work[:len(work)-1]
		switch t := it.t.(type) {
		case *types.Array:
			al := l.Array(t)
			if al.declChecked {
				continue
			}
			al.declChecked = true
			l.checkArrayDecl(t, it.at, report)
			work = append(work, item{t.Elem, it.at})
		case *types.Struct:
			sl := l.Struct(t)
			if sl.declChecked {
				continue
			}
			sl.declChecked = true
			l.checkStructDecl(t, it.at, report)
			for i := len(t.Members) - 1; i >= 0; i-- {
				m := t.Members[i]
				span := m.Span
				if !span.IsValid() {
					span = it.at
				}
				work = append(work, item{m.Type, span})
			}
		}
	}
}

func (l *Layouts) checkArrayDecl(a *types.Array, at diag.Span, report func(*Error)) {
	ea, es := l.alignSize(a.Elem)
	if ea == 0 {
		return
	}
	al := l.Array(a)
	if a.Stride != 0 {
		switch {
		case a.Stride < es:
			report(errorf(a.StrideSpan, at,
				"[[stride(%d)]] of %s is smaller than %d, the size of its element type %s; use [[stride(%d)]] or larger",
				a.Stride, a, es, a.Elem, roundUp(ea, es)))
		case a.Stride%ea != 0:
			report(errorf(a.StrideSpan, at,
				"[[stride(%d)]] of %s is not a multiple of %d, the alignment of its element type %s; use [[stride(%d)]]",
				a.Stride, a, ea, a.Elem, roundUp(ea, a.Stride)))
		}
	}
	if int64(al.Size) > MaxBytes && int64(es) <= MaxBytes && int64(al.Stride) <= MaxBytes {
		report(errorf(diag.Span{Start: diag.NoPos}, at, "type %s is %s, larger than the maximum of %d bytes",
			a, ByteCount(al.Size), MaxBytes))
	} else if int64(al.Stride) > MaxBytes && int64(es) <= MaxBytes {
		report(errorf(a.StrideSpan, at, "the stride of %s is %s, larger than the maximum of %d bytes",
			a, ByteCount(al.Stride), MaxBytes))
	}
}

func (l *Layouts) checkStructDecl(s *types.Struct, at diag.Span, report func(*Error)) {
	if s.Span.IsValid() {
		at = s.Span
	}
	sl := l.Struct(s)
	membersFit := true
	for i, m := range s.Members {
		ta, ts := l.alignSize(m.Type)
		if ta == 0 {
			continue
		}
		membersFit = membersFit && int64(ts) <= MaxBytes
		mspan := m.Span // where to report an attribute without a span of its own
		if !mspan.IsValid() {
			mspan = at
		}
		if m.Align != 0 {
			switch {
			case m.Align < 0 || m.Align&(m.Align-1) != 0:
				report(errorf(m.AlignSpan, mspan,
					"@align(%d) on member '%s' of struct '%s' is not a positive power of two; use @align(%d)",
					m.Align, m.Name, s.Name, max(ta, ceilPow2(m.Align))))
			case m.Align%ta != 0:
				report(errorf(m.AlignSpan, mspan,
					"@align(%d) on member '%s' of struct '%s' is not a multiple of %d, the alignment of its type %s; use @align(%d)",
					m.Align, m.Name, s.Name, ta, m.Type, ta))
			}
		}
		if m.Size != 0 {
			switch {
			case !types.IsCreationFixedFootprint(m.Type):
				report(errorf(m.SizeSpan, mspan,
					"@size cannot be applied to member '%s' of struct '%s': the size of its type %s is not known at shader creation",
					m.Name, s.Name, m.Type))
			case m.Size < ts:
				report(errorf(m.SizeSpan, mspan,
					"@size(%d) on member '%s' of struct '%s' is smaller than %d, the size of its type %s; use @size(%d) or larger",
					m.Size, m.Name, s.Name, ts, m.Type, ts))
			}
		}
		if m.Offset >= 0 {
			l.checkExplicitOffset(s, sl, i, ta, mspan, report)
		}
	}
	if membersFit && int64(sl.Size) > MaxBytes {
		report(errorf(s.Span, at, "struct '%s' is %s, larger than the maximum of %d bytes",
			s.Name, ByteCount(sl.Size), MaxBytes))
	}
}

// checkExplicitOffset checks a 2021-draft [[offset(n)]] against that draft's rules for the
// storage class with the weakest constraints (section 3.4.6.3): members in declaration order
// without overlap, Offset(S,i) + Extent(Ti) <= Offset(S,i+1), and each member aligned,
// Offset(S,i) = k × Align(Ti).
func (l *Layouts) checkExplicitOffset(s *types.Struct, sl *StructLayout, i, align int, mspan diag.Span, report func(*Error)) {
	m, ml := s.Members[i], sl.Members[i]
	minOff := 0
	if i > 0 {
		prev, pl := s.Members[i-1], sl.Members[i-1]
		minOff = add(pl.Offset, pl.Size)
		if ml.Offset < minOff {
			e := errorf(m.OffsetSpan, mspan,
				"[[offset(%d)]] of member '%s' of struct '%s' overlaps member '%s' (offset %d, size %d): members must be laid out in declaration order without overlap; use [[offset(%d)]] or larger",
				ml.Offset, m.Name, s.Name, prev.Name, pl.Offset, pl.Size, roundUp(align, minOff))
			if prev.Span.IsValid() {
				e.Notes = append(e.Notes, Note{prev.Span, fmt.Sprintf("member '%s' ends at offset %d", prev.Name, minOff)})
			}
			report(e)
			return
		}
	}
	if ml.Offset%align != 0 {
		report(errorf(m.OffsetSpan, mspan,
			"[[offset(%d)]] of member '%s' of struct '%s' is not a multiple of %d, the alignment of its type %s; use [[offset(%d)]]",
			ml.Offset, m.Name, s.Name, align, m.Type, roundUp(align, ml.Offset)))
	}
}

func ceilPow2(n int) int {
	p := 1
	for p < n && p < 1<<30 {
		p <<= 1
	}
	return p
}

// ByteCount spells a size for a message; saturated sizes have no exact value.
func ByteCount(n int) string {
	if n >= saturated {
		return fmt.Sprintf("more than %d bytes", MaxBytes)
	}
	return fmt.Sprintf("%d bytes", n)
}
