package gen

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/wgslgo/wgslgo/compiler/constant"
	wgslreflect "github.com/wgslgo/wgslgo/compiler/reflect"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// parseValue reads the JSON spelling of a reflection value, keeping numbers as written.
func parseValue(text string) (any, error) {
	dec := json.NewDecoder(strings.NewReader(text))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, fmt.Errorf("cannot read the value %q: %v", text, err)
	}
	return v, nil
}

// scalarLiteral returns the Go constant of v, a value of type s: the number as the
// reflection spells it (the shortest decimal that is exactly the value in its type), an F16
// as its bits.
func scalarLiteral(s *types.Scalar, v any) (string, error) {
	if s.Kind == types.KindBool {
		b, ok := v.(bool)
		if !ok {
			return "", fmt.Errorf("%v is not a bool", v)
		}
		return strconv.FormatBool(b), nil
	}
	n, ok := v.(json.Number)
	if !ok {
		return "", fmt.Errorf("%v is not a number", v)
	}
	text := n.String()
	switch s.Kind {
	case types.KindI32, types.KindU32, types.KindAbstractInt:
		i, err := strconv.ParseInt(text, 10, 64)
		lo, hi := int64(math.MinInt64), int64(math.MaxInt64)
		switch s.Kind {
		case types.KindI32:
			lo, hi = math.MinInt32, math.MaxInt32
		case types.KindU32:
			lo, hi = 0, math.MaxUint32
		}
		if err != nil || i < lo || i > hi {
			return "", fmt.Errorf("%s is not a value of %s", text, s)
		}
		return text, nil
	}
	f, err := strconv.ParseFloat(text, 64)
	if err != nil || math.IsInf(f, 0) {
		return "", fmt.Errorf("%s is not a value of %s", text, s)
	}
	switch s.Kind {
	case types.KindF16:
		return fmt.Sprintf("0x%04x", constant.F16Bits(f)), nil
	case types.KindAbstractFloat:
		if !strings.ContainsAny(text, ".eE") {
			text += ".0" // stays a floating-point constant in Go
		}
	}
	return text, nil
}

// constantLiteral returns the Go expression of the value text of type t: a constant for
// scalars, a composite literal for vectors and matrices.
func constantLiteral(g *GeneratedFile, t types.Type, text string) (string, error) {
	v, err := parseValue(text)
	if err != nil {
		return "", err
	}
	return literal(g, t, v)
}

func literal(g *GeneratedFile, t types.Type, v any) (string, error) {
	switch t := t.(type) {
	case *types.Scalar:
		return scalarLiteral(t, v)
	case *types.Vector:
		elems, err := components(t.Elem, v, t.N)
		if err != nil {
			return "", err
		}
		return vectorType(g, t) + "{" + strings.Join(elems, ", ") + "}", nil
	case *types.Matrix:
		cols, ok := v.([]any)
		if !ok || len(cols) != t.Cols {
			return "", fmt.Errorf("%v is not a value of %s", v, t)
		}
		col := t.Column()
		var out []string
		for _, c := range cols {
			elems, err := components(t.Elem, c, t.Rows)
			if err != nil {
				return "", err
			}
			lit := "{" + strings.Join(elems, ", ") + "}"
			if t.Rows == 3 && !t.Elem.IsAbstract() {
				lit = "{V: " + vectorType(g, col) + lit + "}"
			}
			out = append(out, lit)
		}
		typ := ""
		if t.Elem.IsAbstract() {
			typ = fmt.Sprintf("[%d][%d]%s", t.Cols, t.Rows, abstractGoType(t.Elem))
		} else {
			typ = g.QualifiedGoIdent(RuntimePackage.Ident(fmt.Sprintf("Mat%dx%d%s", t.Cols, t.Rows, scalarSuffix(t.Elem))))
		}
		return typ + "{" + strings.Join(out, ", ") + "}", nil
	}
	return "", fmt.Errorf("constants of type %s have no Go form", t)
}

func components(s *types.Scalar, v any, n int) ([]string, error) {
	list, ok := v.([]any)
	if !ok || len(list) != n {
		return nil, fmt.Errorf("%v is not a vector of %d components", v, n)
	}
	var out []string
	for _, c := range list {
		lit, err := scalarLiteral(s, c)
		if err != nil {
			return nil, err
		}
		out = append(out, lit)
	}
	return out, nil
}

