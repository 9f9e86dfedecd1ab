// Package builtins is WGSL's predeclared functions as data: one table holding every overload
// of every built-in function and value constructor in the spec's notation (table.go), the
// spec's overload resolution over it (Resolve), the built-in values of @builtin(...)
// (LookupValue), and the names of the enable-extensions and language extensions.
//
// The semantic checker calls Resolve for every call whose callee is a builtin function or a
// value constructor:
//
//	res, err := builtins.Resolve(builtins.Context{Features: builtins.AllFeatures},
//		builtins.Call{Name: "clamp", Args: []types.Type{xRef, types.AbstractFloat, types.AbstractFloat}})
//	// res.Result is f32 when xRef is ref<function, f32>; res.Params says each argument
//	// converts to f32.
package builtins
