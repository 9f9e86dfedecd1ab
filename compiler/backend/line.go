package backend

import (
	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/spirv"
)

// lineTable turns instruction positions into OpLine operands: the OpString of the source
// file that holds the position, and the 1-based line and column (in code points) that
// diagnostics print.
type lineTable struct {
	ids   map[*diag.File]spirv.ID
	files []*diag.File
	src   *diag.File // the files as one position space
	// The last position resolved: consecutive instructions mostly share one.
	last      ir.Pos
	file      spirv.ID
	line, col uint32
}

func (lt *lineTable) add(id spirv.ID, src *SourceFile) {
	f := diag.NewFile(src.Name, src.Text)
	f.Base = src.Base
	if lt.ids == nil {
		lt.ids = map[*diag.File]spirv.ID{}
	}
	lt.ids[f] = id
	lt.files = append(lt.files, f)
	lt.src = f
	if len(lt.files) > 1 {
		lt.src = diag.NewSet(lt.files...)
	}
}

// setLine makes p the source position of the SPIR-V instructions emitted next: OpLine
// for a position, OpNoLine for none (instructions the compiler added without one, which
// must not seem to belong to the line before).
func (e *emitter) setLine(p ir.Pos) {
	lt := e.lines
	if lt == nil {
		return
	}
	if !p.IsValid() {
		e.fn.f.NoLine()
		return
	}
	if p != lt.last {
		f := lt.src.Resolve(p.Offset())
		pos := f.Position(p.Offset())
		lt.last, lt.file, lt.line, lt.col = p, lt.ids[f], uint32(pos.Line), uint32(pos.Column)
	}
	e.fn.f.Line(lt.file, lt.line, lt.col)
}
