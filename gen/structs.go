package gen

import (
	"cmp"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"

	wgslreflect "github.com/wgslgo/wgslgo/compiler/reflect"
	"github.com/wgslgo/wgslgo/gen/wgsl"
)

// structDef is a Go structure to generate: a host-shareable WGSL structure, or a vertex
// buffer's element.
type structDef struct {
	goName string
	doc    string  // the doc comment, for GeneratedFile.Comment
	size   int     // the Go and WGSL size; for runtime-sized structures, with no elements
	fields []field // in offset order
	rt     *runtimeMember
	shape  *shape
	failed bool // its errors are reported

	refl   *wgslreflect.Struct // nil for the structures of loose vertex inputs
	origin string              // its WESL module and name ("package::types::Light"), or ""
	source string              // the path of the shader that declared it first, for messages
	shader string              // that shader's Name
	pos    string              // where, "file:line:col" or ""
	// held are the Go structures of the structures its members are or hold, by WGSL name.
	held map[string]*structDef
	// aliasOf is set on the type alias by which a shader that shares a structure declared
	// first by another names it (Options.Prefix); aliases are the structure's aliases.
	aliasOf *structDef
	aliases []*structDef
	// published is set on a structure of a library that publishes its Go type
	// (Options.Published): shape.ident names that type, and only its guards are printed.
	published bool
	// vertex is the vertex buffer layout of a structure used as one, nil otherwise; its Go
	// name is layoutName.
	vertex     *wgslreflect.VertexBuffer
	layoutName string
}

