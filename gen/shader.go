package gen

import (
	"encoding/binary"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	wgslreflect "github.com/wgslgo/wgslgo/compiler/reflect"
	wgslrt "github.com/wgslgo/wgslgo/gen/wgsl"
)

// shaderDef is what the generated file declares for one shader.
type shaderDef struct {
	name      string // the file's base name
	path      string // the file as messages name it
	goName    string // S, the Go name of the file's stem
	table     string // the table variable, SShader
	tableType string // its type, STable
	spvName   string
	spirvVar  string // the unexported variable of the SPIR-V bytes
	wgslConst string // the unexported constant of the WGSL text, "" for none
	// dialects are the texts for other WGSL compilers, with the names of their constants.
	dialects      []Dialect
	dialectConsts []string
	spirv         []uint32
	refl          *wgslreflect.Module
	wgsl          *WGSL
	positions     map[string]string
	imports       []string            // the module files a WESL shader imports
	users         map[string][]string // the entry points that use a binding whose number another shares
	// sharedNumbers is set when entry points use one binding number for different variables:
	// the table names the variables each uses.
	sharedNumbers bool
	methods       *fieldNames // of the table type
	omethods      *fieldNames // of the overrides type

	groups     [][]bindingDef // by group
	entries    []entryDef
	immediates []immediateDef
	overrides  []overrideDef
	constants  []constantDef
	binds      []bindFunc
	unbound    []string // why groups have no bind group function
}

type bindingDef struct {
	b      wgslreflect.Binding
	method string
	goType string // the Go type of a buffer's store type, for the comment; "" for others
	index  int    // in its group
}

type entryDef struct {
	e         wgslreflect.EntryPoint
	method    string
	vertex    []*structDef // the structures of its vertex buffers
	overrides bool         // the workgroup size depends on overrides
	exprs     bool         // ... through override-expressions
	// sizeMethod is the overrides type's method that computes the workgroup size.
	sizeMethod string
	// subgroupMethod is the overrides type's method that gives the subgroup size when it is
	// an override Go can compute.
	subgroupMethod string
}

type immediateDef struct {
	im     wgslreflect.Immediate
	method string
	shape  *shape
	space  wgslrt.TextRange // where `immediate` is in the WGSL text; zero without one
}

// tableReserved are the names of the promoted fields and methods of a table type, which its
// own methods must not take.
// They are read from wgsl.Shader itself, so that a field or method added there is reserved too.
var tableReserved = func() []string {
	names := []string{"Shader"}
	t := reflect.TypeFor[wgslrt.Shader]()
	for i := range t.NumField() {
		names = append(names, t.Field(i).Name)
	}
	pt := reflect.PointerTo(t)
	for i := range pt.NumMethod() {
		names = append(names, pt.Method(i).Name)
	}
	return names
}()

// newShaderDef learns the declarations of a shader whose structures are known; it records
// its problems.
func (gn *generator) newShaderDef(s *Shader, sh *shaper) *shaderDef {
	goName := GoName(stem(s.Name))
	d := &shaderDef{name: s.Name, goName: goName, table: tableName(goName), tableType: goName + "Table",
		spvName: SPIRVFileName(s.Name), spirvVar: unexported(goName) + "SPIRV", spirv: s.SPIRV, refl: s.Reflection,
		path: s.path(), wgsl: s.WGSL, positions: s.Positions, users: map[string][]string{}, imports: s.Imports,
		methods:  newFieldNames("the table of "+s.Name, tableReserved...),
		omethods: newFieldNames("the overrides type of "+s.Name, "Values", "PipelineConstants", "WGSL", "Specialization"),
	}
	claim := func(name, what, where string) { gn.ns.claim([]string{name}, what+" of "+s.Name, where, s.Name) }
	claim(d.table, "the table", "")
	claim(d.tableType, "the table type", "")
	claim(d.spirvVar, "the SPIR-V", "")
	if gn.opts.Embed == EmbedInline {
		claim(d.spirvVar+"Words", "the SPIR-V words", "")
	}
	if d.wgsl != nil {
		d.wgslConst = unexported(goName) + "WGSL"
		claim(d.wgslConst, "the WGSL text", "")
	}
	d.dialects = s.Dialects
	for _, dl := range s.Dialects {
		name := ""
		if dl.Text != nil {
			name = unexported(goName) + "WGSL" + GoName(dl.Name)
			claim(name, "the WGSL text for "+dl.Name, "")
		}
		d.dialectConsts = append(d.dialectConsts, name)
	}
	fail := func(where, format string, args ...any) { gn.errorf(where, format, args...) }
	d.addBindings(sh, fail)
	d.addImmediates(sh, fail)
	d.addOverrides(claim, fail)
	d.addEntryPoints(gn, s, sh, fail)
	d.checkSharedBindings(fail)
	d.addBindFuncs(claim)
	d.addConstants(claim, fail)
	return d
}

