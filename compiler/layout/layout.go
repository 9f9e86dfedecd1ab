package layout

import (
	"github.com/wgslgo/wgslgo/compiler/types"
)

// MaxBytes is the largest size, offset or stride a type may have: SPIR-V's Offset and
// ArrayStride decorations take 32-bit literals.
const MaxBytes int64 = 1<<32 - 1

// saturated is where size arithmetic stops growing; anything that reaches it is reported by
// CheckType as larger than MaxBytes.
const saturated = int(^uint(0) >> 2)

// Options select the layout constraints that depend on the language features in force.
type Options struct {
	// UniformStandardLayout is the uniform_buffer_standard_layout language feature: the uniform
	// address space then has the constraints of the storage address space.
	UniformStandardLayout bool
}

// Layouts computes and memoizes the layout of the types of one compilation.
type Layouts struct {
	opts    Options
	structs map[*types.Struct]*StructLayout
	arrays  map[*types.Array]*ArrayLayout

	// frames is the explicit stack of resolve, kept to reuse its storage.
	frames []frame

	uses []use // Check's work list, kept to reuse its storage
}

// New returns an empty Layouts with the given options.
func New(opts Options) *Layouts {
	return &Layouts{
		opts:    opts,
		structs: make(map[*types.Struct]*StructLayout),
		arrays:  make(map[*types.Array]*ArrayLayout),
	}
}

// Options returns the options in force.
func (l *Layouts) Options() Options { return l.opts }

// StructLayout is the layout of a structure type.
type StructLayout struct {
	// Align is AlignOf(S): the largest member alignment (1 for a structure without members).
	Align int
	// Size is SizeOf(S): the end of the last member rounded up to Align. When the last member
	// is a runtime-sized array, it is the size with zero elements.
	Size int
	// Members holds the layout of each member, in declaration order.
	Members []MemberLayout
	// Explicit reports that a member has a 2021-draft [[offset(n)]].
	Explicit bool
	// RuntimeSized reports that the last member is a runtime-sized array.
	RuntimeSized bool

	declChecked  bool    // CheckType has looked at the structure
	spaceChecked [2]bool // Check has, without and with the strict uniform rules
}

// MemberLayout is the layout of one structure member.
type MemberLayout struct {
	// Offset is OffsetOfMember(S, i), the byte offset from the start of the structure.
	Offset int
	// Size is SizeOfMember(S, i): @size(n) if present, else SizeOf of the member type
	// (0 for a runtime-sized array).
	Size int
	// Align is AlignOfMember(S, i): @align(n) if present, else AlignOf of the member type.
	Align int
	// ArrayStride is the stride of the member's type when it is an array, else 0. Nested
	// arrays carry their own strides: see Layouts.ArrayStride.
	ArrayStride int
	// MatrixStride is the column stride when the member's type is a matrix or a (nested)
	// array of matrices, else 0. WGSL matrices are always column-major.
	MatrixStride int
}

// ArrayLayout is the layout of an array type.
type ArrayLayout struct {
	Align  int // AlignOf(E)
	Stride int // StrideOf(A): [[stride(n)]] if present, else roundUp(AlignOf(E), SizeOf(E))
	// Size is Count × Stride; 0 for runtime-sized and override-sized arrays.
	Size int
	// Count is the element count of a fixed-size array; 0 for runtime-sized and
	// override-sized arrays.
	Count int

	declChecked bool // CheckType has looked at the array
}

// AlignOf is the spec's AlignOf(t). It is 0 for types without a memory layout: abstract
// numbers, buffers, pointers, textures, samplers.
func (l *Layouts) AlignOf(t types.Type) int {
	a, _ := l.alignSize(t)
	return a
}

// SizeOf is the spec's SizeOf(t), with runtime-sized and override-sized arrays counted as
// zero elements. It is the size N of buffer<N>, and 0 for other types without a layout.
func (l *Layouts) SizeOf(t types.Type) int {
	if b, ok := t.(*types.Buffer); ok {
		return b.Size
	}
	_, s := l.alignSize(t)
	return s
}

// HasLayout reports whether t has an alignment and a size: bool, concrete numeric scalars,
// vectors and matrices of them, atomics, arrays and structures.
func (l *Layouts) HasLayout(t types.Type) bool { return l.AlignOf(t) > 0 }

