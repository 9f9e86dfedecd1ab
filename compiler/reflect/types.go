package reflect

import (
	"strconv"

	"github.com/wgslgo/wgslgo/compiler/layout"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// TypeOf describes t with the numbers of l.
func TypeOf(l *layout.Layouts, t types.Type) Type {
	d := Type{WGSL: spell(l, t)}
	if l.HasLayout(t) {
		d.Size, d.Align = l.SizeOf(t), l.AlignOf(t)
	}
	switch t := t.(type) {
	case *types.Scalar:
		d.Kind, d.Scalar = KindScalar, t.String()
	case *types.Vector:
		d.Kind, d.Scalar, d.Components = KindVector, t.Elem.String(), t.N
	case *types.Matrix:
		d.Kind, d.Scalar, d.Columns, d.Rows = KindMatrix, t.Elem.String(), t.Cols, t.Rows
		d.Stride = l.MatrixStride(t)
	case *types.Atomic:
		d.Kind, d.Scalar = KindAtomic, t.Elem.String()
	case *types.Array:
		e := TypeOf(l, t.Elem)
		d.Kind, d.Element, d.Count = KindArray, &e, t.Count
		if t.IsOverrideSized() {
			d.CountExpr = t.CountName
		}
		if l.HasLayout(t.Elem) {
			d.Stride = l.ArrayStride(t)
		}
	case *types.Struct:
		d.Kind, d.Struct = KindStruct, t.Name
	case *types.Texture:
		d.Kind = KindTexture
	case *types.Sampler:
		d.Kind = KindSampler
	case *types.Buffer:
		d.Kind, d.Count = KindBuffer, t.Size
	}
	return d
}

// spell returns the WGSL spelling of a type. A 2021-draft [[stride(n)]] that is the array's
// natural stride changes nothing and is left out, so a draft shader and its migration to
// modern WGSL spell their types alike.
func spell(l *layout.Layouts, t types.Type) string {
	a, ok := t.(*types.Array)
	if !ok || a.Stride == 0 {
		return t.String()
	}
	ea, es := l.AlignOf(a.Elem), l.SizeOf(a.Elem)
	if ea == 0 || a.Stride != (es+ea-1)/ea*ea {
		return t.String()
	}
	s := "array<" + spell(l, a.Elem)
	switch {
	case a.CountOverride != nil:
		s += ", " + a.CountName
	case a.Count > 0:
		s += ", " + strconv.Itoa(a.Count)
	}
	return s + ">"
}
