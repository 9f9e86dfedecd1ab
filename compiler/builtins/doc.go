// Package builtins is WGSL's predeclared functions as data: one table holding every overload
// of every built-in function and value constructor in the spec's own notation (table.go,
// compiled by parse.go), the spec's overload resolution over it (Resolve), the built-in
// values of @builtin(...) (LookupValue), and the enable-extension and language-extension
// names (Extensions, Features).
//
// The table is the compiler's only list of builtin functions. Fn, the enumeration every phase
// keys on (the checker's calls, the constant evaluator, the IR's OpBuiltin, the backend), is
// generated from it with what the table says of each function as a whole: its section
// (Fn.Class) and @const (Fn.Const). What a call requires of uniformity is an attribute of
// each overload (Overload.Uniformity, Param.Uniform). Adding a function is adding its
// overloads to the table, running `go generate ./compiler/builtins`, evaluating it in
// compiler/constant if it is @const and emitting it in compiler/backend; the tests fail until
// each is done.
//
// The semantic checker calls Resolve for every call whose callee is a builtin function or a
// value constructor, with the arguments' static types, references included:
//
//	res, err := builtins.Resolve(builtins.Context{Features: builtins.AllFeatures},
//		builtins.Call{
//			Name:  "clamp",
//			Args:  []types.Type{xRef, types.AbstractFloat, types.AbstractFloat}, // x: ref<function, f32>
//			Const: []bool{false, true, true},
//		})
//	// res.Result == types.F32; res.Params == [f32 f32 f32]: the load rule applies to x and
//	// both literals convert to f32. res.Const and res.MustUse are the overload's attributes,
//	// res.Overload.Params[i].Const says which arguments must be const-expressions.
//
// Constructors written with a complete type pass it in Call.Type (vec3<f32>(...), vec3f(...),
// array<f32, 4>(...), S(...), and T() zero values); those whose type is inferred pass the
// generator's name (vec3(1, 2.0, 3) is Name "vec3" and resolves to vec3<AbstractFloat>).
package builtins
