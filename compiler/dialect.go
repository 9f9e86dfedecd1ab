package compiler

import (
	"fmt"

	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/compiler/hostwgsl"
	"github.com/wgslgo/wgslgo/compiler/syntax"
)

// DialectWGSL returns HostWGSL's text as the WGSL compiler of profile p reads it (package
// hostwgsl prints it), with where its override declarations are in the printed text, for
// hosts that substitute override values (Profile.Substitutes). The diagnostics are
// HostWGSL's, then the printer's errors at each construct p's compiler cannot read (in a
// WESL program, in the module that has it); with those the text is nil and err is the
// diagnostics.
func DialectWGSL(src Source, opts Options, p *hostwgsl.Profile) (w *WGSLText, diags diag.List, err error) {
	defer recoverInternal(src, &err)
	host, origin, diags, err := hostWGSL(src, opts)
	if err != nil {
		return nil, diags, err
	}
	modern := Options{Dialect: syntax.DialectModern, UniformStandardLayout: opts.UniformStandardLayout}
	prog, more := Check(Source{Name: src.Name, Text: host.Text}, modern)
	if prog == nil {
		return nil, diags, fmt.Errorf("%s: the WGSL for WebGPU hosts does not compile (please report this shader):\n%v", src.Name, more)
	}
	text, printed := hostwgsl.Print(prog, p)
	switch {
	case origin == nil:
	case origin.checked != nil:
		// The text is printed from the host text (a WESL program's linked WGSL, overrides
		// made consts), whose positions are in no file the user has. The program as
		// checked has the same constructs at their places in the files: when printing it
		// says the same, its diagnostics are those, each pointing into the file to edit.
		if _, atSource := hostwgsl.Print(origin.checked, p); sameMessages(atSource, printed) {
			printed = atSource
		}
	case origin.migrated != nil:
		// A 2021-draft shader's text is its migration: each diagnostic goes where the
		// construct is in the shader's file.
		printed = migratedBack(printed, prog.File.Source, origin)
	}
	diags = append(diags, printed...)
	if printed.HasErrors() {
		return nil, diags, printed
	}
	w = &WGSLText{Text: text, Overrides: map[string]OverrideText{}, Immediates: map[string][2]int{}}
	f, perr := syntax.Parse(diag.NewFile(src.Name, text), syntax.Options{Dialect: syntax.DialectModern})
	if perr.HasErrors() {
		return nil, diags, fmt.Errorf("%s: the WGSL printed for %s does not parse (please report this shader):\n%v", src.Name, p.Compiler, perr)
	}
	for _, d := range f.Decls {
		if o, ok := d.(*syntax.OverrideDecl); ok {
			ot := OverrideText{Decl: [2]int{int(o.Loc.Start), int(o.Loc.End)}}
			if o.Init != nil {
				s := o.Init.Span()
				ot.Init = [2]int{int(s.Start), int(s.End)}
			}
			w.Overrides[o.Name.Name] = ot
		}
	}
	return w, diags, nil
}

// sameMessages reports whether a and b say the same things in the same order.
func sameMessages(a, b diag.List) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Severity != b[i].Severity || a[i].Message != b[i].Message {
			return false
		}
	}
	return true
}

// migratedBack moves the diagnostics in text, a 2021-draft shader's migration, to the
// shader's file (notes elsewhere stay).
func migratedBack(list diag.List, text *diag.File, o *textOrigin) diag.List {
	at := func(f *diag.File, span diag.Span) (*diag.File, diag.Span) {
		if f != text {
			return f, span
		}
		s, ok := o.migrated.SourceSpan(diag.Span{Start: unedit(o.edits, span.Start), End: unedit(o.edits, span.End)})
		if !ok {
			return f, span
		}
		return o.legacy, s
	}
	out := make(diag.List, len(list))
	for i, d := range list {
		c := *d
		c.File, c.Span = at(d.File, d.Span)
		c.Notes = make([]diag.Related, len(d.Notes))
		for j, n := range d.Notes {
			c.Notes[j] = n
			c.Notes[j].File, c.Notes[j].Span = at(n.File, n.Span)
		}
		out[i] = &c
	}
	return out
}
