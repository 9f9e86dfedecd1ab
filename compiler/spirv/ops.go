package spirv

import (
	"sort"
	"strconv"
)

//go:generate go run ./internal/gen -out .

// opInfo is the grammar's description of one opcode (see opcodes_gen.go).
type opInfo struct {
	op        Op
	name      string
	hasType   bool // first operand is <id> Result Type
	hasResult bool // has a <id> Result
	operands  []operandInfo
}

// operandInfo is one operand after the result type and result id.
type operandInfo struct {
	kind  operandKind
	quant quantifier
}

type quantifier uint8

const (
	quantOne      quantifier = iota
	quantOptional            // "?": zero or one
	quantVariadic            // "*": zero or more
)

type kindCategory uint8

const (
	categoryID kindCategory = iota
	categoryLiteral
	categoryValueEnum
	categoryBitEnum
	categoryComposite
)

// info returns the grammar entry of op, or nil for an opcode the grammar
// does not know.
func (op Op) info() *opInfo {
	if int(op) < len(opIndex) {
		if i := opIndex[op]; i != 0 {
			return &opInfos[i-1]
		}
		return nil
	}
	i := sort.Search(len(opInfos), func(i int) bool { return opInfos[i].op >= op })
	if i < len(opInfos) && opInfos[i].op == op {
		return &opInfos[i]
	}
	return nil
}

// String returns the opcode's name as in the specification ("OpTypeFloat").
func (op Op) String() string {
	if in := op.info(); in != nil {
		return in.name
	}
	return "Op(" + strconv.Itoa(int(op)) + ")"
}

// Known reports whether op is an opcode of the grammar the tables were
// generated from.
func (op Op) Known() bool { return op.info() != nil }

// HasResultType reports whether op's first operand is a <id> Result Type.
func (op Op) HasResultType() bool {
	in := op.info()
	return in != nil && in.hasType
}

// HasResult reports whether op defines a <id> Result.
func (op Op) HasResult() bool {
	in := op.info()
	return in != nil && in.hasResult
}

// IsTerminator reports whether op ends a block.
func (op Op) IsTerminator() bool {
	switch op {
	case OpBranch, OpBranchConditional, OpSwitch, OpReturn, OpReturnValue,
		OpKill, OpUnreachable, OpTerminateInvocation,
		OpIgnoreIntersectionKHR, OpTerminateRayKHR, OpEmitMeshTasksEXT:
		return true
	}
	return false
}