// field is one Go field with its WGSL member.
type field struct {
	goName, wgslName, wgslType string
	offset, size               int // the member's offset and size (which @size may make larger)
	shape                      *shape
	comment                    string // the field's comment, when not the usual one
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

// where says where the structure comes from, for messages.
func (d *structDef) where() string {
	if d.pos != "" {
		return d.pos
	}
	return d.source
}

// holdsSame reports whether the structures the members of d are or hold are the Go types
// shader sh has for them.
func (d *structDef) holdsSame(sh *shaper) bool {
	for n, h := range d.held {
		if sh.defs[n] != h {
			return false
		}
	}
	return true
}

// names returns the package-level names the structure declares.
func (d *structDef) names() []string {
	var names []string
	if !d.headerless() {
		names = append(names, d.goName)
	}
	if d.rt != nil {
		names = append(names, d.goName+d.rt.goName+"Offset", d.goName+d.rt.goName+"Stride",
			d.goName+"Size", "Append"+d.goName, "Decode"+d.goName, "View"+d.goName)
	}
	return names
}

// build lays out the Go structure of the WGSL structure d.refl with the shapes of sh.
func (d *structDef) build(sh *shaper, positions map[string]string) error {
	s := d.refl
	d.failed = true
	d.size = s.Size
	d.doc = fmt.Sprintf(structDoc, d.goName, cmp.Or(d.origin, s.Name), s.Size, s.Align)
	of := "struct " + s.Name
	names := newFieldNames(of, structMethods...)
	if len(s.Members) == 0 {
		return fmt.Errorf("%s has no members", of)
	}
	end, align := 0, 1
	for i, m := range s.Members {
		if m.Type.Kind == wgslreflect.KindArray && m.Type.Count == 0 && m.Type.CountExpr == "" {
			if i != len(s.Members)-1 || !s.RuntimeSized {
				return fmt.Errorf("%s: the runtime-sized array %s is not the last member of a runtime-sized structure", of, m.Name)
			}
			elem, err := sh.element(m.Type)
			if err != nil {
				return memberError(of, m.Name, err)
			}
			name, err := names.name(m.Name, "member "+m.Name)
			if err != nil {
				return err
			}
			if m.Offset < end || m.Offset%elem.align != 0 {
				return fmt.Errorf("%s, member %s: offset %d overlaps the members before it or is misaligned", of, m.Name, m.Offset)
			}
			d.rt = &runtimeMember{goName: name, wgslName: m.Name, wgslType: m.Type.WGSL,
				offset: m.Offset, stride: m.Type.Stride, elem: elem}
			align = max(align, elem.align)
			continue
		}
		fs, err := sh.of(m.Type)
		if err != nil {
			return memberError(of, m.Name, err)
		}
		if fs.kind == shapeStruct && fs.elem != nil {
			return fmt.Errorf("%s, member %s: a structure with a runtime-sized array cannot be a member", of, m.Name)
		}
		name, err := names.name(m.Name, "member "+m.Name)
		if err != nil {
			if p := positions[s.Name+"."+m.Name]; p != "" {
				return &posError{p, err}
			}
			return err
		}
		if m.Offset < end || m.Offset%fs.align != 0 || fs.size > m.Size {
			return fmt.Errorf("%s, member %s: offset %d and size %d do not fit a %s after offset %d", of, m.Name, m.Offset, m.Size, m.Type.WGSL, end)
		}
		d.fields = append(d.fields, field{goName: name, wgslName: m.Name, wgslType: m.Type.WGSL,
			offset: m.Offset, size: m.Size, shape: fs})
		end = m.Offset + fs.size
		align = max(align, fs.align)
	}
	if s.RuntimeSized != (d.rt != nil) {
		return fmt.Errorf("%s: runtime-sized is %v, but its last member says otherwise", of, s.RuntimeSized)
	}
	if d.size < end || d.size%align != 0 {
		return fmt.Errorf("%s: size %d cannot hold its members (%d bytes) with Go alignment %d", of, d.size, end, align)
	}
	padded := end < d.size
	for i, f := range d.fields {
		padded = padded || f.shape.hasPadding() || i > 0 && d.fields[i-1].offset+d.fields[i-1].shape.size < f.offset
	}
	padded = padded || len(d.fields) > 0 && d.fields[0].offset > 0
	d.shape = &shape{kind: shapeStruct, wgsl: s.Name, ident: GoIdent{GoName: d.goName}, size: d.size, align: align, padded: padded}
	if d.rt != nil {
		d.shape.elem = d.rt.elem // marks the shape runtime-sized
		d.doc += fmt.Sprintf("\n\nIt holds the members before %s, its runtime-sized array (%s), which starts at "+
			"%s%sOffset and has an element every %s%sStride bytes: %sSize gives the size of a buffer "+
			"with n elements, Append%s writes one, Decode%s reads one and View%s views one in place.",
			d.rt.wgslName, d.rt.wgslType, d.goName, d.rt.goName, d.goName, d.rt.goName, d.goName, d.goName, d.goName, d.goName)
	}
	d.failed = false
	return nil
}

// memberError says that the type of a member has a problem, unless that is reported already.
func memberError(of, member string, err error) error {
	if err == errReported {
		return err
	}
	return fmt.Errorf("%s, member %s: %v", of, member, err)
}

// sameStruct reports whether two shaders declare the same structure.
func sameStruct(a, b *wgslreflect.Struct) bool { return reflect.DeepEqual(a, b) }

// sameLayout reports whether two structures have the same layout, whatever the names of
// their types: what one declaration of a WESL module that two shaders call differently is.
func sameLayout(a, b *wgslreflect.Struct) bool {
	unnamed := func(s *wgslreflect.Struct) wgslreflect.Struct {
		c := *s
		c.Name = ""
		c.Members = slices.Clone(s.Members)
		for i := range c.Members {
			c.Members[i].Type = unnamedType(c.Members[i].Type)
		}
		return c
	}
	x, y := unnamed(a), unnamed(b)
	return reflect.DeepEqual(&x, &y)
}

func unnamedType(t wgslreflect.Type) wgslreflect.Type {
	t.WGSL, t.Struct = "", ""
	if t.Element != nil {
		e := unnamedType(*t.Element)
		t.Element = &e
	}
	return t
}

// sameMember reports whether two structure members are declared alike.
func sameMember(a, b wgslreflect.Member) bool { return reflect.DeepEqual(a, b) }

// newVertexStruct builds the Go structure of a vertex buffer whose structure has no memory
// layout of its own (it is in no buffer): the attributes at their offsets, each a field of its
// WGSL type, padded to its format's size (a 16-bit input with one or three components has a
// format one component wider), the whole as big as the stride.
func newVertexStruct(goName, of string, b *wgslreflect.VertexBuffer, positions map[string]string) (*structDef, error) {
	d := &structDef{goName: goName, size: b.Stride}
	if b.Struct != "" {
		d.doc = fmt.Sprintf("%s is one element of a vertex buffer of the WGSL structure %s: %d bytes, as %sLayout describes it.", goName, b.Struct, b.Stride, goName)
	} else {
		d.doc = fmt.Sprintf("%s is one element of the vertex buffer of %s: %d bytes, as %sLayout describes it. "+
			"These inputs are one buffer, all stepped per vertex or all per instance; to read some from another buffer "+
			"(per-instance data beside per-vertex data), group each buffer's inputs in a WGSL structure parameter: "+
			"every structure parameter is a vertex buffer of its own.", goName, of, b.Stride, goName)
	}
	names := newFieldNames(of, structMethods...)
	attrs := append([]wgslreflect.VertexAttribute(nil), b.Attributes...)
	slices.SortStableFunc(attrs, func(x, y wgslreflect.VertexAttribute) int { return x.Offset - y.Offset })
	end := 0
	for _, a := range attrs {
		fs, err := vertexShape(a)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", of, err)
		}
		name, err := names.name(a.Name, "input "+a.Name)
		if err != nil {
			if p := positions[b.Struct+"."+a.Name]; b.Struct != "" && p != "" {
				return nil, &posError{p, err}
			}
			return nil, err
		}
		size := formatSize(a.Format)
		if a.Offset < end || a.Offset%min(4, size) != 0 || a.Offset+size > b.Stride {
			return nil, fmt.Errorf("%s, input %s: a %s at offset %d does not fit after offset %d in a stride of %d", of, a.Name, a.Format, a.Offset, end, b.Stride)
		}
		d.fields = append(d.fields, field{goName: name, wgslName: a.Name, wgslType: a.Type.WGSL, offset: a.Offset, size: size, shape: fs,
			comment: fmt.Sprintf("%s: %s @location(%d), %s at offset %d", a.Name, a.Type.WGSL, a.Location, a.Format, a.Offset)})
		end = a.Offset + fs.size
	}
	if b.Stride%4 != 0 || b.Stride < end {
		return nil, fmt.Errorf("%s: stride %d is not a multiple of 4 that holds the inputs", of, b.Stride)
	}
	d.shape = &shape{kind: shapeStruct, ident: GoIdent{GoName: goName}, size: d.size, align: 4}
	return d, nil
}

