package migrate

import (
	"fmt"
	"strings"

	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/compiler/sema"
	"github.com/wgslgo/wgslgo/compiler/syntax"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// Explicit layouts. The checker gave the member before each gap of an [[offset]] layout the
// @size that makes the modern rules place the next member at its offset
// (sema.Legacy.ImpliedSize); a [[stride]] larger than the natural one makes the array's
// element a wrapper structure whose one member has that @size.

// structDecl migrates a structure declaration.
func (m *migrator) structDecl(d *syntax.StructDecl) syntax.Decl {
	s := m.p.StructOf[d]
	out := &syntax.StructDecl{Loc: d.Loc, Name: m.declIdent(d.Name)}
	for i, md := range d.Members {
		var mem *types.Member
		if s != nil && i < len(s.Members) {
			mem = s.Members[i]
		}
		om := &syntax.StructMember{Loc: md.Loc, Attrs: m.attrs(md.Attrs), Name: md.Name, Type: m.typeExpr(md.Type)}
		if mem != nil {
			if n, ok := m.memberRename[mem]; ok {
				om.Name.Name = n
			}
			if i == 0 && mem.Offset > 0 {
				m.errorAt(mem.OffsetSpan, "[[offset(%d)]] on the first member of '%s' cannot be expressed in modern WGSL, where structures start with their first member; "+
					"add a member of %d bytes (an array<u32, %d>) before it", mem.Offset, s.Name, mem.Offset, mem.Offset/4)
			}
			if m.leg.ImpliedSize[mem] {
				at := zeroAt(md.Loc)
				om.Attrs = append(om.Attrs, &syntax.Attribute{Loc: at, Name: syntax.Ident{Loc: at, Name: "size"},
					Args: []syntax.Expr{intLit(at, mem.Size)}, HasParens: true})
			}
		}
		out.Members = append(out.Members, om)
	}
	return out
}

// typeExpr migrates a type expression: attributes on types, renamed types, template
// arguments.
func (m *migrator) typeExpr(e syntax.Expr) syntax.Expr {
	id, ok := e.(*syntax.IdentExpr)
	if !ok {
		return m.expr(e)
	}
	out := &syntax.IdentExpr{Loc: id.Loc, Name: id.Name}
	if o := m.p.UseOf(id); o != nil {
		out.Name.Name = m.objName(o)
	}
	for _, a := range id.TemplateArgs {
		out.TemplateArgs = append(out.TemplateArgs, m.templateArg(a))
	}
	t := m.p.TypeOf(id).Type
	for _, a := range id.Attrs() {
		switch a.Name.Name {
		case "stride":
			arr, ok := t.(*types.Array)
			if !ok || len(out.TemplateArgs) == 0 {
				continue
			}
			if w := m.wrapperOf(arr, a.Loc); w != nil {
				out.TemplateArgs[0] = ident(a.Loc, w.name)
			}
		case "access":
			if tex, ok := t.(*types.Texture); ok && tex.Kind == types.TexStorage {
				out.TemplateArgs = append(out.TemplateArgs, ident(a.Loc, tex.Access.String()))
			}
			// On a buffer's type the access mode moved to the variable (globalVar).
		}
	}
	if tex, ok := t.(*types.Texture); ok && tex.Kind == types.TexStorage && len(out.TemplateArgs) == 1 {
		// Without [[access]], the draft's storage texture is write-only.
		out.TemplateArgs = append(out.TemplateArgs, ident(id.Loc, tex.Access.String()))
	}
	return out
}

// templateArg migrates one template argument: a type, an enumerant or a value.
func (m *migrator) templateArg(a syntax.Expr) syntax.Expr {
	switch m.p.TypeOf(a).Mode {
	case sema.TypeExpr:
		return m.typeExpr(a)
	case sema.Enumerant:
		return a
	}
	return m.expr(a)
}

// wrapper is a structure that gives array elements of type elem the stride size.
type wrapper struct {
	name string
}

// wrapperOf returns the wrapper of a strided array's elements, nil when its stride is the
// natural one.
func (m *migrator) wrapperOf(a *types.Array, at diag.Span) *wrapper {
	if a.Stride == 0 {
		return nil
	}
	l := m.p.Layouts
	ea, es := l.AlignOf(a.Elem), l.SizeOf(a.Elem)
	if ea == 0 || a.Stride == (es+ea-1)/ea*ea {
		return nil
	}
	key := fmt.Sprintf("%s/%d", a.Elem, a.Stride)
	if w, ok := m.wrappers[key]; ok {
		return w
	}
	w := &wrapper{name: m.fresh(typeName(a.Elem) + "_stride" + itoa(a.Stride))}
	m.wrappers[key] = w
	loc := zeroAt(at)
	size := &syntax.Attribute{Loc: loc, Name: syntax.Ident{Loc: loc, Name: "size"}, Args: []syntax.Expr{intLit(loc, a.Stride)}, HasParens: true}
	m.wrapperDecls = append(m.wrapperDecls, &syntax.StructDecl{Loc: loc, Name: syntax.Ident{Loc: loc, Name: w.name},
		Members: []*syntax.StructMember{{Loc: loc, Attrs: []*syntax.Attribute{size}, Name: syntax.Ident{Loc: loc, Name: "value"}, Type: m.typeOf(a.Elem, loc)}}})
	return w
}

// typeName spells a type as part of an identifier: vec4<f32> is vec4f32.
func typeName(t types.Type) string {
	r := strings.NewReplacer("<", "", ">", "", ", ", "_", " ", "", "@", "", "(", "", ")", "")
	return r.Replace(t.String())
}

// typeOf spells a type as a type expression (for types the source does not spell at that
// place).
func (m *migrator) typeOf(t types.Type, at diag.Span) syntax.Expr {
	gen := func(name string, args ...syntax.Expr) syntax.Expr {
		e := ident(at, name)
		e.TemplateArgs = args
		return e
	}
	switch t := t.(type) {
	case *types.Scalar:
		return ident(at, t.String())
	case *types.Vector:
		return gen(fmt.Sprintf("vec%d", t.N), ident(at, t.Elem.String()))
	case *types.Matrix:
		return gen(fmt.Sprintf("mat%dx%d", t.Cols, t.Rows), ident(at, t.Elem.String()))
	case *types.Atomic:
		return gen("atomic", m.typeOf(t.Elem, at))
	case *types.Array:
		elem := m.typeOf(t.Elem, at)
		if w := m.wrapperOf(t, at); w != nil {
			elem = ident(at, w.name)
		}
		if t.Count > 0 {
			return gen("array", elem, intLit(at, t.Count))
		}
		return gen("array", elem)
	case *types.Struct:
		name := t.Name
		if n, ok := m.renameAt[t.Span.Start]; ok && t.Span.IsValid() {
			name = n
		}
		return ident(at, name)
	}
	m.errorAt(at, "internal error: cannot spell type %s", t)
	return ident(at, t.String())
}

// stridedWrapper returns the wrapper of the elements of the array an index expression
// indexes, or nil.
func (m *migrator) stridedWrapper(x syntax.Expr) *wrapper {
	t := m.p.TypeOf(x).Type
	switch tt := t.(type) {
	case *types.Reference:
		t = tt.Elem
	case *types.Pointer:
		t = tt.Elem
	}
	a, ok := t.(*types.Array)
	if !ok || a.Stride == 0 {
		return nil
	}
	return m.wrapperOf(a, x.Span())
}

func itoa(n int) string { return fmt.Sprint(n) }
