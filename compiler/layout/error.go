package layout

import (
	"fmt"

	"github.com/wgslgo/wgslgo/compiler/diag"
)

// Error is one layout problem: a message at the span of what must change (a member, its
// @align/@size/[[offset]] attribute, an array's [[stride]], or the variable when nothing
// better exists), with notes pointing at related places.
type Error struct {
	Span    diag.Span
	Message string
	Notes   []Note
}

// Note is a secondary location of an Error.
type Note struct {
	Span    diag.Span
	Message string
}

func (e *Error) Error() string { return e.Message }

// Report records e as an error of r, its notes included.
func (e *Error) Report(r *diag.Reporter) *diag.Diagnostic {
	d := r.Add(diag.Error, e.Span, e.Message)
	for _, n := range e.Notes {
		d.Note(r.File, n.Span, "%s", n.Message)
	}
	return d
}

// errorf builds an Error at span, or at fallback when span is not valid.
func errorf(span, fallback diag.Span, format string, args ...any) *Error {
	if !span.IsValid() {
		span = fallback
	}
	return &Error{Span: span, Message: fmt.Sprintf(format, args...)}
}