// checkSharedBindings checks that the table tells, for every entry point, which variable it
// uses at a binding number that several variables share (wgsl.Shader.BindingsOf: the one
// visible to the entry point's stage), and records for the comments which entry points use
// each of those variables.
func (d *shaderDef) checkSharedBindings(fail func(string, string, ...any)) {
	table := wgslrt.Shader{Source: d.name}
	shared := false
	for g, bs := range d.groups {
		table.BindGroups = append(table.BindGroups, wgslrt.BindGroup{Group: uint32(g)})
		for i, bd := range bs {
			if i > 0 && bs[i-1].b.Binding == bd.b.Binding {
				shared = true
			}
			b := wgslrt.Binding{Group: uint32(g), Binding: uint32(bd.b.Binding), Name: bd.b.Name}
			for _, st := range bd.b.Visibility {
				b.Visibility |= stageBit[st]
			}
			table.BindGroups[g].Entries = append(table.BindGroups[g].Entries, b)
		}
	}
	if !shared {
		return
	}
	d.sharedNumbers = true
	for _, ed := range d.entries {
		e := wgslrt.EntryPoint{Name: ed.e.Name, Stage: stageBit[ed.e.Stage]}
		for _, r := range ed.e.Bindings {
			e.Bindings = append(e.Bindings, wgslrt.BindingRef{Group: uint32(r.Group), Binding: uint32(r.Binding)})
			e.BindingNames = append(e.BindingNames, r.Name)
		}
		if slices.Contains(e.BindingNames, "") {
			e.BindingNames = nil // a reflection without names: the stages tell
		}
		table.EntryPoints = append(table.EntryPoints, e)
	}
	for i := range table.EntryPoints {
		e := &table.EntryPoints[i]
		bs, err := table.BindingsOf(e)
		if err == nil {
			for _, b := range bs {
				d.users[b.Name] = append(d.users[b.Name], e.Name)
			}
			continue
		}
		// Name the variables the entry point might use: the reflection gives its bindings by
		// number only.
		for _, r := range e.Bindings {
			var names []string
			for _, bd := range d.groups[r.Group] {
				if uint32(bd.b.Binding) == r.Binding && slices.ContainsFunc(bd.b.Visibility, func(st wgslreflect.Stage) bool { return stageBit[st] == e.Stage }) {
					names = append(names, fmt.Sprintf("%s (%s)", bd.b.Name, d.positions[bd.b.Name]))
				}
			}
			if len(names) > 1 {
				fail(d.positions[e.Name], "entry point %s uses @group(%d) @binding(%d), where %s are declared and used by %v entry points: the generated table cannot tell which one %s uses; give them different @binding numbers, or declare them in separate files",
					e.Name, r.Group, r.Binding, strings.Join(names, " and "), e.Stage, e.Name)
			}
		}
	}
}

// method names a method of the table after the WGSL declaration name, or records why not.
func (d *shaderDef) method(name, what string, fail func(string, string, ...any)) string {
	m, err := d.methods.name(name, what)
	if err != nil {
		fail(d.positions[name], "%v", err)
	}
	return m
}

func (d *shaderDef) addBindings(sh *shaper, fail func(string, string, ...any)) {
	for _, b := range d.refl.Bindings {
		if b.Group < 0 || b.Binding < 0 {
			fail(d.path, "binding %s: group %d, binding %d", b.Name, b.Group, b.Binding)
			continue
		}
		for len(d.groups) <= b.Group {
			d.groups = append(d.groups, nil)
		}
		bd := bindingDef{b: b, index: len(d.groups[b.Group])}
		if n := len(d.groups[b.Group]); n > 0 && d.groups[b.Group][n-1].b.Binding > b.Binding {
			fail(d.path, "binding %s: the reflection's bindings are not ordered by group, then binding", b.Name)
			continue
		}
		if err := checkLayoutEntry(&b); err != nil {
			fail(d.positions[b.Name], "binding %s: %v", b.Name, err)
			continue
		}
		if b.ExternalPart == nil {
			bd.method = d.method(b.Name, "binding "+b.Name, fail)
		}
		if b.Buffer != nil && b.Type.Kind != wgslreflect.KindBuffer {
			t := b.Type
			switch {
			case t.Kind == wgslreflect.KindArray && t.Count == 0 && t.CountExpr == "":
				if elem, err := sh.element(t); err != nil {
					if err != errReported {
						fail(d.positions[b.Name], "binding %s: %v", b.Name, err)
					}
				} else {
					bd.goType = "[]" + elem.goType(NewGeneratedFile("check"))
				}
			default:
				s, err := sh.of(t)
				switch {
				case err == errReported:
				case err != nil:
					fail(d.positions[b.Name], "binding %s: %v", b.Name, err)
				case s.kind == shapeStruct && s.elem != nil:
					name := s.ident.GoName
					elem := s.elem.goType(NewGeneratedFile("check"))
					if rs := sh.structs[t.Struct]; rs != nil && len(rs.Members) == 1 {
						bd.goType = fmt.Sprintf("[]%s (see Append%s)", elem, name)
					} else {
						bd.goType = fmt.Sprintf("%s and []%s (see Append%s)", name, elem, name)
					}
				default:
					bd.goType = s.goType(NewGeneratedFile("check"))
				}
			}
		}
		d.groups[b.Group] = append(d.groups[b.Group], bd)
	}
}

