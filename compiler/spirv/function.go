package spirv

import "fmt"

// Function builds one function definition. Instructions go into the current
// block, which Block opens and a terminator (Branch, Return...) closes. A
// merge instruction waits for the terminator and goes right before it. Blocks
// appear in the function in the order they are opened, so the caller emits
// them in an order where each block comes after its dominators (the natural
// order of a structured, recursive emitter). Labels may be allocated early
// with Builder.NewID and passed to Block later.
//
// Several functions may be open at once; each is appended to the module's
// function section when it ends.
//
// Line sets the source position of the instructions emitted after it; the
// OpLine (or, after NoLine, OpNoLine) is written only before the next
// instruction that needs it, so it never ends a block, never follows a merge
// instruction, OpNoLine never stands between phis, and the position is
// repeated in each block, as SPIR-V wants.
type Function struct {
	b      *Builder
	id     ID
	header []uint32 // OpFunction and OpFunctionParameter
	vars   []uint32 // OpVariable, hoisted to the start of the entry block
	body   []uint32 // from the entry block's OpLabel on
	label  ID       // label of the open block; 0 between blocks
	merge  []uint32 // OpSelectionMerge or OpLoopMerge waiting for the terminator
	ended  bool
	// lines is set once Line or NoLine is called: only then are positions written.
	lines bool
	want  [3]uint32 // file, line and column set by Line; zero after NoLine
	line  [3]uint32 // the position in effect in the open block; zero for none
	// varLine is the position in effect at the end of the hoisted variables.
	varLine [3]uint32
}

// funcBuffers are the slices of an ended function, kept for reuse by the
// next one.
type funcBuffers struct{ header, vars, body, merge []uint32 }

// SwitchCase is one literal → label target of OpSwitch.
type SwitchCase struct {
	Value uint32
	Label ID
}

// BeginFunction starts a function definition with result id id (0
// allocates one) of function type fnType returning resultType.
func (b *Builder) BeginFunction(id, resultType, fnType ID, control FunctionControl) *Function {
	if id == 0 {
		id = b.NewID()
	}
	f := &Function{b: b, id: id}
	if n := len(b.freeFuncs); n > 0 {
		p := b.freeFuncs[n-1]
		b.freeFuncs = b.freeFuncs[:n-1]
		f.header, f.vars, f.body, f.merge = p.header[:0], p.vars[:0], p.body[:0], p.merge[:0]
	}
	f.header = append(f.header, opWord(OpFunction, 5), resultType, id, uint32(control), fnType)
	b.openFuncs++
	return f
}

// ID returns the function's result id.
func (f *Function) ID() ID { return f.id }

// Param declares the next parameter. Parameters come before the first block.
func (f *Function) Param(typ ID) ID {
	if len(f.body) != 0 || f.ended {
		panic("spirv: function parameter after the first block")
	}
	id := f.b.NewID()
	f.header = append(f.header, opWord(OpFunctionParameter, 3), typ, id)
	return id
}

// Block opens a block with the given label (0 allocates one) and returns
// the label. The previous block must have been terminated.
func (f *Function) Block(label ID) ID {
	if f.label != 0 {
		panic(fmt.Sprintf("spirv: block %%%d opened before block %%%d was terminated", label, f.label))
	}
	if f.ended {
		panic("spirv: block opened in an ended function")
	}
	if label == 0 {
		label = f.b.NewID()
	}
	f.body = append(f.body, opWord(OpLabel, 2), label)
	f.label = label
	f.line = [3]uint32{}
	return label
}

// Current returns the label of the open block, or 0 if the last block was
// terminated and no new one was opened.
func (f *Function) Current() ID { return f.label }

// Emit appends op to the open block and returns its result id (a fresh one,
// or 0 if op has none). resultType must be given exactly when op has a
// result type. OpVariable is hoisted to the entry block, OpLabel opens a
// block and terminators close the current one.
func (f *Function) Emit(op Op, resultType ID, operands ...uint32) ID {
	return f.EmitID(0, op, resultType, operands...)
}

// EmitID is Emit with a result id allocated earlier by Builder.NewID (0
// allocates one, as Emit).
func (f *Function) EmitID(result ID, op Op, resultType ID, operands ...uint32) ID {
	return f.emit(result, op, resultType, nil, operands)
}