// vertexShape is the shape of a vertex input: a scalar or vector of f32, i32, u32 or f16.
func vertexShape(a wgslreflect.VertexAttribute) (*shape, error) {
	t := a.Type
	if (t.Kind != wgslreflect.KindScalar && t.Kind != wgslreflect.KindVector) || scalarSizes[t.Scalar] == 0 || formatSize(a.Format) == 0 {
		return nil, fmt.Errorf("input %s has type %s, which no vertex format holds", a.Name, t.WGSL)
	}
	return (&shaper{}).of(t)
}

// formatSize is the size of a vertex format, 0 for an unknown one.
func formatSize(f string) int { return int(wgsl.VertexFormat(f).Size()) }

// structDoc is the doc comment of a structure's Go type; StructOrigin reads it back.
const structDoc = "%s is the WGSL structure %s: %d bytes, aligned to %d."

// StructOrigin reads the doc comment that generated files give a structure of a WESL module
// (the first line of the type's doc, without "// "): the Go type's name and the structure's
// module path and name ("package::types::Light"). A library's generated Go publishes its
// types this way (Options.Published).
func StructOrigin(doc string) (goName, origin string, ok bool) {
	var size, align int
	n, err := fmt.Sscanf(doc, strings.Replace(structDoc, "%s:", "%s", 1), &goName, &origin, &size, &align)
	if err != nil || n != 4 || !strings.HasSuffix(origin, ":") || !strings.Contains(origin, "::") {
		return "", "", false
	}
	return goName, strings.TrimSuffix(origin, ":"), true
}

