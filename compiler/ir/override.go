package ir

import (
	"slices"

	"github.com/wgslgo/wgslgo/compiler/builtins"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// CheckedOperands are the operands of an instruction that rules of pipeline creation apply
// to once override values make them known: the indices of an OpAccess or OpExtract into a
// composite (in bounds), the arguments of an OpBuiltin (constant.KnownArgs). The lowering
// records them for the operands written as const- or override-expressions (the values a
// pipeline knows) where at least one is an override-expression, or where the indexed array
// is override-sized; transform.SubstituteOverrides applies the rules and drops the records.
type CheckedOperands struct {
	// Spans holds where each operand is written: the zero Span for the operands a pipeline
	// does not know (runtime values), which the rules leave alone.
	Spans []Span
	// Overload is the overload an OpBuiltin calls.
	Overload *builtins.Resolved
}

// CheckOperands records c for in.
func (m *Module) CheckOperands(in *Inst, c *CheckedOperands) {
	if m.checked == nil {
		m.checked = map[*Inst]*CheckedOperands{}
	}
	m.checked[in] = c
}

// CheckedOperands returns what CheckOperands recorded for in, or nil.
func (m *Module) CheckedOperands(in *Inst) *CheckedOperands { return m.checked[in] }

// ClearCheckedOperands forgets every CheckOperands record.
func (m *Module) ClearCheckedOperands() { m.checked = nil }

// NewOverrideAfter adds an override like NewOverride, placed right after prev in Overrides
// (and so in the SPIR-V).
func (m *Module) NewOverrideAfter(prev *Override, name string, t *types.Scalar, id uint32, def Value) *Override {
	o := m.NewOverride(name, t, id, def)
	i := slices.Index(m.Overrides, prev) + 1
	copy(m.Overrides[i+1:], m.Overrides[i:len(m.Overrides)-1])
	m.Overrides[i] = o
	m.reindexOverrides()
	return o
}

// Substitute makes the override o the constant c, which must have its type: o leaves
// Overrides for Substituted, with c as its Default, and every use of o becomes a use of c.
func (m *Module) Substitute(o *Override, c Value) {
	m.Substitutes(map[*Override]Value{o: c})
}

// Substitutes is Substitute for several overrides at once.
func (m *Module) Substitutes(values map[*Override]Value) {
	repl := make(map[Value]Value, len(values))
	for o, c := range values {
		repl[o.Value] = c
	}
	ReplaceValues(m, repl)
	m.ReplaceArrayCounts(repl)
	out := m.Overrides[:0]
	for _, o := range m.Overrides {
		if c, ok := values[o]; ok {
			o.Default, o.FlagID = c, 0
			m.values[o.Value].kind = KindNone
			m.Substituted = append(m.Substituted, o)
			continue
		}
		out = append(out, o)
	}
	clear(m.Overrides[len(out):])
	m.Overrides = out
	m.reindexOverrides()
}

func (m *Module) reindexOverrides() {
	for i, o := range m.Overrides {
		m.values[o.Value].idx = int32(i)
	}
}
