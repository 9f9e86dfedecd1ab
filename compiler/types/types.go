// Package types is WGSL's type system as the checker, the layout rules, the lowering and the
// generators all see it: scalars, vectors, matrices, arrays, structures, atomics, pointers and
// references, textures, samplers and buffers, with the spec's predicates (constructible,
// storable, host-shareable, fixed footprint) and its ConversionRank.
//
// Scalars, vectors and matrices are canonical: there is exactly one *Scalar, *Vector and *Matrix
// for each shape, so == compares them. Every other type is compared with Identical.
package types

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/wgslgo/wgslgo/compiler/diag"
)

// Type is any WGSL type. String returns its WGSL spelling.
type Type interface {
	String() string
	isType()
}

// ScalarKind enumerates the scalar types, the abstract ones included.
type ScalarKind uint8

const (
	KindBool ScalarKind = iota
	KindAbstractInt
	KindAbstractFloat
	KindI32
	KindU32
	KindF32
	KindF16
	numScalarKinds
)

// Scalar is bool, a concrete numeric scalar, or an abstract numeric type.
type Scalar struct {
	Kind ScalarKind
}

func (*Scalar) isType() {}

func (s *Scalar) String() string {
	switch s.Kind {
	case KindBool:
		return "bool"
	case KindAbstractInt:
		return "AbstractInt"
	case KindAbstractFloat:
		return "AbstractFloat"
	case KindI32:
		return "i32"
	case KindU32:
		return "u32"
	case KindF32:
		return "f32"
	default:
		return "f16"
	}
}

// Size is the byte size of a concrete scalar (bool counts 4, as in SPIR-V's function memory).
func (s *Scalar) Size() int {
	if s.Kind == KindF16 {
		return 2
	}
	return 4
}

// IsAbstract reports whether s is AbstractInt or AbstractFloat.
func (s *Scalar) IsAbstract() bool { return s.Kind == KindAbstractInt || s.Kind == KindAbstractFloat }

// IsFloat reports whether s is a floating-point type (abstract or not).
func (s *Scalar) IsFloat() bool {
	return s.Kind == KindF32 || s.Kind == KindF16 || s.Kind == KindAbstractFloat
}

// IsInteger reports whether s is an integer type (abstract or not).
func (s *Scalar) IsInteger() bool {
	return s.Kind == KindI32 || s.Kind == KindU32 || s.Kind == KindAbstractInt
}

// IsSigned reports whether s is a signed numeric type (every float, i32, AbstractInt).
func (s *Scalar) IsSigned() bool { return s.Kind != KindU32 && s.Kind != KindBool }

// IsNumeric reports whether s is any scalar but bool.
func (s *Scalar) IsNumeric() bool { return s.Kind != KindBool }

var scalars = [numScalarKinds]Scalar{
	{KindBool}, {KindAbstractInt}, {KindAbstractFloat}, {KindI32}, {KindU32}, {KindF32}, {KindF16},
}

// The scalar types.
var (
	Bool          = &scalars[KindBool]
	AbstractInt   = &scalars[KindAbstractInt]
	AbstractFloat = &scalars[KindAbstractFloat]
	I32           = &scalars[KindI32]
	U32           = &scalars[KindU32]
	F32           = &scalars[KindF32]
	F16           = &scalars[KindF16]
)

// ScalarOf returns the canonical scalar of kind k.
func ScalarOf(k ScalarKind) *Scalar { return &scalars[k] }

// Vector is vecN<T>, N in 2..4.
type Vector struct {
	N    int
	Elem *Scalar
}

func (*Vector) isType() {}

func (v *Vector) String() string {
	return "vec" + strconv.Itoa(v.N) + "<" + v.Elem.String() + ">"
}