// emit prints the structure and its methods.
func (d *structDef) emit(g *GeneratedFile) {
	if d.published {
		// The library declares the type and its methods; a vertex buffer's layout is this
		// package's.
		if d.vertex != nil {
			d.emitLayout(g)
		}
		return
	}
	if d.aliasOf != nil {
		d.emitAlias(g)
		return
	}
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
		if f.comment != "" {
			comment = f.comment
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
	if d.vertex != nil {
		d.emitLayout(g)
	}
}

// emitAlias prints the names by which a shader that shares a structure declared first by
// another names it: a type alias, and for a runtime-sized structure helpers that call the
// first's.
func (d *structDef) emitAlias(g *GeneratedFile) {
	a := d.aliasOf
	if !d.headerless() {
		g.Comment(fmt.Sprintf("%s is the WGSL structure %s of %s, which %s declares identically: the same Go type as %s.", d.goName, d.refl.Name, d.shader, a.shader, a.goName))
		g.P("type ", d.goName, " = ", a.goName)
		g.P()
	}
	if d.vertex != nil {
		d.emitLayout(g)
	}
	if d.rt == nil {
		return
	}
	name, first := d.goName, a.goName
	elems := "[]" + d.rt.elem.goType(g)
	g.Comment(fmt.Sprintf("The WGSL structure %s of %s is declared identically by %s: its helpers are %s's.", d.refl.Name, d.shader, a.shader, first))
	g.P("const (")
	for _, c := range []string{"Offset", "Stride"} {
		g.P(name, d.rt.goName, c, " = ", first, d.rt.goName, c)
	}
	g.P(")")
	g.P()
	g.Comment(fmt.Sprintf("%sSize is %sSize.", name, first))
	g.P("func ", name, "Size(n int) int { return ", first, "Size(n) }")
	g.P()
	g.Comment(fmt.Sprintf("Append%s is Append%s.", name, first))
	if d.headerless() {
		g.P("func Append", name, "(b []byte, elems ", elems, ") []byte { return Append", first, "(b, elems) }")
		g.P()
		g.Comment(fmt.Sprintf("Decode%s is Decode%s.", name, first))
		g.P("func Decode", name, "(b []byte) (elems ", elems, ") { return Decode", first, "(b) }")
		g.P()
		g.Comment(fmt.Sprintf("View%s is View%s.", name, first))
		g.P("func View", name, "(b []byte) (elems ", elems, ", err error) { return View", first, "(b) }")
		g.P()
		return
	}
	g.P("func Append", name, "(b []byte, h *", name, ", elems ", elems, ") []byte { return Append", first, "(b, h, elems) }")
	g.P()
	g.Comment(fmt.Sprintf("Decode%s is Decode%s.", name, first))
	g.P("func Decode", name, "(b []byte) (h ", name, ", elems ", elems, ", err error) { return Decode", first, "(b) }")
	g.P()
	g.Comment(fmt.Sprintf("View%s is View%s.", name, first))
	g.P("func View", name, "(b []byte) (h *", name, ", elems ", elems, ", err error) { return View", first, "(b) }")
	g.P()
}

// emitLayout prints the vertex buffer layout of a structure used as a vertex buffer.
func (d *structDef) emitLayout(g *GeneratedFile) {
	b := d.vertex
	wgsl := RuntimePackage.Ident
	g.Comment(fmt.Sprintf("%s is the layout of a vertex buffer of %s: a WebGPU GPUVertexBufferLayout, Vulkan's vertex input binding and attributes. Its step mode is the host's choice: %s.PerVertex() or %s.PerInstance().", d.layoutName, d.goName, d.layoutName, d.layoutName))
	g.P("var ", d.layoutName, " = ", wgsl("VertexBufferLayout"), "{")
	g.P("ArrayStride: ", b.Stride, ",")
	g.P("Attributes: []", wgsl("VertexAttribute"), "{")
	for _, a := range b.Attributes {
		g.P("{Format: ", wgsl(vertexFormatIdent(a.Format)), ", Offset: ", a.Offset, ", ShaderLocation: ", a.Location, ", Name: ", strconv.Quote(a.Name), "},")
	}
	g.P("},")
	if b.Struct != "" {
		g.P("Struct: ", strconv.Quote(b.Struct), ",")
	}
	g.P("}")
	g.P()
}

// vertexFormatIdent is the runtime's constant of a vertex format: Float32x3 for float32x3.
func vertexFormatIdent(f string) string {
	return strings.ToUpper(f[:1]) + f[1:]
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
	items := "elems" // a fixed name: no WGSL name can shadow another local
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

	// Elements with padding take the portable way on every host: their Go memory may hold
	// padding bytes a view or a copy brought in, and encoded padding is zero.
	copyable := !rt.elem.hasPadding()
	encodeItems := func(dst string) {
		if copyable {
			g.P("if ", littleEndian, " {")
			g.P("copy(", dst, "[", off, ":], ", sliceBytes, "(", items, "))")
			g.P("} else {")
		}
		g.P("for i := range ", items, " {")
		rt.elem.encode(g, dst, items+"[i]", offset{terms: []string{off}}.times(rt.stride, "i"), 1)
		g.P("}")
		if copyable {
			g.P("}")
		}
	}
	decodeItems := func() {
		g.P(items, " = make([]", elemType, ", (len(b)-", off, ")/", stride, ")")
		if copyable {
			g.P("if ", littleEndian, " {")
			g.P("copy(", sliceBytes, "(", items, "), b[", off, ":])")
			g.P("} else {")
		}
		g.P("for i := range ", items, " {")
		rt.elem.decode(g, "b", items+"[i]", offset{terms: []string{off}}.times(rt.stride, "i"), 1)
		g.P("}")
		if copyable {
			g.P("}")
		}
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
		if !d.headerless() && d.aliasOf == nil {
			defs = append(defs, d)
		}
	}
	if len(defs) == 0 {
		return
	}
	g.P("// An \"invalid argument: index out of bounds\" or \"overflows uintptr\" compiler error here")
	g.P("// means that a structure above no longer has its WGSL layout: the file was edited. Run")
	g.P("// wgslgen (go generate) again.")
	if slices.ContainsFunc(defs, func(d *structDef) bool { return d.published }) {
		g.P("// For a library's type, the library's generated Go is not the version of its shaders")
		g.P("// that go.mod requires: run go generate in the library.")
	}
	g.P("func _() {")
	g.P("var x [1]struct{}")
	for _, d := range defs {
		g.P("_ = x[", unsafePackage.Ident("Sizeof"), "(", d.shape.ident, "{})-", d.size, "]")
		for _, f := range d.fields {
			g.P("_ = x[", unsafePackage.Ident("Offsetof"), "(", d.shape.ident, "{}.", f.goName, ")-", f.offset, "]")
		}
	}
	g.P("}")
}
