package gen

import (
	"fmt"
	"strconv"
	"strings"

	wgslreflect "github.com/wgslgo/wgslgo/compiler/reflect"
)

// shapeKind is the family of the Go type of a WGSL type.
type shapeKind uint8

const (
	shapeScalar  shapeKind = iota // float32, int32, uint32, wgsl.F16
	shapeVector                   // wgsl.Vec3f ...
	shapePadded                   // wgsl.Vec3fPadded ...: a vec3 followed by padding
	shapeMatrix                   // wgsl.Mat3x3f ...
	shapeArray                    // [N]E
	shapeStrided                  // wgsl.Strided[E, [P]byte]: an element followed by padding
	shapeStruct                   // a generated structure
)

// shape is the Go type that holds a WGSL type with its exact layout: its size is the WGSL
// size (for arrays, count × stride), and its Go alignment divides every offset WGSL can give
// it.
type shape struct {
	kind   shapeKind
	wgsl   string // the WGSL type's spelling
	scalar string // the scalar of scalars, vectors and matrices: f32, i32, u32 or f16
	ident  GoIdent
	size   int
	align  int    // Go's alignment of the type
	elem   *shape // arrays and strided elements; for structures, the element of their runtime-sized array
	count  int    // arrays
	stride int    // arrays
	pad    int    // padding bytes of padded vectors and strided elements
	padded bool   // a matrix with padded columns, a structure with padding bytes
}

// scalarSizes are the sizes of the host-shareable scalars, which are the scalars with Go
// shapes.
var scalarSizes = map[string]int{"f32": 4, "i32": 4, "u32": 4, "f16": 2}

func scalarSuffix(s string) string {
	return map[string]string{"f32": "f", "i32": "i", "u32": "u", "f16": "h"}[s]
}

// shaper maps type descriptors to shapes.
type shaper struct {
	structs map[string]*wgslreflect.Struct
	failed  map[string]bool // the structures whose problems are reported
	// defs are the Go structures of the structures resolved so far (nil: being resolved).
	defs map[string]*structDef
	// structShape returns the shape of the structure called name.
	structShape func(name string) (*shape, error)
}

func scalarShape(t wgslreflect.Type, s string) (*shape, error) {
	size := scalarSizes[s]
	if size == 0 {
		return nil, fmt.Errorf("%s is not host-shareable: it has no place in a buffer", t.WGSL)
	}
	return &shape{kind: shapeScalar, wgsl: t.WGSL, scalar: s, size: size, align: size}, nil
}

func (sh *shaper) of(t wgslreflect.Type) (*shape, error) {
	switch t.Kind {
	case wgslreflect.KindScalar, wgslreflect.KindAtomic:
		return scalarShape(t, t.Scalar)
	case wgslreflect.KindVector:
		e, err := scalarShape(t, t.Scalar)
		if err != nil || t.Components < 2 || t.Components > 4 {
			return nil, fmt.Errorf("%s is not host-shareable", t.WGSL)
		}
		return &shape{kind: shapeVector, wgsl: t.WGSL, scalar: t.Scalar,
			ident: RuntimePackage.Ident(fmt.Sprintf("Vec%d%s", t.Components, scalarSuffix(t.Scalar))),
			size:  t.Components * e.size, align: e.size}, nil
	case wgslreflect.KindMatrix:
		e, err := scalarShape(t, t.Scalar)
		if err != nil || t.Scalar == "i32" || t.Scalar == "u32" || t.Columns < 2 || t.Columns > 4 || t.Rows < 2 || t.Rows > 4 {
			return nil, fmt.Errorf("%s is not host-shareable", t.WGSL)
		}
		// The runtime's matrices are arrays of columns, padded where R = 3: they have the
		// layout only when the column stride is that of the padded column.
		col := t.Rows * e.size
		if t.Rows == 3 {
			col = 4 * e.size
		}
		if t.Stride != col {
			return nil, fmt.Errorf("%s: the column stride %d is not that of wgsl.Mat%dx%d%s, %d", t.WGSL, t.Stride, t.Columns, t.Rows, scalarSuffix(t.Scalar), col)
		}
		return &shape{kind: shapeMatrix, wgsl: t.WGSL, scalar: t.Scalar,
			ident: RuntimePackage.Ident(fmt.Sprintf("Mat%dx%d%s", t.Columns, t.Rows, scalarSuffix(t.Scalar))),
			size:  t.Columns * col, align: e.size, padded: t.Rows == 3}, nil
	case wgslreflect.KindArray:
		switch {
		case t.CountExpr != "":
			return nil, fmt.Errorf("%s is sized by an override-expression: it has no layout the Go code could fix", t.WGSL)
		case t.Count == 0:
			return nil, fmt.Errorf("%s is runtime-sized: it can only be the last member of a buffer's structure", t.WGSL)
		}
		elem, err := sh.element(t)
		if err != nil {
			return nil, err
		}
		return &shape{kind: shapeArray, wgsl: t.WGSL, elem: elem, count: t.Count,
			stride: elem.size, size: t.Count * elem.size, align: elem.align}, nil
	case wgslreflect.KindStruct:
		return sh.structShape(t.Struct)
	}
	return nil, fmt.Errorf("%s is not host-shareable: it has no place in a buffer", t.WGSL)
}

