package sema

import (
	"github.com/wgslgo/wgslgo/compiler/builtins"
	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// ioChecker validates the pipeline inputs and outputs of one entry point.
type ioChecker struct {
	c           *checker
	f           *Func
	locations   map[builtins.Direction]map[int]diag.Span
	builtinSeen map[builtins.Direction]map[string]diag.Span
	hasPosition bool
	blendSrcs   []diag.Span
	outLocs     int
}

func newIOChecker(c *checker, f *Func) *ioChecker {
	return &ioChecker{
		c: c, f: f,
		locations:   map[builtins.Direction]map[int]diag.Span{builtins.Input: {}, builtins.Output: {}},
		builtinSeen: map[builtins.Direction]map[string]diag.Span{builtins.Input: {}, builtins.Output: {}},
	}
}

// value checks one parameter or the return value: either it has an IO attribute, or it is a
// structure whose members all have one.
func (io *ioChecker) value(at diag.Span, name string, t types.Type, attrs types.IO, dir builtins.Direction) {
	if s, ok := t.(*types.Struct); ok && attrs.Builtin == "" && attrs.Location < 0 {
		for _, m := range s.Members {
			if _, nested := m.Type.(*types.Struct); nested {
				io.c.errorAt(m.Span, "entry point IO structure '%s' cannot contain the nested structure member '%s'", s.Name, m.Name)
				continue
			}
			io.one(m.Span, m.Name, m.Type, m.IO, dir)
		}
		return
	}
	io.one(at, name, t, attrs, dir)
}

func (io *ioChecker) one(at diag.Span, name string, t types.Type, attrs types.IO, dir builtins.Direction) {
	c, f := io.c, io.f
	stage := builtinStage(f.Stage)
	switch {
	case attrs.Builtin != "":
		v, ok := builtins.LookupValue(attrs.Builtin)
		if !ok {
			return
		}
		if !v.Allowed(stage, dir) {
			c.errorAt(at, "@builtin(%s) cannot be a %s %s", attrs.Builtin, f.Stage, dirName(dir))
			return
		}
		if prev, dup := io.builtinSeen[dir][attrs.Builtin]; dup {
			e := c.errorAt(at, "@builtin(%s) appears twice in the %ss of entry point '%s'", attrs.Builtin, dirName(dir), f.name)
			c.note(e, prev, "first use is here")
		}
		io.builtinSeen[dir][attrs.Builtin] = at
		if attrs.Builtin == "position" && dir == builtins.Output {
			io.hasPosition = true
		}
	case attrs.Location >= 0:
		if f.Stage == Compute {
			c.errorAt(at, "compute entry points have no @location inputs or outputs")
			return
		}
		if attrs.BlendSrc >= 0 {
			io.blendSrcs = append(io.blendSrcs, at)
		} else if prev, dup := io.locations[dir][attrs.Location]; dup {
			e := c.errorAt(at, "@location(%d) appears twice in the %ss of entry point '%s'", attrs.Location, dirName(dir), f.name)
			c.note(e, prev, "first use is here")
		}
		io.locations[dir][attrs.Location] = at
		if dir == builtins.Output {
			io.outLocs++
		}
		s := types.ElemScalar(t)
		interStage := (f.Stage == Vertex && dir == builtins.Output) || (f.Stage == Fragment && dir == builtins.Input)
		if s != nil && s.IsInteger() && interStage && attrs.Interpolate != "flat" {
			c.errorAt(at, "integer %s '%s' must be declared @interpolate(flat)", dirName(dir), name)
		}
	default:
		c.errorAt(at, "entry point %s '%s' needs @location or @builtin", dirName(dir), name)
	}
}

// blendSrc applies the dual-source blending rules: @blend_src(0) and (1) both at location 0,
// and no other fragment outputs.
func (io *ioChecker) blendSrc() {
	if len(io.blendSrcs) == 0 {
		return
	}
	if len(io.blendSrcs) != 2 {
		io.c.errorAt(io.blendSrcs[0], "dual-source blending needs exactly two outputs, @blend_src(0) and @blend_src(1), at @location(0)")
		return
	}
	if io.outLocs != 2 {
		io.c.errorAt(io.blendSrcs[0], "with @blend_src, the fragment shader cannot have other @location outputs")
	}
}

func dirName(d builtins.Direction) string {
	if d == builtins.Input {
		return "input"
	}
	return "output"
}