// vectors are the canonical vector types, vectors[kind][N-2]: static data (TestCanonicalTables).
var vectors = [numScalarKinds][3]Vector{
	KindBool:          {{2, &scalars[KindBool]}, {3, &scalars[KindBool]}, {4, &scalars[KindBool]}},
	KindAbstractInt:   {{2, &scalars[KindAbstractInt]}, {3, &scalars[KindAbstractInt]}, {4, &scalars[KindAbstractInt]}},
	KindAbstractFloat: {{2, &scalars[KindAbstractFloat]}, {3, &scalars[KindAbstractFloat]}, {4, &scalars[KindAbstractFloat]}},
	KindI32:           {{2, &scalars[KindI32]}, {3, &scalars[KindI32]}, {4, &scalars[KindI32]}},
	KindU32:           {{2, &scalars[KindU32]}, {3, &scalars[KindU32]}, {4, &scalars[KindU32]}},
	KindF32:           {{2, &scalars[KindF32]}, {3, &scalars[KindF32]}, {4, &scalars[KindF32]}},
	KindF16:           {{2, &scalars[KindF16]}, {3, &scalars[KindF16]}, {4, &scalars[KindF16]}},
}

// Vec returns the canonical vecN<elem>. It panics on N outside 2..4: callers check first.
func Vec(n int, elem *Scalar) *Vector {
	if n < 2 || n > 4 {
		panic(fmt.Sprintf("types.Vec: bad size %d", n))
	}
	return &vectors[elem.Kind][n-2]
}

// Matrix is matCxR<T>: C columns of vecR<T>. T is a float type.
type Matrix struct {
	Cols, Rows int
	Elem       *Scalar
}

func (*Matrix) isType() {}

func (m *Matrix) String() string {
	return "mat" + strconv.Itoa(m.Cols) + "x" + strconv.Itoa(m.Rows) + "<" + m.Elem.String() + ">"
}

// Column is the vector type of one column.
func (m *Matrix) Column() *Vector { return Vec(m.Rows, m.Elem) }

// matrices are the canonical matrix types, matrices[kind][C-2][R-2]: static data
// (TestCanonicalTables).
var matrices = [numScalarKinds][3][3]Matrix{
	KindBool: {
		{{2, 2, &scalars[KindBool]}, {2, 3, &scalars[KindBool]}, {2, 4, &scalars[KindBool]}},
		{{3, 2, &scalars[KindBool]}, {3, 3, &scalars[KindBool]}, {3, 4, &scalars[KindBool]}},
		{{4, 2, &scalars[KindBool]}, {4, 3, &scalars[KindBool]}, {4, 4, &scalars[KindBool]}},
	},
	KindAbstractInt: {
		{{2, 2, &scalars[KindAbstractInt]}, {2, 3, &scalars[KindAbstractInt]}, {2, 4, &scalars[KindAbstractInt]}},
		{{3, 2, &scalars[KindAbstractInt]}, {3, 3, &scalars[KindAbstractInt]}, {3, 4, &scalars[KindAbstractInt]}},
		{{4, 2, &scalars[KindAbstractInt]}, {4, 3, &scalars[KindAbstractInt]}, {4, 4, &scalars[KindAbstractInt]}},
	},
	KindAbstractFloat: {
		{{2, 2, &scalars[KindAbstractFloat]}, {2, 3, &scalars[KindAbstractFloat]}, {2, 4, &scalars[KindAbstractFloat]}},
		{{3, 2, &scalars[KindAbstractFloat]}, {3, 3, &scalars[KindAbstractFloat]}, {3, 4, &scalars[KindAbstractFloat]}},
		{{4, 2, &scalars[KindAbstractFloat]}, {4, 3, &scalars[KindAbstractFloat]}, {4, 4, &scalars[KindAbstractFloat]}},
	},
	KindI32: {
		{{2, 2, &scalars[KindI32]}, {2, 3, &scalars[KindI32]}, {2, 4, &scalars[KindI32]}},
		{{3, 2, &scalars[KindI32]}, {3, 3, &scalars[KindI32]}, {3, 4, &scalars[KindI32]}},
		{{4, 2, &scalars[KindI32]}, {4, 3, &scalars[KindI32]}, {4, 4, &scalars[KindI32]}},
	},
	KindU32: {
		{{2, 2, &scalars[KindU32]}, {2, 3, &scalars[KindU32]}, {2, 4, &scalars[KindU32]}},
		{{3, 2, &scalars[KindU32]}, {3, 3, &scalars[KindU32]}, {3, 4, &scalars[KindU32]}},
		{{4, 2, &scalars[KindU32]}, {4, 3, &scalars[KindU32]}, {4, 4, &scalars[KindU32]}},
	},
	KindF32: {
		{{2, 2, &scalars[KindF32]}, {2, 3, &scalars[KindF32]}, {2, 4, &scalars[KindF32]}},
		{{3, 2, &scalars[KindF32]}, {3, 3, &scalars[KindF32]}, {3, 4, &scalars[KindF32]}},
		{{4, 2, &scalars[KindF32]}, {4, 3, &scalars[KindF32]}, {4, 4, &scalars[KindF32]}},
	},
	KindF16: {
		{{2, 2, &scalars[KindF16]}, {2, 3, &scalars[KindF16]}, {2, 4, &scalars[KindF16]}},
		{{3, 2, &scalars[KindF16]}, {3, 3, &scalars[KindF16]}, {3, 4, &scalars[KindF16]}},
		{{4, 2, &scalars[KindF16]}, {4, 3, &scalars[KindF16]}, {4, 4, &scalars[KindF16]}},
	},
}

