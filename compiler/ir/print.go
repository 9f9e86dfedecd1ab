package ir

import (
	"math"
	"strconv"
	"strings"

	"github.com/wgslgo/wgslgo/compiler/types"
)

// Print returns m as text, for golden tests and debugging. Values are renumbered in order of
// definition (named ones keep their names, made unique), so the text does not depend on how
// many values passes created and dropped; constants are written inline.
func Print(m *Module) string {
	p := &printer{m: m, names: make([]string, m.NumValues()), taken: map[string]bool{}}
	for _, o := range m.Overrides {
		p.def(o.Value)
	}
	for _, g := range m.Globals {
		p.def(g.Value)
	}
	for _, o := range m.Overrides {
		p.override(o)
	}
	for _, in := range m.Exprs.Insts {
		p.inst(in, 0)
	}
	for _, g := range m.Globals {
		p.global(g)
	}
	for _, f := range m.Funcs {
		p.fn(f)
	}
	return p.sb.String()
}

type printer struct {
	m     *Module
	sb    strings.Builder
	names []string
	taken map[string]bool
	next  int
}

func (p *printer) def(v Value) string {
	if v <= 0 || int(v) >= len(p.names) {
		return "%?"
	}
	if p.names[v] != "" {
		return p.names[v]
	}
	name := p.m.Name(v)
	if name == "" {
		p.next++
		name = strconv.Itoa(p.next)
	} else if p.taken[name] {
		base := name
		for i := 1; p.taken[name]; i++ {
			name = base + "_" + strconv.Itoa(i)
		}
	}
	p.taken[name] = true
	p.names[v] = "%" + name
	return p.names[v]
}

func (p *printer) val(v Value) string {
	if v == 0 {
		return "<none>"
	}
	if int(v) >= len(p.names) || v < 0 {
		return "%<bad " + strconv.Itoa(int(v)) + ">"
	}
	if c := p.m.Const(v); c != nil {
		return p.constant(c)
	}
	if p.names[v] == "" {
		return "%<undefined " + strconv.Itoa(int(v)) + ">"
	}
	return p.names[v]
}

func (p *printer) constant(c *Constant) string {
	if s, ok := c.Type.(*types.Scalar); ok {
		return FormatScalar(s, c.Bits)
	}
	var sb strings.Builder
	sb.WriteString(typeString(c.Type))
	sb.WriteByte('(')
	for i, e := range c.Elems {
		if i > 0 {
			sb.WriteString(", ")
		}
		sb.WriteString(p.val(e))
	}
	sb.WriteByte(')')
	return sb.String()
}

// FormatScalar spells a scalar constant the way WGSL would (1i, 2u, 0.5f, 1h, true).
func FormatScalar(s *types.Scalar, bits uint64) string {
	switch s.Kind {
	case types.KindBool:
		return strconv.FormatBool(bits != 0)
	case types.KindI32:
		return strconv.FormatInt(int64(int32(uint32(bits))), 10) + "i"
	case types.KindU32:
		return strconv.FormatUint(bits&0xffffffff, 10) + "u"
	case types.KindF32:
		return formatFloat(float64(math.Float32frombits(uint32(bits))), 32) + "f"
	case types.KindF16:
		return formatFloat(float64(F16ToF32(uint16(bits))), 32) + "h"
	}
	return "?"
}

func formatFloat(f float64, bits int) string {
	switch {
	case math.IsNaN(f):
		return "nan"
	case math.IsInf(f, 1):
		return "inf"
	case math.IsInf(f, -1):
		return "-inf"
	}
	return strconv.FormatFloat(f, 'g', -1, bits)
}

func (p *printer) override(o *Override) {
	p.sb.WriteString("override ")
	p.sb.WriteString(p.val(o.Value))
	p.sb.WriteString(": " + o.Type.String() + " @id(" + strconv.Itoa(int(o.ID)) + ")")
	if o.Default != 0 {
		p.sb.WriteString(" = " + p.val(o.Default))
		if p.m.Const(o.Default) == nil {
			p.sb.WriteString(" @flag_id(" + strconv.Itoa(int(o.FlagID)) + ")")
		}
	}
	p.sb.WriteByte('\n')
}

func (p *printer) global(g *Global) {
	p.sb.WriteString("var<" + g.Space.String())
	if g.Space == types.AddrStorage {
		p.sb.WriteString(", " + g.Access.String())
	}
	p.sb.WriteString("> " + p.val(g.Value) + ": " + typeString(g.Type))
	if g.Binding != nil {
		p.sb.WriteString(" @group(" + strconv.Itoa(int(g.Binding.Group)) + ") @binding(" +
			strconv.Itoa(int(g.Binding.Binding)) + ")")
	}
	p.sb.WriteString(formatIO(g.IO))
	if g.Init != 0 {
		p.sb.WriteString(" = " + p.val(g.Init))
	}
	p.sb.WriteByte('\n')
}

func formatIO(io types.IO) string {
	var s string
	if io.Builtin != "" {
		s += " @builtin(" + io.Builtin + ")"
	}
	if io.Location >= 0 {
		s += " @location(" + strconv.Itoa(io.Location) + ")"
	}
	if io.BlendSrc >= 0 {
		s += " @blend_src(" + strconv.Itoa(io.BlendSrc) + ")"
	}
	if io.Interpolate != "" {
		s += " @interpolate(" + io.Interpolate
		if io.Sampling != "" {
			s += ", " + io.Sampling
		}
		s += ")"
	}
	if io.Invariant {
		s += " @invariant"
	}
	return s
}

