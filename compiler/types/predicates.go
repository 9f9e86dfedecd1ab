package types

import (
	"math"
	"sync"
)

// Identical reports whether a and b are the same WGSL type: structurally for everything but
// structures, which are the same only when they are the same declaration.
func Identical(a, b Type) bool {
	if a == b {
		return true
	}
	switch a := a.(type) {
	case *Array:
		b, ok := b.(*Array)
		return ok && a.Count == b.Count && a.CountOverride == b.CountOverride && a.Stride == b.Stride &&
			Identical(a.Elem, b.Elem)
	case *Atomic:
		b, ok := b.(*Atomic)
		return ok && a.Elem == b.Elem
	case *Pointer:
		b, ok := b.(*Pointer)
		return ok && a.Space == b.Space && a.Access == b.Access && Identical(a.Elem, b.Elem)
	case *Reference:
		b, ok := b.(*Reference)
		return ok && a.Space == b.Space && a.Access == b.Access && Identical(a.Elem, b.Elem)
	case *Sampler:
		b, ok := b.(*Sampler)
		return ok && a.Comparison == b.Comparison
	case *Texture:
		b, ok := b.(*Texture)
		return ok && *a == *b
	case *Buffer:
		b, ok := b.(*Buffer)
		return ok && a.Size == b.Size && a.SizeOverride == b.SizeOverride
	}
	return false // scalars, vectors and matrices are canonical; structs are nominal
}

// ElemScalar returns the scalar a scalar, vector, matrix or atomic is made of, or nil.
func ElemScalar(t Type) *Scalar {
	switch t := t.(type) {
	case *Scalar:
		return t
	case *Vector:
		return t.Elem
	case *Matrix:
		return t.Elem
	case *Atomic:
		return t.Elem
	}
	return nil
}

// LeafScalar returns the scalar at the bottom of scalars, vectors, matrices and (nested)
// arrays, or nil for other types.
func LeafScalar(t Type) *Scalar {
	for {
		switch u := t.(type) {
		case *Array:
			t = u.Elem
		default:
			return ElemScalar(t)
		}
	}
}

// IsAbstract reports whether t is an abstract type or contains one (vectors, matrices and
// arrays of abstract numbers, the abstract builtin result structures).
func IsAbstract(t Type) bool {
	switch t := t.(type) {
	case *Scalar:
		return t.IsAbstract()
	case *Vector:
		return t.Elem.IsAbstract()
	case *Matrix:
		return t.Elem.IsAbstract()
	case *Array:
		return IsAbstract(t.Elem)
	case *Struct:
		if t.Builtin {
			for _, m := range t.Members {
				if IsAbstract(m.Type) {
					return true
				}
			}
		}
	}
	return false
}

// IsConcrete is the negation of IsAbstract.
func IsConcrete(t Type) bool { return !IsAbstract(t) }

// WithScalar returns t (a scalar, vector, matrix, or array of those) rebuilt on scalar s.
func WithScalar(t Type, s *Scalar) Type {
	switch t := t.(type) {
	case *Scalar:
		return s
	case *Vector:
		return Vec(t.N, s)
	case *Matrix:
		return Mat(t.Cols, t.Rows, s)
	case *Array:
		return &Array{Elem: WithScalar(t.Elem, s), Count: t.Count, CountOverride: t.CountOverride, CountName: t.CountName, Stride: t.Stride}
	case *Struct:
		if t.Builtin {
			return builtinResultWithScalar(t, s)
		}
	}
	return t
}

// Concretize returns the concretization of t: AbstractInt becomes i32, AbstractFloat f32,
// and composites follow their components. Concrete types are returned unchanged.
func Concretize(t Type) Type {
	switch t := t.(type) {
	case *Scalar:
		switch t.Kind {
		case KindAbstractInt:
			return I32
		case KindAbstractFloat:
			return F32
		}
		return t
	case *Vector, *Matrix, *Array, *Struct:
		if !IsAbstract(t) {
			return t
		}
		leaf := LeafScalar(t)
		if st, ok := t.(*Struct); ok {
			leaf = LeafScalar(st.Members[0].Type)
		}
		return WithScalar(t, Concretize(leaf).(*Scalar))
	}
	return t
}

// Infinite is the rank of an infeasible conversion.
const Infinite = math.MaxInt

