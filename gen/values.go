package gen

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"

	wgslreflect "github.com/wgslgo/wgslgo/compiler/reflect"
	"github.com/wgslgo/wgslgo/gen/wgsl"
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

// scalarLiteral returns the Go constant of v, a value of the scalar type s: the number as the
// reflection spells it (the shortest decimal that is exactly the value in its type), an F16
// as its bits.
func scalarLiteral(s string, v any) (string, error) {
	if s == "bool" {
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
	switch s {
	case "i32", "u32", "AbstractInt":
		i, err := strconv.ParseInt(text, 10, 64)
		lo, hi := int64(math.MinInt64), int64(math.MaxInt64)
		switch s {
		case "i32":
			lo, hi = math.MinInt32, math.MaxInt32
		case "u32":
			lo, hi = 0, math.MaxUint32
		}
		if err != nil || i < lo || i > hi {
			return "", fmt.Errorf("%s is not a value of %s", text, s)
		}
		return text, nil
	case "f32", "f16", "AbstractFloat":
	default:
		return "", fmt.Errorf("%q is not a scalar type", s)
	}
	f, err := strconv.ParseFloat(text, 64)
	if err != nil || math.IsInf(f, 0) {
		return "", fmt.Errorf("%s is not a value of %s", text, s)
	}
	switch s {
	case "f16":
		return fmt.Sprintf("0x%04x", uint16(wgsl.F16FromFloat32(float32(f)))), nil
	case "AbstractFloat":
		if !strings.ContainsAny(text, ".eE") {
			text += ".0" // stays a floating-point constant in Go
		}
	}
	return text, nil
}

// constantLiteral returns the Go expression of the value text of type t: a constant for
// scalars, a composite literal for vectors.
func constantLiteral(g *GeneratedFile, t wgslreflect.Type, text string) (string, error) {
	v, err := parseValue(text)
	if err != nil {
		return "", err
	}
	switch t.Kind {
	case wgslreflect.KindScalar:
		return scalarLiteral(t.Scalar, v)
	case wgslreflect.KindVector:
		list, ok := v.([]any)
		if !ok || len(list) != t.Components {
			return "", fmt.Errorf("%v is not a vector of %d components", v, t.Components)
		}
		var elems []string
		for _, c := range list {
			lit, err := scalarLiteral(t.Scalar, c)
			if err != nil {
				return "", err
			}
			elems = append(elems, lit)
		}
		return vectorType(g, t) + "{" + strings.Join(elems, ", ") + "}", nil
	}
	return "", fmt.Errorf("constants of type %s have no Go form", t.WGSL)
}

func abstractGoType(s string) string {
	switch s {
	case "AbstractInt":
		return "int64"
	case "AbstractFloat":
		return "float64"
	}
	return "bool"
}

// vectorType returns the Go type of a vector constant: the runtime's vectors, and plain arrays
// for the vectors of bool and abstract numbers, which have no place in buffers.
func vectorType(g *GeneratedFile, t wgslreflect.Type) string {
	if scalarSizes[t.Scalar] == 0 {
		return fmt.Sprintf("[%d]%s", t.Components, abstractGoType(t.Scalar))
	}
	return g.QualifiedGoIdent(RuntimePackage.Ident(fmt.Sprintf("Vec%d%s", t.Components, scalarSuffix(t.Scalar))))
}

// goScalarType is the Go type of a value of a concrete scalar type.
func goScalarType(g *GeneratedFile, s string) string {
	if s == "bool" {
		return "bool"
	}
	return (&shape{kind: shapeScalar, scalar: s}).goType(g)
}

type constantDef struct {
	c      wgslreflect.Constant
	goName string
}

func (d *shaderDef) addConstants(claim func(name, what, where string), fail func(string, string, ...any)) {
	for _, c := range d.refl.Constants {
		cd := constantDef{c: c, goName: prefixed(d.goName, c.Name)}
		if _, err := constantLiteral(NewGeneratedFile("check"), c.Type, c.Value.String()); err != nil {
			fail(d.positions[c.Name], "const %s: %v", c.Name, err)
			continue
		}
		claim(cd.goName, "const "+c.Name, d.positions[c.Name])
		d.constants = append(d.constants, cd)
	}
}

func (d *shaderDef) emitConstants(g *GeneratedFile) {
	var scalars, composites []constantDef
	for _, c := range d.constants {
		if c.c.Type.Kind == wgslreflect.KindScalar {
			scalars = append(scalars, c)
		} else {
			composites = append(composites, c)
		}
	}
	if len(scalars) > 0 {
		g.P("// The module-scope constants of ", d.name, ".")
		g.P("const (")
		for _, c := range scalars {
			s := c.c.Type.Scalar
			lit, _ := constantLiteral(g, c.c.Type, c.c.Value.String())
			comment := " // " + c.c.Name + ": " + c.c.Type.WGSL
			if s == "f16" {
				comment += " = " + c.c.Value.String()
			}
			switch s {
			case "AbstractInt", "AbstractFloat", "bool":
				g.P(c.goName, " = ", lit, comment)
			default:
				g.P(c.goName, " ", goScalarType(g, s), " = ", lit, comment)
			}
		}
		g.P(")")
		g.P()
	}
	if len(composites) > 0 {
		g.P("// The module-scope constants of ", d.name, " that Go cannot declare as constants.")
		g.P("var (")
		for _, c := range composites {
			lit, _ := constantLiteral(g, c.c.Type, c.c.Value.String())
			g.P(c.goName, " = ", lit, " // ", c.c.Name, ": ", c.c.Type.WGSL)
		}
		g.P(")")
		g.P()
	}
}

type overrideDef struct {
	o      wgslreflect.Override
	goName string // the getter; the setter is "Set"+goName
	scalar string
	deflt  string // the Go literal of the default, "" if none
	// flagID is the SpecId of the flag a pipeline sets with the override when its default is
	// an override-expression, which only the shader computes; 0 otherwise.
	flagID  uint32
	comment string
	text    *OverrideText // where it is in the WGSL text; nil without one
}

func (d *shaderDef) addOverrides(claim func(name, what, where string), fail func(string, string, ...any)) {
	if len(d.refl.Overrides) == 0 {
		return
	}
	claim(d.goName+"Overrides", "the overrides type", "")
	for _, o := range d.refl.Overrides {
		where := d.positions[o.Name]
		od := overrideDef{o: o, scalar: o.Type.Scalar}
		if o.Type.Kind != wgslreflect.KindScalar || scalarSizes[od.scalar] == 0 && od.scalar != "bool" {
			fail(where, "override %s has type %q, not a concrete scalar", o.Name, o.Type.WGSL)
			continue
		}
		var err error
		if od.goName, err = d.omethods.name(o.Name, "override "+o.Name); err != nil {
			fail(where, "%v", err)
			continue
		}
		if _, err := d.omethods.name("set_"+o.Name, "the setter of override "+o.Name); err != nil {
			fail(where, "%v", err)
			continue
		}
		if o.Key == "" {
			fail(where, "override %s has no pipeline-constant key", o.Name)
			continue
		}
		od.comment = fmt.Sprintf("%s: %s, SpecId %d", o.Name, o.Type.WGSL, o.ID)
		if o.Key != o.Name {
			od.comment += ", key " + strconv.Quote(o.Key)
		}
		switch {
		case o.Default != nil && !o.Default.IsZero():
			v, err := parseValue(o.Default.String())
			if err == nil {
				od.deflt, err = scalarLiteral(od.scalar, v)
			}
			if err != nil {
				fail(where, "override %s: %v", o.Name, err)
				continue
			}
			od.comment += ", default " + o.Default.String()
		case o.FlagID != 0:
			if o.FlagID < 0 || o.FlagID > math.MaxUint32 {
				fail(where, "override %s: flag SpecId %d out of range", o.Name, o.FlagID)
				continue
			}
			od.flagID = uint32(o.FlagID)
			od.comment += fmt.Sprintf(", default an override-expression (flag SpecId %d)", od.flagID)
		default:
			od.comment += ", required"
		}
		if d.wgsl != nil {
			t, ok := d.wgsl.Overrides[o.Name]
			if !ok || t.Decl.Start < 0 || t.Decl.End > len(d.wgsl.Text) || t.Decl.Start >= t.Decl.End ||
				t.Init.Start > t.Init.End || t.Init.End > t.Decl.End || t.Init.Start < t.Decl.Start && t.Init != (wgsl.TextRange{}) {
				fail(where, "override %s: no declaration in the WGSL text", o.Name)
				continue
			}
			od.text = &t
		}
		d.overrides = append(d.overrides, od)
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

// fromFloat returns the expression that turns the float64 v back into the override's type.
func (o *overrideDef) fromFloat(g *GeneratedFile, v string) string {
	switch o.scalar {
	case "bool":
		return v + " != 0"
	case "f16":
		return g.QualifiedGoIdent(RuntimePackage.Ident("F16FromFloat32")) + "(float32(" + v + "))"
	}
	return goScalarType(g, o.scalar) + "(" + v + ")"
}

// toFloat returns the expression of the value v as a float64; "" for bool, which needs a
// statement.
func (o *overrideDef) toFloat(v string) string {
	switch o.scalar {
	case "bool":
		return ""
	case "f16":
		return "float64(" + v + ".Float32())"
	}
	return "float64(" + v + ")"
}

func (d *shaderDef) emitOverrides(g *GeneratedFile) {
	if len(d.overrides) == 0 {
		return
	}
	name := d.goName + "Overrides"
	recv := "func (o *" + name + ") "
	g.Comment(name + " holds the values a pipeline gives the overrides of " + d.name + ", by name, as WebGPU's pipeline constants do. The zero value sets none: each keeps its default.")
	g.P("type ", name, " struct {")
	g.P("values map[string]float64")
	g.P("}")
	g.P()
	g.P(recv, "set(name string, v float64) {")
	g.P("if o.values == nil {")
	g.P("o.values = map[string]float64{}")
	g.P("}")
	g.P("o.values[name] = v")
	g.P("}")
	g.P()
	for _, o := range d.overrides {
		goType := goScalarType(g, o.scalar)
		key := strconv.Quote(o.o.Name)
		g.P("// Set", o.goName, " sets ", o.comment, ".")
		g.P(recv, "Set", o.goName, "(v ", goType, ") {")
		if f := o.toFloat("v"); f != "" {
			g.P("o.set(", key, ", ", f, ")")
		} else {
			g.P("f := 0.0")
			g.P("if v {")
			g.P("f = 1")
			g.P("}")
			g.P("o.set(", key, ", f)")
		}
		g.P("}")
		g.P()
		if o.flagID != 0 {
			g.P("// ", o.goName, " returns the value of ", o.o.Name, " set in o, and whether one is: its default is an")
			g.P("// override-expression, which only the shader computes.")
			g.P(recv, o.goName, "() (", goType, ", bool) {")
			g.P("v, ok := o.values[", key, "]")
			g.P("return ", o.fromFloat(g, "v"), ", ok")
			g.P("}")
			g.P()
			continue
		}
		if o.deflt != "" {
			g.P("// ", o.goName, " returns the value of ", o.o.Name, ": the one set, else its default.")
		} else {
			g.P("// ", o.goName, " returns the value of ", o.o.Name, ": the one set, else zero (it is required).")
		}
		g.P(recv, o.goName, "() ", goType, " {")
		g.P("if v, ok := o.values[", key, "]; ok {")
		g.P("return ", o.fromFloat(g, "v"))
		g.P("}")
		switch {
		case o.deflt == "" && o.scalar == "bool":
			g.P("return false")
		case o.deflt == "":
			g.P("return 0")
		default:
			g.P("return ", o.deflt)
		}
		g.P("}")
		g.P()
	}
	table := d.table
	g.P("// Values returns the values set in o, by override name, in a new map.")
	g.P(recv, "Values() map[string]float64 { return ", mapsPackage.Ident("Clone"), "(o.values) }")
	g.P()
	g.P("// PipelineConstants returns WebGPU's pipeline constants of the values set in o (keyed by the")
	g.P("// overrides' Keys). It fails when a required override (one without a default) is not set.")
	g.P(recv, "PipelineConstants() (map[string]float64, error) { return ", table, ".PipelineConstants(o.values) }")
	g.P()
	g.Comment("WGSL returns the WGSL text of " + d.name + " with the overrides turned into constants of the values " +
		"set in o, or of their defaults: for WebGPU bindings without pipeline constants. It fails when a required override is not set.")
	g.P(recv, "WGSL() (string, error) { return ", table, ".WGSLWith(o.values) }")
	g.P()
	g.P("// Specialization returns the Vulkan specialization data of the values set in o. It fails when")
	g.P("// a required override is not set.")
	if d.hasFlags() {
		g.P("// An override whose default is an override-expression comes with its flag, set to true.")
	}
	g.P(recv, "Specialization() (", RuntimePackage.Ident("Specialization"), ", error) { return ", table, ".Specialization(o.values) }")
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
			case byName[dim.Override].scalar == "u32":
				dims = append(dims, "o."+byName[dim.Override].goName+"()")
			default:
				dims = append(dims, "uint32(o."+byName[dim.Override].goName+"())")
			}
		}
		g.Comment(e.sizeMethod + " returns the workgroup size of the entry point " + e.e.Name + " with the overrides of o: " +
			"with wgsl.WorkgroupCount, how many workgroups a dispatch needs.")
		g.P(recv, e.sizeMethod, "() [3]uint32 {")
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
		if o.scalar != "u32" {
			size = "uint32(" + size + ")"
		}
		g.P("// ", e.subgroupMethod, " returns the subgroup size of the entry point ", e.e.Name, " with the")
		g.P("// overrides of o: the size the pipeline must require.")
		g.P(recv, e.subgroupMethod, "() uint32 {")
		g.P("return ", size)
		g.P("}")
		g.P()
	}
}