// checkLayoutEntry checks that a binding has exactly one layout, with known values.
func checkLayoutEntry(b *wgslreflect.Binding) error {
	n := 0
	known := func(m map[string]string, v, what string) error {
		if m[v] == "" {
			return fmt.Errorf("unknown %s %q", what, v)
		}
		return nil
	}
	var err error
	if b.Buffer != nil {
		n++
		err = known(bufferTypes, b.Buffer.Type, "buffer binding type")
	}
	if b.Sampler != nil {
		n++
		err = known(samplerTypes, b.Sampler.Type, "sampler binding type")
	}
	if t := b.Texture; t != nil {
		n++
		if err = known(sampleTypes, t.SampleType, "texture sample type"); err == nil {
			err = known(viewDimensions, t.ViewDimension, "view dimension")
		}
	}
	if t := b.StorageTexture; t != nil {
		n++
		if err = known(storageAccesses, t.Access, "storage texture access"); err == nil {
			err = known(viewDimensions, t.ViewDimension, "view dimension")
		}
	}
	if b.ExternalTexture != nil {
		n++
	}
	if n != 1 {
		return fmt.Errorf("%d binding layouts, want exactly one", n)
	}
	for _, s := range b.Visibility {
		if stageBits[s] == "" {
			return fmt.Errorf("unknown stage %q", s)
		}
	}
	return err
}

// The runtime's constants for the reflection's strings.
var (
	bufferTypes  = map[string]string{"uniform": "BufferUniform", "storage": "BufferStorage", "read-only-storage": "BufferReadOnlyStorage"}
	samplerTypes = map[string]string{"filtering": "SamplerFiltering", "non-filtering": "SamplerNonFiltering", "comparison": "SamplerComparison"}
	sampleTypes  = map[string]string{"float": "SampleFloat", "unfilterable-float": "SampleUnfilterableFloat", "depth": "SampleDepth",
		"sint": "SampleSint", "uint": "SampleUint"}
	viewDimensions = map[string]string{"1d": "View1D", "2d": "View2D", "2d-array": "View2DArray", "cube": "ViewCube",
		"cube-array": "ViewCubeArray", "3d": "View3D"}
	storageAccesses = map[string]string{"write-only": "AccessWriteOnly", "read-only": "AccessReadOnly", "read-write": "AccessReadWrite"}
	stageBits       = map[wgslreflect.Stage]string{wgslreflect.StageVertex: "Vertex", wgslreflect.StageFragment: "Fragment",
		wgslreflect.StageCompute: "Compute"}
	stageBit = map[wgslreflect.Stage]wgslrt.ShaderStage{wgslreflect.StageVertex: wgslrt.Vertex, wgslreflect.StageFragment: wgslrt.Fragment,
		wgslreflect.StageCompute: wgslrt.Compute}
)

func (d *shaderDef) addImmediates(sh *shaper, fail func(string, string, ...any)) {
	for _, im := range d.refl.Immediates {
		id := immediateDef{im: im, method: d.method(im.Name, "immediate "+im.Name, fail)}
		s, err := sh.of(im.Type)
		if err != nil {
			if err != errReported {
				fail(d.positions[im.Name], "immediate %s: %v", im.Name, err)
			}
			continue
		}
		if s.size > im.Size {
			fail(d.positions[im.Name], "immediate %s: %d bytes cannot hold a %s", im.Name, im.Size, im.Type.WGSL)
			continue
		}
		id.shape = s
		if d.wgsl != nil {
			r, ok := d.wgsl.Immediates[im.Name]
			if !ok || r.Start < 0 || r.End > len(d.wgsl.Text) || string(d.wgsl.Text[r.Start:r.End]) != "immediate" {
				fail(d.positions[im.Name], "immediate %s: no address space in the WGSL text", im.Name)
				continue
			}
			id.space = r
		}
		d.immediates = append(d.immediates, id)
	}
}

