package ir

import (
	"github.com/wgslgo/wgslgo/compiler/builtins"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// The builtin functions an OpBuiltin calls are builtins.Fn, the table's own enumeration. The
// operands are the WGSL arguments in source order (pointers where WGSL takes pointers; see
// TexOperands for textures). Three functions never reach the IR as OpBuiltin: select is
// OpSelect, bitcast OpBitcast, and the buffer_view functions take buffer types, which the
// lowering refuses.

// everything is the resolution context of IR builtins: the IR has no extensions to enable.
var everything = builtins.Context{
	Extensions: 1<<builtins.ExtF16 | 1<<builtins.ExtSubgroups, // a constant: no initialiser at start
	Features:   builtins.AllFeatures,
}

// BuiltinResultType returns the result type of f applied to arguments of the given types
// (void for functions that return nothing) as the builtin table resolves the call, or nil
// when no overload takes them.
func BuiltinResultType(f builtins.Fn, args []types.Type) types.Type {
	t, err := builtins.ResultType(everything, f, args)
	switch {
	case err != nil:
		return nil
	case t == nil:
		return types.VoidType
	}
	return t
}

// builtinResult is an answer of BuiltinResultType that a module remembers.
type builtinResult struct {
	fn builtins.Fn
	n  uint8
	// next is 1 + the index of the previous answer of the same bucket (see builtinBuckets),
	// 0 for none.
	next   uint8
	args   [maxRememberedArgs]types.Type
	result types.Type
}

// builtinBuckets is the number of lists a module's answers are sorted into by function,
// so that a search compares the operands of the answers about the same function only.
const builtinBuckets = 64

const (
	// maxRememberedArgs is the most operands of a call whose result type a module remembers:
	// textureSampleGrad on an array with an offset has 7.
	maxRememberedArgs = 7
	// maxRemembered bounds the answers a module keeps (at most 255: builtinResult.next
	// numbers them with a uint8): a module calls a few dozen builtin functions on distinct
	// operand types at most, most of them many times.
	maxRemembered = 128
)

// builtinResultType is BuiltinResultType, remembered for the module: the builders and
// Validate ask about the same calls over and over, and resolving one against the builtin
// table takes some 2,000 instructions, finding it among the module's answers about the
// same function a few dozen. Types are compared as pointers, which stand for the same type
// when equal.
func (m *Module) builtinResultType(f builtins.Fn, args []types.Type) types.Type {
	n := uint8(len(args))
	bucket := &m.builtinBuckets[f%builtinBuckets]
	if len(args) <= maxRememberedArgs {
	search:
		for i := *bucket; i != 0; {
			r := &m.builtinResults[i-1]
			i = r.next
			if r.fn != f || r.n != n {
				continue
			}
			for k, a := range args {
				if r.args[k] != a {
					continue search
				}
			}
			return r.result
		}
	}
	// The table is given a copy, since its resolution keeps the operands it is given (in
	// the errors BuiltinResultType drops): the caller's list can stay on its stack.
	m.resolveArgs = append(m.resolveArgs[:0], args...)
	t := BuiltinResultType(f, m.resolveArgs)
	if len(args) <= maxRememberedArgs && len(m.builtinResults) < maxRemembered {
		r := builtinResult{fn: f, n: n, next: *bucket, result: t}
		copy(r.args[:], args)
		m.builtinResults = append(m.builtinResults, r)
		*bucket = uint8(len(m.builtinResults))
	}
	return t
}