// element returns the shape of one element of the array a, padded to the array's stride: a
// vec3 16 bytes apart (8 for f16) becomes a padded vector, other elements with room after them
// Strided.
func (sh *shaper) element(a wgslreflect.Type) (*shape, error) {
	if a.Element == nil {
		return nil, fmt.Errorf("%s: the array has no element type", a.WGSL)
	}
	e, err := sh.of(*a.Element)
	if err != nil {
		return nil, err
	}
	if e.kind == shapeStruct && e.elem != nil {
		return nil, fmt.Errorf("%s: a structure with a runtime-sized array cannot be an array element", a.WGSL)
	}
	stride := a.Stride
	switch {
	case stride == e.size:
		return e, nil
	case stride < e.size || stride%e.align != 0:
		return nil, fmt.Errorf("%s: stride %d cannot hold elements of %d bytes", a.WGSL, stride, e.size)
	case e.kind == shapeVector && e.size == 3*scalarSizes[e.scalar] && stride == 4*scalarSizes[e.scalar]:
		return &shape{kind: shapePadded, wgsl: e.wgsl, scalar: e.scalar,
			ident: RuntimePackage.Ident("Vec3" + scalarSuffix(e.scalar) + "Padded"),
			size:  stride, align: e.align, pad: stride - e.size}, nil
	}
	return &shape{kind: shapeStrided, wgsl: e.wgsl, elem: e, size: stride, align: e.align, pad: stride - e.size}, nil
}

// hasPadding reports whether a value of s has bytes that hold no data: padded vectors and
// matrix columns, strided elements, gaps in structures.
func (s *shape) hasPadding() bool {
	switch s.kind {
	case shapePadded, shapeStrided:
		return true
	case shapeMatrix, shapeStruct:
		return s.padded
	case shapeArray:
		return s.elem.hasPadding()
	}
	return false
}

// goType returns the Go type of s.
func (s *shape) goType(g *GeneratedFile) string {
	switch s.kind {
	case shapeScalar:
		switch s.scalar {
		case "f32":
			return "float32"
		case "i32":
			return "int32"
		case "u32":
			return "uint32"
		}
		return g.QualifiedGoIdent(RuntimePackage.Ident("F16"))
	case shapeArray:
		return "[" + strconv.Itoa(s.count) + "]" + s.elem.goType(g)
	case shapeStrided:
		return fmt.Sprintf("%s[%s, [%d]byte]", g.QualifiedGoIdent(RuntimePackage.Ident("Strided")), s.elem.goType(g), s.pad)
	}
	return g.QualifiedGoIdent(s.ident)
}

// offset is a byte offset expression of generated code: a constant plus terms like "32*i".
type offset struct {
	c     int
	terms []string
}

func (o offset) plus(n int) offset { return offset{c: o.c + n, terms: o.terms} }

func (o offset) times(stride int, v string) offset {
	t := append(o.terms[:len(o.terms):len(o.terms)], strconv.Itoa(stride)+"*"+v)
	return offset{c: o.c, terms: t}
}

func (o offset) String() string {
	s := strings.Join(o.terms, "+")
	switch {
	case s == "":
		return strconv.Itoa(o.c)
	case o.c != 0:
		return strconv.Itoa(o.c) + "+" + s
	}
	return s
}

func loopVar(depth int) string {
	if depth < 4 {
		return string("ijkl"[depth])
	}
	return "i" + strconv.Itoa(depth)
}

// encode prints statements writing the value expr of shape s to dst at off, little-endian.
func (s *shape) encode(g *GeneratedFile, dst, expr string, off offset, depth int) {
	at := dst + "[" + off.String() + ":]"
	putU32 := binaryPackage.Ident("LittleEndian.PutUint32")
	switch s.kind {
	case shapeScalar:
		switch s.scalar {
		case "f32":
			g.P(putU32, "(", at, ", ", mathPackage.Ident("Float32bits"), "(", expr, "))")
		case "i32":
			g.P(putU32, "(", at, ", uint32(", expr, "))")
		case "u32":
			g.P(putU32, "(", at, ", ", expr, ")")
		default:
			g.P(binaryPackage.Ident("LittleEndian.PutUint16"), "(", at, ", uint16(", expr, "))")
		}
	case shapeArray:
		v := loopVar(depth)
		g.P("for ", v, " := range ", expr, " {")
		s.elem.encode(g, dst, expr+"["+v+"]", off.times(s.stride, v), depth+1)
		g.P("}")
	case shapeStrided:
		s.elem.encode(g, dst, expr+".V", off, depth)
		g.P("clear(", dst, "[", off.plus(s.elem.size), ":", off.plus(s.size), "])")
	default:
		g.P(expr, ".Encode(", at, ")")
	}
}

// decode prints statements reading the value expr of shape s from src at off.
func (s *shape) decode(g *GeneratedFile, src, expr string, off offset, depth int) {
	at := src + "[" + off.String() + ":]"
	u32 := binaryPackage.Ident("LittleEndian.Uint32")
	switch s.kind {
	case shapeScalar:
		switch s.scalar {
		case "f32":
			g.P(expr, " = ", mathPackage.Ident("Float32frombits"), "(", u32, "(", at, "))")
		case "i32":
			g.P(expr, " = int32(", u32, "(", at, "))")
		case "u32":
			g.P(expr, " = ", u32, "(", at, ")")
		default:
			g.P(expr, " = ", RuntimePackage.Ident("F16"), "(", binaryPackage.Ident("LittleEndian.Uint16"), "(", at, "))")
		}
	case shapeArray:
		v := loopVar(depth)
		g.P("for ", v, " := range ", expr, " {")
		s.elem.decode(g, src, expr+"["+v+"]", off.times(s.stride, v), depth+1)
		g.P("}")
	case shapeStrided:
		s.elem.decode(g, src, expr+".V", off, depth)
	default:
		g.P(expr, ".Decode(", at, ")")
	}
}