func (d *shaderDef) addEntryPoints(gn *generator, s *Shader, sh *shaper, fail func(string, string, ...any)) {
	overrides := map[string]*overrideDef{}
	for i := range d.overrides {
		overrides[d.overrides[i].o.Name] = &d.overrides[i]
	}
	for _, e := range d.refl.EntryPoints {
		ed := entryDef{e: e, method: d.method(e.Name, "entry point "+e.Name, fail)}
		where := d.positions[e.Name]
		if stageBits[e.Stage] == "" {
			fail(where, "entry point %s: unknown stage %q", e.Name, e.Stage)
			continue
		}
		if e.Stage == wgslreflect.StageCompute && len(e.WorkgroupSize) != 3 {
			fail(where, "entry point %s: %d workgroup size dimensions, want 3", e.Name, len(e.WorkgroupSize))
			continue
		}
		for _, dim := range e.WorkgroupSize {
			switch {
			case dim.Expr != "":
				ed.exprs = true
			case dim.Override != "":
				o := overrides[dim.Override]
				if o == nil || (o.scalar != "i32" && o.scalar != "u32") {
					fail(where, "entry point %s: the workgroup size uses %q, which is not an integer override", e.Name, dim.Override)
					continue
				}
				ed.overrides = true
				// Go cannot compute the default: the pipeline's values decide the size.
				ed.exprs = ed.exprs || o.flagID != 0
			}
		}
		if ed.overrides && !ed.exprs {
			var err error
			if ed.sizeMethod, err = d.omethods.name(e.Name+"_workgroup_size", "the workgroup size of entry point "+e.Name); err != nil {
				fail(where, "%v", err)
			}
		}
		d.addSubgroupSize(&ed, overrides, fail)
		for i := range e.VertexBuffers {
			if v := gn.vertexStruct(s, sh, d, &e, &e.VertexBuffers[i]); v != nil {
				ed.vertex = append(ed.vertex, v)
			}
		}
		d.entries = append(d.entries, ed)
	}
}

// vertexStruct returns the Go structure of a vertex buffer of entry point e of shader s: the
// generated structure of a buffer's structure of the same name, when the layouts agree; the
// vertex structure of another entry point, when its buffer is the same; else a new one. It
// records its problems and returns nil then.
func (gn *generator) vertexStruct(s *Shader, sh *shaper, d *shaderDef, e *wgslreflect.EntryPoint, b *wgslreflect.VertexBuffer) *structDef {
	where := s.Positions[e.Name]
	var goName, of string
	if b.Struct != "" {
		var key string
		key, goName = structKey(s, b.Struct)
		if key == b.Struct {
			goName = gn.structName(s, b.Struct)
		}
		of = "struct " + b.Struct
		where = s.Positions[b.Struct]
		if m, ok := sh.defs[b.Struct]; ok {
			if m == nil || m.failed {
				return nil
			}
			// A shader that shares the structure under an alias names its layout too.
			if i := slices.IndexFunc(m.aliases, func(a *structDef) bool { return a.goName == goName }); i >= 0 {
				m = m.aliases[i]
			}
			if err := memoryVertexLayout(m, b); err != nil {
				gn.errorf(where, "struct %s is a vertex input of %s and in a buffer (%s), and the vertex buffer cannot have its memory layout: %v; declare a separate structure for the vertex input", b.Struct, e.Name, m.where(), err)
				return nil
			}
			if m.vertex == nil {
				m.vertex, m.layoutName = b, m.goName+"Layout"
				gn.ns.claim([]string{m.layoutName}, "the vertex buffer layout of struct "+b.Struct+" of "+s.Name, where, s.Name)
			}
			return m
		}
	} else {
		goName, of = prefixed(d.goName, e.Name)+"Input", "the loose vertex inputs of entry point "+e.Name
	}
	if v := gn.vertex[goName]; v != nil {
		if !reflect.DeepEqual(v.vertex, b) {
			gn.errorf(where, "%s is a vertex input declared differently here and in %s (%s): %s", of, v.where(), vertexDiff(v.vertex, b),
				gn.clashFix(s, v.source, b.Struct))
			return nil
		}
		return v
	}
	v, err := newVertexStruct(goName, of, b, s.Positions)
	if err != nil {
		gn.report(where, err)
		return nil
	}
	v.source, v.shader, v.pos, v.vertex, v.layoutName = s.path(), s.Name, where, b, goName+"Layout"
	gn.ns.claim([]string{goName, v.layoutName}, fmt.Sprintf("the vertex structure of %s of %s", of, s.Name), where, s.Name)
	gn.vertex[goName] = v
	gn.order = append(gn.order, v)
	return v
}

// vertexDiff says how two vertex buffers of one structure differ.
func vertexDiff(a, b *wgslreflect.VertexBuffer) string {
	if len(a.Attributes) != len(b.Attributes) {
		return fmt.Sprintf("%s there, %d here", plural(len(a.Attributes), "input"), len(b.Attributes))
	}
	for i := range a.Attributes {
		x, y := a.Attributes[i], b.Attributes[i]
		if x != y {
			return fmt.Sprintf("%s: %s @location(%d) at offset %d there, %s: %s @location(%d) at offset %d here",
				x.Name, x.Type.WGSL, x.Location, x.Offset, y.Name, y.Type.WGSL, y.Location, y.Offset)
		}
	}
	return fmt.Sprintf("a stride of %d there, %d here", a.Stride, b.Stride)
}

