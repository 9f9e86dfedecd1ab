package spirv

import (
	"encoding/binary"
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Module is a parsed SPIR-V binary: enough structure for tests to find
// instructions, decorations and names again. It does not validate beyond
// the binary's framing (use spirv-val for that).
type Module struct {
	Version   Version
	Generator uint32
	Bound     uint32
	Insts     []Inst

	defs map[ID]int // result id → index in Insts
}

// Inst is one instruction.
type Inst struct {
	Op    Op
	Words []uint32 // the whole instruction, starting with its opcode word
}

// Annotation is one decoration found by Module.Decorations.
type Annotation struct {
	Decoration Decoration
	Args       []uint32 // the decoration's operands (literals or ids)
}

// ParseBytes parses a module from its byte form, in either byte order.
func ParseBytes(data []byte) (*Module, error) {
	if len(data)%4 != 0 {
		return nil, fmt.Errorf("spirv: %d bytes is not a whole number of words", len(data))
	}
	var order binary.ByteOrder = binary.LittleEndian
	if len(data) >= 4 && binary.BigEndian.Uint32(data) == MagicNumber {
		order = binary.BigEndian
	}
	words := make([]uint32, len(data)/4)
	for i := range words {
		words[i] = order.Uint32(data[4*i:])
	}
	return Parse(words)
}

// Parse parses a module from its words. It checks the header and that
// every instruction fits the module and defines ids below the bound, once.
func Parse(words []uint32) (*Module, error) {
	if len(words) < 5 {
		return nil, errors.New("spirv: module shorter than its 5-word header")
	}
	if words[0] != MagicNumber {
		return nil, fmt.Errorf("spirv: bad magic number %#08x", words[0])
	}
	if words[4] != 0 {
		return nil, fmt.Errorf("spirv: header schema word is %d, want 0", words[4])
	}
	m := &Module{Version: Version(words[1]), Generator: words[2], Bound: words[3], defs: map[ID]int{}}
	for off := 5; off < len(words); {
		n := int(words[off] >> 16)
		op := Op(words[off])
		if n == 0 || off+n > len(words) {
			return nil, fmt.Errorf("spirv: word %d: %v with word count %d overruns the module", off, op, n)
		}
		in := Inst{Op: op, Words: words[off : off+n : off+n]}
		if id := in.Result(); id != 0 {
			if id >= m.Bound {
				return nil, fmt.Errorf("spirv: word %d: %v defines %%%d, not below the bound %d", off, op, id, m.Bound)
			}
			if _, dup := m.defs[id]; dup {
				return nil, fmt.Errorf("spirv: word %d: %%%d defined twice", off, id)
			}
			m.defs[id] = len(m.Insts)
		} else if info := op.info(); info != nil && info.hasResult {
			return nil, fmt.Errorf("spirv: word %d: %v is too short for its result id", off, op)
		}
		m.Insts = append(m.Insts, in)
		off += n
	}
	return m, nil
}

// Operands returns the words after the opcode word (result type and result
// id included).
func (in Inst) Operands() []uint32 { return in.Words[1:] }

// Result returns the id the instruction defines, or 0.
func (in Inst) Result() ID {
	info := in.Op.info()
	if info == nil || !info.hasResult {
		return 0
	}
	i := 1
	if info.hasType {
		i = 2
	}
	if i < len(in.Words) {
		return in.Words[i]
	}
	return 0
}

// Def returns the instruction that defines id.
func (m *Module) Def(id ID) (Inst, bool) {
	i, ok := m.defs[id]
	if !ok {
		return Inst{}, false
	}
	return m.Insts[i], true
}

// Find returns the instructions with opcode op, in module order.
func (m *Module) Find(op Op) []Inst {
	var r []Inst
	for _, in := range m.Insts {
		if in.Op == op {
			r = append(r, in)
		}
	}
	return r
}

// Decorations returns the decorations of id (OpDecorate and OpDecorateId).
func (m *Module) Decorations(id ID) []Annotation {
	var r []Annotation
	for _, in := range m.Insts {
		if (in.Op == OpDecorate || in.Op == OpDecorateId) && len(in.Words) >= 3 && in.Words[1] == id {
			r = append(r, Annotation{Decoration(in.Words[2]), in.Words[3:]})
		}
	}
	return r
}

// MemberDecorations returns the decorations of member of struct type st.
func (m *Module) MemberDecorations(st ID, member uint32) []Annotation {
	var r []Annotation
	for _, in := range m.Insts {
		if in.Op == OpMemberDecorate && len(in.Words) >= 4 && in.Words[1] == st && in.Words[2] == member {
			r = append(r, Annotation{Decoration(in.Words[3]), in.Words[4:]})
		}
	}
	return r
}

// Decoration returns the operands of decoration d of id, and whether id has
// it.
func (m *Module) Decoration(id ID, d Decoration) ([]uint32, bool) {
	return findAnnotation(m.Decorations(id), d)
}

// MemberDecoration returns the operands of decoration d of a struct member,
// and whether the member has it.
func (m *Module) MemberDecoration(st ID, member uint32, d Decoration) ([]uint32, bool) {
	return findAnnotation(m.MemberDecorations(st, member), d)
}

func findAnnotation(as []Annotation, d Decoration) ([]uint32, bool) {
	for _, a := range as {
		if a.Decoration == d {
			return a.Args, true
		}
	}
	return nil, false
}

// Name returns the OpName of id, or "".
func (m *Module) Name(id ID) string {
	for _, in := range m.Insts {
		if in.Op == OpName && len(in.Words) > 2 && in.Words[1] == id {
			s, _, _ := decodeString(in.Words[2:])
			return s
		}
	}
	return ""
}

// MemberName returns the OpMemberName of a struct member, or "".
func (m *Module) MemberName(st ID, member uint32) string {
	for _, in := range m.Insts {
		if in.Op == OpMemberName && len(in.Words) > 3 && in.Words[1] == st && in.Words[2] == member {
			s, _, _ := decodeString(in.Words[3:])
			return s
		}
	}
	return ""
}

// Lookup returns the first id named name by OpName, or else the first entry point of that
// name (whose function needs no OpName), or 0.
func (m *Module) Lookup(name string) ID {
	for _, in := range m.Insts {
		if in.Op == OpName && len(in.Words) > 2 {
			if s, _, _ := decodeString(in.Words[2:]); s == name {
				return in.Words[1]
			}
		}
	}
	for _, in := range m.Insts {
		if in.Op == OpEntryPoint && len(in.Words) > 3 {
			if s, _, _ := decodeString(in.Words[3:]); s == name {
				return in.Words[2]
			}
		}
	}
	return 0
}

// String disassembles the module, one instruction per line, in a form close
// to spirv-dis --raw-id (enum operand parameters print as plain numbers).
func (m *Module) String() string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "; SPIR-V %v\n; Generator: %#x\n; Bound: %d\n", m.Version, m.Generator, m.Bound)
	for _, in := range m.Insts {
		sb.WriteString(in.String())
		sb.WriteByte('\n')
	}
	return sb.String()
}

