package transform

import (
	"strconv"

	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/layout"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// Std140 makes uniform buffers expressible in Vulkan's standard uniform buffer layout, whose
// matrices need a 16-byte column stride: a matrix whose columns are closer (matCx2<f32>,
// every f16 matrix) becomes one member per column, at the offsets WGSL gives the columns.
// The uniform variable gets an explicitly laid out type (as ForkExplicitLayout would give it)
// with that decomposition, and every load from it is rebuilt into loads of the parts and
// constructions of the plain value, so the rest of the program keeps its types. Nothing
// changes with the uniform_buffer_standard_layout language feature (lay's
// UniformStandardLayout option), where Vulkan takes the WGSL layout as it is.
func Std140(m *ir.Module, lay *layout.Layouts) {
	if lay.Options().UniformStandardLayout {
		return
	}
	s := &std140{m: m, lay: lay, twins: map[types.Type]types.Type{}, cols: map[*types.Struct][]int{},
		roots: map[ir.Value]types.Type{}}
	for _, g := range m.Globals {
		if g.Space != types.AddrUniform || !types.Contains(g.Type, decomposable) {
			continue
		}
		s.roots[g.Value] = g.Type
		m.SetGlobalType(g, s.twin(g.Type))
	}
	if len(s.roots) == 0 {
		return
	}
	old := map[*ir.Inst]bool{}
	repl := map[ir.Value]ir.Value{}
	st := m.Staging()
	for _, f := range m.Funcs {
		b := ir.NewBuilder(f)
		ir.Walk(f.Body, func(in *ir.Inst) {
			if in.Op != ir.OpAccess && in.Op != ir.OpLoad {
				return
			}
			root, path := s.path(in.Args[0])
			if root == 0 {
				return
			}
			if in.Op == ir.OpAccess {
				old[in] = true
				return
			}
			st.Before(b, in)
			repl[in.Result] = s.load(b, root, nil, s.roots[root], m.Global(root).Type, path)
			old[in] = true
		})
		st.Place()
	}
	ir.ReplaceValues(m, repl)
	ir.RemoveInsts(m, func(in *ir.Inst) bool { return old[in] })
}

// decomposable reports whether t is a matrix whose column stride is under 16 bytes.
func decomposable(t types.Type) bool {
	mt, ok := t.(*types.Matrix)
	return ok && (mt.Elem == types.F16 || mt.Rows == 2)
}

type std140 struct {
	m     *ir.Module
	lay   *layout.Layouts
	twins map[types.Type]types.Type
	// cols maps a twin structure to the twin member index of each original member.
	cols  map[*types.Struct][]int
	roots map[ir.Value]types.Type // decomposed uniform variables → their original store type
}

// twin returns the explicitly laid out twin of t with decomposed matrices. A matrix that is
// not a structure member (an array element, a whole store type) becomes a structure of its
// columns.
func (s *std140) twin(t types.Type) types.Type {
	if tw, ok := s.twins[t]; ok {
		return tw
	}
	var tw types.Type = t
	switch t := t.(type) {
	case *types.Matrix:
		if decomposable(t) {
			st := &types.Struct{Name: "mat" + strconv.Itoa(t.Cols) + "x" + strconv.Itoa(t.Rows) + t.Elem.String() + "_std140"}
			stride := s.lay.MatrixStride(t)
			for c := 0; c < t.Cols; c++ {
				st.Members = append(st.Members, &types.Member{Name: "col" + strconv.Itoa(c), Type: t.Column(),
					Offset: c * stride, IO: types.NoIO})
			}
			tw = st
		}
	case *types.Struct:
		sl := s.lay.Struct(t)
		st := &types.Struct{Name: t.Name, Span: t.Span, Block: t.Block}
		idx := make([]int, len(t.Members))
		for i, mem := range t.Members {
			idx[i] = len(st.Members)
			off := sl.Members[i].Offset
			if mt, ok := mem.Type.(*types.Matrix); ok && decomposable(mt) {
				stride := s.lay.MatrixStride(mt)
				for c := 0; c < mt.Cols; c++ {
					st.Members = append(st.Members, &types.Member{Name: mem.Name + "_col" + strconv.Itoa(c),
						Type: mt.Column(), Offset: off + c*stride, IO: types.NoIO})
				}
				continue
			}
			nm := *mem
			nm.Type = s.twin(mem.Type)
			nm.Offset = off
			nm.Align, nm.Size = 0, 0
			st.Members = append(st.Members, &nm)
		}
		s.cols[st] = idx
		tw = st
	case *types.Array:
		tw = &types.Array{Elem: s.twin(t.Elem), Count: t.Count, CountOverride: t.CountOverride,
			CountName: t.CountName, Stride: s.lay.ArrayStride(t)}
	}
	s.twins[t] = tw
	return tw
}

// path returns the decomposed variable a pointer points into and the indices from it, or 0.
func (s *std140) path(p ir.Value) (ir.Value, []ir.Value) {
	var rev [][]ir.Value
	for {
		if _, ok := s.roots[p]; ok {
			var path []ir.Value
			for i := len(rev) - 1; i >= 0; i-- {
				path = append(path, rev[i]...)
			}
			return p, path
		}
		in := s.m.Def(p)
		if in == nil || in.Op != ir.OpAccess {
			return 0, nil
		}
		rev = append(rev, in.Args[1:])
		p = in.Args[0]
	}
}

// load builds the plain value of type orig reached from the twin position (root, twinPath)
// of twin type tw by the original indices rest.
func (s *std140) load(b *ir.Builder, root ir.Value, twinPath []ir.Value, orig, tw types.Type, rest []ir.Value) ir.Value {
	m := s.m
	for len(rest) > 0 {
		switch o := orig.(type) {
		case *types.Struct:
			k := int(m.Const(rest[0]).Int())
			ts := tw.(*types.Struct)
			j := s.cols[ts][k]
			if mt, ok := o.Members[k].Type.(*types.Matrix); ok && decomposable(mt) {
				return s.loadMatrix(b, root, twinPath, j, mt, rest[1:])
			}
			twinPath = append(twinPath, m.ConstU32(uint32(j)))
			orig, tw, rest = o.Members[k].Type, ts.Members[j].Type, rest[1:]
		case *types.Array:
			twinPath = append(twinPath, rest[0])
			orig, tw, rest = o.Elem, tw.(*types.Array).Elem, rest[1:]
		default:
			if mt, ok := o.(*types.Matrix); ok && decomposable(mt) {
				return s.loadMatrix(b, root, twinPath, 0, mt, rest)
			}
			// Matrices that keep their layout, vectors: the rest indexes them as it is.
			for range rest {
				orig = ir.ElemType(orig, 0)
			}
			twinPath = append(twinPath, rest...)
			tw, rest = orig, nil
		}
	}
	if !types.Contains(orig, decomposable) {
		p := root
		if len(twinPath) > 0 {
			p = b.Access(root, twinPath...)
		}
		v := b.Load(p)
		if !types.Identical(m.Type(v), orig) {
			v = b.Convert(orig, v)
		}
		return v
	}
	switch o := orig.(type) {
	case *types.Struct:
		parts := make([]ir.Value, len(o.Members))
		for i := range parts {
			parts[i] = s.load(b, root, clone(twinPath), orig, tw, []ir.Value{m.ConstU32(uint32(i))})
		}
		return b.Construct(o, parts...)
	case *types.Array:
		parts := make([]ir.Value, o.Count)
		for i := range parts {
			parts[i] = s.load(b, root, clone(twinPath), orig, tw, []ir.Value{m.ConstU32(uint32(i))})
		}
		return b.Construct(o, parts...)
	}
	return s.loadMatrix(b, root, twinPath, 0, orig.(*types.Matrix), nil)
}

// loadMatrix loads a decomposed matrix, whose columns are the members from index first on of
// the structure at twinPath, then applies the original indices rest below the matrix.
func (s *std140) loadMatrix(b *ir.Builder, root ir.Value, twinPath []ir.Value, first int, mt *types.Matrix, rest []ir.Value) ir.Value {
	m := s.m
	if len(rest) > 0 {
		if c := m.Const(rest[0]); c != nil {
			p := b.Access(root, append(clone(twinPath), append([]ir.Value{m.ConstU32(uint32(first) + uint32(c.Int()))}, rest[1:]...)...)...)
			return b.Load(p)
		}
	}
	cols := make([]ir.Value, mt.Cols)
	for c := range cols {
		cols[c] = b.Load(b.Access(root, append(clone(twinPath), m.ConstU32(uint32(first+c)))...))
	}
	v := b.Construct(mt, cols...)
	if len(rest) > 0 {
		v = b.Extract(v, rest...)
	}
	return v
}

func clone(vs []ir.Value) []ir.Value { return append([]ir.Value(nil), vs...) }