// emit is EmitID with the operands in two parts, so that helpers can put
// fixed operands before variadic ones without allocating.
func (f *Function) emit(result ID, op Op, resultType ID, head, rest []uint32) ID {
	switch op {
	case OpLabel:
		return f.Block(result)
	case OpVariable:
		first := rest
		if len(head) > 0 {
			first = head
		}
		if len(first) == 0 || first[0] != uint32(StorageClassFunction) {
			panic("spirv: OpVariable in a function must have storage class Function")
		}
		f.varPos()
		return f.b.appendInst(&f.vars, result, op, resultType, head, rest)
	case OpFunctionParameter, OpFunction, OpFunctionEnd:
		panic(fmt.Sprintf("spirv: emit %v through BeginFunction, Param and End", op))
	}
	if f.label == 0 {
		panic(fmt.Sprintf("spirv: %v emitted outside a block", op))
	}
	if op == OpSelectionMerge || op == OpLoopMerge {
		if len(f.merge) != 0 {
			panic(fmt.Sprintf("spirv: second merge instruction in block %%%d", f.label))
		}
		return f.b.appendInst(&f.merge, result, op, resultType, head, rest)
	}
	// OpNoLine may not stand between phis; OpLine may.
	if f.lines && f.want != f.line && (op != OpPhi || f.want != [3]uint32{}) {
		f.writeLine()
	}
	if op.IsTerminator() {
		f.body = append(f.body, f.merge...)
		f.merge = f.merge[:0]
		f.label = 0
	}
	return f.b.appendInst(&f.body, result, op, resultType, head, rest)
}

// Variable declares a Function-storage variable of pointer type ptrType,
// with an optional initializer (0 for none). Wherever it is called, the
// variable is placed at the start of the entry block, as SPIR-V requires.
func (f *Function) Variable(ptrType, init ID) ID {
	if f.ended {
		panic("spirv: variable in an ended function")
	}
	id := f.b.NewID()
	f.varPos()
	if init != 0 {
		f.vars = append(f.vars, opWord(OpVariable, 5), ptrType, id, uint32(StorageClassFunction), init)
	} else {
		f.vars = append(f.vars, opWord(OpVariable, 4), ptrType, id, uint32(StorageClassFunction))
	}
	return id
}

// Phi emits OpPhi; incoming lists (value, parent block) pairs. Values from
// blocks not emitted yet (loop back edges) can use ids from Builder.NewID,
// defined later with EmitID.
func (f *Function) Phi(typ ID, incoming ...ID) ID {
	if len(incoming)%2 != 0 {
		panic("spirv: OpPhi operands must be (value, parent) pairs")
	}
	return f.Emit(OpPhi, typ, incoming...)
}

// Load emits OpLoad of ptr.
func (f *Function) Load(typ, ptr ID) ID { return f.Emit(OpLoad, typ, ptr) }

// Store emits OpStore of v to ptr.
func (f *Function) Store(ptr, v ID) { f.Emit(OpStore, 0, ptr, v) }

// AccessChain emits OpAccessChain; indices are ids.
func (f *Function) AccessChain(ptrType, base ID, indices ...ID) ID {
	return f.emit(0, OpAccessChain, ptrType, []uint32{base}, indices)
}

// Call emits OpFunctionCall.
func (f *Function) Call(typ, fn ID, args ...ID) ID {
	return f.emit(0, OpFunctionCall, typ, []uint32{fn}, args)
}

// ExtInst emits OpExtInst of instruction inst of the imported set.
func (f *Function) ExtInst(typ, set ID, inst uint32, args ...ID) ID {
	return f.emit(0, OpExtInst, typ, []uint32{set, inst}, args)
}

// GLSL emits a GLSL.std.450 extended instruction, importing the set on
// first use.
func (f *Function) GLSL(typ ID, inst GLSLstd450, args ...ID) ID {
	return f.ExtInst(typ, f.b.GLSLStd450(), uint32(inst), args...)
}

// SelectionMerge emits OpSelectionMerge. It is held back and placed right
// before the block's terminator, where SPIR-V requires it, so the caller may
// still compute the branch condition after declaring the merge.
func (f *Function) SelectionMerge(merge ID, control SelectionControl) {
	f.Emit(OpSelectionMerge, 0, merge, uint32(control))
}

// LoopMerge emits OpLoopMerge, placed right before the block's terminator
// like SelectionMerge. params are the loop control's literal parameters, if
// any.
func (f *Function) LoopMerge(merge, continueTarget ID, control LoopControl, params ...uint32) {
	f.emit(0, OpLoopMerge, 0, []uint32{merge, continueTarget, uint32(control)}, params)
}

// Branch emits OpBranch, ending the block.
func (f *Function) Branch(target ID) { f.Emit(OpBranch, 0, target) }

// BranchConditional emits OpBranchConditional, ending the block.
func (f *Function) BranchConditional(cond, trueLabel, falseLabel ID) {
	f.Emit(OpBranchConditional, 0, cond, trueLabel, falseLabel)
}