func (p *printer) fn(f *Func) {
	p.sb.WriteByte('\n')
	if f.Stage != StageNone {
		p.sb.WriteString("@" + f.Stage.String())
		if f.Stage == StageCompute {
			p.sb.WriteString(" @workgroup_size(")
			for i, v := range f.WorkgroupSize {
				if i > 0 {
					p.sb.WriteString(", ")
				}
				if v == 0 {
					p.sb.WriteString("1")
				} else {
					p.sb.WriteString(p.val(v))
				}
			}
			p.sb.WriteString(")")
		}
		p.sb.WriteByte('\n')
	}
	p.sb.WriteString("fn @" + f.Name + "(")
	for i, v := range f.Params {
		if i > 0 {
			p.sb.WriteString(", ")
		}
		p.sb.WriteString(p.def(v) + ": " + typeString(p.m.Type(v)))
		if i < len(f.ParamIO) {
			p.sb.WriteString(formatIO(f.ParamIO[i]))
		}
	}
	p.sb.WriteString(")")
	if f.Result != types.Type(types.VoidType) {
		p.sb.WriteString(" -> " + f.Result.String() + formatIO(f.ResultIO))
	}
	p.sb.WriteString(" {\n")
	p.block(f.Body, 1)
	p.sb.WriteString("}\n")
}

func (p *printer) block(blk *Block, depth int) {
	for _, in := range blk.Insts {
		p.inst(in, depth)
	}
}

func (p *printer) indent(depth int) {
	for i := 0; i < depth; i++ {
		p.sb.WriteString("  ")
	}
}

func (p *printer) args(vs []Value) string {
	var sb strings.Builder
	for i, v := range vs {
		if i > 0 {
			sb.WriteString(", ")
		}
		sb.WriteString(p.val(v))
	}
	return sb.String()
}

func (p *printer) inst(in *Inst, depth int) {
	p.indent(depth)
	if vs := in.Values(); len(vs) > 0 {
		for i, v := range vs {
			if i > 0 {
				p.sb.WriteString(", ")
			}
			p.sb.WriteString(p.def(v) + ": " + typeString(p.m.Type(v)))
		}
		p.sb.WriteString(" = ")
	}
	p.sb.WriteString(in.Op.String())
	switch in.Op {
	case OpBuiltin:
		p.sb.WriteString(" " + in.Builtin().String())
	case OpCall:
		if in.Callee == nil {
			p.sb.WriteString(" @?") // an invalid module, printed to show what is wrong
			break
		}
		p.sb.WriteString(" @" + in.Callee.Name)
	case OpSwizzle:
		const xyzw = "xyzw"
		p.sb.WriteString(" " + p.val(in.Args[0]) + ", ")
		for _, c := range in.Swizzle() {
			p.sb.WriteByte(xyzw[c])
		}
		p.sb.WriteByte('\n')
		return
	}
	if len(in.Args) > 0 {
		p.sb.WriteString(" " + p.args(in.Args))
	}
	switch in.Op {
	case OpIf:
		p.sb.WriteString(" {\n")
		p.block(in.Then(), depth+1)
		p.indent(depth)
		p.sb.WriteString("} else {\n")
		p.block(in.Else(), depth+1)
		p.indent(depth)
		p.sb.WriteString("}")
	case OpLoop:
		p.sb.WriteString(" {\n")
		p.block(in.Body(), depth+1)
		p.indent(depth)
		p.sb.WriteString("} continuing {\n")
		p.block(in.Continuing(), depth+1)
		p.indent(depth)
		p.sb.WriteString("}")
	case OpSwitch:
		p.sb.WriteString(" {\n")
		for i, c := range in.Cases() {
			p.indent(depth + 1)
			p.sb.WriteString("case ")
			p.sb.WriteString(p.args(c.Values))
			if c.Default {
				if len(c.Values) > 0 {
					p.sb.WriteString(", ")
				}
				p.sb.WriteString("default")
			}
			p.sb.WriteString(" {\n")
			if i < len(in.Blocks()) {
				p.block(in.Blocks()[i], depth+2)
			}
			p.indent(depth + 1)
			p.sb.WriteString("}\n")
		}
		p.indent(depth)
		p.sb.WriteString("}")
	}
	p.sb.WriteByte('\n')
}

// typeString spells t as WGSL does, except that a structure whose members all carry
// explicit offsets (a host-shareable layout twin) is marked "@layout Name".
func typeString(t types.Type) string {
	switch t := t.(type) {
	case *types.Struct:
		explicit := len(t.Members) > 0 && !t.Builtin
		for _, m := range t.Members {
			if m.Offset < 0 {
				explicit = false
			}
		}
		if explicit {
			return "@layout " + t.Name
		}
	case *types.Array:
		if !types.Contains(t, isExplicitStruct) {
			break
		}
		s := ""
		if t.Stride != 0 {
			s = "@stride(" + strconv.Itoa(t.Stride) + ") "
		}
		s += "array<" + typeString(t.Elem)
		switch {
		case t.CountOverride != nil:
			s += ", " + t.CountName
		case t.Count > 0:
			s += ", " + strconv.Itoa(t.Count)
		}
		return s + ">"
	case *types.Pointer:
		if types.Contains(t.Elem, isExplicitStruct) {
			s := "ptr<" + t.Space.String() + ", " + typeString(t.Elem)
			if t.Access != types.DefaultAccess(t.Space) || t.Space == types.AddrStorage && t.Access != types.Read {
				s += ", " + t.Access.String()
			}
			return s + ">"
		}
	}
	if t == nil {
		return "<nil>"
	}
	return t.String()
}

func isExplicitStruct(t types.Type) bool {
	s, ok := t.(*types.Struct)
	return ok && strings.HasPrefix(typeString(s), "@layout ")
}