// ConversionRank is the spec's ConversionRank(src, dst): 0 for identity (and for the load
// rule applied to a readable reference), a positive preference for feasible automatic
// conversions of abstract types, and Infinite when the conversion is not allowed.
func ConversionRank(src, dst Type) int {
	if r, ok := src.(*Reference); ok {
		if r.Access.CanRead() && Identical(r.Elem, dst) {
			return 0
		}
		return Infinite
	}
	if Identical(src, dst) {
		return 0
	}
	switch s := src.(type) {
	case *Scalar:
		d, ok := dst.(*Scalar)
		if !ok {
			return Infinite
		}
		return scalarRank(s, d)
	case *Vector:
		d, ok := dst.(*Vector)
		if !ok || d.N != s.N {
			return Infinite
		}
		return scalarRank(s.Elem, d.Elem)
	case *Matrix:
		d, ok := dst.(*Matrix)
		if !ok || d.Cols != s.Cols || d.Rows != s.Rows {
			return Infinite
		}
		return scalarRank(s.Elem, d.Elem)
	case *Array:
		d, ok := dst.(*Array)
		if !ok || d.Count != s.Count || d.CountOverride != s.CountOverride || s.IsRuntimeSized() || d.Stride != s.Stride {
			return Infinite
		}
		return ConversionRank(s.Elem, d.Elem)
	case *Struct:
		d, ok := dst.(*Struct)
		if !ok || !s.Builtin || !d.Builtin || len(s.Members) != len(d.Members) || builtinFamily(s) != builtinFamily(d) {
			return Infinite
		}
		ls, ld := LeafScalar(s.Members[0].Type), LeafScalar(d.Members[0].Type)
		if ls.Kind != KindAbstractFloat {
			return Infinite
		}
		for i := range s.Members {
			if ConversionRank(s.Members[i].Type, d.Members[i].Type) == Infinite {
				return Infinite
			}
		}
		switch ld.Kind {
		case KindF32:
			return 1
		case KindF16:
			return 2
		}
	}
	return Infinite
}

func scalarRank(s, d *Scalar) int {
	if s == d {
		return 0
	}
	switch s.Kind {
	case KindAbstractFloat:
		switch d.Kind {
		case KindF32:
			return 1
		case KindF16:
			return 2
		}
	case KindAbstractInt:
		switch d.Kind {
		case KindI32:
			return 3
		case KindU32:
			return 4
		case KindAbstractFloat:
			return 5
		case KindF32:
			return 6
		case KindF16:
			return 7
		}
	}
	return Infinite
}

// IsPlain reports whether t is a plain type: scalar, atomic, vector, matrix, array or structure.
func IsPlain(t Type) bool {
	switch t.(type) {
	case *Scalar, *Atomic, *Vector, *Matrix, *Array, *Struct:
		return true
	}
	return false
}

// IsCreationFixedFootprint reports whether t's size is known at shader creation.
func IsCreationFixedFootprint(t Type) bool {
	switch t := t.(type) {
	case *Scalar, *Vector, *Matrix, *Atomic:
		return true
	case *Array:
		return t.Count > 0 && IsCreationFixedFootprint(t.Elem)
	case *Struct:
		for _, m := range t.Members {
			if !IsCreationFixedFootprint(m.Type) {
				return false
			}
		}
		return true
	case *Buffer:
		return t.Size > 0
	}
	return false
}

// IsFixedFootprint reports whether t's size is known at pipeline creation.
func IsFixedFootprint(t Type) bool {
	switch t := t.(type) {
	case *Array:
		return !t.IsRuntimeSized() && IsFixedFootprint(t.Elem)
	case *Struct:
		for _, m := range t.Members {
			if !IsFixedFootprint(m.Type) {
				return false
			}
		}
		return true
	case *Buffer:
		return t.Size > 0 || t.SizeOverride != nil
	}
	return IsCreationFixedFootprint(t)
}

// IsConstructible reports whether values of t can be created, loaded, stored, passed and
// returned.
func IsConstructible(t Type) bool {
	switch t := t.(type) {
	case *Scalar, *Vector, *Matrix:
		return true
	case *Array:
		return t.Count > 0 && IsCreationFixedFootprint(t) && IsConstructible(t.Elem)
	case *Struct:
		for _, m := range t.Members {
			if !IsConstructible(m.Type) {
				return false
			}
		}
		return true
	}
	return false
}

// IsStorable reports whether a variable may hold a value of t.
func IsStorable(t Type) bool {
	if IsAbstract(t) {
		return false
	}
	switch t.(type) {
	case *Scalar, *Vector, *Matrix, *Atomic, *Array, *Struct, *Texture, *Sampler, *Buffer:
		return true
	}
	return false
}

// IsHostShareable reports whether t may be the store type of a uniform or storage buffer.
func IsHostShareable(t Type) bool {
	if IsAbstract(t) {
		return false
	}
	switch t := t.(type) {
	case *Scalar:
		return t.IsNumeric()
	case *Vector:
		return t.Elem.IsNumeric()
	case *Matrix, *Atomic, *Buffer:
		return true
	case *Array:
		if t.IsRuntimeSized() {
			return IsHostShareable(t.Elem)
		}
		return IsCreationFixedFootprint(t) && IsHostShareable(t.Elem)
	case *Struct:
		for _, m := range t.Members {
			if !IsHostShareable(m.Type) {
				return false
			}
		}
		return true
	}
	return false
}