// Switch emits OpSwitch on a 32-bit selector, ending the block.
func (f *Function) Switch(selector, defaultLabel ID, cases ...SwitchCase) {
	ops := make([]uint32, 0, 2+2*len(cases))
	ops = append(ops, selector, defaultLabel)
	for _, c := range cases {
		ops = append(ops, c.Value, c.Label)
	}
	f.Emit(OpSwitch, 0, ops...)
}

// Return emits OpReturn, ending the block.
func (f *Function) Return() { f.Emit(OpReturn, 0) }

// ReturnValue emits OpReturnValue, ending the block.
func (f *Function) ReturnValue(v ID) { f.Emit(OpReturnValue, 0, v) }

// Unreachable emits OpUnreachable, ending the block.
func (f *Function) Unreachable() { f.Emit(OpUnreachable, 0) }

// Kill emits OpKill (deprecated by OpTerminateInvocation), ending the block.
func (f *Function) Kill() { f.Emit(OpKill, 0) }

// TerminateInvocation emits OpTerminateInvocation, ending the block. Before
// SPIR-V 1.6 it declares SPV_KHR_terminate_invocation.
func (f *Function) TerminateInvocation() {
	if f.b.version < Version1_6 {
		f.b.Extension("SPV_KHR_terminate_invocation")
	}
	f.Emit(OpTerminateInvocation, 0)
}

// DemoteToHelperInvocation emits OpDemoteToHelperInvocation (not a
// terminator) and declares its capability, and before SPIR-V 1.6 its
// extension.
func (f *Function) DemoteToHelperInvocation() {
	f.b.Capability(CapabilityDemoteToHelperInvocation)
	if f.b.version < Version1_6 {
		f.b.Extension("SPV_EXT_demote_to_helper_invocation")
	}
	f.Emit(OpDemoteToHelperInvocation, 0)
}

// Line sets the source position (an OpString file name, 1-based line and
// column) of the instructions emitted from now on, in this block and the
// next ones, until the next Line or NoLine. OpLine is written before the
// next instruction whose position in effect differs.
func (f *Function) Line(file ID, line, column uint32) {
	f.lines = true
	f.want = [3]uint32{file, line, column}
}

// NoLine says that the instructions emitted from now on have no source
// position: OpNoLine ends the scope of an OpLine in effect before the next
// instruction.
func (f *Function) NoLine() {
	f.lines = true
	f.want = [3]uint32{}
}

// varPos writes the OpLine of a hoisted variable. SPIR-V allows OpLine, not
// OpNoLine, among the variables: one without a position keeps the position
// of the one before.
func (f *Function) varPos() {
	if f.lines && f.want != f.varLine && f.want != [3]uint32{} {
		f.vars = append(f.vars, opWord(OpLine, 4), f.want[0], f.want[1], f.want[2])
		f.varLine = f.want
	}
}

// writeLine writes the OpLine or OpNoLine that puts the wanted position in
// effect.
func (f *Function) writeLine() {
	if f.want == ([3]uint32{}) {
		f.body = append(f.body, opWord(OpNoLine, 1))
	} else {
		f.body = append(f.body, opWord(OpLine, 4), f.want[0], f.want[1], f.want[2])
	}
	f.line = f.want
}

// End finishes the function and appends it to the module. The last block
// must be terminated. f must not be used afterwards.
func (f *Function) End() {
	if f.ended {
		panic("spirv: function ended twice")
	}
	if f.label != 0 {
		panic(fmt.Sprintf("spirv: function %%%d ended inside unterminated block %%%d", f.id, f.label))
	}
	if len(f.body) == 0 {
		panic(fmt.Sprintf("spirv: function %%%d has no blocks", f.id))
	}
	b := f.b
	dst := b.functionSpace(len(f.header) + len(f.vars) + len(f.body) + 2)
	*dst = append(*dst, f.header...)
	*dst = append(*dst, f.body[:2]...) // entry block's OpLabel
	*dst = append(*dst, f.vars...)
	if f.varLine != [3]uint32{} && (len(f.body) == 2 || f.body[2]&0xffff != uint32(OpLine)) {
		// The entry block's first instructions were emitted with no position in effect.
		*dst = append(*dst, opWord(OpNoLine, 1))
	}
	*dst = append(*dst, f.body[2:]...)
	*dst = append(*dst, opWord(OpFunctionEnd, 1))
	b.openFuncs--
	b.freeFuncs = append(b.freeFuncs, funcBuffers{f.header, f.vars, f.body, f.merge})
	*f = Function{b: b, id: f.id, ended: true}
}
