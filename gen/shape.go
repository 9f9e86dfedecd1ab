package gen

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/wgslgo/wgslgo/compiler/layout"
	"github.com/wgslgo/wgslgo/compiler/types"
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
	wgsl   types.Type
	scalar *types.Scalar // the scalar of scalars, vectors and matrices
	atomic bool          // the scalar is the value of an atomic<T>
	ident  GoIdent       // vectors, padded vectors, matrices, structures
	size   int
	align  int    // Go's alignment of the type
	elem   *shape // arrays and strided elements
	count  int    // arrays
	stride int    // arrays
	pad    int    // padding bytes of padded vectors and strided elements
}

func scalarSuffix(s *types.Scalar) string {
	return map[types.ScalarKind]string{types.KindF32: "f", types.KindI32: "i", types.KindU32: "u", types.KindF16: "h"}[s.Kind]
}

// shaper maps WGSL types to shapes, with the numbers of one layout.Layouts.
type shaper struct {
	layout *layout.Layouts
	// structShape returns the shape of a structure type.
	structShape func(*types.Struct) (*shape, error)
}

func (sh *shaper) scalar(s *types.Scalar) (*shape, error) {
	switch s.Kind {
	case types.KindF32, types.KindI32, types.KindU32, types.KindF16:
		return &shape{kind: shapeScalar, wgsl: s, scalar: s, size: s.Size(), align: s.Size()}, nil
	}
	return nil, fmt.Errorf("%s is not host-shareable: it has no place in a buffer", s)
}

func (sh *shaper) of(t types.Type) (*shape, error) {
	switch t := t.(type) {
	case *types.Scalar:
		return sh.scalar(t)
	case *types.Atomic:
		s, err := sh.scalar(t.Elem)
		if err != nil {
			return nil, err
		}
		s.wgsl, s.atomic = t, true
		return s, nil
	case *types.Vector:
		if _, err := sh.scalar(t.Elem); err != nil {
			return nil, err
		}
		return &shape{kind: shapeVector, wgsl: t, scalar: t.Elem,
			ident: RuntimePackage.Ident(fmt.Sprintf("Vec%d%s", t.N, scalarSuffix(t.Elem))),
			size:  t.N * t.Elem.Size(), align: t.Elem.Size()}, nil
	case *types.Matrix:
		if !t.Elem.IsFloat() || t.Elem.IsAbstract() {
			return nil, fmt.Errorf("%s is not host-shareable", t)
		}
		// The runtime's matrices are arrays of columns, padded where R = 3: they have
		// the layout only when the layout's column stride is that of the padded column.
		col := t.Rows * t.Elem.Size()
		if t.Rows == 3 {
			col = 4 * t.Elem.Size()
		}
		if sh.layout.MatrixStride(t) != col || sh.layout.SizeOf(t) != t.Cols*col {
			return nil, fmt.Errorf("%s: the layout's column stride %d and size %d are not those of wgsl.Mat%dx%d%s", t, sh.layout.MatrixStride(t), sh.layout.SizeOf(t), t.Cols, t.Rows, scalarSuffix(t.Elem))
		}
		return &shape{kind: shapeMatrix, wgsl: t, scalar: t.Elem,
			ident: RuntimePackage.Ident(fmt.Sprintf("Mat%dx%d%s", t.Cols, t.Rows, scalarSuffix(t.Elem))),
			size:  t.Cols * col, align: t.Elem.Size()}, nil
	case *types.Array:
		switch {
		case t.IsOverrideSized():
			return nil, fmt.Errorf("%s is sized by an override-expression: it has no layout the Go code could fix", t)
		case t.IsRuntimeSized():
			return nil, fmt.Errorf("%s is runtime-sized: it can only be the last member of a buffer's structure", t)
		}
		elem, err := sh.element(t)
		if err != nil {
			return nil, err
		}
		return &shape{kind: shapeArray, wgsl: t, elem: elem, count: t.Count,
			stride: elem.size, size: t.Count * elem.size, align: elem.align}, nil
	case *types.Struct:
		return sh.structShape(t)
	}
	return nil, fmt.Errorf("%s is not host-shareable: it has no place in a buffer", t)
}

// element returns the shape of one element of a, padded to the array's stride: a vec3 16
// bytes apart (8 for f16) becomes a padded vector, other elements with room after them
// Strided.
func (sh *shaper) element(a *types.Array) (*shape, error) {
	e, err := sh.of(a.Elem)
	if err != nil {
		return nil, err
	}
	stride := sh.layout.ArrayStride(a)
	switch {
	case stride == e.size:
		return e, nil
	case stride < e.size || stride%e.align != 0:
		return nil, fmt.Errorf("%s: stride %d cannot hold elements of %d bytes", a, stride, e.size)
	case e.kind == shapeVector && e.size == 3*e.scalar.Size() && stride == 4*e.scalar.Size():
		return &shape{kind: shapePadded, wgsl: a.Elem, scalar: e.scalar,
			ident: RuntimePackage.Ident("Vec3" + scalarSuffix(e.scalar) + "Padded"),
			size:  stride, align: e.align, pad: stride - e.size}, nil
	}
	return &shape{kind: shapeStrided, wgsl: a.Elem, elem: e, size: stride, align: e.align, pad: stride - e.size}, nil
}

// goType returns the Go type of s.
func (s *shape) goType(g *GeneratedFile) string {
	switch s.kind {
	case shapeScalar:
		switch s.scalar.Kind {
		case types.KindF32:
			return "float32"
		case types.KindI32:
			return "int32"
		case types.KindU32:
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
		switch s.scalar.Kind {
		case types.KindF32:
			g.P(putU32, "(", at, ", ", mathPackage.Ident("Float32bits"), "(", expr, "))")
		case types.KindI32:
			g.P(putU32, "(", at, ", uint32(", expr, "))")
		case types.KindU32:
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
		switch s.scalar.Kind {
		case types.KindF32:
			g.P(expr, " = ", mathPackage.Ident("Float32frombits"), "(", u32, "(", at, "))")
		case types.KindI32:
			g.P(expr, " = int32(", u32, "(", at, "))")
		case types.KindU32:
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