// memoryVertexLayout checks that a vertex buffer of structure m lies as m's memory does.
func memoryVertexLayout(m *structDef, b *wgslreflect.VertexBuffer) error {
	if m.rt != nil {
		return fmt.Errorf("it is runtime-sized")
	}
	if b.Stride != m.size {
		return fmt.Errorf("the stride %d is not its size %d", b.Stride, m.size)
	}
	for _, a := range b.Attributes {
		found := false
		for _, f := range m.fields {
			if f.wgslName == a.Name {
				found = true
				if f.offset != a.Offset {
					return fmt.Errorf("%s lies at offset %d in memory and %d in the vertex buffer", a.Name, f.offset, a.Offset)
				}
			}
		}
		if !found {
			return fmt.Errorf("it has no member %s", a.Name)
		}
	}
	if m.vertex != nil && !reflect.DeepEqual(m.vertex, b) {
		return fmt.Errorf("another entry point has another layout for it")
	}
	return nil
}

// addSubgroupSize names what the generated code declares for the @subgroup_size of an entry
// point: a method of the overrides type for an integer override Go can compute, nothing for
// the others (a number is in the table; an override-expression the pipeline decides).
func (d *shaderDef) addSubgroupSize(ed *entryDef, overrides map[string]*overrideDef, fail func(string, string, ...any)) {
	e := &ed.e
	sg := e.SubgroupSize
	where := d.positions[e.Name]
	switch {
	case sg == nil:
	case e.Stage != wgslreflect.StageCompute:
		fail(where, "entry point %s: a %s entry point has no subgroup size", e.Name, e.Stage)
	case sg.Override != "":
		o := overrides[sg.Override]
		if o == nil || (o.scalar != "i32" && o.scalar != "u32") {
			fail(where, "entry point %s: the subgroup size uses %q, which is not an integer override", e.Name, sg.Override)
			return
		}
		if o.flagID != 0 {
			return // Go cannot compute the default
		}
		var err error
		if ed.subgroupMethod, err = d.omethods.name(e.Name+"_subgroup_size", "the subgroup size of entry point "+e.Name); err != nil {
			fail(where, "%v", err)
		}
	}
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

func spvBytes(words []uint32) []byte {
	b := make([]byte, 4*len(words))
	for i, w := range words {
		binary.LittleEndian.PutUint32(b[4*i:], w)
	}
	return b
}

// stages is the Go expression of a set of stages: wgsl.Vertex | wgsl.Fragment.
func stages(g *GeneratedFile, ss []wgslreflect.Stage) string {
	var parts []string
	for _, s := range ss {
		parts = append(parts, g.QualifiedGoIdent(RuntimePackage.Ident(stageBits[s])))
	}
	return strings.Join(parts, " | ")
}

func (d *shaderDef) emit(g *GeneratedFile, embed EmbedMode) {
	d.emitTable(g)
	d.emitMethods(g)
	d.emitBindFuncs(g)
	d.emitOverrides(g)
	d.emitConstants(g)
	d.emitEmbedded(g, embed)
}

// tableDoc is the documentation of the table variable: what the table holds.
func (d *shaderDef) tableDoc() string {
	var has []string
	if d.spirv != nil {
		has = append(has, "its SPIR-V")
	}
	if d.wgslConst != "" {
		has = append(has, "its WGSL")
	}
	if d.spirv == nil {
		has = append(has, "bind groups, immediates and overrides")
		return fmt.Sprintf("%s describes %s, which has no entry points and so no SPIR-V: %s.", d.table, d.name, strings.Join(has, ", "))
	}
	has = append(has, "entry points, bind groups, immediates and overrides")
	doc := fmt.Sprintf("%s describes %s: %s.", d.table, d.name, strings.Join(has, ", "))
	for _, u := range d.unbound {
		doc += " No bind group function: " + u + "."
	}
	return doc
}

func (d *shaderDef) emitTable(g *GeneratedFile) {
	wgsl := RuntimePackage.Ident
	g.Comment(fmt.Sprintf("%s is the table of %s: a wgsl.Shader with a method for each of its entry points, bindings and immediates.", d.tableType, d.name))
	g.P("type ", d.tableType, " struct{ ", wgsl("Shader"), " }")
	g.P()
	g.Comment(d.tableDoc())
	g.P("var ", d.table, " = ", d.tableType, "{", wgsl("Shader"), "{")
	g.P("Source: ", strconv.Quote(d.name), ",")
	if d.spirv != nil {
		g.P("SPIRV: ", d.spirvVar, ",")
	}
	if d.wgslConst != "" {
		g.P("WGSL: ", d.wgslConst, ",")
	}
	if len(d.entries) > 0 {
		g.P("EntryPoints: []", wgsl("EntryPoint"), "{")
		for _, e := range d.entries {
			d.emitEntry(g, &e)
		}
		g.P("},")
	}
	if len(d.groups) > 0 {
		g.P("BindGroups: []", wgsl("BindGroup"), "{")
		for group, bs := range d.groups {
			if len(bs) == 0 {
				g.P("{Group: ", group, "},")
				continue
			}
			g.P("{Group: ", group, ", Entries: []", wgsl("Binding"), "{")
			for _, bd := range bs {
				g.P(bindingLiteral(g, &bd.b), ",")
			}
			g.P("}},")
		}
		g.P("},")
	}
	if len(d.immediates) > 0 {
		g.P("Immediates: []", wgsl("Immediate"), "{")
		for _, im := range d.immediates {
			s := fmt.Sprintf("{Name: %q, Type: %q, Size: %d", im.im.Name, im.im.Type.WGSL, im.im.Size)
			if len(im.im.Stages) > 0 {
				s += ", Stages: " + stages(g, im.im.Stages)
			}
			if im.space != (wgslrt.TextRange{}) {
				s += fmt.Sprintf(", AddressSpace: %s{Start: %d, End: %d}", g.QualifiedGoIdent(wgsl("TextRange")), im.space.Start, im.space.End)
			}
			g.P(s, "},")
		}
		g.P("},")
	}
	if d.wgsl != nil && d.wgsl.ImmediateFeature != (wgslrt.TextRange{}) {
		r := d.wgsl.ImmediateFeature
		g.P("ImmediateFeature: ", wgsl("TextRange"), "{Start: ", r.Start, ", End: ", r.End, "},")
	}
	if len(d.overrides) > 0 {
		g.P("Overrides: []", wgsl("Override"), "{")
		for _, o := range d.overrides {
			s := fmt.Sprintf("{Name: %q, Key: %q, ID: %d, Type: %q", o.o.Name, o.o.Key, o.o.ID, o.scalar)
			if o.o.Default != nil && !o.o.Default.IsZero() {
				s += fmt.Sprintf(", Default: %q", o.o.Default.String())
			}
			if o.o.Required {
				s += ", Required: true"
			}
			if o.flagID != 0 {
				s += fmt.Sprintf(", FlagID: %d", o.flagID)
			}
			if o.text != nil {
				s += fmt.Sprintf(", Decl: %s{Start: %d, End: %d}", g.QualifiedGoIdent(wgsl("TextRange")), o.text.Decl.Start, o.text.Decl.End)
				if o.text.Init != (OverrideText{}).Init {
					s += fmt.Sprintf(", Init: %s{Start: %d, End: %d}", g.QualifiedGoIdent(wgsl("TextRange")), o.text.Init.Start, o.text.Init.End)
				}
			}
			g.P(s, "},")
		}
		g.P("},")
	}
	if texts := d.dialectTexts(); len(texts) > 0 {
		g.P("Dialects: []", wgsl("DialectText"), "{")
		for i, dl := range texts {
			g.P("{Dialect: ", strconv.Quote(string(dl.Dialect)), ",")
			if dl.WGSL == "" {
				g.P("Problems: ", strconv.Quote(dl.Problems), ",")
				g.P("},")
				continue
			}
			g.P("WGSL: ", d.dialectConsts[i], ",")
			if len(dl.Overrides) > 0 {
				g.P("Overrides: []", wgsl("OverrideText"), "{")
				for _, r := range dl.Overrides {
					s := fmt.Sprintf("{Decl: %s{Start: %d, End: %d}", g.QualifiedGoIdent(wgsl("TextRange")), r.Decl.Start, r.Decl.End)
					if r.Init != (wgslrt.TextRange{}) {
						s += fmt.Sprintf(", Init: %s{Start: %d, End: %d}", g.QualifiedGoIdent(wgsl("TextRange")), r.Init.Start, r.Init.End)
					}
					g.P(s, "},")
				}
				g.P("},")
			}
			g.P("},")
		}
		g.P("},")
	}
	g.P("}}")
	g.P()
}

func (d *shaderDef) emitEntry(g *GeneratedFile, e *entryDef) {
	wgsl := RuntimePackage.Ident
	g.P("{")
	g.P("Name: ", strconv.Quote(e.e.Name), ",")
	g.P("Stage: ", wgsl(stageBits[e.e.Stage]), ",")
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
		if names := d.bindingNames(&e.e); names != nil {
			for i, n := range names {
				names[i] = strconv.Quote(n)
			}
			g.P("BindingNames: []string{", strings.Join(names, ", "), "},")
		}
	}
	if len(e.vertex) > 0 {
		var layouts []string
		for _, v := range e.vertex {
			layouts = append(layouts, v.layoutName)
		}
		g.P("VertexBuffers: []", wgsl("VertexBufferLayout"), "{", strings.Join(layouts, ", "), "},")
	}
	if len(e.e.FragmentOutputs) > 0 {
		g.P("FragmentOutputs: []", wgsl("FragmentOutput"), "{")
		for _, o := range e.e.FragmentOutputs {
			blend := -1
			if o.BlendSrc != nil {
				blend = *o.BlendSrc
			}
			s := fmt.Sprintf("{Location: %d, BlendSrc: %d", o.Location, blend)
			if o.Name != "" {
				s += fmt.Sprintf(", Name: %q", o.Name)
			}
			g.P(s, fmt.Sprintf(", Type: %q},", o.Type.WGSL))
		}
		g.P("},")
	}
	if e.e.Immediate != "" {
		size := 0
		for _, im := range d.immediates {
			if im.im.Name == e.e.Immediate {
				size = im.im.Size
			}
		}
		g.P("Immediate: ", strconv.Quote(e.e.Immediate), ",")
		g.P("ImmediateSize: ", size, ",")
	}
	g.P("},")
}