func abstractGoType(s *types.Scalar) string {
	switch s.Kind {
	case types.KindAbstractInt:
		return "int64"
	case types.KindAbstractFloat:
		return "float64"
	}
	return "bool"
}

// vectorType returns the Go type of a vector constant: the runtime's vectors, and plain arrays
// for the vectors of bool and abstract numbers, which have no place in buffers.
func vectorType(g *GeneratedFile, v *types.Vector) string {
	if v.Elem.IsAbstract() || v.Elem.Kind == types.KindBool {
		return fmt.Sprintf("[%d]%s", v.N, abstractGoType(v.Elem))
	}
	return g.QualifiedGoIdent(RuntimePackage.Ident(fmt.Sprintf("Vec%d%s", v.N, scalarSuffix(v.Elem))))
}

func (d *shaderDef) emitConstants(g *GeneratedFile) {
	var scalars, composites []constantDef
	for _, c := range d.constants {
		if _, ok := c.typ.(*types.Scalar); ok {
			scalars = append(scalars, c)
		} else {
			composites = append(composites, c)
		}
	}
	if len(scalars) > 0 {
		g.P("// The module-scope constants of ", d.name, ".")
		g.P("const (")
		for _, c := range scalars {
			s := c.typ.(*types.Scalar)
			lit, _ := constantLiteral(g, s, c.c.Value.String())
			comment := " // " + c.c.Name + ": " + c.c.Type
			if s.Kind == types.KindF16 {
				comment += " = " + c.c.Value.String()
			}
			switch s.Kind {
			case types.KindAbstractInt, types.KindAbstractFloat, types.KindBool:
				g.P(d.prefix, c.goName, " = ", lit, comment)
			default:
				g.P(d.prefix, c.goName, " ", (&shape{kind: shapeScalar, scalar: s}).goType(g), " = ", lit, comment)
			}
		}
		g.P(")")
		g.P()
	}
	if len(composites) > 0 {
		g.P("// The module-scope constants of ", d.name, " that Go cannot declare as constants.")
		g.P("var (")
		for _, c := range composites {
			lit, _ := constantLiteral(g, c.typ, c.c.Value.String())
			g.P(d.prefix, c.goName, " = ", lit, " // ", c.c.Name, ": ", c.c.Type)
		}
		g.P(")")
		g.P()
	}
}

// hasFlags reports whether an override of d has a flag: a default that is an override-expression.
func (d *shaderDef) hasFlags() bool {
	for _, o := range d.overrides {
		if o.flagID != 0 {
			return true
		}
	}
	return false
}

// goType returns the Go type of the override's values.
func (o *overrideDef) goType(g *GeneratedFile) string {
	if o.scalar.Kind == types.KindBool {
		return "bool"
	}
	return (&shape{kind: shapeScalar, scalar: o.scalar}).goType(g)
}

// toBits returns the expression that keeps the value v in the uint32 of an overrides type;
// "" for bool, which needs a statement.
func (o *overrideDef) toBits(g *GeneratedFile, v string) string {
	switch o.scalar.Kind {
	case types.KindBool:
		return ""
	case types.KindU32:
		return v
	case types.KindF32:
		return g.QualifiedGoIdent(mathPackage.Ident("Float32bits")) + "(" + v + ")"
	}
	return "uint32(" + v + ")"
}

// fromBits returns the expression that reads the value back from its uint32 bits.
func (o *overrideDef) fromBits(g *GeneratedFile, bits string) string {
	switch o.scalar.Kind {
	case types.KindBool:
		return bits + " != 0"
	case types.KindU32:
		return bits
	case types.KindF32:
		return g.QualifiedGoIdent(mathPackage.Ident("Float32frombits")) + "(" + bits + ")"
	}
	return o.goType(g) + "(" + bits + ")"
}

// specAdd is the wgsl.Specialization method that adds a value of the override's type.
func (o *overrideDef) specAdd() string {
	return map[types.ScalarKind]string{
		types.KindBool: "AddBool", types.KindI32: "AddI32", types.KindU32: "AddU32", types.KindF32: "AddF32", types.KindF16: "AddF16",
	}[o.scalar.Kind]
}

