package backend

import (
	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/spirv"
)

// lineTable turns instruction positions into OpLine operands: the OpString of the source
// file, and the 1-based line and column (in code points) that diagnostics print.
type lineTable struct {
	file spirv.ID
	src  *diag.File
	// The last position resolved: consecutive instructions mostly share one.
	last      ir.Pos
	line, col uint32
}

func newLineTable(file spirv.ID, src *SourceFile) *lineTable {
	return &lineTable{file: file, src: diag.NewFile(src.Name, src.Text)}
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
		pos := lt.src.Position(p.Offset())
		lt.last, lt.line, lt.col = p, uint32(pos.Line), uint32(pos.Column)
	}
	e.fn.f.Line(lt.file, lt.line, lt.col)
}