// Mat returns the canonical matCxR<elem>. It panics on sizes outside 2..4.
func Mat(cols, rows int, elem *Scalar) *Matrix {
	if cols < 2 || cols > 4 || rows < 2 || rows > 4 {
		panic(fmt.Sprintf("types.Mat: bad shape %dx%d", cols, rows))
	}
	return &matrices[elem.Kind][cols-2][rows-2]
}

// Atomic is atomic<T>, T being i32 or u32.
type Atomic struct {
	Elem *Scalar
}

func (*Atomic) isType() {}

func (a *Atomic) String() string { return "atomic<" + a.Elem.String() + ">" }

// Array is array<E, N>, array<E, override-expr> or the runtime-sized array<E>.
type Array struct {
	Elem Type
	// Count is the element count of a fixed-size array whose count is a const-expression;
	// 0 for runtime-sized and override-sized arrays.
	Count int
	// CountOverride is set for arrays sized by an override-expression: it identifies the
	// expression (the checker's object for the override it names, or the expression node),
	// so two such arrays are the same type only when it is the same.
	CountOverride any
	// CountName spells the override-expression for String.
	CountName string
	// Stride is an explicit stride from the 2021 draft's [[stride(n)]] attribute; 0 if none.
	Stride int
	// StrideSpan locates the explicit stride attribute, for diagnostics.
	StrideSpan diag.Span
}

func (*Array) isType() {}

// IsRuntimeSized reports whether a is array<E> with no count.
func (a *Array) IsRuntimeSized() bool { return a.Count == 0 && a.CountOverride == nil }

// IsOverrideSized reports whether the count is an override-expression.
func (a *Array) IsOverrideSized() bool { return a.CountOverride != nil }

func (a *Array) String() string {
	var b strings.Builder
	if a.Stride != 0 {
		b.WriteString("@stride(" + strconv.Itoa(a.Stride) + ") ")
	}
	b.WriteString("array<")
	b.WriteString(a.Elem.String())
	switch {
	case a.CountOverride != nil:
		b.WriteString(", " + a.CountName)
	case a.Count > 0:
		b.WriteString(", " + strconv.Itoa(a.Count))
	}
	b.WriteByte('>')
	return b.String()
}