func (d *shaderDef) emitOverrides(g *GeneratedFile) {
	if len(d.overrides) == 0 {
		return
	}
	name := d.prefix + "Overrides"
	n := len(d.overrides)
	g.Comment(name + " holds the values a pipeline gives the overrides of " + d.name + ". The zero value sets none: each keeps its default.")
	g.P("type ", name, " struct {")
	g.P("set [", n, "]bool")
	g.P("bits [", n, "]uint32")
	g.P("}")
	g.P()
	for i, o := range d.overrides {
		goType := o.goType(g)
		g.P("// Set", o.goName, " sets ", o.comment, ".")
		g.P("func (o *", name, ") Set", o.goName, "(v ", goType, ") {")
		g.P("o.set[", i, "] = true")
		if toBits := o.toBits(g, "v"); toBits != "" {
			g.P("o.bits[", i, "] = ", toBits)
		} else {
			g.P("o.bits[", i, "] = 0")
			g.P("if v {")
			g.P("o.bits[", i, "] = 1")
			g.P("}")
		}
		g.P("}")
		g.P()
		if o.flagID != 0 {
			g.P("// ", o.goName, " returns the value of ", o.o.Name, " set in o, and whether one is: its default is an")
			g.P("// override-expression, which only the shader computes.")
			g.P("func (o *", name, ") ", o.goName, "() (", goType, ", bool) {")
			g.P("return ", o.fromBits(g, "o.bits["+strconv.Itoa(i)+"]"), ", o.set[", i, "]")
			g.P("}")
			g.P()
			continue
		}
		if o.deflt != "" {
			g.P("// ", o.goName, " returns the value of ", o.o.Name, ": the one set, else its default.")
		} else {
			g.P("// ", o.goName, " returns the value of ", o.o.Name, ": the one set, else zero (it is required).")
		}
		g.P("func (o *", name, ") ", o.goName, "() ", goType, " {")
		g.P("if o.set[", i, "] {")
		g.P("return ", o.fromBits(g, "o.bits["+strconv.Itoa(i)+"]"))
		g.P("}")
		switch {
		case o.deflt == "" && o.scalar.Kind == types.KindBool:
			g.P("return false")
		case o.deflt == "":
			g.P("return 0")
		default:
			g.P("return ", o.deflt)
		}
		g.P("}")
		g.P()
	}
	g.P("// Specialization returns the specialization data of the overrides set in o. It fails when a")
	g.P("// required override (one without a default) is not set.")
	if d.hasFlags() {
		g.P("// An override whose default is an override-expression comes with its flag, set to true.")
	}
	g.P("func (o *", name, ") Specialization() (", RuntimePackage.Ident("Specialization"), ", error) {")
	g.P("var s ", RuntimePackage.Ident("Specialization"))
	for i, o := range d.overrides {
		add := o.specAdd()
		if o.deflt == "" && o.flagID == 0 {
			g.P("if !o.set[", i, "] {")
			g.P("return s, ", errorsPackage.Ident("New"), "(\"", name, ": the override ", o.o.Name, " has no default: set it with Set", o.goName, "\")")
			g.P("}")
			g.P("s.", add, "(", o.o.ID, ", o.", o.goName, "())")
			continue
		}
		g.P("if o.set[", i, "] {")
		if o.flagID != 0 {
			g.P("s.", add, "(", o.o.ID, ", ", o.fromBits(g, "o.bits["+strconv.Itoa(i)+"]"), ")")
			g.P("s.AddBool(", o.flagID, ", true)")
		} else {
			g.P("s.", add, "(", o.o.ID, ", o.", o.goName, "())")
		}
		g.P("}")
	}
	g.P("return s, nil")
	g.P("}")
	g.P()
	byName := map[string]overrideDef{}
	for _, o := range d.overrides {
		byName[o.o.Name] = o
	}
	for _, e := range d.entries {
		if !e.overrides || e.exprs {
			continue
		}
		var dims []string
		for _, dim := range e.e.WorkgroupSize {
			switch {
			case dim.Override == "":
				dims = append(dims, strconv.Itoa(dim.Value))
			case byName[dim.Override].scalar.Kind == types.KindU32:
				dims = append(dims, "o."+byName[dim.Override].goName+"()")
			default:
				dims = append(dims, "uint32(o."+byName[dim.Override].goName+"())")
			}
		}
		g.P("// ", e.sizeMethod, " returns the workgroup size of the entry point ", e.e.Name, " with the")
		g.P("// overrides of o.")
		g.P("func (o *", name, ") ", e.sizeMethod, "() [3]uint32 {")
		g.P("return [3]uint32{", strings.Join(dims, ", "), "}")
		g.P("}")
		g.P()
	}
	for _, e := range d.entries {
		if e.subgroupMethod == "" {
			continue
		}
		o := byName[e.e.SubgroupSize.Override]
		size := "o." + o.goName + "()"
		if o.scalar.Kind != types.KindU32 {
			size = "uint32(" + size + ")"
		}
		g.P("// ", e.subgroupMethod, " returns the subgroup size of the entry point ", e.e.Name, " with the")
		g.P("// overrides of o: the size the pipeline must require.")
		g.P("func (o *", name, ") ", e.subgroupMethod, "() uint32 {")
		g.P("return ", size)
		g.P("}")
		g.P()
	}
}