// bindingLiteral is the wgsl.Binding composite literal of b, without its type.
func bindingLiteral(g *GeneratedFile, b *wgslreflect.Binding) string {
	wgsl := func(name string) string { return g.QualifiedGoIdent(RuntimePackage.Ident(name)) }
	s := fmt.Sprintf("{Group: %d, Binding: %d, Name: %q, Type: %q", b.Group, b.Binding, b.Name, b.Type.WGSL)
	if len(b.Visibility) > 0 {
		s += ", Visibility: " + stages(g, b.Visibility)
	}
	switch {
	case b.Buffer != nil:
		s += fmt.Sprintf(", Buffer: &%s{Type: %s, MinBindingSize: %d}", wgsl("BufferBindingLayout"), wgsl(bufferTypes[b.Buffer.Type]), b.Buffer.MinBindingSize)
	case b.Sampler != nil:
		s += fmt.Sprintf(", Sampler: &%s{Type: %s}", wgsl("SamplerBindingLayout"), wgsl(samplerTypes[b.Sampler.Type]))
	case b.Texture != nil:
		t := b.Texture
		s += fmt.Sprintf(", Texture: &%s{SampleType: %s, ViewDimension: %s", wgsl("TextureBindingLayout"), wgsl(sampleTypes[t.SampleType]), wgsl(viewDimensions[t.ViewDimension]))
		if t.Multisampled {
			s += ", Multisampled: true"
		}
		s += "}"
	case b.StorageTexture != nil:
		t := b.StorageTexture
		s += fmt.Sprintf(", StorageTexture: &%s{Access: %s, Format: %q, ViewDimension: %s}", wgsl("StorageTextureBindingLayout"),
			wgsl(storageAccesses[t.Access]), t.Format, wgsl(viewDimensions[t.ViewDimension]))
	case b.ExternalTexture != nil:
		t := b.ExternalTexture
		s += fmt.Sprintf(", ExternalTexture: &%s{Plane1: %s{Group: %d, Binding: %d}, Params: %s{Group: %d, Binding: %d}}",
			wgsl("ExternalTextureBindingLayout"), wgsl("BindingRef"), t.Plane1.Group, t.Plane1.Binding,
			wgsl("BindingRef"), t.Params.Group, t.Params.Binding)
	}
	if p := b.ExternalPart; p != nil {
		s += fmt.Sprintf(", ExternalPart: &%s{Group: %d, Binding: %d}", wgsl("BindingRef"), p.Group, p.Binding)
	}
	return s + "}"
}

