package gen

import (
	"encoding/binary"
	"fmt"
	"math"
	"strconv"
	"strings"

	wgslreflect "github.com/wgslgo/wgslgo/compiler/reflect"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// shaderDef is what the generated file declares for one shader.
type shaderDef struct {
	name, prefix string
	spvName      string
	spirv        []uint32
	refl         *wgslreflect.Module
	shaper       *shaper
	structs      map[string]*types.Struct

	bindings      []bindingDef
	entries       []entryDef
	overrides     []overrideDef
	constants     []constantDef
	vertexStructs []*structDef
	methods       *fieldNames // the method names of the overrides type
}

type bindingDef struct {
	b      wgslreflect.Binding
	goName string
	shape  *shape // the store type of a buffer, nil otherwise
	rt     *shape // the element of a runtime-sized array store type
}

type entryDef struct {
	e          wgslreflect.EntryPoint
	goName     string
	vertex     *structDef
	overrides  bool   // the workgroup size depends on overrides
	exprs      bool   // ... through override-expressions
	sizeMethod string // the overrides type's method that computes the workgroup size
	// subgroupMethod is the overrides type's method that gives the subgroup size when it is
	// an override Go can compute.
	subgroupMethod string
}

type overrideDef struct {
	o      wgslreflect.Override
	goName string
	scalar *types.Scalar
	deflt  string // the Go literal of the default, "" if none
	// flagID is the SpecId of the flag a pipeline sets with the override when its default is
	// an override-expression, which only the shader computes; 0 otherwise.
	flagID  uint32
	comment string
}

type constantDef struct {
	c      wgslreflect.Constant
	goName string
	typ    types.Type
}

func (gn *generator) newShaderDef(s *Shader, sh *shaper, structs map[string]*types.Struct) (*shaderDef, error) {
	d := &shaderDef{name: s.Name, prefix: GoName(stem(s.Name)), spvName: stem(s.Name) + ".spv",
		spirv: s.SPIRV, refl: s.Reflection, shaper: sh, structs: structs, methods: newFieldNames("the overrides type of "+s.Name, "Specialization")}
	for _, other := range gn.shaders {
		if other.prefix == d.prefix {
			return nil, fmt.Errorf("%s and %s both need the Go prefix %s: rename one of the files", other.name, d.name, d.prefix)
		}
	}
	claim := func(suffix, what string) error {
		return gn.ns.claim(d.prefix+suffix, what+" of "+d.name)
	}
	for _, c := range []struct{ suffix, what string }{
		{"SPIRV", "the SPIR-V"}, {"SPIRVWords", "the SPIR-V words"}, {"Shader", "the shader table"},
	} {
		if err := claim(c.suffix, c.what); err != nil {
			return nil, err
		}
	}
	if err := d.addBindings(claim); err != nil {
		return nil, err
	}
	if err := d.addOverrides(claim); err != nil {
		return nil, err
	}
	if err := d.addEntryPoints(claim); err != nil {
		return nil, err
	}
	if err := d.addConstants(claim); err != nil {
		return nil, err
	}
	return d, nil
}

func (d *shaderDef) addBindings(claim func(suffix, what string) error) error {
	for _, b := range d.refl.Bindings {
		bd := bindingDef{b: b, goName: GoName(b.Name)}
		for _, suffix := range []string{"Group", "Binding", "Kind", "MinBindingSize"} {
			if suffix == "MinBindingSize" && !isBuffer(b.Kind) {
				continue
			}
			if err := claim(bd.goName+suffix, "binding "+b.Name); err != nil {
				return err
			}
		}
		if isBuffer(b.Kind) {
			t, err := parseType(b.Type, d.structs)
			if err != nil {
				return fmt.Errorf("binding %s: %v", b.Name, err)
			}
			if a, ok := t.(*types.Array); ok && a.IsRuntimeSized() {
				bd.rt, err = d.shaper.element(a)
			} else {
				bd.shape, err = d.shaper.of(t)
			}
			if err != nil {
				return fmt.Errorf("binding %s: %v", b.Name, err)
			}
		}
		d.bindings = append(d.bindings, bd)
	}
	return nil
}

func isBuffer(k wgslreflect.Kind) bool {
	return k == wgslreflect.KindUniformBuffer || k == wgslreflect.KindStorageBuffer
}

func (d *shaderDef) addOverrides(claim func(suffix, what string) error) error {
	if len(d.refl.Overrides) == 0 {
		return nil
	}
	if err := claim("Overrides", "the overrides type"); err != nil {
		return err
	}
	methods := d.methods
	for _, o := range d.refl.Overrides {
		od := overrideDef{o: o}
		t, err := parseType(o.Type, nil)
		s, ok := t.(*types.Scalar)
		if err != nil || !ok || s.IsAbstract() {
			return fmt.Errorf("override %s has type %q, not a concrete scalar", o.Name, o.Type)
		}
		od.scalar = s
		if od.goName, err = methods.name(o.Name, "override "+o.Name); err != nil {
			return err
		}
		if _, err := methods.name("set_"+o.Name, "the setter of override "+o.Name); err != nil {
			return err
		}
		od.comment = fmt.Sprintf("%s: %s, SpecId %d", o.Name, o.Type, o.ID)
		if o.Default != nil && !o.Default.IsZero() {
			v, err := parseValue(o.Default.String())
			if err != nil {
				return fmt.Errorf("override %s: %v", o.Name, err)
			}
			if od.deflt, err = scalarLiteral(s, v); err != nil {
				return fmt.Errorf("override %s: %v", o.Name, err)
			}
			od.comment += ", default " + o.Default.String()
		} else if o.FlagID != 0 {
			if o.FlagID < 0 || o.FlagID > math.MaxUint32 {
				return fmt.Errorf("override %s: flag SpecId %d out of range", o.Name, o.FlagID)
			}
			od.flagID = uint32(o.FlagID)
			od.comment += fmt.Sprintf(", default an override-expression (flag SpecId %d)", od.flagID)
		} else {
			od.comment += ", required"
		}
		d.overrides = append(d.overrides, od)
	}
	return nil
}

func (d *shaderDef) addEntryPoints(claim func(suffix, what string) error) error {
	overrides := map[string]*overrideDef{}
	for i := range d.overrides {
		overrides[d.overrides[i].o.Name] = &d.overrides[i]
	}
	for _, e := range d.refl.EntryPoints {
		e.VertexInputs = sortedInputs(e.VertexInputs)
		ed := entryDef{e: e, goName: GoName(e.Name)}
		what := "entry point " + e.Name
		for _, suffix := range []string{"EntryPoint", "Stage"} {
			if err := claim(ed.goName+suffix, what); err != nil {
				return err
			}
		}
		if e.Stage == wgslreflect.StageCompute && len(e.WorkgroupSize) != 3 {
			return fmt.Errorf("entry point %s: %d workgroup size dimensions, want 3", e.Name, len(e.WorkgroupSize))
		}
		for i, dim := range e.WorkgroupSize {
			switch {
			case dim.Expr != "":
				ed.exprs = true
			case dim.Override != "":
				o := overrides[dim.Override]
				if o == nil || (o.scalar != types.I32 && o.scalar != types.U32) {
					return fmt.Errorf("entry point %s: the workgroup size uses %q, which is not an integer override", e.Name, dim.Override)
				}
				ed.overrides = true
				// Go cannot compute the default: the pipeline's values decide the size.
				ed.exprs = ed.exprs || o.flagID != 0
			default:
				if err := claim(ed.goName+"WorkgroupSize"+"XYZ"[i:i+1], what); err != nil {
					return err
				}
			}
		}
		if ed.overrides && !ed.exprs {
			var err error
			if ed.sizeMethod, err = d.methods.name(e.Name+"_workgroup_size", "the workgroup size of entry point "+e.Name); err != nil {
				return err
			}
		}
		if err := d.addSubgroupSize(&ed, overrides, claim); err != nil {
			return err
		}
		if len(e.VertexInputs) > 0 {
			vs, err := newVertexStruct(d.prefix+ed.goName+"Vertex", &e)
			if err != nil {
				return fmt.Errorf("entry point %s: %v", e.Name, err)
			}
			if err := claim(ed.goName+"Vertex", what); err != nil {
				return err
			}
			for _, suffix := range []string{"VertexStride", "VertexAttributes"} {
				if err := claim(ed.goName+suffix, what); err != nil {
					return err
				}
			}
			ed.vertex = vs
			d.vertexStructs = append(d.vertexStructs, vs)
		}
		d.entries = append(d.entries, ed)
	}
	return nil
}

// addSubgroupSize names what the generated code declares for the @subgroup_size of an entry
// point: a constant for a number, a method of the overrides type for an integer override Go
// can compute, nothing for the others, which the pipeline's override values decide.
func (d *shaderDef) addSubgroupSize(ed *entryDef, overrides map[string]*overrideDef, claim func(suffix, what string) error) error {
	e := &ed.e
	sg := e.SubgroupSize
	switch {
	case sg == nil:
		return nil
	case e.Stage != wgslreflect.StageCompute:
		return fmt.Errorf("entry point %s: a %s entry point has no subgroup size", e.Name, e.Stage)
	case sg.Expr != "":
		return nil
	case sg.Override != "":
		o := overrides[sg.Override]
		if o == nil || (o.scalar != types.I32 && o.scalar != types.U32) {
			return fmt.Errorf("entry point %s: the subgroup size uses %q, which is not an integer override", e.Name, sg.Override)
		}
		if o.flagID != 0 {
			return nil // Go cannot compute the default
		}
		var err error
		ed.subgroupMethod, err = d.methods.name(e.Name+"_subgroup_size", "the subgroup size of entry point "+e.Name)
		return err
	}
	return claim(ed.goName+"SubgroupSize", "entry point "+e.Name)
}

// dimLiteral is the wgsl.Dim composite literal, without its type, of a workgroup or subgroup
// size.
func dimLiteral(d wgslreflect.WorkgroupDim) string {
	switch {
	case d.Expr != "":
		return "{Expr: " + strconv.Quote(d.Expr) + "}"
	case d.Override != "":
		return "{Override: " + strconv.Quote(d.Override) + "}"
	}
	return "{Value: " + strconv.Itoa(d.Value) + "}"
}

// dimText is a workgroup or subgroup size as the comments show it: as WGSL writes it.
func dimText(d wgslreflect.WorkgroupDim) string {
	switch {
	case d.Expr != "":
		return d.Expr
	case d.Override != "":
		return d.Override
	}
	return strconv.Itoa(d.Value)
}

func (d *shaderDef) addConstants(claim func(suffix, what string) error) error {
	for _, c := range d.refl.Constants {
		t, err := parseType(c.Type, nil)
		if err != nil {
			return fmt.Errorf("const %s: %v", c.Name, err)
		}
		cd := constantDef{c: c, goName: GoName(c.Name), typ: t}
		if _, err := constantLiteral(NewGeneratedFile("check"), t, c.Value.String()); err != nil {
			return fmt.Errorf("const %s: %v", c.Name, err)
		}
		if err := claim(cd.goName, "const "+c.Name); err != nil {
			return err
		}
		d.constants = append(d.constants, cd)
	}
	return nil
}

func spvBytes(words []uint32) []byte {
	b := make([]byte, 4*len(words))
	for i, w := range words {
		binary.LittleEndian.PutUint32(b[4*i:], w)
	}
	return b
}

var kindIdents = map[wgslreflect.Kind]string{
	wgslreflect.KindUniformBuffer:            "UniformBuffer",
	wgslreflect.KindStorageBuffer:            "StorageBuffer",
	wgslreflect.KindSampler:                  "Sampler",
	wgslreflect.KindComparisonSampler:        "ComparisonSampler",
	wgslreflect.KindSampledTexture:           "SampledTexture",
	wgslreflect.KindMultisampledTexture:      "MultisampledTexture",
	wgslreflect.KindDepthTexture:             "DepthTexture",
	wgslreflect.KindDepthMultisampledTexture: "DepthMultisampledTexture",
	wgslreflect.KindStorageTexture:           "StorageTexture",
	wgslreflect.KindExternalTexture:          "ExternalTexture",
}

var stageIdents = map[wgslreflect.Stage]string{
	wgslreflect.StageVertex: "Vertex", wgslreflect.StageFragment: "Fragment", wgslreflect.StageCompute: "Compute",
}

func (d *shaderDef) emit(g *GeneratedFile, embed EmbedMode) {
	if d.spirv != nil {
		d.emitSPIRV(g, embed)
	}
	d.emitTable(g)
	d.emitEntryPoints(g)
	d.emitBindings(g)
	d.emitOverrides(g)
	d.emitConstants(g)
}

// emitSPIRV declares the SPIR-V, which a module without entry points does not have.
func (d *shaderDef) emitSPIRV(g *GeneratedFile, embed EmbedMode) {
	p := d.prefix
	wgsl := RuntimePackage.Ident
	g.P("// ", p, "SPIRV is the SPIR-V of ", d.name, ": little-endian 32-bit words. Do not modify it.")
	if embed == EmbedFile {
		g.Import(embedPackage)
		g.P("//")
		g.P("//go:embed ", d.spvName)
		g.P("var ", p, "SPIRV []byte")
	} else {
		words := unexported(p) + "SPIRVWords"
		g.P("var ", p, "SPIRV = ", wgsl("WordBytes"), "(", words, "[:])")
		g.P()
		g.P("var ", words, " = [...]uint32{")
		for i := 0; i < len(d.spirv); i += 6 {
			var line []string
			for _, w := range d.spirv[i:min(i+6, len(d.spirv))] {
				line = append(line, fmt.Sprintf("0x%08x,", w))
			}
			g.P(strings.Join(line, " "))
		}
		g.P("}")
	}
	g.P()
	g.P("// ", p, "SPIRVWords returns the SPIR-V of ", d.name, " as 32-bit words, in a new slice.")
	g.P("func ", p, "SPIRVWords() []uint32 { return ", wgsl("Words"), "(", p, "SPIRV) }")
	g.P()
}

func (d *shaderDef) emitTable(g *GeneratedFile) {
	p := d.prefix
	wgsl := RuntimePackage.Ident
	g.P("// ", p, "Shader describes ", d.name, ": its SPIR-V, entry points, bindings and overrides.")
	g.P("var ", p, "Shader = ", wgsl("Shader"), "{")
	g.P("Source: ", strconv.Quote(d.name), ",")
	if d.spirv != nil {
		g.P("SPIRV: ", p, "SPIRV,")
	}
	if len(d.entries) > 0 {
		g.P("EntryPoints: []", wgsl("EntryPoint"), "{")
		for _, e := range d.entries {
			g.P("{")
			g.P("Name: ", strconv.Quote(e.e.Name), ",")
			g.P("Stage: ", wgsl(stageIdents[e.e.Stage]), ",")
			if len(e.e.WorkgroupSize) == 3 {
				var dims []string
				for _, dim := range e.e.WorkgroupSize {
					dims = append(dims, dimLiteral(dim))
				}
				g.P("WorkgroupSize: [3]", wgsl("Dim"), "{", strings.Join(dims, ", "), "},")
			}
			if sg := e.e.SubgroupSize; sg != nil {
				g.P("SubgroupSize: ", wgsl("Dim"), dimLiteral(*sg), ",")
			}
			if len(e.e.Bindings) > 0 {
				var refs []string
				for _, r := range e.e.Bindings {
					refs = append(refs, fmt.Sprintf("{Group: %d, Binding: %d}", r.Group, r.Binding))
				}
				g.P("Bindings: []", wgsl("BindingRef"), "{", strings.Join(refs, ", "), "},")
			}
			if e.vertex != nil {
				g.P("VertexAttributes: ", e.vertex.goName, "Attributes,")
				g.P("VertexStride: ", e.vertex.goName, "Stride,")
			}
			g.P("},")
		}
		g.P("},")
	}
	if len(d.bindings) > 0 {
		g.P("Bindings: []", wgsl("Binding"), "{")
		for _, bd := range d.bindings {
			b := bd.b
			s := fmt.Sprintf("{Group: %d, Binding: %d, Name: %q, Kind: %s, Type: %q", b.Group, b.Binding, b.Name, g.QualifiedGoIdent(wgsl(kindIdents[b.Kind])), b.Type)
			for _, kv := range []struct{ k, v string }{
				{"Access", b.Access}, {"Dimension", b.Dimension}, {"SampleType", b.SampleType}, {"Format", b.Format},
			} {
				if kv.v != "" {
					s += fmt.Sprintf(", %s: %q", kv.k, kv.v)
				}
			}
			if b.MinBindingSize != 0 {
				s += fmt.Sprintf(", MinBindingSize: %d", b.MinBindingSize)
			}
			g.P(s, "},")
		}
		g.P("},")
	}
	if len(d.overrides) > 0 {
		g.P("Overrides: []", wgsl("Override"), "{")
		for _, o := range d.overrides {
			s := fmt.Sprintf("{Name: %q, ID: %d, Type: %q", o.o.Name, o.o.ID, o.o.Type)
			if o.o.Default != nil && !o.o.Default.IsZero() {
				s += fmt.Sprintf(", Default: %q", o.o.Default.String())
			}
			if o.o.Required {
				s += ", Required: true"
			}
			if o.flagID != 0 {
				s += fmt.Sprintf(", FlagID: %d", o.flagID)
			}
			g.P(s, "},")
		}
		g.P("},")
	}
	g.P("}")
	g.P()
}

func (d *shaderDef) emitEntryPoints(g *GeneratedFile) {
	p := d.prefix
	for _, e := range d.entries {
		desc := fmt.Sprintf("The %s entry point %s of %s", e.e.Stage, e.e.Name, d.name)
		if len(e.e.WorkgroupSize) == 3 {
			var dims []string
			for _, dim := range e.e.WorkgroupSize {
				dims = append(dims, dimText(dim))
			}
			desc += ", workgroup size (" + strings.Join(dims, ", ") + ")"
			switch {
			case e.exprs:
				desc += ": the pipeline's override values decide it"
			case e.overrides:
				desc += fmt.Sprintf(": %sOverrides.%s gives it", p, e.sizeMethod)
			}
		}
		if sg := e.e.SubgroupSize; sg != nil {
			desc += "; subgroup size " + dimText(*sg)
			switch {
			case e.subgroupMethod != "":
				desc += fmt.Sprintf(": %sOverrides.%s gives it", p, e.subgroupMethod)
			case sg.Expr != "" || sg.Override != "":
				desc += ": the pipeline's override values decide it"
			}
		}
		g.Comment(desc + ".")
		g.P("const (")
		g.P(p, e.goName, "EntryPoint = ", strconv.Quote(e.e.Name))
		g.P(p, e.goName, "Stage = ", RuntimePackage.Ident(stageIdents[e.e.Stage]))
		for i, dim := range e.e.WorkgroupSize {
			if dim.Expr == "" && dim.Override == "" {
				g.P(p, e.goName, "WorkgroupSize", "XYZ"[i:i+1], " = ", dim.Value)
			}
		}
		if sg := e.e.SubgroupSize; sg != nil && sg.Expr == "" && sg.Override == "" {
			g.P(p, e.goName, "SubgroupSize = ", sg.Value)
		}
		g.P(")")
		g.P()
		if e.vertex != nil {
			d.emitVertex(g, e)
		}
	}
}

func (d *shaderDef) emitVertex(g *GeneratedFile, e entryDef) {
	vs := e.vertex
	vs.emit(g)
	g.P("// ", vs.goName, "Stride is the size of a ", vs.goName, ": the vertex buffer's stride.")
	g.P("const ", vs.goName, "Stride = ", vs.size)
	g.P()
	g.P("// ", vs.goName, "Attributes are the inputs of ", e.e.Name, " as they lie in a ", vs.goName, ".")
	g.P("var ", vs.goName, "Attributes = []", RuntimePackage.Ident("VertexAttribute"), "{")
	for i, in := range e.e.VertexInputs {
		f := vs.fields[i]
		g.P("{Location: ", in.Location, ", Format: ", RuntimePackage.Ident(vertexFormatIdent(f.shape)), ", Offset: ", f.offset, ", Name: ", strconv.Quote(in.Name), "},")
	}
	g.P("}")
	g.P()
}

func (d *shaderDef) emitBindings(g *GeneratedFile) {
	if len(d.bindings) == 0 {
		return
	}
	p := d.prefix
	g.P("// The bindings of ", d.name, ".")
	g.P("const (")
	for _, bd := range d.bindings {
		b := bd.b
		var decl string
		switch b.Kind {
		case wgslreflect.KindUniformBuffer:
			decl = fmt.Sprintf("var<uniform> %s: %s", b.Name, b.Type)
		case wgslreflect.KindStorageBuffer:
			decl = fmt.Sprintf("var<storage, %s> %s: %s", b.Access, b.Name, b.Type)
		default:
			decl = fmt.Sprintf("var %s: %s", b.Name, b.Type)
		}
		switch {
		case bd.rt != nil:
			decl += "; Go: []" + bd.rt.goType(g)
		case bd.shape != nil && bd.shape.kind == shapeStruct && bd.shape.elem != nil:
			name := bd.shape.ident.GoName
			if len(bd.shape.wgsl.(*types.Struct).Members) == 1 {
				decl += fmt.Sprintf("; Go: []%s (see Append%s)", bd.shape.elem.goType(g), name)
			} else {
				decl += fmt.Sprintf("; Go: %s and []%s (see Append%s)", name, bd.shape.elem.goType(g), name)
			}
		case bd.shape != nil:
			decl += "; Go: " + bd.shape.goType(g)
		}
		g.P("// ", decl)
		g.P(p, bd.goName, "Group = ", b.Group)
		g.P(p, bd.goName, "Binding = ", b.Binding)
		g.P(p, bd.goName, "Kind = ", RuntimePackage.Ident(kindIdents[b.Kind]))
		if isBuffer(b.Kind) {
			g.P(p, bd.goName, "MinBindingSize = ", b.MinBindingSize)
		}
	}
	g.P(")")
	g.P()
}
