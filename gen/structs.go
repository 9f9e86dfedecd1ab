package gen

import (
	"fmt"
	"reflect"

	"github.com/wgslgo/wgslgo/compiler/layout"
	wgslreflect "github.com/wgslgo/wgslgo/compiler/reflect"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// structDef is a Go structure to generate: a host-shareable WGSL structure, or the vertex
// structure of a vertex entry point.
type structDef struct {
	goName string
	doc    string  // the doc comment, for GeneratedFile.Comment
	size   int     // the Go and WGSL size; for runtime-sized structures, with no elements
	fields []field // in offset order
	rt     *runtimeMember
	shape  *shape

	refl   *wgslreflect.Struct // nil for vertex structures
	source string              // the shader that declared it first
}

// field is one Go field with its WGSL member.
type field struct {
	goName, wgslName, wgslType string
	offset, size               int // the member's offset and size (which @size may make larger)
	shape                      *shape
}

// runtimeMember is the runtime-sized array that ends a structure.
type runtimeMember struct {
	goName, wgslName, wgslType string
	offset, stride             int
	elem                       *shape
}

// structMethods are the methods of every generated structure; members that would have their
// Go names get a trailing underscore.
var structMethods = []string{"Bytes", "Encode", "Decode"}

// moduleTypes turns the structures of one reflection model into types.Struct values whose
// layout, computed by compiler/layout, must reproduce the model's numbers: the members get the
// model's offsets as explicit offsets and its sizes and alignments as @size and @align, and
// array strides follow from the member types. Any disagreement means the model is not one
// wgslgo's layout rules produce, and is an error rather than Go code with a guessed layout.
func moduleTypes(m *wgslreflect.Module) (map[string]*types.Struct, *layout.Layouts, error) {
	byName := make(map[string]*types.Struct, len(m.Structs))
	for _, s := range m.Structs {
		if byName[s.Name] != nil {
			return nil, nil, fmt.Errorf("struct %s is listed twice", s.Name)
		}
		byName[s.Name] = &types.Struct{Name: s.Name}
	}
	for _, s := range m.Structs {
		ts := byName[s.Name]
		for _, mem := range s.Members {
			t, err := parseType(mem.Type, byName)
			if err != nil {
				return nil, nil, fmt.Errorf("struct %s, member %s: %v", s.Name, mem.Name, err)
			}
			ts.Members = append(ts.Members, &types.Member{
				Name: mem.Name, Type: t, Offset: mem.Offset, Size: mem.Size, Align: mem.Align, IO: types.NoIO,
			})
		}
	}
	l := layout.New(layout.Options{})
	for _, s := range m.Structs {
		if err := checkLayout(l, byName[s.Name], &s); err != nil {
			return nil, nil, fmt.Errorf("struct %s: the reflection does not match the layout rules: %v", s.Name, err)
		}
	}
	return byName, l, nil
}

func checkLayout(l *layout.Layouts, ts *types.Struct, s *wgslreflect.Struct) error {
	sl := l.Struct(ts)
	if len(s.Members) == 0 {
		return fmt.Errorf("no members")
	}
	if sl.Size != s.Size || sl.Align != s.Align || sl.RuntimeSized != s.RuntimeSized {
		return fmt.Errorf("size %d, align %d, runtime-sized %v; the rules give %d, %d, %v",
			s.Size, s.Align, s.RuntimeSized, sl.Size, sl.Align, sl.RuntimeSized)
	}
	for i, m := range s.Members {
		ml := sl.Members[i]
		if ml.ArrayStride != m.ArrayStride || ml.MatrixStride != m.MatrixStride {
			return fmt.Errorf("member %s: array stride %d, matrix stride %d; the rules give %d, %d",
				m.Name, m.ArrayStride, m.MatrixStride, ml.ArrayStride, ml.MatrixStride)
		}
		mt := ts.Members[i].Type
		if a, ok := mt.(*types.Array); !(ok && a.IsRuntimeSized()) && m.Size < l.SizeOf(mt) {
			return fmt.Errorf("member %s: size %d is smaller than its type's, %d", m.Name, m.Size, l.SizeOf(mt))
		}
	}
	return nil
}

// newStructDef builds the Go structure of a WGSL structure whose types.Struct ts has the
// layout l gives it.
func newStructDef(sh *shaper, ts *types.Struct, s *wgslreflect.Struct, source string) (*structDef, error) {
	d := &structDef{goName: GoName(s.Name), size: s.Size, refl: s, source: source}
	d.doc = fmt.Sprintf("%s is the WGSL structure %s: %d bytes, aligned to %d.", d.goName, s.Name, s.Size, s.Align)
	of := "struct " + s.Name
	names := newFieldNames(of, structMethods...)
	end, align := 0, 1
	for i, m := range s.Members {
		mt := ts.Members[i].Type
		if a, ok := mt.(*types.Array); ok && a.IsRuntimeSized() {
			if i != len(s.Members)-1 {
				return nil, fmt.Errorf("%s: the runtime-sized array %s is not the last member", of, m.Name)
			}
			elem, err := sh.element(a)
			if err != nil {
				return nil, fmt.Errorf("%s, member %s: %v", of, m.Name, err)
			}
			name, err := names.name(m.Name, "member "+m.Name)
			if err != nil {
				return nil, err
			}
			if m.Offset < end || m.Offset%elem.align != 0 {
				return nil, fmt.Errorf("%s, member %s: offset %d overlaps the members before it or is misaligned", of, m.Name, m.Offset)
			}
			d.rt = &runtimeMember{goName: name, wgslName: m.Name, wgslType: m.Type,
				offset: m.Offset, stride: m.ArrayStride, elem: elem}
			align = max(align, elem.align)
			continue
		}
		fs, err := sh.of(mt)
		if err != nil {
			return nil, fmt.Errorf("%s, member %s: %v", of, m.Name, err)
		}
		if fs.kind == shapeStruct && fs.elem != nil {
			return nil, fmt.Errorf("%s, member %s: a structure with a runtime-sized array cannot be a member", of, m.Name)
		}
		name, err := names.name(m.Name, "member "+m.Name)
		if err != nil {
			return nil, err
		}
		if m.Offset < end || m.Offset%fs.align != 0 || fs.size > m.Size {
			return nil, fmt.Errorf("%s, member %s: offset %d and size %d do not fit a %s after offset %d", of, m.Name, m.Offset, m.Size, mt, end)
		}
		d.fields = append(d.fields, field{goName: name, wgslName: m.Name, wgslType: m.Type,
			offset: m.Offset, size: m.Size, shape: fs})
		end = m.Offset + fs.size
		align = max(align, fs.align)
	}
	if d.size < end || d.size%align != 0 {
		return nil, fmt.Errorf("%s: size %d cannot hold its members (%d bytes) with Go alignment %d", of, d.size, end, align)
	}
	d.shape = &shape{kind: shapeStruct, wgsl: ts, ident: GoIdent{GoName: d.goName}, size: d.size, align: align}
	if d.rt != nil {
		d.shape.elem = d.rt.elem // marks the shape runtime-sized
		d.doc += fmt.Sprintf("\n\nIt holds the members before %s, its runtime-sized array (%s), which starts at "+
			"%s%sOffset and has an element every %s%sStride bytes: %sSize gives the size of a buffer "+
			"with n elements, Append%s writes one, Decode%s reads one and View%s views one in place.",
			d.rt.wgslName, d.rt.wgslType, d.goName, d.rt.goName, d.goName, d.rt.goName, d.goName, d.goName, d.goName, d.goName)
	}
	return d, nil
}

// sameStruct reports whether two shaders declare the same structure.
func sameStruct(a, b *wgslreflect.Struct) bool { return reflect.DeepEqual(a, b) }

// emit prints the structure and its methods.
func (d *structDef) emit(g *GeneratedFile) {
	if d.headerless() {
		d.emitRuntime(g)
		return
	}
	g.Comment(d.doc)
	g.P("type ", d.goName, " struct {")
	g.P("_ ", structsPackage.Ident("HostLayout"))
	end := 0
	for _, f := range d.fields {
		if f.offset > end {
			g.P("_ [", f.offset-end, "]byte // padding")
		}
		comment := fmt.Sprintf("%s: %s, offset %d, size %d", f.wgslName, f.wgslType, f.offset, f.size)
		if f.wgslName == "" {
			comment = fmt.Sprintf("%s, offset %d, size %d", f.wgslType, f.offset, f.size)
		}
		g.P(f.goName, " ", f.shape.goType(g), " // ", comment)
		end = f.offset + f.shape.size
	}
	if d.size > end {
		g.P("_ [", d.size-end, "]byte // padding")
	}
	g.P("}")
	g.P()

	g.P("// Bytes returns the memory of s without copying: its WGSL bytes on a little-endian host.")
	g.P("// It panics on a big-endian host; use Encode there.")
	g.P("func (s *", d.goName, ") Bytes() []byte { return ", RuntimePackage.Ident("Bytes"), "(s) }")
	g.P()
	g.P("// Encode writes s to dst[:", d.size, "] in the WGSL layout, little-endian, with zero padding.")
	g.P("// It panics if dst is shorter.")
	g.P("func (s *", d.goName, ") Encode(dst []byte) {")
	g.P("_ = dst[", d.size-1, "]")
	end = 0
	for _, f := range d.fields {
		if f.offset > end {
			g.P("clear(dst[", end, ":", f.offset, "])")
		}
		f.shape.encode(g, "dst", "s."+f.goName, offset{c: f.offset}, 0)
		end = f.offset + f.shape.size
	}
	if d.size > end {
		g.P("clear(dst[", end, ":", d.size, "])")
	}
	g.P("}")
	g.P()
	g.P("// Decode reads s from src[:", d.size, "] in the WGSL layout, little-endian.")
	g.P("// It panics if src is shorter.")
	g.P("func (s *", d.goName, ") Decode(src []byte) {")
	g.P("_ = src[", d.size-1, "]")
	for _, f := range d.fields {
		f.shape.decode(g, "src", "s."+f.goName, offset{c: f.offset}, 0)
	}
	g.P("}")
	g.P()
	if d.rt != nil {
		d.emitRuntime(g)
	}
}

// headerless reports whether the structure is nothing but its runtime-sized array, so that
// the helpers need no header value.
func (d *structDef) headerless() bool { return d.rt != nil && len(d.fields) == 0 }

// emitRuntime prints the helpers of a runtime-sized structure.
func (d *structDef) emitRuntime(g *GeneratedFile) {
	rt, name, wname := d.rt, d.goName, d.refl.Name
	off, stride := name+rt.goName+"Offset", name+rt.goName+"Stride"
	align := d.refl.Align
	elemType := rt.elem.goType(g)
	items := unexported(rt.goName)
	littleEndian := RuntimePackage.Ident("LittleEndian")
	sliceBytes := RuntimePackage.Ident("SliceBytes")
	header := !d.headerless()
	if !header {
		g.Comment(fmt.Sprintf("The WGSL structure %s is nothing but its runtime-sized array %s (%s), so it has no Go type: %sSize, Append%s, Decode%s and View%s handle buffers of it.", wname, rt.wgslName, rt.wgslType, name, name, name, name))
	}
	g.P("const (")
	g.P("// ", off, " is the offset of ", rt.wgslName, ", the runtime-sized array of ", wname, ".")
	g.P(off, " = ", rt.offset)
	g.P("// ", stride, " is the distance between the elements of ", rt.wgslName, ".")
	g.P(stride, " = ", rt.stride)
	g.P(")")
	g.P()
	g.Comment(fmt.Sprintf("%sSize returns the size of a %s whose %s has n elements: the size of a buffer that holds them.", name, wname, rt.wgslName))
	g.P("func ", name, "Size(n int) int {")
	if align > 1 {
		g.P("return (", off, " + ", stride, "*n + ", align-1, ") / ", align, " * ", align)
	} else {
		g.P("return ", off, " + ", stride, "*n")
	}
	g.P("}")
	g.P()

	encodeItems := func(dst string) {
		g.P("if ", littleEndian, " {")
		g.P("copy(", dst, "[", off, ":], ", sliceBytes, "(", items, "))")
		g.P("} else {")
		g.P("for i := range ", items, " {")
		rt.elem.encode(g, dst, items+"[i]", offset{terms: []string{off}}.times(rt.stride, "i"), 1)
		g.P("}")
		g.P("}")
	}
	decodeItems := func() {
		g.P(items, " = make([]", elemType, ", (len(b)-", off, ")/", stride, ")")
		g.P("if ", littleEndian, " {")
		g.P("copy(", sliceBytes, "(", items, "), b[", off, ":])")
		g.P("} else {")
		g.P("for i := range ", items, " {")
		rt.elem.decode(g, "b", items+"[i]", offset{terms: []string{off}}.times(rt.stride, "i"), 1)
		g.P("}")
		g.P("}")
	}
	tooShort := func(fn, zero string) {
		g.P("if len(b) < ", d.size, " {")
		g.P("return ", zero, ", nil, ", fmtPackage.Ident("Errorf"), "(\"", fn, name, ": %d bytes cannot hold a ", wname, " (", d.size, " bytes or more)\", len(b))")
		g.P("}")
	}
	viewItems := func(ret string) {
		g.P("n := (len(b) - ", off, ") / ", stride)
		g.P("if ", items, ", err = ", RuntimePackage.Ident("View"), "[", elemType, "](b[", off, ":", off, "+", stride, "*n]); err != nil {")
		g.P("return ", ret)
		g.P("}")
	}

	if header {
		g.Comment(fmt.Sprintf("Append%s appends to b the WGSL bytes of a %s with the members of h and the elements of %s, and returns the extended slice.", name, wname, items))
		g.P("func Append", name, "(b []byte, h *", name, ", ", items, " []", elemType, ") []byte {")
	} else {
		g.Comment(fmt.Sprintf("Append%s appends to b the WGSL bytes of a %s with the elements of %s, and returns the extended slice.", name, wname, items))
		g.P("func Append", name, "(b []byte, ", items, " []", elemType, ") []byte {")
	}
	g.P("n := len(b)")
	g.P("b = append(b, make([]byte, ", name, "Size(len(", items, ")))...)")
	g.P("dst := b[n:]")
	if header {
		g.P("h.Encode(dst)")
	}
	encodeItems("dst")
	g.P("return b")
	g.P("}")
	g.P()

	if header {
		g.Comment(fmt.Sprintf("Decode%s reads a %s from b, the bytes of a buffer (read back from the GPU, say): its members, and as many elements of %s as b holds whole, which is how WGSL's arrayLength counts them. The results do not alias b.", name, wname, rt.wgslName))
		g.P("func Decode", name, "(b []byte) (h ", name, ", ", items, " []", elemType, ", err error) {")
		tooShort("Decode", "h")
		g.P("h.Decode(b)")
		decodeItems()
		g.P("return h, ", items, ", nil")
	} else {
		g.Comment(fmt.Sprintf("Decode%s reads the elements of a %s from b, the bytes of a buffer (read back from the GPU, say): as many as b holds whole, which is how WGSL's arrayLength counts them. The result does not alias b.", name, wname))
		g.P("func Decode", name, "(b []byte) (", items, " []", elemType, ") {")
		decodeItems()
		g.P("return ", items)
	}
	g.P("}")
	g.P()

	if header {
		g.Comment(fmt.Sprintf("View%s returns the %s in b without copying: h points to its members and %s holds as many elements as b holds whole; writes through them change b. Writing *h as a whole also writes its padding. It fails on a big-endian host and when b is not aligned to %d bytes; Decode%s works there.", name, wname, items, d.shape.align, name))
		g.P("func View", name, "(b []byte) (h *", name, ", ", items, " []", elemType, ", err error) {")
		tooShort("View", "nil")
		g.P("if h, err = ", RuntimePackage.Ident("ViewOf"), "[", name, "](b); err != nil {")
		g.P("return nil, nil, err")
		g.P("}")
		viewItems("nil, nil, err")
		g.P("return h, ", items, ", nil")
	} else {
		g.Comment(fmt.Sprintf("View%s returns the elements of the %s in b without copying: as many as b holds whole; writes through them change b. It fails on a big-endian host and when b is not aligned to %d bytes; Decode%s works there.", name, wname, rt.elem.align, name))
		g.P("func View", name, "(b []byte) (", items, " []", elemType, ", err error) {")
		viewItems("nil, err")
		g.P("return ", items, ", nil")
	}
	g.P("}")
	g.P()
}

// emitGuards prints the compile-time checks of the structures' layouts.
func emitGuards(g *GeneratedFile, all []*structDef) {
	var defs []*structDef
	for _, d := range all {
		if !d.headerless() {
			defs = append(defs, d)
		}
	}
	if len(defs) == 0 {
		return
	}
	g.P("// An \"invalid argument: index out of bounds\" or \"overflows uintptr\" compiler error here")
	g.P("// means that a structure above no longer has its WGSL layout: the file was edited. Run")
	g.P("// wgslgen (go generate) again.")
	g.P("func _() {")
	g.P("var x [1]struct{}")
	for _, d := range defs {
		g.P("_ = x[", unsafePackage.Ident("Sizeof"), "(", d.goName, "{})-", d.size, "]")
		for _, f := range d.fields {
			g.P("_ = x[", unsafePackage.Ident("Offsetof"), "(", d.goName, "{}.", f.goName, ")-", f.offset, "]")
		}
	}
	g.P("}")
}