// declText is the WGSL declaration of a binding, for comments.
func declText(b *wgslreflect.Binding) string {
	switch {
	case b.Buffer != nil && b.Buffer.Type == "uniform":
		return fmt.Sprintf("var<uniform> %s: %s", b.Name, b.Type.WGSL)
	case b.Buffer != nil && b.Buffer.Type == "storage":
		return fmt.Sprintf("var<storage, read_write> %s: %s", b.Name, b.Type.WGSL)
	case b.Buffer != nil:
		return fmt.Sprintf("var<storage, read> %s: %s", b.Name, b.Type.WGSL)
	}
	return fmt.Sprintf("var %s: %s", b.Name, b.Type.WGSL)
}

// emitMethods prints the table's methods: one per entry point, binding and immediate.
func (d *shaderDef) emitMethods(g *GeneratedFile) {
	recv := "func (t *" + d.tableType + ") "
	for i, e := range d.entries {
		desc := fmt.Sprintf("%s returns the %s entry point %s", e.method, e.e.Stage, e.e.Name)
		if len(e.e.WorkgroupSize) == 3 {
			var dims []string
			for _, dim := range e.e.WorkgroupSize {
				dims = append(dims, dimText(dim))
			}
			desc += ", @workgroup_size(" + strings.Join(dims, ", ") + ")"
			switch {
			case e.exprs:
				desc += ": the pipeline's override values decide it"
			case e.overrides:
				desc += fmt.Sprintf(": %sOverrides.%s gives it", d.goName, e.sizeMethod)
			}
		}
		if sg := e.e.SubgroupSize; sg != nil {
			desc += "; @subgroup_size(" + dimText(*sg) + ")"
			switch {
			case e.subgroupMethod != "":
				desc += fmt.Sprintf(": %sOverrides.%s gives it", d.goName, e.subgroupMethod)
			case sg.Expr != "" || sg.Override != "":
				desc += ": the pipeline's override values decide it"
			}
		}
		if len(e.vertex) > 0 {
			var bufs []string
			for slot, v := range e.vertex {
				bufs = append(bufs, fmt.Sprintf("%d: %s", slot, v.goName))
			}
			desc += "; vertex buffers " + strings.Join(bufs, ", ")
		}
		g.Comment(desc + ".")
		g.P(recv, e.method, "() *", RuntimePackage.Ident("EntryPoint"), " { return &t.EntryPoints[", i, "] }")
		g.P()
	}
	for group, bs := range d.groups {
		for _, bd := range bs {
			if bd.method == "" {
				continue
			}
			desc := fmt.Sprintf("%s returns the binding @group(%d) @binding(%d), %s", bd.method, group, bd.b.Binding, declText(&bd.b))
			if bd.goType != "" {
				desc += " (Go: " + bd.goType + ")"
			}
			var others []string
			for _, o := range bs {
				if o.b.Binding == bd.b.Binding && o.b.Name != bd.b.Name {
					others = append(others, o.b.Name)
				}
			}
			if len(others) > 0 {
				desc += fmt.Sprintf(". It shares its binding number with %s; the entry points that use it: %s", strings.Join(others, " and "), strings.Join(d.users[bd.b.Name], ", "))
			}
			g.Comment(desc + ".")
			g.P(recv, bd.method, "() *", RuntimePackage.Ident("Binding"), " { return &t.BindGroups[", group, "].Entries[", bd.index, "] }")
			g.P()
		}
	}
	for i, im := range d.immediates {
		g.Comment(fmt.Sprintf("%s returns the immediate data var<immediate> %s: %s (Go: %s), %d bytes.", im.method, im.im.Name, im.im.Type.WGSL, im.shape.goType(g), im.im.Size))
		g.P(recv, im.method, "() *", RuntimePackage.Ident("Immediate"), " { return &t.Immediates[", i, "] }")
		g.P()
	}
}