// newVertexStruct lays out the inputs of a vertex entry point in a vertex structure: in
// location order, each at the next offset that is a multiple of its size or of 4 (WebGPU's
// rule for attribute offsets), the whole a multiple of 4 bytes (its rule for strides).
func newVertexStruct(goName string, e *wgslreflect.EntryPoint) (*structDef, error) {
	d := &structDef{goName: goName}
	d.doc = fmt.Sprintf("%s is one vertex of the inputs of the vertex entry point %s, as the attributes of %sAttributes describe it.", goName, e.Name, goName)
	names := newFieldNames("the vertex inputs of "+e.Name, structMethods...)
	end := 0
	for _, in := range e.VertexInputs {
		t, err := parseType(in.Type, nil)
		if err != nil {
			return nil, fmt.Errorf("input %s: %v", in.Name, err)
		}
		var s *shape
		switch t := t.(type) {
		case *types.Scalar:
			if t.Kind != types.KindBool && !t.IsAbstract() {
				s = &shape{kind: shapeScalar, wgsl: t, scalar: t, size: t.Size(), align: t.Size()}
			}
		case *types.Vector:
			if t.Elem.Kind != types.KindBool && !t.Elem.IsAbstract() {
				s = &shape{kind: shapeVector, wgsl: t, scalar: t.Elem, size: t.N * t.Elem.Size(), align: t.Elem.Size(),
					ident: RuntimePackage.Ident(fmt.Sprintf("Vec%d%s", t.N, scalarSuffix(t.Elem)))}
			}
		}
		if s == nil {
			return nil, fmt.Errorf("input %s has type %s, which no vertex format holds", in.Name, in.Type)
		}
		wgslName := in.Name
		if wgslName == "" {
			wgslName = fmt.Sprintf("location_%d", in.Location)
		}
		name, err := names.name(wgslName, "input "+wgslName)
		if err != nil {
			return nil, err
		}
		off := roundUp(end, min(4, s.size))
		d.fields = append(d.fields, field{goName: name, wgslName: in.Name,
			wgslType: fmt.Sprintf("%s @location(%d)", in.Type, in.Location), offset: off, size: s.size, shape: s})
		end = off + s.size
	}
	d.size = roundUp(end, 4)
	d.shape = &shape{kind: shapeStruct, ident: GoIdent{GoName: goName}, size: d.size, align: 4}
	return d, nil
}

func roundUp(n, k int) int { return (n + k - 1) / k * k }

// sortedInputs returns the vertex inputs by location.
func sortedInputs(in []wgslreflect.IOVar) []wgslreflect.IOVar {
	s := slices.Clone(in)
	slices.SortStableFunc(s, func(a, b wgslreflect.IOVar) int { return a.Location - b.Location })
	return s
}

func vertexFormatIdent(s *shape) string {
	base := map[types.ScalarKind]string{types.KindF32: "Float32", types.KindI32: "Sint32", types.KindU32: "Uint32", types.KindF16: "Float16"}[s.scalar.Kind]
	if v, ok := s.wgsl.(*types.Vector); ok {
		return base + "x" + strconv.Itoa(v.N)
	}
	return base
}
