package wesl

import (
	"bytes"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/compiler/syntax"
)

// Linked WGSL is printed from the declarations' own source texts: each declaration as its
// file wrote it (comments and layout kept), less what conditional translation removed and
// the WESL syntax (translate-time attributes, visibility), with the names the link gives.
// A source map ties every copied run back to its file.

// edit replaces the source range span (in the position space of the files) by text.
type edit struct {
	span diag.Span
	text string
}

// printer writes linked WGSL and records its source map.
type printer struct {
	p     *Program
	out   bytes.Buffer
	m     *mapBuilder
	edits map[*Module][]edit // sorted by start
}

// WGSL returns the program as one WGSL module.
func (p *Program) WGSL() []byte {
	pr := p.print(false)
	return pr.out.Bytes()
}

// WGSLWithMap returns the program as one WGSL module and a source map from it back to the
// module files (version 3, as JavaScript tools read it).
func (p *Program) WGSLWithMap() ([]byte, *SourceMap) {
	pr := p.print(true)
	return pr.out.Bytes(), pr.m.finish(pr.out.Bytes())
}

func (p *Program) print(withMap bool) *printer {
	pr := &printer{p: p, edits: map[*Module][]edit{}}
	if withMap {
		pr.m = newMapBuilder()
	}
	pr.collectEdits()
	for i, d := range p.Syntax.Directives {
		if i < p.rootDirectives {
			pr.copySpan(p.Root, d.Span())
		} else {
			pr.synth(directiveText(d))
		}
		pr.synth("\n")
	}
	if len(p.Syntax.Directives) > 0 {
		pr.synth("\n")
	}
	decls := p.decls
	if decls == nil {
		for _, d := range p.Syntax.Decls {
			decls = append(decls, &linkDecl{mod: p.Root, decl: d})
		}
	}
	for i, ld := range decls {
		if i > 0 {
			pr.synth("\n\n")
		}
		pr.decl(ld)
	}
	if len(decls) > 0 {
		pr.synth("\n")
	}
	return pr
}

// collectEdits gathers, per module, the renamed identifiers, the elided ranges and the
// braces of flattened blocks that lose them.
func (pr *printer) collectEdits() {
	add := func(m *Module, e edit) { pr.edits[m] = append(pr.edits[m], e) }
	for _, m := range pr.p.Modules {
		w := m.Syntax.WESL
		if w == nil {
			continue
		}
		for _, s := range w.Elided {
			add(m, edit{span: s})
		}
		for _, fb := range w.Flattened {
			if pr.p.unbraced[fb.Open.Start] {
				add(m, edit{span: fb.Open})
				add(m, edit{span: fb.Close})
			}
		}
	}
	for _, r := range pr.p.refs {
		pr.rename(r.mod, r.id, add)
	}
	for m, es := range pr.edits {
		sort.SliceStable(es, func(i, j int) bool { return es[i].span.Start < es[j].span.Start })
		pr.edits[m] = es
	}
}

// rename adds the edit of an identifier whose name in the link differs from its text.
func (pr *printer) rename(m *Module, id *syntax.Ident, add func(*Module, edit)) {
	f := m.File
	src := f.Text[f.Offset(id.Loc.Start):f.Offset(id.Loc.End)]
	if string(src) != id.Name {
		add(m, edit{span: id.Loc, text: id.Name})
	}
}

func (pr *printer) decl(ld *linkDecl) {
	if text := pr.p.inserted[ld.decl]; text != "" {
		pr.synth(text)
	}
	if sd, ok := ld.decl.(*syntax.StructDecl); ok && pr.changedMembers(ld.mod, sd) {
		// A member list that conditional translation changed is printed anew: members
		// separated by commas, without a trailing one.
		pr.copySpan(ld.mod, diag.Span{Start: sd.Loc.Start, End: sd.Name.Loc.End})
		pr.synth(" { ")
		for i, m := range sd.Members {
			if i > 0 {
				pr.synth(", ")
			}
			pr.copySpan(ld.mod, m.Loc)
		}
		pr.synth(" }")
		return
	}
	pr.copySpan(ld.mod, ld.decl.Span())
}

// changedMembers reports whether conditional translation removed or kept members of sd
// by their conditions.
func (pr *printer) changedMembers(m *Module, sd *syntax.StructDecl) bool {
	w := m.Syntax.WESL
	if w == nil || len(sd.Members) == 0 {
		return false
	}
	i := sort.Search(len(w.Elided), func(i int) bool { return w.Elided[i].Start >= sd.Name.Loc.End })
	return i < len(w.Elided) && w.Elided[i].Start < sd.Loc.End
}

// copySpan prints a range of a module's source with the edits inside it.
func (pr *printer) copySpan(m *Module, span diag.Span) {
	es := pr.edits[m]
	i := sort.Search(len(es), func(i int) bool { return es[i].span.Start >= span.Start })
	pos := span.Start
	for ; i < len(es) && es[i].span.Start < span.End; i++ {
		e := es[i]
		if e.span.Start < pos {
			continue // inside an elided range already skipped
		}
		pr.copyText(m, pos, e.span.Start)
		if e.text != "" {
			pr.mapAt(m, e.span.Start, e.text)
			pr.out.WriteString(e.text)
		}
		pos = max(pos, e.span.End)
	}
	if pos < span.End {
		pr.copyText(m, pos, span.End)
	}
}

// copyText copies the source range [from, to) of m, mapping each of its lines.
func (pr *printer) copyText(m *Module, from, to diag.Pos) {
	if to <= from {
		return
	}
	f := m.File
	text := f.Text[f.Offset(from):f.Offset(to)]
	if pr.m == nil {
		pr.out.Write(text)
		return
	}
	start := 0
	for start < len(text) {
		pr.mapAt(m, from+diag.Pos(start), "")
		end := bytes.IndexByte(text[start:], '\n')
		if end < 0 {
			pr.out.Write(text[start:])
			return
		}
		pr.out.Write(text[start : start+end+1])
		start += end + 1
	}
}

// synth writes text that no source has.
func (pr *printer) synth(s string) {
	if pr.m != nil {
		pr.m.unmapped(pr.out.Bytes())
	}
	pr.out.WriteString(s)
}

func (pr *printer) mapAt(m *Module, pos diag.Pos, name string) {
	if pr.m != nil {
		orig := ""
		if name != "" {
			f := m.File
			orig = string(f.Text[f.Offset(pos):])
			if n := strings.IndexFunc(orig, func(r rune) bool { return !isIdentRune(r) }); n >= 0 {
				orig = orig[:n]
			}
		}
		pr.m.add(pr.out.Bytes(), m.File, pos, orig)
	}
}

func isIdentRune(r rune) bool {
	return r == '_' || r == ':' || ('0' <= r && r <= '9') || ('a' <= r && r <= 'z') || ('A' <= r && r <= 'Z') || r >= utf8.RuneSelf
}

// directiveText prints an enable or requires directive the link made.
func directiveText(d syntax.Directive) string {
	var kw string
	var names []syntax.Ident
	switch d := d.(type) {
	case *syntax.Enable:
		kw, names = "enable", d.Names
	case *syntax.Requires:
		kw, names = "requires", d.Names
	}
	var b strings.Builder
	b.WriteString(kw)
	for i, n := range names {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteByte(' ')
		b.WriteString(n.Name)
	}
	b.WriteByte(';')
	return b.String()
}
