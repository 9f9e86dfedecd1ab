// Package ir is wgslgo's intermediate representation: structured SSA between the checked
// program and SPIR-V.
//
// # Values
//
// A Value is a small integer naming something with a type: a constant, a global variable (its
// pointer), an override (a specialisation constant), a function parameter, or the result of
// an instruction. Values are numbered per module; 0 is "no value". A value is immutable once
// defined: memory changes only through variables, pointers, loads and stores.
//
// # Structured control flow
//
// A function body is a Block: a list of instructions executed in order. Control flow is
// structured: OpIf, OpLoop and OpSwitch are instructions that own nested blocks, run them,
// and then let execution continue with the next instruction of the enclosing block. Every
// block ends with exactly one terminator, which says where control goes next:
//
//   - OpExitIf leaves the If whose then/else block it ends,
//   - OpBreak leaves the innermost loop or switch (from any depth of nested ifs),
//   - OpContinue goes to the innermost loop's continuing block,
//   - OpBreakIf / OpNextIteration end a continuing block (leave or iterate),
//   - OpReturn, OpKill and OpUnreachable leave the function.
//
// # Values out of constructs
//
// Ifs and switches may produce values: their Results are defined when the construct
// completes, and every exit supplies them as operands (OpExitIf for an if, OpBreak for a
// switch). The backend turns them into OpPhi at the merge block. This is how the lowering
// should express short-circuit && and || and conditional expressions. Loops produce no
// values, and values do not flow around a loop's back edge: loop-carried state lives in
// function variables (OpVar), which is what WGSL source has anyway.
//
// A value is visible after its definition in the same block and in every block nested in
// later instructions of that block; it is not visible outside its block. A loop's continuing
// block also sees the values of the loop body's top-level block that are defined before
// the first instruction from which a continue is possible. Validate checks these rules.
//
// # Module scope
//
// Module-scope values are constants, globals, overrides, and the results of the module's
// Exprs block: pure instructions over constants and overrides (override-expressions, which
// the backend emits as OpSpecConstantOp). They are visible everywhere. From the lowering to
// transform.SpecConstants, Exprs holds every override-expression of the module-scope
// declarations, @const builtins and OpOverride included; SpecConstants leaves only what
// specialisation constants compute.
package ir

