package compiler

import (
	"fmt"
	"sort"

	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/migrate"
	"github.com/wgslgo/wgslgo/compiler/reflect"
	"github.com/wgslgo/wgslgo/compiler/sema"
	"github.com/wgslgo/wgslgo/compiler/syntax"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// specialization is what the module m, made from a checked program with the options'
// entry point and override values, tells its reflection: the entry points kept, the sizes
// and override defaults the values made known, the overrides they made constants.
func specialization(m *ir.Module) *reflect.Specialization {
	spec := &reflect.Specialization{EntryPoints: map[string]reflect.KnownSizes{},
		Constants: map[string]reflect.Value{}, Defaults: map[string]reflect.Value{}}
	known := func(v ir.Value) int {
		if c := m.Const(v); c != nil {
			return int(c.Int())
		}
		return 0
	}
	for _, f := range m.Funcs {
		if f.Stage == ir.StageNone {
			continue
		}
		var k reflect.KnownSizes
		for i, v := range f.WorkgroupSize {
			k.WorkgroupSize[i] = known(v)
		}
		k.SubgroupSize = known(f.SubgroupSize)
		spec.EntryPoints[f.Name] = k
	}
	value := func(v ir.Value) reflect.Value {
		rv, err := reflect.ValueOf(m.ConstantValue(v))
		if err != nil {
			panic(err) // an override's value is a finite scalar
		}
		return rv
	}
	for _, o := range m.Substituted {
		spec.Constants[o.Name] = value(o.Default)
	}
	for _, o := range m.Overrides {
		if m.Const(o.Default) != nil {
			spec.Defaults[o.Name] = value(o.Default)
		}
	}
	return spec
}

// WGSLText is the WGSL a WebGPU host compiles for a module, with where its override
// declarations are: what a generated table embeds, so that a host can substitute override
// values where its WebGPU binding has no pipeline constants.
type WGSLText struct {
	Text []byte
	// Overrides maps the name of each override to where its declaration (attributes to ';')
	// and its initializer (empty when it has none) lie in Text, as byte offsets [start, end).
	Overrides map[string]OverrideText
	// Immediates maps the name of each var<immediate> variable to where the word `immediate`
	// of its address space lies in Text: for hosts whose WGSL compiler spells the address
	// space differently (naga before immediate data reads `push_constant`).
	Immediates map[string][2]int
	// ImmediateFeature is where the `requires` directive names immediate_address_space in
	// Text, as the text to delete for a WGSL compiler that predates the feature: the whole
	// directive, or the name with one comma when it names other features too. Zero when no
	// directive names it.
	ImmediateFeature [2]int
}

// OverrideText is where one override declaration lies in a WGSLText.
type OverrideText struct {
	Decl, Init [2]int
}

// HostWGSL returns the WGSL text of src for WebGPU hosts: src itself, the linked WGSL of a
// WESL program, or for a shader in the 2021 draft dialect its migration to modern WGSL
// (WebGPU implementations read modern WGSL only), with the overrides opts.Overrides gives values to turned into consts of those values,
// as the SPIR-V and the reflection of the same options have them. The text is checked as
// modern WGSL before it is returned. The diagnostics are the migration's warnings, or the
// errors that stop it.
func HostWGSL(src Source, opts Options) (*WGSLText, diag.List, error) {
	w, _, diags, err := hostWGSL(src, opts)
	return w, diags, err
}

// textOrigin says where the constructs of a host text are in the files the user edits, when
// the text is not its source as is.
type textOrigin struct {
	// checked is the program as checked, when the text was made from it without a
	// migration (a WESL program's linked WGSL, overrides made consts): it has the text's
	// constructs at their places in the files.
	checked *sema.Program
	// migrated maps a 2021-draft shader's migration to the shader's file, legacy; the
	// text is the migration with edits (override values made consts).
	migrated *syntax.PositionMap
	legacy   *diag.File
	edits    []textEdit
}

// A textEdit replaces the bytes [at, end) of a text with text.
type textEdit struct {
	at, end int
	text    string
}

// unedit returns the offset in the text before the edits (in order, none overlapping) of
// offset off after them; an offset in replaced bytes is the replaced bytes' start.
func unedit(edits []textEdit, off diag.Pos) diag.Pos {
	delta := 0 // bytes added before off so far
	for _, e := range edits {
		switch {
		case int(off) < e.at+delta:
			return off - diag.Pos(delta)
		case int(off) < e.at+delta+len(e.text):
			return diag.Pos(e.at)
		}
		delta += len(e.text) - (e.end - e.at)
	}
	return off - diag.Pos(delta)
}

// hostWGSL is HostWGSL, and where the text's constructs are in the user's files (nil when
// the text is the source).
func hostWGSL(src Source, opts Options) (w *WGSLText, origin *textOrigin, diags diag.List, err error) {
	prog, linked, diags := check(src, opts)
	if prog == nil {
		return nil, nil, diags, diags
	}
	text := src.Text
	if linked.IsWESL() {
		// A WESL program: WebGPU reads its linked WGSL.
		text = linked.WGSL()
	}
	if prog.File.Dialect == syntax.DialectLegacy2021 {
		migrated, positions, more := migrate.MigrateMapped(prog.File, prog)
		diags = append(diags, more...)
		if migrated == nil {
			return nil, nil, diags, diags
		}
		text = migrated
		origin = &textOrigin{migrated: positions, legacy: prog.File.Source}
	}
	modern := Options{Dialect: syntax.DialectModern, UniformStandardLayout: opts.UniformStandardLayout}
	w, err = overrideTexts(Source{Name: src.Name, Text: text}, modern)
	if err != nil {
		return nil, nil, diags, err
	}
	if prog.File.Dialect != syntax.DialectLegacy2021 && (linked.IsWESL() || len(opts.Overrides) > 0) {
		origin = &textOrigin{checked: prog}
	}
	if len(opts.Overrides) == 0 {
		return w, origin, diags, nil
	}
	// The values of opts.Overrides, as consts: the declaration's whole text goes.
	mprog, _ := Check(Source{Name: src.Name, Text: text}, modern)
	var edits []textEdit
	resolved, more := resolveOverrides(mprog, opts.Overrides)
	if more.HasErrors() {
		return nil, nil, diags, append(diags, more...)
	}
	for _, r := range resolved {
		o := r.override
		ot := w.Overrides[o.Name()]
		edits = append(edits, textEdit{ot.Decl[0], ot.Decl[1], fmt.Sprintf("const %s: %s = %s;", o.Name(), o.Type, r.text)})
	}
	sort.Slice(edits, func(i, j int) bool { return edits[i].at < edits[j].at })
	var out []byte
	pos := 0
	for _, e := range edits {
		out = append(append(out, text[pos:e.at]...), e.text...)
		pos = e.end
	}
	if origin != nil && origin.migrated != nil {
		origin.edits = edits
	}
	out = append(out, text[pos:]...)
	w, err = overrideTexts(Source{Name: src.Name, Text: out}, modern)
	return w, origin, diags, err
}

// overrideTexts checks src and finds its override declarations.
func overrideTexts(src Source, opts Options) (*WGSLText, error) {
	prog, diags := Check(src, opts)
	if prog == nil {
		return nil, fmt.Errorf("%s: the WGSL for WebGPU hosts does not compile (please report this shader):\n%v", src.Name, diags)
	}
	w := &WGSLText{Text: src.Text, Overrides: map[string]OverrideText{}, Immediates: map[string][2]int{}}
	w.ImmediateFeature = requiresSpan(prog.File, "immediate_address_space")
	for _, v := range prog.Globals {
		if v.Space == types.AddrImmediate && v.Decl != nil && len(v.Decl.TemplateArgs) > 0 {
			s := v.Decl.TemplateArgs[0].Span()
			w.Immediates[v.Name()] = [2]int{int(s.Start), int(s.End)}
		}
	}
	for _, o := range prog.Overrides {
		d := o.Decl
		ot := OverrideText{Decl: [2]int{int(d.Loc.Start), int(d.Loc.End)}}
		if d.Init != nil {
			s := d.Init.Span()
			ot.Init = [2]int{int(s.Start), int(s.End)}
		}
		w.Overrides[o.Name()] = ot
	}
	return w, nil
}

// requiresSpan returns the text to delete to take the language feature name out of the
// `requires` directives of f: the directive when it names only that feature, else the name
// and the comma after it (or, for the last name, the comma before it).
func requiresSpan(f *syntax.File, name string) [2]int {
	for _, d := range f.Directives {
		r, ok := d.(*syntax.Requires)
		if !ok {
			continue
		}
		for i, n := range r.Names {
			if n.Name != name {
				continue
			}
			switch {
			case len(r.Names) == 1:
				return [2]int{int(r.Loc.Start), int(r.Loc.End)}
			case i+1 < len(r.Names):
				return [2]int{int(n.Loc.Start), int(r.Names[i+1].Loc.Start)}
			default:
				return [2]int{int(r.Names[i-1].Loc.End), int(n.Loc.End)}
			}
		}
	}
	return [2]int{}
}

// DeclPositions returns where the module-scope declarations of a program are, as
// "file:line:col", by name (module-scope names are unique), and where the members of its
// structures are, by "Struct.member": for messages that point at the WGSL behind a
// generated name.
func DeclPositions(prog *sema.Program) map[string]string {
	out := map[string]string{}
	file := prog.File.Source
	at := func(name string, s diag.Span) {
		if s.IsValid() {
			p := file.Position(s.Start)
			out[name] = fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Column)
		}
	}
	for _, s := range prog.Structs {
		at(s.Name, s.Span)
		for _, m := range s.Members {
			at(s.Name+"."+m.Name, m.Span)
		}
	}
	for _, c := range prog.Consts {
		at(c.Name(), c.Span())
	}
	for _, o := range prog.Overrides {
		at(o.Name(), o.Span())
	}
	for _, v := range prog.Globals {
		at(v.Name(), v.Span())
	}
	for _, f := range prog.Funcs {
		at(f.Name(), f.Span())
	}
	return out
}