// IsRuntimeSized reports whether t is a runtime-sized array or a structure whose last member
// is (recursively) runtime-sized, or the runtime-sized buffer.
func IsRuntimeSized(t Type) bool {
	switch t := t.(type) {
	case *Array:
		return t.IsRuntimeSized()
	case *Struct:
		return len(t.Members) > 0 && IsRuntimeSized(t.Members[len(t.Members)-1].Type)
	case *Buffer:
		return t.Size == 0 && t.SizeOverride == nil
	}
	return false
}

// ContainsAtomic reports whether t is or contains an atomic type.
func ContainsAtomic(t Type) bool {
	switch t := t.(type) {
	case *Atomic:
		return true
	case *Array:
		return ContainsAtomic(t.Elem)
	case *Struct:
		for _, m := range t.Members {
			if ContainsAtomic(m.Type) {
				return true
			}
		}
	}
	return false
}

// Contains reports whether t is or contains a type for which pred holds.
func Contains(t Type, pred func(Type) bool) bool {
	if pred(t) {
		return true
	}
	switch t := t.(type) {
	case *Array:
		return Contains(t.Elem, pred)
	case *Struct:
		for _, m := range t.Members {
			if Contains(m.Type, pred) {
				return true
			}
		}
	case *Atomic:
		return pred(t.Elem)
	case *Vector:
		return pred(t.Elem)
	case *Matrix:
		return pred(t.Elem)
	}
	return false
}

// UsesF16 reports whether t mentions f16 anywhere (for `enable f16` checks and capabilities).
func UsesF16(t Type) bool {
	return Contains(t, func(t Type) bool { return t == F16 })
}

// Builtin result structures: frexp, modf and atomicCompareExchangeWeak return structures the
// program cannot name. They are canonical per shape so == and Identical work on them.

type resultKey struct {
	family string
	n      int // 1 for scalars
	kind   ScalarKind
}

var (
	resultMu    sync.Mutex
	resultCache map[resultKey]*Struct // made by the first result structure
)

func builtinFamily(s *Struct) string {
	switch {
	case len(s.Name) > 15 && s.Name[:15] == "__frexp_result_":
		return "frexp"
	case len(s.Name) > 14 && s.Name[:14] == "__modf_result_":
		return "modf"
	}
	return s.Name
}

func resultSuffix(n int, s *Scalar) string {
	name := s.String()
	if s.Kind == KindAbstractFloat || s.Kind == KindAbstractInt {
		name = "abstract"
	}
	if n == 1 {
		return name
	}
	return "vec" + string(rune('0'+n)) + "_" + name
}

func resultStruct(k resultKey, build func() *Struct) *Struct {
	resultMu.Lock()
	defer resultMu.Unlock()
	if s, ok := resultCache[k]; ok {
		return s
	}
	s := build()
	s.Builtin = true
	if resultCache == nil {
		resultCache = map[resultKey]*Struct{}
	}
	resultCache[k] = s
	return s
}

func shaped(n int, s *Scalar) Type {
	if n == 1 {
		return s
	}
	return Vec(n, s)
}

func member(name string, t Type) *Member {
	m := &Member{Name: name, Type: t, Offset: -1, IO: NoIO}
	return m
}

// FrexpResult is the result of frexp on a float scalar (n = 1) or vector of n components.
func FrexpResult(n int, s *Scalar) *Struct {
	return resultStruct(resultKey{"frexp", n, s.Kind}, func() *Struct {
		exp := I32
		if s.Kind == KindAbstractFloat {
			exp = AbstractInt
		}
		return &Struct{Name: "__frexp_result_" + resultSuffix(n, s), Members: []*Member{
			member("fract", shaped(n, s)), member("exp", shaped(n, exp)),
		}}
	})
}

// ModfResult is the result of modf on a float scalar (n = 1) or vector of n components.
func ModfResult(n int, s *Scalar) *Struct {
	return resultStruct(resultKey{"modf", n, s.Kind}, func() *Struct {
		return &Struct{Name: "__modf_result_" + resultSuffix(n, s), Members: []*Member{
			member("fract", shaped(n, s)), member("whole", shaped(n, s)),
		}}
	})
}

// AtomicCompareExchangeResult is the result of atomicCompareExchangeWeak on atomic<s>.
func AtomicCompareExchangeResult(s *Scalar) *Struct {
	return resultStruct(resultKey{"atomic_cmpxchg", 1, s.Kind}, func() *Struct {
		return &Struct{Name: "__atomic_compare_exchange_result_" + s.String(), Members: []*Member{
			member("old_value", s), member("exchanged", Bool),
		}}
	})
}

func builtinResultWithScalar(t *Struct, s *Scalar) Type {
	n := 1
	if v, ok := t.Members[0].Type.(*Vector); ok {
		n = v.N
	}
	switch builtinFamily(t) {
	case "frexp":
		return FrexpResult(n, s)
	case "modf":
		return ModfResult(n, s)
	}
	return t
}
