package sema

import (
	"github.com/wgslgo/wgslgo/compiler/constant"
	"github.com/wgslgo/wgslgo/compiler/syntax"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// exprTable keeps what the checker learned about each expression: its type and value, the
// object an identifier names, the target of a call. Expressions numbered by the parser
// (syntax.Expr.ExprID) live in a slice indexed by that number, which costs neither hashing
// nor a map entry per expression; the few built elsewhere (ExprID 0, or a number already
// taken by another expression, which only happens when an AST mixes nodes of several
// parses) go to a map.
type exprTable struct {
	dense []exprFacts
	other map[syntax.Expr]*exprFacts
	// extras hold the rarer facts: constant values and enumerant names (extra-1 indexes it).
	extras []exprExtra
}

// exprFacts is kept small (56 bytes): the table is read in random order by the later
// passes, and every cache line counts.
type exprFacts struct {
	expr  syntax.Expr // the expression these facts are about; nil for an unused slot
	typ   types.Type
	aux   any   // the Object an identifier names, or the *Call of a call expression
	extra int32 // 1 + index into extras, or 0
	mode  Mode
	stage EvalStage
}

type exprExtra struct {
	val  constant.Value
	enum string
}

// init sizes the dense table for a file's expressions.
func (t *exprTable) init(n int32) {
	t.dense = make([]exprFacts, n+1)
	// The slots are read (is this one taken?) before they are written, in no particular
	// order. Memory fresh from the kernel that is read first is mapped to the shared zero
	// page and faulted again when written: write each page of the table now, once, so that
	// it costs one fault instead of two.
	for i := 0; i < len(t.dense); i += 64 { // 64 slots take less than a 4 KB page
		t.dense[i].extra = 0
	}
	// About one expression in five has a constant value or names an enumerant.
	t.extras = make([]exprExtra, 0, n/4+8)
}

// at returns e's facts, creating them.
func (t *exprTable) at(e syntax.Expr) *exprFacts {
	if e == nil {
		return &exprFacts{} // nothing to remember about a missing expression
	}
	if id := int(e.ExprID()); id > 0 {
		if id >= len(t.dense) {
			t.dense = append(t.dense, make([]exprFacts, id+1-len(t.dense))...)
		}
		f := &t.dense[id]
		if f.expr == nil {
			f.expr = e
			return f
		}
		if f.expr == e {
			return f
		}
	}
	if f := t.other[e]; f != nil {
		return f
	}
	if t.other == nil {
		t.other = map[syntax.Expr]*exprFacts{}
	}
	f := &exprFacts{expr: e}
	t.other[e] = f
	return f
}

// lookup returns e's facts, or nil if nothing was recorded.
func (t *exprTable) lookup(e syntax.Expr) *exprFacts {
	if e == nil {
		return nil // a missing expression (after a syntax error) has no facts
	}
	if id := int(e.ExprID()); id > 0 && id < len(t.dense) && t.dense[id].expr == e {
		return &t.dense[id]
	}
	return t.other[e]
}

func (t *exprTable) setType(e syntax.Expr, tv TypeAndValue) {
	f := t.at(e)
	f.typ, f.mode, f.stage = tv.Type, tv.Mode, tv.Stage
	switch {
	case tv.Value.IsValid() || tv.Enum != "":
		if f.extra == 0 {
			t.extras = append(t.extras, exprExtra{})
			f.extra = int32(len(t.extras))
		}
		t.extras[f.extra-1] = exprExtra{val: tv.Value, enum: tv.Enum}
	case f.extra != 0:
		t.extras[f.extra-1] = exprExtra{}
	}
}

// TypeOf returns what the checker recorded about the expression e (every checked
// expression, type expressions included); the zero TypeAndValue (Mode Invalid) if nothing.
func (p *Program) TypeOf(e syntax.Expr) TypeAndValue {
	f := p.exprs.lookup(e)
	if f == nil {
		return TypeAndValue{}
	}
	tv := TypeAndValue{Type: f.typ, Mode: f.mode, Stage: f.stage}
	if f.extra != 0 {
		x := &p.exprs.extras[f.extra-1]
		tv.Value, tv.Enum = x.val, x.enum
	}
	return tv
}

// UseOf returns the object the identifier expression id names, or nil.
func (p *Program) UseOf(id *syntax.IdentExpr) Object {
	if f := p.exprs.lookup(id); f != nil {
		o, _ := f.aux.(Object)
		return o
	}
	return nil
}

// CallOf returns the target of the call expression e, or nil.
func (p *Program) CallOf(e *syntax.CallExpr) *Call {
	if f := p.exprs.lookup(e); f != nil {
		c, _ := f.aux.(*Call)
		return c
	}
	return nil
}

func (p *Program) setType(e syntax.Expr, tv TypeAndValue) { p.exprs.setType(e, tv) }
func (p *Program) setUse(id *syntax.IdentExpr, o Object)  { p.exprs.at(id).aux = o }
func (p *Program) setCall(e *syntax.CallExpr, c *Call)    { p.exprs.at(e).aux = c }