// Struct returns the layout of s. It is shared: callers must not modify it.
func (l *Layouts) Struct(s *types.Struct) *StructLayout {
	if sl := l.structs[s]; sl != nil && sl.Align != 0 {
		return sl
	}
	l.resolve(s)
	return l.structs[s]
}

// Array returns the layout of a. It is shared: callers must not modify it.
func (l *Layouts) Array(a *types.Array) *ArrayLayout {
	if al := l.arrays[a]; al != nil && al.Align != 0 {
		return al
	}
	l.resolve(a)
	return l.arrays[a]
}

// ArrayStride is StrideOf(a), the ArrayStride decoration of a's SPIR-V type.
func (l *Layouts) ArrayStride(a *types.Array) int { return l.Array(a).Stride }

// MatrixStride is the distance between the columns of m, AlignOf(vecR): the MatrixStride
// decoration of every structure member of matrix type. Columns are always column-major.
func (l *Layouts) MatrixStride(m *types.Matrix) int { return vectorAlign(m.Rows, m.Elem) }

// RequiredAlignOf is the spec's RequiredAlignOf(t, space): AlignOf(t), except for arrays and
// structures in the uniform address space without uniform_buffer_standard_layout, where it is
// roundUp(16, AlignOf(t)).
func (l *Layouts) RequiredAlignOf(t types.Type, space types.AddressSpace) int {
	a := l.AlignOf(t)
	if l.strictUniform(space) {
		switch t.(type) {
		case *types.Array, *types.Struct:
			return roundUp(16, a)
		}
	}
	return a
}

func (l *Layouts) strictUniform(space types.AddressSpace) bool {
	return space == types.AddrUniform && !l.opts.UniformStandardLayout
}

func scalarSize(s *types.Scalar) int {
	switch s.Kind {
	case types.KindAbstractInt, types.KindAbstractFloat:
		return 0
	case types.KindF16:
		return 2
	}
	return 4 // bool, i32, u32, f32
}

// vectorAlign is AlignOf(vecN<T>): twice the scalar for vec2, four times for vec3 and vec4.
func vectorAlign(n int, elem *types.Scalar) int {
	if n == 2 {
		return 2 * scalarSize(elem)
	}
	return 4 * scalarSize(elem)
}

// alignSize returns AlignOf and SizeOf of t (0, 0 when t has no layout).
func (l *Layouts) alignSize(t types.Type) (int, int) {
	switch t := t.(type) {
	case *types.Scalar:
		s := scalarSize(t)
		return s, s
	case *types.Vector:
		return vectorAlign(t.N, t.Elem), t.N * scalarSize(t.Elem)
	case *types.Matrix:
		// SizeOf(array<vecR, C>): the column stride roundUp(AlignOf(vecR), SizeOf(vecR)) is
		// AlignOf(vecR) for every R.
		a := vectorAlign(t.Rows, t.Elem)
		return a, t.Cols * a
	case *types.Atomic:
		s := scalarSize(t.Elem)
		return s, s
	case *types.Array:
		al := l.Array(t)
		return al.Align, al.Size
	case *types.Struct:
		sl := l.Struct(t)
		return sl.Align, sl.Size
	}
	return 0, 0
}

// frame is one type on resolve's stack and the index of the next child to look at.
type frame struct {
	t    types.Type
	next int
}

// resolve computes the layout of root and of every array and structure inside it that is not
// known yet, children first, with an explicit stack so that the depth of a type cannot
// exhaust the goroutine stack.
func (l *Layouts) resolve(root types.Type) {
	stack := append(l.frames[:0], frame{t: root})
	l.markPending(root)
	for len(stack) > 0 {
		f := &stack[len(stack)-1]
		if child := l.nextPending(f); child != nil {
			l.markPending(child)
			stack = append(stack, frame{t: child})
			continue
		}
		switch t := f.t.(type) {
		case *types.Array:
			l.computeArray(t)
		case *types.Struct:
			l.computeStruct(t)
		}
		stack = stack[:len(stack)-1]
	}
	l.frames = stack[:0]
}

