package layout

import (
	"fmt"

	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// Check reports, through report, where t breaks the layout constraints that address space
// space adds to those CheckType enforces, for a variable declared at at:
//
//   - uniform, without uniform_buffer_standard_layout: array strides are multiples of 16;
//     members of array or structure type are at offsets that are multiples of
//     RequiredAlignOf = roundUp(16, AlignOf); a member following a member of structure type S
//     starts at least roundUp(16, SizeOf(S)) bytes after it.
//   - uniform: no runtime-sized arrays.
//
// Every other address space has the constraints of storage, which RequiredAlignOf equal to
// AlignOf makes CheckType's. Each structure is checked once per Layouts and set of
// constraints, so a structure shared by many variables is reported once.
func (l *Layouts) Check(t types.Type, space types.AddressSpace, at diag.Span, report func(*Error)) {
	if space != types.AddrUniform {
		return
	}
	c := spaceChecker{l: l, space: space, strict: l.strictUniform(space), at: at, report: report, work: l.uses[:0]}
	c.work = append(c.work, use{t: t, member: -1})
	for len(c.work) > 0 {
		u := c.work[len(c.work)-1]
		c.work = c.work[:len(c.work)-1]
		c.check(u)
	}
	l.uses = c.work[:0]
}

// use is a type where it is used: as the type of member member of owner, or as the store type
// of the variable (owner nil).
type use struct {
	t      types.Type
	owner  *types.Struct
	member int
}

type spaceChecker struct {
	l      *Layouts
	space  types.AddressSpace
	strict bool
	at     diag.Span
	report func(*Error)
	work   []use
}

func (c *spaceChecker) check(u use) {
	switch t := u.t.(type) {
	case *types.Array:
		c.checkArrays(u, t)
	case *types.Struct:
		sl := c.l.Struct(t)
		k := 0
		if c.strict {
			k = 1
		}
		if sl.spaceChecked[k] {
			return
		}
		sl.spaceChecked[k] = true
		c.checkStruct(t)
	}
}

// checkArrays checks the chain of arrays u.t, its element if an array, and so on, reporting
// at most one problem for the chain, then queues the innermost element.
func (c *spaceChecker) checkArrays(u use, outer *types.Array) {
	var t types.Type = outer
	reported := false
	for {
		a, ok := t.(*types.Array)
		if !ok {
			break
		}
		if !reported {
			reported = c.checkArray(u, outer, a)
		}
		t = a.Elem
	}
	c.work = append(c.work, use{t: t, owner: u.owner, member: u.member})
}

func (c *spaceChecker) checkArray(u use, outer, a *types.Array) bool {
	if a.IsRuntimeSized() {
		subject, span := c.subject(u)
		c.emit(errorf(span, c.at,
			"%s has runtime-sized %s, which only storage buffers may contain; use a fixed-size array, or declare the variable var<storage>",
			subject, arrayWhat(outer, a)))
		return true
	}
	if !c.strict {
		return false
	}
	stride := c.l.ArrayStride(a)
	if stride%16 == 0 {
		return false
	}
	subject, span := c.subject(u)
	if a.Stride > 0 && a.StrideSpan.IsValid() {
		span = a.StrideSpan
	}
	c.emit(errorf(span, c.at,
		"%s has %s whose stride %d is not a multiple of 16 (uniform address space); %s, or require uniform_buffer_standard_layout",
		subject, arrayWhat(outer, a), stride, c.strideFix(a)))
	return true
}

// arrayWhat names array a, found in the type outer of a member or variable.
func arrayWhat(outer, a *types.Array) string {
	if a == outer {
		return "array type " + outer.String()
	}
	return "type " + outer.String() + " containing array type " + a.String()
}

// strideFix says how to give the elements of a a stride that is a multiple of 16.
func (c *spaceChecker) strideFix(a *types.Array) string {
	if a.Stride > 0 {
		return fmt.Sprintf("use [[stride(%d)]]", roundUp(16, a.Stride))
	}
	switch e := a.Elem.(type) {
	case *types.Scalar:
		if e.Kind != types.KindF16 {
			return fmt.Sprintf("use an array of vec4<%s> or a struct with @size(16)", e)
		}
	case *types.Vector:
		if e.N == 2 && e.Elem.Kind != types.KindF16 {
			return fmt.Sprintf("use an array of vec4<%s> or a struct with @size(16)", e.Elem)
		}
	case *types.Struct:
		if n := len(e.Members); n > 0 {
			sl := c.l.Struct(e)
			want := roundUp(16, sl.Size)
			last := e.Members[n-1]
			return fmt.Sprintf("use @size(%d) on member '%s', the last member of struct '%s', to make its size %d",
				want-sl.Members[n-1].Offset, last.Name, e.Name, want)
		}
	}
	return fmt.Sprintf("use an array of a struct with a member of type %s and @size(%d)",
		a.Elem, roundUp(16, c.l.SizeOf(a.Elem)))
}

func (c *spaceChecker) checkStruct(s *types.Struct) {
	sl := c.l.Struct(s)
	if c.strict {
		for i := range s.Members {
			c.checkMemberOffset(s, sl, i)
			if i > 0 {
				c.checkSpacing(s, sl, i)
			}
		}
	}
	// Queue the member types last first, so they are checked in declaration order.
	for i := len(s.Members) - 1; i >= 0; i-- {
		c.work = append(c.work, use{t: s.Members[i].Type, owner: s, member: i})
	}
}

// checkMemberOffset enforces OffsetOfMember = k × RequiredAlignOf(T, uniform) for members of
// array and structure type, where RequiredAlignOf exceeds AlignOf. Offsets that are not even a
// multiple of AlignOf are CheckType's to report.
func (c *spaceChecker) checkMemberOffset(s *types.Struct, sl *StructLayout, i int) {
	m, ml := s.Members[i], sl.Members[i]
	kind := ""
	switch m.Type.(type) {
	case *types.Array:
		kind = "array"
	case *types.Struct:
		kind = "structure"
	default:
		return
	}
	align := c.l.AlignOf(m.Type)
	req := c.l.RequiredAlignOf(m.Type, c.space)
	if ml.Offset%req == 0 || ml.Offset%align != 0 {
		return
	}
	span := m.Span
	fix := fmt.Sprintf("add @align(%d) to '%s'", req, m.Name)
	if m.Offset >= 0 {
		fix = fmt.Sprintf("use [[offset(%d)]]", roundUp(req, ml.Offset))
		if m.OffsetSpan.IsValid() {
			span = m.OffsetSpan
		}
	}
	subject, _ := c.subject(use{owner: s, member: i})
	c.emit(errorf(span, c.at,
		"%s has %s type %s, which must be at an offset that is a multiple of %d (uniform address space: roundUp(16, AlignOf(%s))); %s, or require uniform_buffer_standard_layout",
		subject, kind, m.Type, req, m.Type, fix))
}

// checkSpacing enforces that a member following a member of structure type S starts at least
// roundUp(16, SizeOf(S)) bytes after it.
func (c *spaceChecker) checkSpacing(s *types.Struct, sl *StructLayout, i int) {
	prev := s.Members[i-1]
	ps, ok := prev.Type.(*types.Struct)
	if !ok {
		return
	}
	m, ml, pl := s.Members[i], sl.Members[i], sl.Members[i-1]
	need := roundUp(16, c.l.Struct(ps).Size)
	gap := ml.Offset - pl.Offset
	if gap >= need {
		return
	}
	span := m.Span
	fix := fmt.Sprintf("add @align(16) to '%s' or @size(%d) to '%s'", m.Name, need, prev.Name)
	if m.Offset >= 0 {
		fix = fmt.Sprintf("use [[offset(%d)]] or larger", add(pl.Offset, need))
		if m.OffsetSpan.IsValid() {
			span = m.OffsetSpan
		}
	}
	subject, _ := c.subject(use{owner: s, member: i})
	e := errorf(span, c.at,
		"%s is %d bytes after member '%s' of structure type '%s', but must be at least %d bytes after it (uniform address space: roundUp(16, SizeOf(%s))); %s, or require uniform_buffer_standard_layout",
		subject, gap, prev.Name, ps.Name, need, ps.Name, fix)
	if prev.Span.IsValid() {
		e.Notes = append(e.Notes, Note{prev.Span, fmt.Sprintf("member '%s' of structure type '%s' is at offset %d", prev.Name, ps.Name, pl.Offset)})
	}
	c.emit(e)
}

// subject describes where a use is ("uniform buffer member 'b' of struct 'S' at offset 4") and
// the span to report it at.
func (c *spaceChecker) subject(u use) (string, diag.Span) {
	what := spaceNoun(c.space)
	if u.owner == nil {
		return what, c.at
	}
	m := u.owner.Members[u.member]
	off := c.l.Struct(u.owner).Members[u.member].Offset
	return fmt.Sprintf("%s member '%s' of struct '%s' at offset %d", what, m.Name, u.owner.Name, off), m.Span
}

func (c *spaceChecker) emit(e *Error) {
	if c.at.IsValid() && e.Span != c.at {
		e.Notes = append(e.Notes, Note{c.at, fmt.Sprintf("the %s declared here", spaceNoun(c.space))})
	}
	c.report(e)
}

func spaceNoun(space types.AddressSpace) string {
	switch space {
	case types.AddrUniform:
		return "uniform buffer"
	case types.AddrStorage:
		return "storage buffer"
	case types.AddrImmediate:
		return "immediate data"
	}
	return space.String() + " variable"
}
