package testrun

import (
	"errors"
	"strings"

	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/compiler/interp"
)

// sources are files joined into one module text, and what maps its positions back to them.
type sources struct {
	text  []byte
	parts []part
}

// part is one file of the text: its name and where it starts.
type part struct {
	name  string
	start int
	file  *diag.File
}

// add appends a file; a file without a name is the runner's own text (entry points).
func (s *sources) add(name string, text []byte) {
	if len(s.text) > 0 && s.text[len(s.text)-1] != '\n' {
		s.text = append(s.text, '\n')
	}
	s.parts = append(s.parts, part{name: name, start: len(s.text), file: diag.NewFile(name, text)})
	s.text = append(s.text, text...)
}

// name is the joined text's name: its files'.
func (s *sources) name() string {
	var names []string
	for _, p := range s.parts {
		if p.name != "" && p.name != LibraryName {
			names = append(names, p.name)
		}
	}
	return strings.Join(names, "+")
}

// at returns the file holding offset off of the text, and the offset in it.
func (s *sources) at(off diag.Pos) (*part, diag.Pos) {
	for i := len(s.parts) - 1; i >= 0; i-- {
		if p := &s.parts[i]; int(off) >= p.start {
			return p, off - diag.Pos(p.start)
		}
	}
	return &s.parts[0], off
}

// file returns the name of the file that holds position off of a program whose root module
// is the text (set is the program's file set): one of the files, LibraryName for the
// expectations (joined or imported), "" for the runner's text and the other modules the
// root imports.
func (s *sources) file(set *diag.File, off diag.Pos) string {
	if f := set.Resolve(off); !isRoot(f) {
		if f.Name == LibraryName {
			return LibraryName
		}
		return ""
	}
	p, _ := s.at(off)
	return p.name
}

// positionIn is position for a position of a program whose root module is the text (set is
// the program's file set), in any of its modules.
func (s *sources) positionIn(set *diag.File, off diag.Pos) diag.Position {
	if f := set.Resolve(off); !isRoot(f) {
		return f.Position(off)
	}
	return s.position(off)
}

func (s *sources) position(off diag.Pos) diag.Position {
	p, o := s.at(off)
	return p.file.Position(o)
}

// isRoot reports whether f is the text's: the root module, first in its program's position
// space, or a file of its own.
func isRoot(f *diag.File) bool { return f.Base == 0 }

// remapDiag returns d with its positions in the files.
func (s *sources) remapDiag(d *diag.Diagnostic) *diag.Diagnostic {
	out := *d
	out.File, out.Span = s.span(d.File, d.Span)
	out.Notes = nil
	for _, n := range d.Notes {
		f, sp := s.span(n.File, n.Span)
		out.Notes = append(out.Notes, diag.Related{File: f, Span: sp, Message: n.Message})
	}
	return &out
}

// span maps a span of file f; a span in a module the text imports is that module's already.
func (s *sources) span(f *diag.File, sp diag.Span) (*diag.File, diag.Span) {
	if !sp.IsValid() {
		return s.parts[0].file, sp
	}
	if f != nil && !isRoot(f.Resolve(sp.Start)) {
		return f, sp
	}
	p, start := s.at(sp.Start)
	return p.file, diag.Span{Start: start, End: sp.End - diag.Pos(p.start)}
}

func (s *sources) remapList(l diag.List) diag.List {
	out := make(diag.List, len(l))
	for i, d := range l {
		out[i] = s.remapDiag(d)
	}
	return out
}

// remap returns err with its positions in the files.
func (s *sources) remap(err error) error {
	var list diag.List
	var ie *interp.Error
	switch {
	case err == nil:
		return nil
	case errors.As(err, &list):
		return s.remapList(list)
	case errors.As(err, &ie) && ie.Diagnostic.File != nil:
		out := *ie
		out.Diagnostic = s.remapDiag(ie.Diagnostic)
		return &out
	}
	return err
}