// Struct is a named structure type. Structures are nominal: two are identical only when they
// are the same *Struct.
type Struct struct {
	Name    string
	Members []*Member
	Span    diag.Span
	// Block records the 2021 draft's [[block]] attribute.
	Block bool
	// Builtin marks the predeclared result structures (__frexp_result_f32 and friends), whose
	// names cannot be spelled in source.
	Builtin bool
}

func (*Struct) isType() {}

func (s *Struct) String() string { return s.Name }

// Member returns the member named name, or nil.
func (s *Struct) Member(name string) *Member {
	for _, m := range s.Members {
		if m.Name == name {
			return m
		}
	}
	return nil
}

// Member is one member of a structure with its layout and IO attributes.
type Member struct {
	Name string
	Type Type
	Span diag.Span // the member's name
	// Align and Size are the values of @align(n) and @size(n); 0 when absent.
	Align, Size int
	AlignSpan   diag.Span
	SizeSpan    diag.Span
	// Offset is the 2021 draft's explicit [[offset(n)]]; -1 when absent.
	Offset     int
	OffsetSpan diag.Span
	IO         IO
}

// IO holds the entry-point interface attributes of a member, parameter or return value.
type IO struct {
	Builtin     string // builtin value name, "" if none
	Location    int    // -1 if none
	BlendSrc    int    // -1 if none
	Interpolate string // "perspective", "linear", "flat", or ""
	Sampling    string // "center", "centroid", "sample", "first", "either", or ""
	Invariant   bool
	// DepthMode is the fragment_depth promise of @builtin(frag_depth, less|greater), or "".
	DepthMode string
}

// NoIO is the IO of something with no interface attributes.
var NoIO = IO{Location: -1, BlendSrc: -1}

// AddressSpace is where a variable's memory lives.
type AddressSpace uint8

const (
	AddrNone AddressSpace = iota // not a memory view (values)
	AddrFunction
	AddrPrivate
	AddrWorkgroup
	AddrUniform
	AddrStorage
	AddrHandle
	AddrImmediate
	// The 2021 draft's pipeline input and output storage classes.
	AddrIn
	AddrOut
)

var addrNames = [...]string{"", "function", "private", "workgroup", "uniform", "storage", "handle", "immediate", "in", "out"}

func (a AddressSpace) String() string { return addrNames[a] }

// ParseAddressSpace maps a WGSL enumerant to an address space. Legacy names are accepted
// only when legacy is set.
func ParseAddressSpace(s string, legacy bool) (AddressSpace, bool) {
	for i, n := range addrNames {
		if i != 0 && n == s {
			a := AddressSpace(i)
			if (a == AddrIn || a == AddrOut) && !legacy {
				return 0, false
			}
			return a, true
		}
	}
	return 0, false
}

// IsHostShareable reports whether memory of the space is shared with the host (buffers).
func (a AddressSpace) IsHostShareable() bool { return a == AddrUniform || a == AddrStorage }

// Access is a memory access mode.
type Access uint8

const (
	AccessNone Access = iota
	Read
	Write
	ReadWrite
)

var accessNames = [...]string{"", "read", "write", "read_write"}

func (a Access) String() string { return accessNames[a] }

// ParseAccess maps a WGSL enumerant to an access mode.
func ParseAccess(s string) (Access, bool) {
	for i, n := range accessNames {
		if i != 0 && n == s {
			return Access(i), true
		}
	}
	return 0, false
}

// CanRead reports whether loads are allowed.
func (a Access) CanRead() bool { return a == Read || a == ReadWrite }

// CanWrite reports whether stores are allowed.
func (a Access) CanWrite() bool { return a == Write || a == ReadWrite }

// DefaultAccess is the access mode a space implies when none is written.
func DefaultAccess(as AddressSpace) Access {
	switch as {
	case AddrUniform, AddrStorage, AddrHandle, AddrIn, AddrImmediate:
		return Read
	case AddrOut:
		return Write
	default:
		return ReadWrite
	}
}

// Pointer is ptr<AS, T, AM>.
type Pointer struct {
	Space  AddressSpace
	Elem   Type
	Access Access
}