import (
	"slices"
	"sync"

	"github.com/wgslgo/wgslgo/compiler/abi"
	"github.com/wgslgo/wgslgo/compiler/builtins"
	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// Pos is a source position: the byte offset of the WGSL construct in the source plus one, so
// that the zero Pos means "no position". The lowering records the position of every
// instruction (the operator of a binary expression, the start of other expressions and of
// statements) and of every function; the transforms give the instructions they create the
// position of the one they expand (see Builder.SetInsertBefore); the backend turns
// positions into OpLine, and the passes place their diagnostics with them (see Span).
type Pos uint32

// NoPos is the position of instructions that have none.
const NoPos Pos = 0

// PosOf returns the Pos of a byte offset (NoPos for diag.NoPos).
func PosOf(off diag.Pos) Pos {
	if off < 0 {
		return NoPos
	}
	return Pos(off) + 1
}

// Offset returns the byte offset p stands for, or diag.NoPos.
func (p Pos) Offset() diag.Pos { return diag.Pos(p) - 1 }

// IsValid reports whether p is a position.
func (p Pos) IsValid() bool { return p != NoPos }

// Span is the source range of a construct, [Start, End) as Pos values: what the diagnostics
// of a pass underline. The zero Span is no range.
type Span struct {
	Start, End Pos
}

// SpanOf returns the Span of a range of byte offsets.
func SpanOf(s diag.Span) Span { return Span{PosOf(s.Start), PosOf(s.End)} }

// IsValid reports whether s is a range.
func (s Span) IsValid() bool { return s.Start.IsValid() }

// Diag returns the range of byte offsets s stands for (diag.NoPos when it is none).
func (s Span) Diag() diag.Span { return diag.Span{Start: s.Start.Offset(), End: s.End.Offset()} }

// Value names a typed value of a Module. The zero Value means "none".
type Value int32

// ValueKind says what defines a value.
type ValueKind uint8

const (
	KindNone     ValueKind = iota
	KindConst              // a constant (Module.Const)
	KindGlobal             // the pointer to a global variable (Module.Global)
	KindOverride           // an override (Module.Override)
	KindParam              // a function parameter
	KindInst               // the result of an instruction
)

// valueInfo is kept small: names and the functions of parameters live in side maps.
type valueInfo struct {
	typ  types.Type
	inst *Inst // KindInst: the defining instruction
	idx  int32 // index into consts, Globals, Overrides or Func.Params
	kind ValueKind
}

// Stage is a pipeline stage, or StageNone for a function that is not an entry point.
type Stage uint8

const (
	StageNone Stage = iota
	StageVertex
	StageFragment
	StageCompute
)

var stageNames = [...]string{"", "vertex", "fragment", "compute"}

func (s Stage) String() string { return stageNames[s] }

// Module is a whole program: everything is kept in declaration order so that the output is
// deterministic.
type Module struct {
	values []valueInfo
	// nameOf indexes names by value (1 + index, 0 for none): a table rather than a map,
	// since the backend asks for the name of every value it emits.
	nameOf     []int32
	names      []string
	paramFuncs map[Value]*Func

	consts   []Constant
	constIdx map[constKey]Value
	// scalarIdx finds the scalar constants (kind<<56 | bits).
	scalarIdx map[uint64]Value

	Globals   []*Global
	Overrides []*Override
	// Substituted are the overrides that transform.SubstituteOverrides gave the values the
	// compilation fixed: they are constants now, their Default, and no longer in Overrides.
	Substituted []*Override
	// Exprs holds the module-scope override-expressions (pure instructions, and @const
	// builtins until transform.SpecConstants, whose operands are constants, overrides and
	// earlier results of Exprs). It has no terminator.
	Exprs *Block
	Funcs []*Func

	// arrayCounts maps types.Array.CountOverride keys to the module-scope value of the count.
	arrayCounts map[any]Value
	// checked holds the operands of instructions that pipeline creation checks once override
	// values make them known (see CheckOperands).
	checked map[*Inst]*CheckedOperands

	// Slabs that instructions and operand lists are allocated from: the chunk being filled
	// of each, and every chunk the module took (see slab).
	instSlab   []Inst
	ctlSlab    []control
	argSlab    []Value
	instChunks slab[Inst]
	ctlChunks  slab[control]
	argChunks  slab[Value]
	// Chunks that blocks, the instruction lists of blocks and the block lists of constructs
	// are taken from as they grow (see growList).
	blockSlab        []Block
	instLists        []*Inst
	blockLists       []*Block
	blockChunks      slab[Block]
	instListChunks   slab[*Inst]
	blockListsChunks slab[*Block]
	// Slabs that functions and globals are allocated from.
	funcSlab     []Func
	globalSlab   []Global
	funcChunks   slab[Func]
	globalChunks slab[Global]
	// argTypes is Builder.Builtin's scratch list of operand types, resolveArgs
	// builtinResultType's.
	argTypes, resolveArgs []types.Type
	// builtinResults are the answers of builtinResultType so far; builtinBuckets lists them
	// by function (1 + the index of the latest of each bucket).
	builtinResults []builtinResult
	builtinBuckets [builtinBuckets]uint8
	// staging is the one Staging returns.
	staging Staging
	// validator is Validate's state, kept for the next validation.
	validator validator
}

// slab hands out the chunks a module allocates from and keeps each, so that Release can
// give them, cleared, to the next module.
type slab[T any] struct {
	chunks [][]T // the chunks made, in order; the first used of them are the module's
	used   int
}

// next returns an empty chunk with room for n elements: a released module's next chunk
// (whose room is about n, as modules take chunks in the same order) or a new one.
func (s *slab[T]) next(n int) []T {
	if s.used < len(s.chunks) && cap(s.chunks[s.used]) >= n {
		s.used++
		return s.chunks[s.used-1][:0]
	}
	c := make([]T, 0, n)
	if s.used < len(s.chunks) {
		s.chunks[s.used] = c
	} else {
		s.chunks = append(s.chunks, c)
	}
	s.used++
	return c
}

// reset clears the chunks handed out (they may hold pointers into the module) for the next
// module. last is the part of the last chunk handed out that was filled: past it, the chunk
// is as clear as it was made.
func (s *slab[T]) reset(last []T) {
	for i, c := range s.chunks[:s.used] {
		if i == s.used-1 {
			clear(c[:len(last)])
		} else {
			clear(c[:cap(c)])
		}
	}
	s.used = 0
}

// NewModule returns an empty module.
func NewModule() *Module {
	m, _ := modules.Get().(*Module)
	if m == nil {
		return &Module{values: make([]valueInfo, 1, 8), constIdx: map[constKey]Value{},
			paramFuncs: map[Value]*Func{}, Exprs: &Block{}}
	}
	return m
}

// modules keeps the modules that Release gave back, emptied: a process that compiles many
// shaders (a batch, a build tool, a server) fills the same value table, slabs and maps
// again rather than allocating new ones and collecting the old.
var modules sync.Pool // of *Module

// Release empties m and gives its memory to the modules made after it in the process: m,
// and everything of it (functions, blocks, instructions), must not be used afterwards. It is
// for the owner of a module that is done with it, such as a compilation once the module is
// emitted.
func (m *Module) Release() {
	clear(m.values)
	clear(m.nameOf)
	clear(m.names)
	clear(m.consts)
	clear(m.constIdx)
	clear(m.scalarIdx)
	clear(m.paramFuncs)
	clear(m.Globals)
	clear(m.Overrides)
	clear(m.Substituted)
	clear(m.Funcs)
	clear(m.argTypes[:cap(m.argTypes)])
	clear(m.resolveArgs[:cap(m.resolveArgs)])
	clear(m.builtinResults)
	m.instChunks.reset(m.instSlab)
	m.ctlChunks.reset(m.ctlSlab)
	m.argChunks.reset(m.argSlab)
	m.blockChunks.reset(m.blockSlab)
	m.instListChunks.reset(m.instLists)
	m.blockListsChunks.reset(m.blockLists)
	m.funcChunks.reset(m.funcSlab)
	m.globalChunks.reset(m.globalSlab)
	*m.Exprs = Block{}
	*m = Module{
		values: m.values[:1], nameOf: m.nameOf[:0], names: m.names[:0], paramFuncs: m.paramFuncs,
		consts: m.consts[:0], constIdx: m.constIdx, scalarIdx: m.scalarIdx,
		Globals: m.Globals[:0], Overrides: m.Overrides[:0], Substituted: m.Substituted[:0],
		Exprs: m.Exprs, Funcs: m.Funcs[:0],
		instChunks: m.instChunks, ctlChunks: m.ctlChunks, argChunks: m.argChunks,
		blockChunks: m.blockChunks, instListChunks: m.instListChunks, blockListsChunks: m.blockListsChunks,
		funcChunks: m.funcChunks, globalChunks: m.globalChunks,
		argTypes: m.argTypes[:0], resolveArgs: m.resolveArgs[:0], builtinResults: m.builtinResults[:0],
		staging: Staging{marks: m.staging.marks[:0]}, validator: m.validator,
	}
	modules.Put(m)
}

// Reserve makes room for n more values, so that a builder that knows roughly how many it
// will create does not copy the value table as it grows, and sizes the first instruction
// slab for about as many instructions.
func (m *Module) Reserve(n int) {
	m.values = slices.Grow(m.values, n)
	if cap(m.instSlab) == 0 {
		// About as many instructions as values: the first slab fits a small module whole.
		m.instSlab = m.instChunks.next(min(max(n, 16), maxInstSlab))
	}
}

func (m *Module) newValue(t types.Type, kind ValueKind) Value {
	m.values = append(m.values, valueInfo{typ: t, kind: kind})
	return Value(len(m.values) - 1)
}

// NumValues is one more than the largest Value of m, for tables indexed by Value.
func (m *Module) NumValues() int { return len(m.values) }

// Type returns the type of v.
func (m *Module) Type(v Value) types.Type { return m.values[v].typ }

// Kind returns what defines v.
func (m *Module) Kind(v Value) ValueKind { return m.values[v].kind }

// Name returns the source name of v, or "".
func (m *Module) Name(v Value) string {
	if v < 0 || int(v) >= len(m.nameOf) || m.nameOf[v] == 0 {
		return ""
	}
	return m.names[m.nameOf[v]-1]
}

// SetName records a source name for v (used for OpName and by the printer).
func (m *Module) SetName(v Value, name string) {
	if int(v) >= len(m.nameOf) {
		if name == "" {
			return
		}
		if int(v) >= cap(m.nameOf) {
			// Room for the values reserved (the elements past the length are zero).
			m.nameOf = slices.Grow(m.nameOf, max(int(v)+1, cap(m.values))-len(m.nameOf))
		}
		m.nameOf = m.nameOf[:int(v)+1]
	}
	if name == "" {
		m.nameOf[v] = 0
		return
	}
	if i := m.nameOf[v]; i != 0 {
		m.names[i-1] = name
		return
	}
	m.names = append(m.names, name)
	m.nameOf[v] = int32(len(m.names))
}

// Def returns the instruction defining v, or nil if v is not an instruction result.
func (m *Module) Def(v Value) *Inst {
	if v <= 0 || int(v) >= len(m.values) {
		return nil
	}
	return m.values[v].inst
}

// Const returns the constant v, or nil if v is not a constant.
func (m *Module) Const(v Value) *Constant {
	if v <= 0 || int(v) >= len(m.values) || m.values[v].kind != KindConst {
		return nil
	}
	return &m.consts[m.values[v].idx]
}

// Global returns the global variable whose pointer is v, or nil.
func (m *Module) Global(v Value) *Global {
	if v <= 0 || int(v) >= len(m.values) || m.values[v].kind != KindGlobal {
		return nil
	}
	return m.Globals[m.values[v].idx]
}

// Override returns the override v, or nil.
func (m *Module) Override(v Value) *Override {
	if v <= 0 || int(v) >= len(m.values) || m.values[v].kind != KindOverride {
		return nil
	}
	return m.Overrides[m.values[v].idx]
}

// ParamFunc returns the function of which v is a parameter and its index, or nil.
func (m *Module) ParamFunc(v Value) (*Func, int) {
	if v <= 0 || int(v) >= len(m.values) || m.values[v].kind != KindParam {
		return nil, -1
	}
	return m.paramFuncs[v], int(m.values[v].idx)
}

// IsModuleScope reports whether v is visible everywhere: a constant, global, override or a
// result of the module's Exprs.
func (m *Module) IsModuleScope(v Value) bool {
	switch m.values[v].kind {
	case KindConst, KindGlobal, KindOverride:
		return true
	case KindInst:
		return m.values[v].inst.Block == m.Exprs
	}
	return false
}

// BindingPoint is a resource's @group and @binding.
type BindingPoint = abi.BindingPoint

// Global is a module-scope variable. Pipeline inputs and outputs are globals in the AddrIn
// and AddrOut spaces (the ShaderIO transform creates them from entry-point parameters and
// results).
type Global struct {
	Name   string
	Value  Value // its pointer: ptr<Space, Type, Access>
	Space  types.AddressSpace
	Access types.Access
	Type   types.Type // the store type
	// Binding is the resource binding of uniform, storage and handle variables.
	Binding *BindingPoint
	// Init is the initializer of a private variable: a module-scope value, or 0 (zero).
	Init Value
	// IO holds the interface attributes of AddrIn and AddrOut variables.
	IO types.IO
	// Span is where the variable is named, DeclSpan its whole declaration, TypeSpan its type
	// (its name when the type is inferred): where the diagnostics of the passes about it go.
	Span, DeclSpan, TypeSpan Span
}

// Override is a pipeline-overridable constant.
type Override struct {
	Name  string
	Value Value
	Type  *types.Scalar
	// ID is the SPIR-V SpecId: @id(n) or an id assigned by the lowering (reflection reports it).
	ID uint32
	// Default is the value when the pipeline does not set one: a constant, a result of
	// Module.Exprs (an expression of other overrides), or 0 if there is none (the pipeline
	// must set it; SPIR-V gets zero).
	Default Value
	// FlagID is used when Default is an expression: SPIR-V spec constants have literal
	// defaults only, so the override becomes select(flag, raw, Default) where raw has SpecId
	// ID and flag, a bool spec constant with SpecId FlagID (abi.OverrideFlagID), must be set
	// to true by a pipeline that sets the override.
	FlagID uint32
	// Span is where the override is named.
	Span Span
	// Outside marks an override that is part of no kept entry point's shader (the lowering
	// kept one entry point, which does not use it): pipeline creation never evaluates its
	// default, so the passes report nothing about it and drop a default they cannot compute.
	Outside bool
}

// Func is a function. Entry points have a Stage; their parameters and result carry
// interface attributes until the ShaderIO transform replaces them with globals.
type Func struct {
	Name   string
	Params []Value
	// ParamIO holds the interface attributes of each parameter (entry points only; for
	// structure parameters the members carry them).
	ParamIO []types.IO
	Result  types.Type // types.VoidType for none
	// ResultIO holds the result's interface attributes (entry points only).
	ResultIO types.IO
	Body     *Block
	Stage    Stage
	// WorkgroupSize of a compute entry point: each a u32/i32 constant or module-scope value
	// (an override or an override-expression); 0 stands for 1. WorkgroupSpan are where they
	// are written.
	WorkgroupSize [3]Value
	WorkgroupSpan [3]Span
	// SubgroupSize is a compute entry point's @subgroup_size: a constant, or until
	// transform.SpecConstants an override-expression of Module.Exprs, which the pass makes 0
	// (not known at compile time) when override values have not made it a constant. It is not
	// part of the SPIR-V (Vulkan takes it at pipeline creation): reflection reports it.
	// SubgroupSpan is where it is written.
	SubgroupSize Value
	SubgroupSpan Span
	// Pos is the position of the function's name, Span the name.
	Pos  Pos
	Span Span

	module *Module
	// ops holds every operation an instruction of the body has had: a superset of those it
	// has now (removing an instruction leaves its operation in), so that a pass that
	// rewrites some operations can skip the functions that have none (MayHave).
	ops opSet
	// fns holds, likewise, the builtin functions of its OpBuiltin instructions (MayCall).
	fns fnSet
}

// opSet is a set of operations.
type opSet [4]uint64

func (s *opSet) add(op Op)      { s[op>>6] |= 1 << (op & 63) }
func (s *opSet) has(op Op) bool { return s[op>>6]&(1<<(op&63)) != 0 }

// fnSet is a set of builtin functions and of their classes; a function beyond the bits
// counts as every one.
type fnSet struct {
	bits    [4]uint64
	classes uint64
	over    bool
}

func (s *fnSet) add(fn builtins.Fn) {
	if int(fn) >= 64*len(s.bits) {
		s.over = true
		return
	}
	s.bits[fn>>6] |= 1 << (fn & 63)
	s.classes |= 1 << (fn.Class() & 63)
}

// MayCall reports whether f's body may hold an OpBuiltin of fn: false means that it holds
// none. Like MayHave, it counts what a Builder, CloneFunc and Inst.SetAux made.
func (f *Func) MayCall(fn builtins.Fn) bool {
	return f.fns.over || int(fn) < 64*len(f.fns.bits) && f.fns.bits[fn>>6]&(1<<(fn&63)) != 0
}

// MayCallClass reports whether f's body may hold an OpBuiltin of a function of class c.
func (f *Func) MayCallClass(c builtins.Class) bool {
	return f.fns.over || f.fns.classes&(1<<(c&63)) != 0
}

// MayHave reports whether f's body may hold an instruction with operation op: false means
// that it holds none. Instructions added by a Builder or CloneFunc, and operations changed
// with Inst.SetOp, are counted.
func (f *Func) MayHave(op Op) bool { return f.ops.has(op) }

// Module returns the module f belongs to.
func (f *Func) Module() *Module { return f.module }

// Block is a list of instructions ending in a terminator.
type Block struct {
	Insts []*Inst
	// Parent is the construct owning the block; nil for a function body and Module.Exprs.
	Parent *Inst
	Func   *Func
}

// Terminator returns the block's last instruction if it is a terminator, else nil.
func (b *Block) Terminator() *Inst {
	if n := len(b.Insts); n > 0 && b.Insts[n-1].Op.IsTerminator() {
		return b.Insts[n-1]
	}
	return nil
}

// Case is one case clause of a switch: its selector values (i32 or u32 constants) and
// whether it is also the default clause.
type Case struct {
	Values  []Value
	Default bool
}

// Inst is an instruction. Op says how to read the other fields.
//
// Its fields are packed into 8 words (64 bytes, one cache line) on 64-bit machines: what
// only the constructs have (blocks, cases, results) lives behind one pointer, so that the
// walks of the passes, which read every instruction, read half as much memory.
type Inst struct {
	Op Op
	// OverrideExpr marks an instruction of a function that computes (part of) an
	// override-expression: the pipeline creates its value, with the rules of constant
	// evaluation, once the overrides it uses have theirs (transform.SubstituteOverrides).
	// Instructions of Module.Exprs are override-expressions without it.
	OverrideExpr bool
	// Aux is op-specific: the builtins.Fn of OpBuiltin, the components of OpSwizzle.
	Aux    uint16
	Result Value // 0 if none; If and Switch use Results instead
	Args   []Value
	// Pos is the source position, NoPos if there is none (see Pos); the source range of the
	// expression or statement the instruction computes, for diagnostics, is around it (see
	// Span).
	Pos Pos
	// spanBack and spanLen place the span relative to Pos: it starts spanBack bytes before
	// Pos and is spanLen bytes long (each at most 65535: a longer span is cut).
	spanBack, spanLen uint16
	Callee            *Func // OpCall
	// ctl holds the blocks, cases and results of a construct; nil for other instructions.
	ctl *control
	// Block is the block containing the instruction.
	Block *Block
}

// control is the part of an instruction only the structured control flow constructs have.
type control struct {
	blocks  []*Block
	cases   []Case
	results []Value
}

// Blocks returns the nested blocks of If (then, else), Loop (body, continuing) and Switch
// (one per case); nil for other instructions.
func (in *Inst) Blocks() []*Block {
	if in.ctl == nil {
		return nil
	}
	return in.ctl.blocks
}

// Cases returns the case clauses of a Switch, one per block.
func (in *Inst) Cases() []Case {
	if in.ctl == nil {
		return nil
	}
	return in.ctl.cases
}

// Results returns the values an If or a Switch delivers (by OpExitIf or OpBreak); nil when
// it delivers none.
func (in *Inst) Results() []Value {
	if in.ctl == nil {
		return nil
	}
	return in.ctl.results
}

// Span returns the source range of the expression or statement in computes: a range around
// its position (an empty one at it when none was recorded), the zero Span without a position.
func (in *Inst) Span() Span {
	if !in.Pos.IsValid() {
		return Span{}
	}
	start := in.Pos - Pos(in.spanBack)
	return Span{start, start + Pos(in.spanLen)}
}

// SetSpan records s as the source range of in, which must have its position: a range that
// does not hold the position is not recorded (the span is then empty, at the position).
func (in *Inst) SetSpan(s Span) {
	in.spanBack, in.spanLen = 0, 0
	if !in.Pos.IsValid() || !s.IsValid() || s.Start > in.Pos || s.End < in.Pos {
		return
	}
	in.spanBack = uint16(min(in.Pos-s.Start, 0xffff))
	in.spanLen = uint16(min(s.End-(in.Pos-Pos(in.spanBack)), 0xffff))
}

// SetOp changes in's operation, keeping its function's Func.MayHave true of the new one.
// A pass that rewrites an instruction in place into another operation uses it rather than
// assigning Op.
func (in *Inst) SetOp(op Op) {
	in.Op = op
	if in.Block != nil && in.Block.Func != nil {
		in.Block.Func.ops.add(op)
	}
}

// SetAux sets in's Aux, keeping its function's Func.MayCall true of the builtin function
// an OpBuiltin gets. A pass that sets the Aux of an instruction it made uses it.
func (in *Inst) SetAux(aux uint16) {
	in.Aux = aux
	if in.Op == OpBuiltin && in.Block != nil && in.Block.Func != nil {
		in.Block.Func.fns.add(builtins.Fn(aux))
	}
}

// Builtin returns the builtin function of an OpBuiltin.
func (in *Inst) Builtin() builtins.Fn { return builtins.Fn(in.Aux) }

// Swizzle returns the components (0..3) an OpSwizzle selects.
func (in *Inst) Swizzle() []int {
	n := int(in.Aux & 7)
	c := make([]int, n)
	for i := range c {
		c[i] = int(in.Aux>>(3+2*i)) & 3
	}
	return c
}

func swizzleAux(comps []int) uint16 {
	aux := uint16(len(comps))
	for i, c := range comps {
		aux |= uint16(c&3) << (3 + 2*i)
	}
	return aux
}

// Then, Else, Body and Continuing name the blocks of Ifs and Loops.
func (in *Inst) Then() *Block       { return in.ctl.blocks[0] }
func (in *Inst) Else() *Block       { return in.ctl.blocks[1] }
func (in *Inst) Body() *Block       { return in.ctl.blocks[0] }
func (in *Inst) Continuing() *Block { return in.ctl.blocks[1] }

// Values returns the values an instruction defines (its result or results).
func (in *Inst) Values() []Value {
	if in.ctl != nil && in.ctl.results != nil {
		return in.ctl.results
	}
	if in.Result != 0 {
		return []Value{in.Result}
	}
	return nil
}

// NewFunc adds a function returning result (nil or types.VoidType for none).
func (m *Module) NewFunc(name string, result types.Type) *Func {
	if result == nil {
		result = types.VoidType
	}
	if len(m.funcSlab) == cap(m.funcSlab) {
		m.funcSlab = m.funcChunks.next(min(max(2*cap(m.funcSlab), 4), 64))
	}
	m.funcSlab = append(m.funcSlab, Func{Name: name, Result: result, ResultIO: types.NoIO, module: m})
	f := &m.funcSlab[len(m.funcSlab)-1]
	f.Body = m.newBlock()
	f.Body.Func = f
	m.Funcs = append(m.Funcs, f)
	return f
}

// AddParam appends a parameter to f.
func (f *Func) AddParam(name string, t types.Type, io types.IO) Value {
	m := f.module
	v := m.newValue(t, KindParam)
	m.paramFuncs[v] = f
	m.values[v].idx = int32(len(f.Params))
	m.SetName(v, name)
	f.Params = append(f.Params, v)
	f.ParamIO = append(f.ParamIO, io)
	return v
}

// ReplaceParam replaces parameter i of f by new parameters of the given names and types,
// without interface attributes, and returns them. The caller rewrites the uses of the old
// parameter and the calls of f.
func (f *Func) ReplaceParam(i int, names []string, ts []types.Type) []Value {
	m := f.module
	news := make([]Value, len(ts))
	for k, t := range ts {
		v := m.newValue(t, KindParam)
		m.paramFuncs[v] = f
		m.SetName(v, names[k])
		news[k] = v
	}
	delete(m.paramFuncs, f.Params[i])
	m.values[f.Params[i]].kind = KindNone
	params := append(append(append([]Value(nil), f.Params[:i]...), news...), f.Params[i+1:]...)
	if len(f.ParamIO) == len(f.Params) {
		ios := make([]types.IO, len(news))
		for k := range ios {
			ios[k] = types.NoIO
		}
		f.ParamIO = append(append(append([]types.IO(nil), f.ParamIO[:i]...), ios...), f.ParamIO[i+1:]...)
	}
	f.Params = params
	for k, p := range params {
		m.values[p].idx = int32(k)
	}
	return news
}

// RemoveParams deletes the parameters of f and their interface attributes (the caller has
// rewritten their uses; nothing may call f).
func (f *Func) RemoveParams() {
	m := f.module
	for _, p := range f.Params {
		delete(m.paramFuncs, p)
		m.values[p].kind = KindNone
	}
	f.Params, f.ParamIO = nil, nil
}

// Func returns the function named name, or nil.
func (m *Module) Func(name string) *Func {
	for _, f := range m.Funcs {
		if f.Name == name {
			return f
		}
	}
	return nil
}

// NewGlobal adds a global variable. access 0 means the space's default.
func (m *Module) NewGlobal(name string, space types.AddressSpace, access types.Access, t types.Type) *Global {
	if access == types.AccessNone {
		access = types.DefaultAccess(space)
	}
	if len(m.globalSlab) == cap(m.globalSlab) {
		m.globalSlab = m.globalChunks.next(min(max(2*cap(m.globalSlab), 4), 64))
	}
	m.globalSlab = append(m.globalSlab, Global{Name: name, Space: space, Access: access, Type: t, IO: types.NoIO})
	g := &m.globalSlab[len(m.globalSlab)-1]
	g.Value = m.newValue(&types.Pointer{Space: space, Elem: t, Access: access}, KindGlobal)
	m.values[g.Value].idx = int32(len(m.Globals))
	m.SetName(g.Value, name)
	m.Globals = append(m.Globals, g)
	return g
}

// NewOverride adds an override with SpecId id and default def (0 for none).
func (m *Module) NewOverride(name string, t *types.Scalar, id uint32, def Value) *Override {
	o := &Override{Name: name, Type: t, ID: id, Default: def}
	o.Value = m.newValue(t, KindOverride)
	m.values[o.Value].idx = int32(len(m.Overrides))
	m.SetName(o.Value, name)
	m.Overrides = append(m.Overrides, o)
	return o
}

// BindArrayCount records that arrays whose types.Array.CountOverride is key have the count
// v, a module-scope value (an override or override-expression).
func (m *Module) BindArrayCount(key any, v Value) {
	if m.arrayCounts == nil {
		m.arrayCounts = map[any]Value{}
	}
	m.arrayCounts[key] = v
}

// ArrayCount returns the value bound to an override-sized array's count, or 0.
func (m *Module) ArrayCount(a *types.Array) Value { return m.arrayCounts[a.CountOverride] }

// ReplaceArrayCounts rebinds the array counts bound to a key of repl to its value.
func (m *Module) ReplaceArrayCounts(repl map[Value]Value) {
	for k, v := range m.arrayCounts {
		if r, ok := repl[v]; ok {
			m.arrayCounts[k] = r
		}
	}
}

// maxInstSlab is the most instructions a slab holds.
const maxInstSlab = 256

// newInst allocates an instruction from the module's slab. Slabs double from 16 (or what
// Reserve expects) to maxInstSlab instructions, so a small module does not clear room for a
// large one's.
func (m *Module) newInst(op Op) *Inst {
	if len(m.instSlab) == cap(m.instSlab) {
		m.instSlab = m.instChunks.next(min(max(2*cap(m.instSlab), 16), maxInstSlab))
	}
	m.instSlab = append(m.instSlab, Inst{Op: op})
	return &m.instSlab[len(m.instSlab)-1]
}

// control returns in's construct part, allocating it from the module's slab.
func (m *Module) control(in *Inst) *control {
	if in.ctl == nil {
		if len(m.ctlSlab) == cap(m.ctlSlab) {
			m.ctlSlab = m.ctlChunks.next(min(max(2*cap(m.ctlSlab), 16), 256))
		}
		m.ctlSlab = append(m.ctlSlab, control{})
		in.ctl = &m.ctlSlab[len(m.ctlSlab)-1]
	}
	return in.ctl
}

// newBlock allocates a block from the module's slab.
func (m *Module) newBlock() *Block {
	if len(m.blockSlab) == cap(m.blockSlab) {
		m.blockSlab = m.blockChunks.next(min(max(2*cap(m.blockSlab), 16), 256))
	}
	m.blockSlab = append(m.blockSlab, Block{})
	return &m.blockSlab[len(m.blockSlab)-1]
}

// instList returns an empty instruction list with room for n, from the module's chunks
// (a new one past 4096).
func (m *Module) instList(n int) []*Inst {
	if n > 4096 {
		return make([]*Inst, 0, n)
	}
	if len(m.instLists)+n > cap(m.instLists) {
		m.instLists = m.instListChunks.next(max(min(max(2*cap(m.instLists), 64), 4096), n))
	}
	c := m.instLists
	m.instLists = c[:len(c)+n]
	return c[len(c) : len(c) : len(c)+n]
}

// growList returns s, copied into a list with room for at least one more element taken
// from *chunks: lists double from 2, so that appending to the short lists of blocks and
// constructs one element at a time costs an allocation per chunk rather than per doubling.
// Long lists grow as slices do.
func growList[T any](chunks *[]T, pool *slab[T], s []T) []T {
	n := max(2, 2*cap(s))
	if n > 256 {
		return slices.Grow(s, 1)
	}
	// The list the builder appends to is most often the one it grew last, at the end of the
	// chunk: it then grows where it is, without a copy or a hole left behind.
	if c := *chunks; cap(s) > 0 && len(c) >= cap(s) && len(c)-cap(s)+n <= cap(c) && &c[len(c)-cap(s)] == &s[:1][0] {
		start := len(c) - cap(s)
		*chunks = c[:start+n]
		return c[start : start+len(s) : start+n]
	}
	if len(*chunks)+n > cap(*chunks) {
		*chunks = pool.next(max(min(max(2*cap(*chunks), 64), 4096), n))
	}
	c := *chunks
	out := append(c[len(c):len(c):len(c)+n], s...)
	*chunks = c[:len(c)+n]
	return out
}

// args copies vs into the module's operand slab.
func (m *Module) args(vs ...Value) []Value {
	n := len(vs)
	if n == 0 {
		return nil
	}
	if n > 64 {
		return append([]Value(nil), vs...)
	}
	if len(m.argSlab)+n > cap(m.argSlab) {
		// Chunks double from 64 operands, so that a small module does not clear a large one's.
		m.argSlab = m.argChunks.next(min(max(2*cap(m.argSlab), 64), 1024))
	}
	s := m.argSlab[len(m.argSlab) : len(m.argSlab)+n : len(m.argSlab)+n]
	copy(s, vs)
	m.argSlab = m.argSlab[:len(m.argSlab)+n]
	return s
}

// SetType changes the type of v (for passes that retype values, such as the pointers into
// a variable whose store type they replace).
func (m *Module) SetType(v Value, t types.Type) { m.values[v].typ = t }

// SetGlobalType replaces the store type of g, retyping its pointer.
func (m *Module) SetGlobalType(g *Global, t types.Type) {
	g.Type = t
	m.values[g.Value].typ = &types.Pointer{Space: g.Space, Elem: t, Access: g.Access}
}

// RemoveFunc deletes f from m (the caller makes sure nothing calls it).
func (m *Module) RemoveFunc(f *Func) {
	for i, g := range m.Funcs {
		if g == f {
			m.Funcs = append(m.Funcs[:i], m.Funcs[i+1:]...)
			return
		}
	}
}

// RemoveGlobals deletes the globals for which drop returns true (the caller makes sure they
// are unused).
func (m *Module) RemoveGlobals(drop func(g *Global) bool) {
	out := m.Globals[:0]
	for _, g := range m.Globals {
		if !drop(g) {
			m.values[g.Value].idx = int32(len(out))
			out = append(out, g)
		} else {
			m.values[g.Value].kind = KindNone
		}
	}
	clear(m.Globals[len(out):])
	m.Globals = out
}

// LayoutTwins reports whether a and b are the same type up to explicit layout: identical,
// or structures with pairwise twin members, or arrays of one count with twin elements. Such
// types convert into each other with OpConvert (ForkExplicitLayout makes them).
func LayoutTwins(a, b types.Type) bool {
	if types.Identical(a, b) {
		return true
	}
	switch a := a.(type) {
	case *types.Struct:
		bs, ok := b.(*types.Struct)
		if !ok || len(a.Members) != len(bs.Members) {
			return false
		}
		for i, m := range a.Members {
			if !LayoutTwins(m.Type, bs.Members[i].Type) {
				return false
			}
		}
		return true
	case *types.Array:
		ba, ok := b.(*types.Array)
		return ok && a.Count == ba.Count && a.CountOverride == ba.CountOverride && !a.IsRuntimeSized() &&
			LayoutTwins(a.Elem, ba.Elem)
	}
	return false
}
