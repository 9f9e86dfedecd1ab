// Package sema is WGSL's semantic analysis: it resolves names, computes the type of every
// expression, evaluates const- and override-expressions, resolves builtin overloads, and
// applies the validation rules of the spec. Its output, a *Program, is what the lowering to
// the IR and the reflection read.
package sema

import (
	"github.com/wgslgo/wgslgo/compiler/builtins"
	"github.com/wgslgo/wgslgo/compiler/constant"
	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/compiler/layout"
	"github.com/wgslgo/wgslgo/compiler/syntax"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// Object is a named entity: a variable, value, function or type.
type Object interface {
	Name() string
	// Span locates the object's name in its declaration (invalid for predeclared objects).
	Span() diag.Span
	object()
}

type objectBase struct {
	name string
	span diag.Span
}

func (o *objectBase) Name() string    { return o.name }
func (o *objectBase) Span() diag.Span { return o.span }
func (*objectBase) object()           {}

// Var is a `var` declaration at module or function scope.
type Var struct {
	objectBase
	Decl *syntax.VarDecl
	// Type is the store type.
	Type   types.Type
	Space  types.AddressSpace
	Access types.Access
	// Global is set for module-scope variables.
	Global bool
	// Group and Binding are the resource binding, -1 when absent.
	Group, Binding int
	// IO holds the 2021 draft's [[location]]/[[builtin]] of var<in>/var<out> variables.
	IO types.IO
	// Init is the initializer, nil when absent.
	Init syntax.Expr

	ref *types.Reference // what Ref returned last
}

// Ref returns the reference type of the variable's memory. Every use of the variable asks
// for it: it is made again only when the declaration's checking changed the variable.
func (v *Var) Ref() *types.Reference {
	if r := v.ref; r != nil && r.Space == v.Space && r.Elem == v.Type && r.Access == v.Access {
		return r
	}
	v.ref = &types.Reference{Space: v.Space, Elem: v.Type, Access: v.Access}
	return v.ref
}

// Let is a `let` declaration (and the 2021 draft's function-scope `const`).
type Let struct {
	objectBase
	Decl *syntax.LetDecl
	Type types.Type
}

// Const is a `const` declaration: its value is known at shader creation.
type Const struct {
	objectBase
	Decl  *syntax.ConstDecl
	Type  types.Type
	Value constant.Value
	// Global is set for module-scope constants.
	Global bool
}

// Override is a pipeline-overridable constant.
type Override struct {
	objectBase
	Decl *syntax.OverrideDecl
	Type types.Type
	// ID is the @id value, or the id assigned by the checker when none is written (IDSet
	// tells which).
	ID    int
	IDSet bool
	// Default is the initializer, nil when the pipeline must supply a value.
	Default syntax.Expr
	// Value is the value of Default when it is a const-expression (or fixed by an option).
	Value constant.Value
}

// Param is a formal parameter of a function.
type Param struct {
	objectBase
	Decl  *syntax.Param
	Type  types.Type
	IO    types.IO
	Index int
}

// TypeName is a named type: a structure, an alias, or a predeclared type.
type TypeName struct {
	objectBase
	Type  types.Type
	Alias *syntax.AliasDecl
	Decl  *syntax.StructDecl
}

// Stage is a shader stage.
type Stage uint8

const (
	NoStage Stage = iota
	Vertex
	Fragment
	Compute
)

func (s Stage) String() string {
	return [...]string{"", "vertex", "fragment", "compute"}[s]
}

// WorkgroupDim is one dimension of @workgroup_size: a number known at shader creation, or an
// override-expression evaluated at pipeline creation.
type WorkgroupDim struct {
	// Value is the size when Override is nil (1 for dimensions not written).
	Value int
	// Override names the override when the dimension is exactly an override identifier.
	Override *Override
	// Expr is the expression written, nil for dimensions not written.
	Expr syntax.Expr
}

// IsConst reports whether the dimension is known at shader creation.
func (d WorkgroupDim) IsConst() bool { return d.Override == nil && !d.IsOverrideExpr() }

// IsOverrideExpr reports whether the dimension is an override-expression other than a plain
// override identifier.
func (d WorkgroupDim) IsOverrideExpr() bool {
	return d.Value == 0 && d.Override == nil && d.Expr != nil
}

// Func is a user-declared function.
type Func struct {
	objectBase
	Decl      *syntax.FuncDecl
	Params    []*Param
	Result    types.Type // nil when the function returns nothing
	ResultIO  types.IO
	Stage     Stage
	Workgroup [3]WorkgroupDim
	// SubgroupSize is the @subgroup_size of a compute entry point, nil when absent.
	SubgroupSize *WorkgroupDim
	MustUse      bool
	// Test marks a @test function (see Options.Tests); TestName is the name its
	// @test(name) gives it, or "".
	Test     bool
	TestName string
	// Calls are the user functions this function calls, in first-call order.
	Calls []*Func
	// Globals are the module-scope variables and overrides the function (or its callees)
	// uses, in first-use order.
	Globals []Object
	// Builtins reports the builtin functions called directly (by name), for stage checks.
	Builtins []BuiltinUse
	// Behaviors is the statement behavior set of the body.
	Behaviors Behavior
}

// BuiltinUse records one call of a builtin function, for stage validation of entry points.
type BuiltinUse struct {
	Name   string
	Stages builtins.Stage
	// Uniformity is the called overload's (builtins.UniformityPlain for discard).
	Uniformity builtins.Uniformity
	Span       diag.Span
}

// IsEntryPoint reports whether f is an entry point.
func (f *Func) IsEntryPoint() bool { return f.Stage != NoStage }

// Mode tells what an expression denotes.
type Mode uint8

const (
	Invalid   Mode = iota
	Value          // a value of Type
	Reference      // a memory view: Type is *types.Reference
	TypeExpr       // a type
	FuncExpr       // a user function name (only as a callee)
	BuiltinFn      // a builtin function or value constructor name (only as a callee)
	Enumerant      // an enumerant: address space, access mode, texel format...
)

// EvalStage is the earliest time an expression's value is known.
type EvalStage uint8

const (
	ConstStage    EvalStage = iota // shader creation: const-expression
	OverrideStage                  // pipeline creation: override-expression
	RuntimeStage                   // shader execution
)

// TypeAndValue is what the checker knows about an expression.
type TypeAndValue struct {
	// Type is the expression's type after any automatic conversion applied where it is used
	// (a literal 1 added to a u32 records u32). For references it is *types.Reference.
	Type types.Type
	// Value is set for const-expressions, converted like Type.
	Value constant.Value
	// Enum holds the enumerant's name for Mode == Enumerant.
	Enum  string
	Mode  Mode
	Stage EvalStage
}

// CallKind distinguishes the targets of a call expression.
type CallKind uint8

const (
	CallFunc        CallKind = iota // a user function
	CallBuiltin                     // a builtin function
	CallConstructor                 // a value constructor of a predeclared type (incl. conversions)
	CallStruct                      // a structure constructor
	CallBitcast                     // bitcast<T>(e)
)

// Call is the resolution of one call expression.
type Call struct {
	Kind CallKind
	Func *Func
	// Builtin is the resolved overload for builtin functions, constructors and bitcast.
	Builtin *builtins.Resolved
	// Name is the callee as written: the builtin function's or the constructor's name.
	Name string
	// Fn is the builtin function of CallBuiltin and CallBitcast (builtins.FnNone otherwise).
	Fn builtins.Fn
	// Type is the result type (nil when the call returns nothing).
	Type types.Type
}

// Program is a checked WGSL module.
type Program struct {
	File       *syntax.File
	Extensions builtins.ExtensionSet
	Features   builtins.FeatureSet
	Layouts    *layout.Layouts

	// Declarations in source order.
	Structs   []*types.Struct
	Aliases   []*TypeName
	Consts    []*Const
	Overrides []*Override
	Globals   []*Var
	// Funcs are in dependency order: every function comes after the functions it calls.
	Funcs       []*Func
	EntryPoints []*Func

	// The facts about expressions (TypeOf, UseOf, CallOf): see exprtable.go.
	exprs exprTable
	// Defs maps local declarations (var, let, const, params) to their objects.
	Defs map[syntax.Node]Object
	// StructOf maps struct declarations to their types.
	StructOf map[*syntax.StructDecl]*types.Struct
	// Legacy records the 2021-draft constructs of a program in that dialect; nil otherwise.
	Legacy *Legacy
}

// Lookup returns the module-scope object called name, or nil.
func (p *Program) Lookup(name string) Object {
	for _, s := range p.Structs {
		if s.Name == name {
			return &TypeName{objectBase: objectBase{name: name, span: s.Span}, Type: s}
		}
	}
	for _, c := range p.Consts {
		if c.name == name {
			return c
		}
	}
	for _, o := range p.Overrides {
		if o.name == name {
			return o
		}
	}
	for _, v := range p.Globals {
		if v.name == name {
			return v
		}
	}
	for _, f := range p.Funcs {
		if f.name == name {
			return f
		}
	}
	return nil
}