func (*Pointer) isType() {}

func (p *Pointer) String() string { return memView("ptr", p.Space, p.Elem, p.Access) }

// Reference is ref<AS, T, AM>, the type of memory views that expressions produce.
type Reference struct {
	Space  AddressSpace
	Elem   Type
	Access Access
}

func (*Reference) isType() {}

func (r *Reference) String() string { return memView("ref", r.Space, r.Elem, r.Access) }

func memView(kw string, as AddressSpace, elem Type, am Access) string {
	s := kw + "<" + as.String() + ", " + elem.String()
	if am != DefaultAccess(as) || as == AddrStorage && am != Read {
		s += ", " + am.String()
	}
	return s + ">"
}

// Sampler is sampler or sampler_comparison.
type Sampler struct {
	Comparison bool
}

func (*Sampler) isType() {}

func (s *Sampler) String() string {
	if s.Comparison {
		return "sampler_comparison"
	}
	return "sampler"
}

// The two sampler types.
var (
	SamplerType           = &Sampler{}
	ComparisonSamplerType = &Sampler{Comparison: true}
)

// TextureKind is the family of a texture type.
type TextureKind uint8

const (
	TexSampled TextureKind = iota
	TexMultisampled
	TexDepth
	TexDepthMultisampled
	TexStorage
	TexExternal
)

// TextureDim is a texture's dimensionality.
type TextureDim uint8

const (
	Dim1D TextureDim = iota
	Dim2D
	Dim2DArray
	Dim3D
	DimCube
	DimCubeArray
)

var dimNames = [...]string{"1d", "2d", "2d_array", "3d", "cube", "cube_array"}

func (d TextureDim) String() string { return dimNames[d] }

// IsArrayed reports whether the dimension has array layers.
func (d TextureDim) IsArrayed() bool { return d == Dim2DArray || d == DimCubeArray }

// Coords is the number of coordinates addressing a texel (without the array index).
func (d TextureDim) Coords() int {
	switch d {
	case Dim1D:
		return 1
	case Dim3D, DimCube, DimCubeArray:
		return 3
	default:
		return 2
	}
}

// Texture is any texture type.
type Texture struct {
	Kind TextureKind
	Dim  TextureDim
	// Sampled is the sampled type of sampled and multisampled textures (f32, i32 or u32).
	Sampled *Scalar
	// Format and Access describe storage textures.
	Format TexelFormat
	Access Access
}

func (*Texture) isType() {}

func (t *Texture) String() string {
	switch t.Kind {
	case TexSampled:
		return "texture_" + t.Dim.String() + "<" + t.Sampled.String() + ">"
	case TexMultisampled:
		return "texture_multisampled_" + t.Dim.String() + "<" + t.Sampled.String() + ">"
	case TexDepth:
		return "texture_depth_" + t.Dim.String()
	case TexDepthMultisampled:
		return "texture_depth_multisampled_" + t.Dim.String()
	case TexStorage:
		return "texture_storage_" + t.Dim.String() + "<" + t.Format.String() + ", " + t.Access.String() + ">"
	default:
		return "texture_external"
	}
}

// Buffer is buffer<N> or the runtime-sized buffer (the buffer_view language feature).
type Buffer struct {
	Size         int // 0 for runtime-sized and override-sized buffers
	SizeOverride any
	SizeName     string
}

func (*Buffer) isType() {}

func (b *Buffer) String() string {
	switch {
	case b.SizeOverride != nil:
		return "buffer<" + b.SizeName + ">"
	case b.Size > 0:
		return "buffer<" + strconv.Itoa(b.Size) + ">"
	}
	return "buffer"
}

// Void is the "type" of a function that returns nothing; it never appears in WGSL source.
type Void struct{}

func (*Void) isType() {}

func (*Void) String() string { return "void" }

// VoidType is the one Void.
var VoidType = &Void{}
