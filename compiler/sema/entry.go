package sema

import (
	"github.com/wgslgo/wgslgo/compiler/builtins"
	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/compiler/syntax"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// ioChecker validates the pipeline inputs and outputs of one entry point.
type ioChecker struct {
	c *checker
	f *Func
	// uses holds the builtins and locations seen so far, with where each last appeared;
	// index finds them once there are more than a few (an entry point has a handful: a
	// linear search of a slice costs less than making maps).
	uses        []ioUse
	index       map[ioKey]int
	hasPosition bool
	blendSrcs   []diag.Span
	outLocs     int
}

// ioKey is a builtin (by name) or a location (builtin ""), in one direction.
type ioKey struct {
	dir     builtins.Direction
	builtin string
	loc     int
}

type ioUse struct {
	key ioKey
	at  diag.Span
}

func newIOChecker(c *checker, f *Func) *ioChecker {
	return &ioChecker{c: c, f: f}
}

// see records a use of k at at, and returns the previous one, if any.
func (io *ioChecker) see(k ioKey, at diag.Span) (prev diag.Span, dup bool) {
	i := -1
	if io.index != nil {
		if j, ok := io.index[k]; ok {
			i = j
		}
	} else {
		for j := range io.uses {
			if io.uses[j].key == k {
				i = j
				break
			}
		}
	}
	if i >= 0 {
		prev, io.uses[i].at = io.uses[i].at, at
		return prev, true
	}
	io.uses = append(io.uses, ioUse{k, at})
	const linear = 16
	switch {
	case len(io.uses) == linear+1:
		io.index = make(map[ioKey]int, 2*linear)
		for j, u := range io.uses {
			io.index[u.key] = j
		}
	case len(io.uses) > linear+1:
		io.index[k] = len(io.uses) - 1
	}
	return diag.Span{}, false
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
			if m.IO.Builtin != "" && m.IO.Location >= 0 {
				io.c.errorAt(m.Span, "member '%s' of entry point IO structure '%s' cannot have both @builtin and @location", m.Name, s.Name)
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
		if prev, dup := io.see(ioKey{dir: dir, builtin: attrs.Builtin}, at); dup {
			e := c.errorAt(at, "@builtin(%s) appears twice in the %ss of entry point '%s'", attrs.Builtin, dirName(dir), f.name)
			c.note(e, prev, "first use is here")
		}
		if attrs.Builtin == "position" && dir == builtins.Output {
			io.hasPosition = true
		}
	case attrs.Location >= 0:
		if f.Stage == Compute {
			c.errorAt(at, "compute entry points have no @location inputs or outputs")
			return
		}
		if attrs.BlendSrc >= 0 {
			if f.Stage != Fragment || dir != builtins.Output {
				c.errorAt(at, "@blend_src is only valid on fragment outputs")
			} else {
				io.blendSrcs = append(io.blendSrcs, at)
			}
			io.see(ioKey{dir: dir, loc: attrs.Location}, at) // a later @location there is a duplicate
		} else if prev, dup := io.see(ioKey{dir: dir, loc: attrs.Location}, at); dup {
			e := c.errorAt(at, "@location(%d) appears twice in the %ss of entry point '%s'", attrs.Location, dirName(dir), f.name)
			c.note(e, prev, "first use is here")
		}
		if dir == builtins.Output {
			io.outLocs++
		}
		s := types.ElemScalar(t)
		interStage := (f.Stage == Vertex && dir == builtins.Output) || (f.Stage == Fragment && dir == builtins.Input)
		io.locationLimit(at, attrs.Location, dir, interStage)
		if s != nil && s.IsInteger() && interStage && attrs.Interpolate != "flat" {
			c.errorAt(at, "integer %s '%s' must be declared @interpolate(flat)", dirName(dir), name)
		}
	default:
		c.errorAt(at, "entry point %s '%s' needs @location or @builtin", dirName(dir), name)
	}
}

// locationLimit applies the limits of a @location: what Vulkan can number (MaxLocation), and
// with Options.WebGPULimits, WebGPU's default limits on vertex attributes, inter-stage
// variables and color attachments.
func (io *ioChecker) locationLimit(at diag.Span, loc int, dir builtins.Direction, interStage bool) {
	c := io.c
	if loc > MaxLocation {
		c.errorAt(at, "@location(%d) is beyond what any Vulkan device numbers: its interface limits count 4 components per location in 32 bits (at most @location(%d))", loc, MaxLocation)
		return
	}
	switch {
	case interStage && loc >= webgpuInterStageVars:
		c.webgpuLimit(at, "@location(%d) of an inter-stage variable: maxInterStageShaderVariables is %d", loc, webgpuInterStageVars)
	case io.f.Stage == Vertex && dir == builtins.Input && loc >= webgpuVertexAttributes:
		c.webgpuLimit(at, "@location(%d) of a vertex input: maxVertexAttributes is %d", loc, webgpuVertexAttributes)
	case io.f.Stage == Fragment && dir == builtins.Output && loc >= webgpuColorAttachments:
		c.webgpuLimit(at, "@location(%d) of a fragment output: maxColorAttachments is %d", loc, webgpuColorAttachments)
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

// structIO applies the interface rules that hold for every structure, used for IO or not:
// distinct locations, and the dual-source blending pair.
func (c *checker) structIO(d *syntax.StructDecl, s *types.Struct) {
	seen := map[[2]int]*types.Member{}
	var blend []*types.Member
	locations := 0
	for _, m := range s.Members {
		if m.IO.Location < 0 {
			if m.IO.BlendSrc >= 0 {
				blend = append(blend, m)
			}
			continue
		}
		locations++
		key := [2]int{m.IO.Location, m.IO.BlendSrc}
		if prev, dup := seen[key]; dup {
			e := c.errorAt(m.Span, "@location(%d) is used by both '%s' and '%s' in structure '%s'", m.IO.Location, prev.Name, m.Name, s.Name)
			c.note(e, prev.Span, "'%s' is here", prev.Name)
		}
		seen[key] = m
		if m.IO.BlendSrc >= 0 {
			blend = append(blend, m)
		}
	}
	if len(blend) == 0 {
		return
	}
	ok := len(blend) == 2 && locations == 2
	for _, m := range blend {
		if m.IO.Location != 0 {
			c.errorAt(m.Span, "member '%s' with @blend_src must be at @location(0)", m.Name)
			return
		}
	}
	if ok && (blend[0].IO.BlendSrc == blend[1].IO.BlendSrc || !types.Identical(blend[0].Type, blend[1].Type)) {
		ok = false
	}
	if !ok {
		c.errorAt(d.Name.Loc, "structure '%s' must have exactly two @location(0) members, @blend_src(0) and @blend_src(1), of the same type, and no other @location members", s.Name)
	}
}