// String disassembles one instruction.
func (in Inst) String() string {
	var sb strings.Builder
	info := in.Op.info()
	ops := in.Words[1:]
	if info == nil {
		sb.WriteString(in.Op.String())
		writeWords(&sb, ops)
		return sb.String()
	}
	var typ ID
	if info.hasType && len(ops) > 0 {
		typ, ops = ops[0], ops[1:]
	}
	if info.hasResult && len(ops) > 0 {
		sb.WriteString("%" + strconv.FormatUint(uint64(ops[0]), 10) + " = ")
		ops = ops[1:]
	}
	sb.WriteString(info.name)
	if typ != 0 {
		sb.WriteString(" %" + strconv.FormatUint(uint64(typ), 10))
	}
	for k := 0; len(ops) > 0; {
		if k >= len(info.operands) {
			// Operands the table does not describe: enumerant parameters.
			writeWords(&sb, ops)
			break
		}
		od := info.operands[k]
		ops = ops[writeOperand(&sb, od.kind, ops):]
		if od.quant != quantVariadic {
			k++
		}
	}
	return sb.String()
}

// writeOperand writes one operand of kind k from the start of ops and
// returns the number of words it took.
func writeOperand(sb *strings.Builder, k operandKind, ops []uint32) int {
	id := func(w uint32) { sb.WriteString(" %" + strconv.FormatUint(uint64(w), 10)) }
	num := func(w uint32) { sb.WriteString(" " + strconv.FormatUint(uint64(w), 10)) }
	switch k {
	case kindLiteralString:
		s, n, _ := decodeString(ops)
		sb.WriteString(" " + strconv.Quote(s))
		return n
	case kindLiteralSpecConstantOpInteger:
		sb.WriteString(" " + Op(ops[0]).String())
		return 1
	case kindPairLiteralIntegerIdRef, kindPairIdRefLiteralInteger, kindPairIdRefIdRef:
		if len(ops) < 2 {
			writeWords(sb, ops)
			return len(ops)
		}
		switch k {
		case kindPairLiteralIntegerIdRef:
			num(ops[0])
			id(ops[1])
		case kindPairIdRefLiteralInteger:
			id(ops[0])
			num(ops[1])
		default:
			id(ops[0])
			id(ops[1])
		}
		return 2
	}
	switch kindCategories[k] {
	case categoryID:
		id(ops[0])
	case categoryValueEnum, categoryBitEnum:
		sb.WriteString(" " + enumName(k, ops[0]))
	default:
		num(ops[0])
	}
	return 1
}

func writeWords(sb *strings.Builder, ws []uint32) {
	for _, w := range ws {
		sb.WriteString(" " + strconv.FormatUint(uint64(w), 10))
	}
}
