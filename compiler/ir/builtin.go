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