// emitEmbedded prints the SPIR-V and the WGSL text.
func (d *shaderDef) emitEmbedded(g *GeneratedFile, embed EmbedMode) {
	switch {
	case d.spirv == nil:
		// A module without entry points has no SPIR-V.
	case embed == EmbedFile:
		g.Import(embedPackage)
		g.P("//go:embed ", d.spvName)
		g.P("var ", d.spirvVar, " []byte")
		g.P()
	default:
		words := d.spirvVar + "Words"
		g.P("var ", d.spirvVar, " = ", RuntimePackage.Ident("WordBytes"), "(", words, "[:])")
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
		g.P()
	}
	if d.wgslConst != "" {
		g.P("const ", d.wgslConst, " = ", stringLiteral(d.wgsl.Text))
		g.P()
	}
	for i, dl := range d.dialects {
		if dl.Text != nil {
			g.P("const ", d.dialectConsts[i], " = ", stringLiteral(dl.Text))
			g.P()
		}
	}
}

// stringLiteral returns a Go expression of the string text: raw string literals, joined with
// interpreted ones for what raw strings cannot hold (backquotes, carriage returns, NULs, byte
// order marks, invalid UTF-8).
func stringLiteral(text []byte) string {
	var parts []string
	raw := []byte{}
	flush := func() {
		if len(raw) > 0 {
			parts = append(parts, "`"+string(raw)+"`")
			raw = raw[:0]
		}
	}
	for len(text) > 0 {
		r, n := utf8.DecodeRune(text)
		if r == '`' || r == '\r' || r == 0 || r == '\uFEFF' || r == utf8.RuneError && n == 1 {
			flush()
			parts = append(parts, strconv.Quote(string(text[:n])))
		} else {
			raw = append(raw, text[:n]...)
		}
		text = text[n:]
	}
	flush()
	if len(parts) == 0 {
		return `""`
	}
	return strings.Join(parts, " + ")
}

// bindingNames returns the names of the variables entry point e uses, in the order of its
// bindings, for the table of a shader whose entry points use one binding number for different
// variables; nil otherwise, or for a reflection without names (the stages tell then).
func (d *shaderDef) bindingNames(e *wgslreflect.EntryPoint) []string {
	if !d.sharedNumbers || slices.ContainsFunc(e.Bindings, func(r wgslreflect.BindingRef) bool { return r.Name == "" }) {
		return nil
	}
	var names []string
	for _, r := range e.Bindings {
		names = append(names, r.Name)
	}
	return names
}

// dialectTexts returns the table's texts for other WGSL compilers (wgslgen -for): the
// generated code and the run-time tables (Tables) hold the same.
func (d *shaderDef) dialectTexts() []wgslrt.DialectText {
	var out []wgslrt.DialectText
	for _, dl := range d.dialects {
		t := wgslrt.DialectText{Dialect: wgslrt.Dialect(dl.Name)}
		if dl.Text == nil {
			t.Problems = dl.Problems
		} else {
			t.WGSL = string(dl.Text)
			for _, o := range d.overrides {
				r := dl.Overrides[o.o.Name]
				t.Overrides = append(t.Overrides, wgslrt.OverrideText{Decl: r.Decl, Init: r.Init})
			}
		}
		out = append(out, t)
	}
	return out
}
