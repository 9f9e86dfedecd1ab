package ir

// Op is an instruction's operation. The operand conventions of each are documented on the
// constants; the result type is always the one recorded for the instruction's result value.
type Op uint8

const (
	OpInvalid Op = iota

	// Memory.
	OpVar    // function-scope variable; Args: [init] or none (zero-initialised); result: the pointer
	OpLoad   // Args: [ptr]
	OpStore  // Args: [ptr, value]; no result
	OpAccess // pointer access chain; Args: [ptr, index...]; struct member indices are constants

	// Values.
	OpExtract   // Args: [composite, index...]; struct member indices are constants, others may be dynamic
	OpInsert    // Args: [composite, value, index...]; indices are constants except a vector's last
	OpSwizzle   // Args: [vector]; Aux: components (see Inst.Swizzle)
	OpConstruct // Args: constituents (scalars/vectors for vectors; columns or scalars for matrices)
	OpSplat     // Args: [scalar]; result: a vector with every component equal to it
	OpConvert   // Args: [value]; numeric or bool conversion to the result type (component-wise)
	OpBitcast   // Args: [value]; bit-preserving reinterpretation
	OpSelect    // Args: [cond, ifTrue, ifFalse]; cond is bool or a bool vector of the result's width

	// Binary operators. Operands have the same type, except that arithmetic operators accept
	// one scalar and one vector (the scalar applies to every component) and OpMul multiplies
	// matrices by scalars, vectors and matrices as WGSL does. Comparisons yield bool or a bool
	// vector. OpAnd/OpOr/OpXor on bools are WGSL's non-short-circuit & and |.
	OpAdd
	OpSub
	OpMul
	OpDiv
	OpRem
	OpAnd
	OpOr
	OpXor
	OpShl
	OpShr // arithmetic for signed, logical for unsigned operands
	OpEq
	OpNe
	OpLt
	OpLe
	OpGt
	OpGe

	// Unary operators.
	OpNeg // arithmetic negation (also of matrices)
	OpNot // logical not of bools, bitwise complement of integers

	OpCall    // Args: arguments; Callee: the function
	OpBuiltin // Args: arguments; Aux: the builtins.Fn

	// OpOverride is the value of an override where the source reads it, for an override
	// whose default is an override-expression: Args: [override]. It exists from the lowering
	// to transform.SpecConstants, which makes it the override, or computes the default there
	// when SPIR-V cannot compute it at pipeline creation (select(flag, override, default)).
	OpOverride

	// OpDiscard is WGSL's discard (fragment only): the invocation becomes a helper
	// invocation and goes on; its fragment is thrown away, and from then on its writes to
	// storage buffers and textures have no effect and its atomics return indeterminate
	// values. It is not a terminator: WGSL gives discard the behavior {Next}.
	OpDiscard

	// Structured control flow. The constructs own their blocks (Inst.Blocks).
	OpIf     // Args: [cond]; Blocks: [then, else]; Results: values delivered by OpExitIf
	OpLoop   // Blocks: [body, continuing]
	OpSwitch // Args: [selector]; Blocks: one per case (Inst.Cases); Results: delivered by OpBreak

	// Terminators: the last instruction of every block, and only there.
	OpReturn        // Args: [value] or none
	OpExitIf        // Args: the enclosing If's results; only in an If's own then/else block
	OpBreak         // Args: the results of the innermost loop or switch (loops have none)
	OpContinue      // to the innermost loop's continuing block; not inside that block
	OpBreakIf       // Args: [cond]; ends a loop's continuing block: leave if cond, else iterate
	OpNextIteration // ends a loop's continuing block: iterate again
	OpKill          // fragment only: the invocation ends at once and its fragment is dropped
	OpUnreachable   // control never gets here

	numOps
)

var opNames = [numOps]string{
	OpInvalid: "invalid",
	OpVar:     "var", OpLoad: "load", OpStore: "store", OpAccess: "access",
	OpExtract: "extract", OpInsert: "insert", OpSwizzle: "swizzle", OpConstruct: "construct",
	OpSplat: "splat", OpConvert: "convert", OpBitcast: "bitcast", OpSelect: "select",
	OpAdd: "add", OpSub: "sub", OpMul: "mul", OpDiv: "div", OpRem: "rem",
	OpAnd: "and", OpOr: "or", OpXor: "xor", OpShl: "shl", OpShr: "shr",
	OpEq: "eq", OpNe: "ne", OpLt: "lt", OpLe: "le", OpGt: "gt", OpGe: "ge",
	OpNeg: "neg", OpNot: "not", OpCall: "call", OpBuiltin: "builtin", OpOverride: "override",
	OpIf: "if", OpLoop: "loop", OpSwitch: "switch",
	OpReturn: "return", OpExitIf: "exit_if", OpBreak: "break", OpContinue: "continue",
	OpBreakIf: "break_if", OpNextIteration: "next_iteration", OpDiscard: "discard",
	OpKill: "kill", OpUnreachable: "unreachable",
}

func (op Op) String() string {
	if op < numOps {
		return opNames[op]
	}
	return "op?"
}

// IsTerminator reports whether op ends a block.
func (op Op) IsTerminator() bool { return op >= OpReturn && op < numOps }

// IsBinary reports whether op is a binary operator.
func (op Op) IsBinary() bool { return op >= OpAdd && op <= OpGe }

// IsComparison reports whether op is a comparison (its result is bool-shaped).
func (op Op) IsComparison() bool { return op >= OpEq && op <= OpGe }

// IsControl reports whether op is a structured construct owning blocks.
func (op Op) IsControl() bool { return op == OpIf || op == OpLoop || op == OpSwitch }

// IsPure reports whether an instruction of op has no effect besides its result, so that it
// can be removed when unused and evaluated at module scope.
func (op Op) IsPure() bool {
	switch op {
	case OpExtract, OpInsert, OpSwizzle, OpConstruct, OpSplat, OpConvert, OpBitcast, OpSelect, OpNeg, OpNot, OpOverride:
		return true
	}
	return op.IsBinary()
}