// markPending records that t is on the stack: its entry exists with a zero Align until it is
// computed. Meeting a pending type again would mean a cyclic type, which the checker never
// builds.
func (l *Layouts) markPending(t types.Type) {
	switch t := t.(type) {
	case *types.Array:
		l.arrays[t] = &ArrayLayout{}
	case *types.Struct:
		l.structs[t] = &StructLayout{}
	}
}

// nextPending returns the next child of f's type whose layout is still unknown, or nil.
func (l *Layouts) nextPending(f *frame) types.Type {
	switch t := f.t.(type) {
	case *types.Array:
		if f.next == 0 {
			f.next = 1
			if l.unknown(t.Elem) {
				return t.Elem
			}
		}
	case *types.Struct:
		for f.next < len(t.Members) {
			m := t.Members[f.next]
			f.next++
			if l.unknown(m.Type) {
				return m.Type
			}
		}
	}
	return nil
}

func (l *Layouts) unknown(t types.Type) bool {
	switch t := t.(type) {
	case *types.Array:
		al, ok := l.arrays[t]
		if ok && al.Align == 0 {
			panic("layout: cyclic type " + t.String())
		}
		return !ok
	case *types.Struct:
		sl, ok := l.structs[t]
		if ok && sl.Align == 0 {
			panic("layout: cyclic type " + t.String())
		}
		return !ok
	}
	return false
}

func (l *Layouts) computeArray(a *types.Array) {
	ea, es := l.alignSize(a.Elem)
	al := l.arrays[a]
	al.Align = max(ea, 1)
	al.Stride = a.Stride
	if al.Stride <= 0 {
		al.Stride = roundUp(ea, es)
	}
	if !a.IsRuntimeSized() && !a.IsOverrideSized() && a.Count > 0 {
		al.Count = a.Count
		al.Size = mul(a.Count, al.Stride)
	}
}

func (l *Layouts) computeStruct(s *types.Struct) {
	sl := l.structs[s]
	sl.Members = make([]MemberLayout, len(s.Members))
	align, end, last := 1, 0, 0
	for i, m := range s.Members {
		ml := &sl.Members[i]
		l.memberType(m.Type, ml)
		if m.Align > 0 {
			ml.Align = m.Align
		}
		if m.Size > 0 {
			ml.Size = m.Size
		}
		switch {
		case m.Offset >= 0:
			ml.Offset = min(m.Offset, saturated)
			sl.Explicit = true
		case i > 0:
			ml.Offset = roundUp(ml.Align, last)
		}
		last = add(ml.Offset, ml.Size)
		// With valid offsets the last member ends last; with the 2021 draft's explicit
		// offsets going backwards (an error CheckType reports) the size still covers all.
		end = max(end, last)
		align = max(align, ml.Align)
	}
	sl.Align = align
	sl.Size = roundUp(align, end)
	if n := len(s.Members); n > 0 {
		if a, ok := s.Members[n-1].Type.(*types.Array); ok && a.IsRuntimeSized() {
			sl.RuntimeSized = true
		}
	}
}

// memberType fills in the alignment, size and strides that a member's type gives it.
func (l *Layouts) memberType(t types.Type, ml *MemberLayout) {
	a, ok := t.(*types.Array)
	if !ok {
		ml.Align, ml.Size = l.alignSize(t)
		if m, ok := t.(*types.Matrix); ok {
			ml.MatrixStride = l.MatrixStride(m)
		}
		return
	}
	al := l.arrays[a]
	ml.Align, ml.Size, ml.ArrayStride = al.Align, al.Size, al.Stride
	for {
		switch e := a.Elem.(type) {
		case *types.Array:
			a = e
			continue
		case *types.Matrix:
			ml.MatrixStride = l.MatrixStride(e)
		}
		return
	}
}

// roundUp is the spec's roundUp(k, n): the smallest multiple of k that is at least n.
func roundUp(k, n int) int {
	if k <= 1 {
		return n
	}
	if n > saturated-k {
		return saturated
	}
	return (n + k - 1) / k * k
}

func add(a, b int) int {
	if a > saturated-b {
		return saturated
	}
	return a + b
}

func mul(a, b int) int {
	if b != 0 && a > saturated/b {
		return saturated
	}
	return a * b
}
