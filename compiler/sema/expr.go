package sema

import (
	"errors"
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/wgslgo/wgslgo/compiler/builtins"
	"github.com/wgslgo/wgslgo/compiler/constant"
	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/compiler/syntax"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// operand is the checker's view of an expression while it is being checked.
type operand struct {
	mode  Mode
	typ   types.Type
	val   constant.Value
	stage EvalStage
	expr  syntax.Expr
	obj   Object
	enum  string
	// swizzled marks a reference to a vector component reached through a swizzle or index
	// (its address cannot be taken).
	vectorComponent bool
}

func invalid(e syntax.Expr) operand { return operand{mode: Invalid, expr: e} }

// scope is a lexical block scope inside a function. Blocks declare few names, so a slice
// searched linearly beats a map here.
type scope struct {
	parent *scope
	names  []scopeEntry
}

type scopeEntry struct {
	name string
	obj  Object
}

// get returns the object declared as name in this scope (not its parents).
func (s *scope) get(name string) (Object, bool) {
	for i := range s.names {
		if s.names[i].name == name {
			return s.names[i].obj, true
		}
	}
	return nil, false
}

// pushScope opens a block scope, reusing one a popScope closed: a function has many
// blocks, each with a few names.
func (c *checker) pushScope() {
	var s *scope
	if n := len(c.freeScopes); n > 0 {
		s = c.freeScopes[n-1]
		c.freeScopes = c.freeScopes[:n-1]
	} else {
		s = &scope{}
	}
	s.parent = c.scope
	c.scope = s
}

func (c *checker) popScope() {
	s := c.scope
	c.scope = s.parent
	clear(s.names)
	s.parent, s.names = nil, s.names[:0]
	c.freeScopes = append(c.freeScopes, s)
}

// declare adds a local declaration to the current scope.
func (c *checker) declare(id *syntax.Ident, obj Object) {
	if id.Name == "_" || id.Name == "" {
		return
	}
	if prev, dup := c.scope.get(id.Name); dup {
		e := c.errorAt(id.Loc, "redeclaration of '%s' in the same scope", id.Name)
		c.note(e, prev.Span(), "'%s' was declared here", id.Name)
		return
	}
	if c.legacy {
		c.legacyShadows(id)
	}
	c.scope.names = append(c.scope.names, scopeEntry{id.Name, obj})
}

// lookup finds name, used at at, in the local scopes, then at module scope (resolving the
// declaration if needed). It returns nil for predeclared and unknown names.
func (c *checker) lookup(name string, at diag.Span) Object {
	for s := c.scope; s != nil; s = s.parent {
		if obj, ok := s.get(name); ok {
			return obj
		}
	}
	if md, ok := c.module[name]; ok {
		if c.legacy && c.legacyDeclaredLater(md, at) {
			return &badObject{objectBase{name: name, span: md.name.Loc}}
		}
		obj := c.resolveModule(md)
		if obj == nil {
			return &badObject{objectBase{name: name, span: md.name.Loc}}
		}
		return obj
	}
	return nil
}

// badObject stands for a declaration that failed; uses of it are silently invalid.
type badObject struct{ objectBase }

// record stores what the checker learned about e.
func (c *checker) record(op *operand) {
	if op.expr == nil || op.mode == Invalid {
		return
	}
	c.prog.setType(op.expr, TypeAndValue{Mode: op.mode, Type: op.typ, Value: op.val, Stage: op.stage, Enum: op.enum})
}

// valueExpr checks e where a value is needed, applying the load rule to references.
func (c *checker) valueExpr(e syntax.Expr) operand {
	op := c.expr(e)
	c.toValue(&op)
	if op.mode == Value && op.typ == nil {
		c.errorf(e, "function call does not return a value")
		return invalid(e)
	}
	return op
}

// toValue applies the load rule and rejects operands that are not values.
func (c *checker) toValue(op *operand) {
	switch op.mode {
	case Value, Invalid:
	case Reference:
		ref := op.typ.(*types.Reference)
		if !ref.Access.CanRead() {
			c.errorf(op.expr, "cannot read from %s: its access mode is %s", describeRefTarget(op), ref.Access)
			*op = invalid(op.expr)
			return
		}
		if _, isTex := ref.Elem.(*types.Texture); !isTex && !types.IsConstructible(ref.Elem) {
			if _, isSampler := ref.Elem.(*types.Sampler); !isSampler {
				c.errorf(op.expr, "cannot load a value of type %s (it is not constructible)", ref.Elem)
				*op = invalid(op.expr)
				return
			}
		}
		c.access(op.obj, accessRead)
		op.mode, op.typ, op.stage = Value, ref.Elem, RuntimeStage
	case TypeExpr:
		c.errorf(op.expr, "type '%s' cannot be used as a value", op.typ)
		*op = invalid(op.expr)
	case FuncExpr, BuiltinFn:
		c.errorf(op.expr, "function '%s' cannot be used as a value; call it", exprName(op.expr))
		*op = invalid(op.expr)
	case Enumerant:
		c.errorf(op.expr, "enumerant '%s' cannot be used as a value", op.enum)
		*op = invalid(op.expr)
	}
}

func describeRefTarget(op *operand) string {
	if name := exprName(op.expr); name != "" {
		return "'" + name + "'"
	}
	return "this memory"
}

func exprName(e syntax.Expr) string {
	switch e := e.(type) {
	case *syntax.IdentExpr:
		return e.Name.Name
	case *syntax.ParenExpr:
		return exprName(e.X)
	case *syntax.MemberExpr:
		if base := exprName(e.X); base != "" {
			return base + "." + e.Member.Name
		}
	}
	return ""
}

// convert applies a feasible automatic conversion of a value operand to type t, evaluating
// it for constants. It reports an error and returns false when the conversion is not
// possible.
func (c *checker) convert(op *operand, t types.Type, context string) bool {
	return c.convertFor(op, t, context, "")
}

// convertFor is convert with the context what 'name' (" for parameter 'x'"), spelled only
// when there is an error; name "" leaves what alone.
func (c *checker) convertFor(op *operand, t types.Type, what, name string) bool {
	if op.mode == Invalid || t == nil {
		return false
	}
	if types.Identical(op.typ, t) {
		return true
	}
	if types.ConversionRank(op.typ, t) == types.Infinite {
		context := what
		if name != "" {
			context += " '" + name + "'"
		}
		d := c.errorf(op.expr, "cannot use a value of type %s as %s%s", op.typ, t, context)
		c.noteLegacyLiteral(d, op.expr, t)
		return false
	}
	if op.val.IsValid() {
		v, err := constant.Convert(op.val, t)
		if err != nil && c.evalError(op.expr, err) {
			return false
		}
		op.val = v
	}
	op.typ = t
	c.record(op)
	return true
}

// concretize converts an abstract operand to its default concrete type.
func (c *checker) concretize(op *operand) bool {
	if op.mode != Value || !types.IsAbstract(op.typ) {
		return op.mode != Invalid
	}
	return c.convert(op, types.Concretize(op.typ), "")
}

// expr checks any expression and records it.
func (c *checker) expr(e syntax.Expr) operand {
	if e == nil {
		return invalid(nil) // missing after a syntax error, already reported
	}
	op := c.expr0(e)
	op.expr = e
	c.record(&op)
	return op
}

func (c *checker) expr0(e syntax.Expr) operand {
	switch e := e.(type) {
	case *syntax.IntLit:
		return c.intLit(e)
	case *syntax.FloatLit:
		return c.floatLit(e)
	case *syntax.BoolLit:
		return operand{mode: Value, typ: types.Bool, val: constant.MakeBool(e.Value)}
	case *syntax.ParenExpr:
		op := c.expr(e.X)
		return op
	case *syntax.IdentExpr:
		return c.ident(e)
	case *syntax.CallExpr:
		return c.call(e)
	case *syntax.UnaryExpr:
		return c.unary(e)
	case *syntax.BinaryExpr:
		return c.binary(e)
	case *syntax.IndexExpr:
		return c.index(e)
	case *syntax.MemberExpr:
		return c.member(e)
	case *syntax.BadExpr:
		return invalid(e)
	}
	c.errorf(e, "unexpected expression")
	return invalid(e)
}

func (c *checker) intLit(e *syntax.IntLit) operand {
	v, overflow, err := syntax.IntLitValue(e.Raw)
	if err != nil {
		c.errorf(e, "invalid integer literal '%s': %v", e.Raw, err)
		return invalid(e)
	}
	switch e.Suffix {
	case 'i':
		if overflow || v > 1<<31-1 {
			c.errorf(e, "literal %s cannot be represented as i32", e.Raw)
			return invalid(e)
		}
		return operand{mode: Value, typ: types.I32, val: constant.MakeI32(int32(v))}
	case 'u':
		if overflow || v > 1<<32-1 {
			c.errorf(e, "literal %s cannot be represented as u32", e.Raw)
			return invalid(e)
		}
		return operand{mode: Value, typ: types.U32, val: constant.MakeU32(uint32(v))}
	}
	if c.legacy {
		return c.legacyIntLit(e, v, overflow)
	}
	if overflow || v > 1<<63-1 {
		c.errorf(e, "literal %s cannot be represented as a 64-bit AbstractInt", e.Raw)
		return invalid(e)
	}
	return operand{mode: Value, typ: types.AbstractInt, val: constant.MakeAbstractInt(int64(v))}
}

func (c *checker) floatLit(e *syntax.FloatLit) operand {
	x, err := syntax.FloatLitValue(e.Raw)
	if err != nil {
		if errors.Is(err, strconv.ErrRange) {
			c.errorf(e, "literal %s cannot be represented as AbstractFloat: it is beyond the finite range of a 64-bit float", e.Raw)
		} else {
			c.errorf(e, "invalid floating-point literal '%s'", e.Raw)
		}
		return invalid(e)
	}
	var s *types.Scalar
	switch e.Suffix {
	case 'f':
		s = types.F32
	case 'h':
		s = types.F16
		if !c.hasF16() {
			c.errorf(e, "f16 literal '%s' requires 'enable f16;'", e.Raw)
			return invalid(e)
		}
	default:
		s = types.AbstractFloat
		if c.legacy {
			s = types.F32 // the 2021 draft has no abstract floats
		}
	}
	v, err := constant.FloatValue(s, x)
	if err != nil {
		c.errorf(e, "literal %s: %v", e.Raw, err)
		return invalid(e)
	}
	if e.Suffix != 0 && math.Abs(x) > maxFinite(s) {
		// A suffixed literal beyond the finite range overflows its type, even one that
		// would round to the largest finite value (spec "Numeric Literals", "Floating Point
		// Conversion"). x is the literal's nearest 64-bit float, as for Tint.
		c.errorf(e, "literal %s is outside the finite range of %s (at most %g)", e.Raw, s, maxFinite(s))
		return invalid(e)
	}
	if e.Suffix != 0 && (strings.HasPrefix(e.Raw, "0x") || strings.HasPrefix(e.Raw, "0X")) {
		// A suffixed hexadecimal literal must be exactly representable in its type.
		prec, emin, emax := 24, -126, 127
		if s == types.F16 {
			prec, emin, emax = 11, -14, 15
		}
		if exact, err := syntax.HexFloatExact(e.Raw, prec, emin, emax); err == nil && !exact {
			c.errorf(e, "hexadecimal literal %s cannot be exactly represented as %s", e.Raw, s)
			return invalid(e)
		}
	}
	return operand{mode: Value, typ: s, val: v}
}

// maxFinite is the largest finite value of f32 or f16.
func maxFinite(s *types.Scalar) float64 {
	if s == types.F16 {
		return constant.MaxF16
	}
	return math.MaxFloat32
}

// ident resolves an identifier expression.
func (c *checker) ident(e *syntax.IdentExpr) operand {
	name := e.Name.Name
	obj := c.lookup(name, e.Loc)
	if obj == nil {
		if len(e.TemplateArgs) > 0 || predeclaredType(name) != nil || typeGenerator(name) {
			t := c.typeExpr(e)
			if t == nil {
				return invalid(e)
			}
			return operand{mode: TypeExpr, typ: t}
		}
		if builtins.IsBuiltin(name) {
			return operand{mode: BuiltinFn, enum: name}
		}
		if c.legacy && c.legacyUnsupportedType(e) {
			return invalid(e)
		}
		if isEnumerant(name) {
			c.errorf(e, "enumerant '%s' cannot be used as a value", name)
			return invalid(e)
		}
		d := c.errorf(e, "unresolved identifier '%s'", name)
		if s := closest(name, c.visibleNames()); s != "" {
			c.note(d, e.Name.Loc, "did you mean '%s'?", s)
		}
		return invalid(e)
	}
	c.prog.setUse(e, obj)
	if len(e.TemplateArgs) > 0 {
		if _, isType := obj.(*TypeName); !isType {
			c.errorf(e, "'%s' does not take template arguments", name)
			return invalid(e)
		}
	}
	switch o := obj.(type) {
	case *Var:
		c.useGlobal(o)
		if c.legacy && o.Global {
			c.legacyUse(o, e.Loc)
		}
		return operand{mode: Reference, typ: o.Ref(), stage: RuntimeStage, obj: o}
	case *Const:
		return operand{mode: Value, typ: o.Type, val: o.Value, stage: ConstStage, obj: o}
	case *Override:
		c.useGlobal(o)
		if c.fn != nil && c.fn.constOnly {
			return operand{mode: Value, typ: o.Type, stage: OverrideStage, obj: o}
		}
		return operand{mode: Value, typ: o.Type, stage: OverrideStage, obj: o}
	case *Let:
		return operand{mode: Value, typ: o.Type, stage: RuntimeStage, obj: c.rootOf(o)}
	case *Param:
		if pt, ok := o.Type.(*types.Pointer); ok && c.legacy {
			// The draft's pointer parameters denote the memory they point to (§3.1.1).
			return operand{mode: Reference, typ: &types.Reference{Space: pt.Space, Elem: pt.Elem, Access: pt.Access}, stage: RuntimeStage, obj: o}
		}
		return operand{mode: Value, typ: o.Type, stage: RuntimeStage, obj: o}
	case *Func:
		return operand{mode: FuncExpr, obj: o}
	case *TypeName:
		t := c.typeExpr(e)
		if t == nil {
			return invalid(e)
		}
		return operand{mode: TypeExpr, typ: t, obj: o}
	}
	return invalid(e)
}

// isEnumerant reports whether name is a predeclared enumerant: an address space, an access
// mode or a texel format.
func isEnumerant(name string) bool {
	if _, ok := types.ParseAddressSpace(name, false); ok {
		return true
	}
	if _, ok := types.ParseAccess(name); ok {
		return true
	}
	_, ok := types.ParseTexelFormat(name)
	return ok
}

// visibleNames lists names in scope, for "did you mean" notes.
func (c *checker) visibleNames() []string {
	var names []string
	for s := c.scope; s != nil; s = s.parent {
		for _, e := range s.names {
			names = append(names, e.name)
		}
	}
	names = append(names, slices.Sorted(maps.Keys(c.module))...)
	return names
}

// unary checks -e, !e, ~e, *p and &r.
func (c *checker) unary(e *syntax.UnaryExpr) operand {
	switch e.Op {
	case syntax.OpAddrOf:
		op := c.expr(e.X)
		if op.mode == Invalid {
			return op
		}
		if op.mode != Reference {
			c.errorf(e, "cannot take the address of a value; '&' needs a variable or a part of one")
			return invalid(e)
		}
		ref := op.typ.(*types.Reference)
		if ref.Space == types.AddrHandle {
			c.errorf(e, "cannot take the address of a texture or sampler (handle address space)")
			return invalid(e)
		}
		if op.vectorComponent {
			c.errorf(e, "cannot take the address of a vector component")
			return invalid(e)
		}
		return operand{mode: Value, typ: &types.Pointer{Space: ref.Space, Elem: ref.Elem, Access: ref.Access}, stage: RuntimeStage, obj: op.obj}
	case syntax.OpDeref:
		op := c.valueExpr(e.X)
		if op.mode == Invalid {
			return op
		}
		p, ok := op.typ.(*types.Pointer)
		if !ok {
			c.errorf(e, "cannot dereference a value of type %s; '*' needs a pointer", op.typ)
			return invalid(e)
		}
		return operand{mode: Reference, typ: &types.Reference{Space: p.Space, Elem: p.Elem, Access: p.Access}, stage: RuntimeStage, obj: op.obj}
	}
	return c.unaryOn(e, c.valueExpr(e.X))
}

func (c *checker) unaryOn(e *syntax.UnaryExpr, op operand) operand {
	if op.mode == Invalid {
		return op
	}
	s := types.ElemScalar(op.typ)
	_, isMat := op.typ.(*types.Matrix)
	var cop constant.Op
	switch e.Op {
	case syntax.OpNeg:
		cop = constant.Neg
		if s == nil || !s.IsSigned() || (isMat && false) {
			c.errorf(e, "operator '-' cannot be applied to %s", op.typ)
			return invalid(e)
		}
		if isMat {
			c.errorf(e, "operator '-' cannot be applied to %s", op.typ)
			return invalid(e)
		}
	case syntax.OpNot:
		cop = constant.Not
		if s != types.Bool || isMat {
			c.errorf(e, "operator '!' needs a bool or vector of bool, not %s", op.typ)
			return invalid(e)
		}
	case syntax.OpCompl:
		cop = constant.Complement
		if s == nil || !s.IsInteger() || isMat {
			c.errorf(e, "operator '~' needs an integer scalar or vector, not %s", op.typ)
			return invalid(e)
		}
	}
	if _, ok := op.typ.(*types.Atomic); ok {
		c.errorf(e, "operator '%s' cannot be applied to %s", e.Op, op.typ)
		return invalid(e)
	}
	res := operand{mode: Value, typ: op.typ, stage: op.stage}
	if op.val.IsValid() && op.stage == ConstStage {
		v, err := constant.Unary(cop, op.val)
		if err != nil && c.evalError(e, err) {
			return invalid(e)
		}
		res.val = v
	}
	return res
}

var binaryOps = [...]constant.Op{
	syntax.OpAdd: constant.Add, syntax.OpSub: constant.Sub, syntax.OpMul: constant.Mul,
	syntax.OpDiv: constant.Div, syntax.OpRem: constant.Rem, syntax.OpAnd: constant.And,
	syntax.OpOr: constant.Or, syntax.OpXor: constant.Xor, syntax.OpShl: constant.Shl,
	syntax.OpShr: constant.Shr, syntax.OpLogAnd: constant.LogicalAnd, syntax.OpLogOr: constant.LogicalOr,
	syntax.OpEq: constant.Eq, syntax.OpNe: constant.Ne, syntax.OpLt: constant.Lt,
	syntax.OpLe: constant.Le, syntax.OpGt: constant.Gt, syntax.OpGe: constant.Ge,
}

// binary checks a binary expression by the spec's operator overloads.
func (c *checker) binary(e *syntax.BinaryExpr) operand {
	x := c.valueExpr(e.X)
	// A constant left operand that decides && or || leaves the right one unevaluated.
	decides := x.mode == Value && x.typ == types.Bool && x.val.IsValid() &&
		((e.Op == syntax.OpLogAnd && !x.val.Bool()) || (e.Op == syntax.OpLogOr && x.val.Bool()))
	if decides {
		c.noEval++
	}
	y := c.valueExpr(e.Y)
	if decides {
		c.noEval--
	}
	if x.mode == Invalid || y.mode == Invalid {
		return invalid(e)
	}
	res, ok := c.binaryType(e, &x, &y)
	if !ok {
		return invalid(e)
	}
	res.stage = max(x.stage, y.stage)
	res.mode = Value
	switch {
	case decides && res.stage == ConstStage:
		res.val = x.val
	case res.stage == ConstStage && x.val.IsValid() && y.val.IsValid():
		v, err := constant.Binary(binaryOps[e.Op], x.val, y.val)
		if err != nil && c.evalError(e, err) {
			return invalid(e)
		}
		res.val = v
	case y.stage == ConstStage && y.val.IsValid():
		c.checkConstRHS(e.Op, e.Y, &x, &y)
	}
	return res
}

// checkConstRHS applies the rules that constrain a const right operand of an operator whose
// left operand is not constant: shift amounts and integer division by zero.
func (c *checker) checkConstRHS(op syntax.Op, at syntax.Expr, x, y *operand) {
	s := types.ElemScalar(x.typ)
	if s == nil || !s.IsInteger() || c.noEval > 0 {
		return
	}
	reported := false
	constant.ForEachScalar(y.val, func(v constant.Value) {
		if reported {
			return
		}
		switch op {
		case syntax.OpShl, syntax.OpShr:
			if v.Int64() >= 32 {
				c.errorf(at, "shift amount %d is not less than the bit width 32 of %s", v.Int64(), s)
				reported = true
			}
		case syntax.OpDiv, syntax.OpRem:
			if v.Int64() == 0 {
				what := "division"
				if op == syntax.OpRem {
					what = "remainder"
				}
				c.errorf(at, "integer %s by zero", what)
				reported = true
			}
		}
	})
}

// unifyScalars converts two operands so their scalar components agree, as the spec's
// overload resolution does for operators: an abstract operand converts to the other's
// concrete scalar; two abstract operands meet at AbstractFloat if either is float.
func (c *checker) unifyScalars(x, y *operand) bool {
	sx, sy := types.ElemScalar(x.typ), types.ElemScalar(y.typ)
	if sx == nil || sy == nil {
		return false
	}
	if sx == sy {
		return true
	}
	var target *types.Scalar
	switch {
	case sx.IsAbstract() && sy.IsAbstract():
		target = types.AbstractFloat
	case sx.IsAbstract():
		target = sy
	case sy.IsAbstract():
		target = sx
	default:
		return false
	}
	for _, op := range []*operand{x, y} {
		s := types.ElemScalar(op.typ)
		if s == target {
			continue
		}
		if types.ConversionRank(s, target) == types.Infinite {
			return false
		}
		if !c.convert(op, types.WithScalar(op.typ, target), "") {
			op.mode = Invalid
			return false
		}
	}
	return true
}

func isNumericScalarOrVector(t types.Type) bool {
	switch t := t.(type) {
	case *types.Scalar:
		return t.IsNumeric()
	case *types.Vector:
		return t.Elem.IsNumeric()
	}
	return false
}

func vecSize(t types.Type) int {
	if v, ok := t.(*types.Vector); ok {
		return v.N
	}
	return 0
}

func (c *checker) binaryMismatch(e *syntax.BinaryExpr, x, y *operand) {
	if x.mode == Invalid || y.mode == Invalid {
		return // a conversion of an operand failed and was reported
	}
	d := c.errorf(e, "no matching overload for operator '%s' with operands %s and %s", e.Op, x.typ, y.typ)
	if !c.noteLegacyLiteral(d, e.Y, x.typ) {
		c.noteLegacyLiteral(d, e.X, y.typ)
	}
}

// noteLegacyLiteral adds to d, in the 2021 draft dialect, a note at a literal without suffix
// that another type than the literal's was wanted (t, or its element type): the draft has no
// abstract numbers, so 0 is an i32 and 1.0 an f32. It reports whether it did.
func (c *checker) noteLegacyLiteral(d *diag.Diagnostic, e syntax.Expr, t types.Type) bool {
	if !c.legacy || d == nil {
		return false
	}
	want := types.LeafScalar(t)
	var raw, is string
	switch lit := e.(type) {
	case *syntax.IntLit:
		if lit.Suffix != 0 {
			return false
		}
		raw, is = lit.Raw, "i32"
	case *syntax.FloatLit:
		if lit.Suffix != 0 {
			return false
		}
		raw, is = lit.Raw, "f32"
	default:
		return false
	}
	var fix string
	switch {
	case want == types.U32 && is == "i32":
		fix = raw + "u"
	case want == types.F32 && is == "i32":
		fix = raw + ".0"
	default:
		return false
	}
	d.Note(c.file.Source, e.Span(), "in the 2021 draft a literal without suffix is an %s: write %s", is, fix)
	return true
}

// binaryType finds the result type of x op y, converting abstract operands.
func (c *checker) binaryType(e *syntax.BinaryExpr, x, y *operand) (operand, bool) {
	switch e.Op {
	case syntax.OpLogAnd, syntax.OpLogOr:
		if x.typ != types.Bool || y.typ != types.Bool {
			c.errorf(e, "operator '%s' needs bool operands, not %s and %s", e.Op, x.typ, y.typ)
			return operand{}, false
		}
		return operand{typ: types.Bool}, true
	case syntax.OpShl, syntax.OpShr:
		sx := types.ElemScalar(x.typ)
		if !isNumericScalarOrVector(x.typ) || !sx.IsInteger() {
			c.errorf(e, "operator '%s' needs an integer left operand, not %s", e.Op, x.typ)
			return operand{}, false
		}
		want := types.Type(types.U32)
		if n := vecSize(x.typ); n > 0 {
			want = types.Vec(n, types.U32)
		}
		if types.ConversionRank(y.typ, want) == types.Infinite {
			c.binaryMismatch(e, x, y)
			return operand{}, false
		}
		if !c.convert(y, want, " as the shift amount") {
			return operand{}, false
		}
		// The abstract overloads need both operands at shader creation: with a shift amount
		// known later, the shifted value takes its concrete type first (spec "Overload
		// Resolution": a candidate with an abstract parameter needs const-expression arguments).
		if types.IsAbstract(x.typ) && y.stage != ConstStage && !c.concretize(x) {
			return operand{}, false
		}
		return operand{typ: x.typ}, true
	}
	if !c.unifyScalars(x, y) {
		c.binaryMismatch(e, x, y)
		return operand{}, false
	}
	s := types.ElemScalar(x.typ)
	xm, xIsMat := x.typ.(*types.Matrix)
	ym, yIsMat := y.typ.(*types.Matrix)
	switch e.Op {
	case syntax.OpEq, syntax.OpNe, syntax.OpLt, syntax.OpLe, syntax.OpGt, syntax.OpGe:
		if xIsMat || yIsMat || !types.Identical(x.typ, y.typ) || !(isNumericScalarOrVector(x.typ) || s == types.Bool) {
			c.binaryMismatch(e, x, y)
			return operand{}, false
		}
		if s == types.Bool && e.Op != syntax.OpEq && e.Op != syntax.OpNe {
			c.errorf(e, "operator '%s' cannot compare bool values", e.Op)
			return operand{}, false
		}
		if n := vecSize(x.typ); n > 0 {
			return operand{typ: types.Vec(n, types.Bool)}, true
		}
		return operand{typ: types.Bool}, true
	case syntax.OpAnd, syntax.OpOr, syntax.OpXor:
		if xIsMat || yIsMat || !types.Identical(x.typ, y.typ) || !(s.IsInteger() || (s == types.Bool && e.Op != syntax.OpXor)) {
			c.binaryMismatch(e, x, y)
			return operand{}, false
		}
		return operand{typ: x.typ}, true
	}
	// Arithmetic: + - * / %.
	if s == types.Bool {
		c.binaryMismatch(e, x, y)
		return operand{}, false
	}
	switch {
	case xIsMat && yIsMat:
		switch e.Op {
		case syntax.OpAdd, syntax.OpSub:
			if xm == ym {
				return operand{typ: xm}, true
			}
		case syntax.OpMul:
			if xm.Cols == ym.Rows {
				return operand{typ: types.Mat(ym.Cols, xm.Rows, s)}, true
			}
		}
	case xIsMat:
		if e.Op == syntax.OpMul {
			if y.typ == s {
				return operand{typ: xm}, true
			}
			if v, ok := y.typ.(*types.Vector); ok && v.N == xm.Cols {
				return operand{typ: types.Vec(xm.Rows, s)}, true
			}
		}
	case yIsMat:
		if e.Op == syntax.OpMul {
			if x.typ == s {
				return operand{typ: ym}, true
			}
			if v, ok := x.typ.(*types.Vector); ok && v.N == ym.Rows {
				return operand{typ: types.Vec(ym.Cols, s)}, true
			}
		}
	default:
		if !isNumericScalarOrVector(x.typ) || !isNumericScalarOrVector(y.typ) {
			break
		}
		nx, ny := vecSize(x.typ), vecSize(y.typ)
		switch {
		case nx == ny:
			return operand{typ: x.typ}, true
		case nx == 0:
			return operand{typ: y.typ}, true
		case ny == 0:
			return operand{typ: x.typ}, true
		}
	}
	c.binaryMismatch(e, x, y)
	return operand{}, false
}

// index checks e[i].
func (c *checker) index(e *syntax.IndexExpr) operand {
	base := c.expr(e.X)
	if base.mode == Invalid {
		c.valueExpr(e.Index)
		return invalid(e)
	}
	base = c.autoDeref(base)
	idx := c.valueExpr(e.Index)
	if idx.mode == Invalid {
		return invalid(e)
	}
	if s, ok := idx.typ.(*types.Scalar); !ok || !s.IsInteger() {
		c.errorf(e.Index, "index must be an i32 or u32, not %s", idx.typ)
		return invalid(e)
	}
	var elemT types.Type
	var count int
	var isVec bool
	target := base.typ
	if base.mode == Reference {
		target = base.typ.(*types.Reference).Elem
	} else if base.mode != Value {
		c.toValue(&base)
		return invalid(e)
	}
	switch t := target.(type) {
	case *types.Vector:
		elemT, count, isVec = t.Elem, t.N, true
	case *types.Matrix:
		elemT, count = t.Column(), t.Cols
	case *types.Array:
		elemT, count = t.Elem, t.Count
	default:
		c.errorf(e, "cannot index a value of type %s", target)
		return invalid(e)
	}
	if idx.stage == ConstStage && idx.val.IsValid() {
		i := idx.val.Int64()
		if i < 0 || (count > 0 && i >= int64(count)) {
			c.errorf(e.Index, "index %d is out of bounds for %s", i, target)
			return invalid(e)
		}
	}
	if types.IsAbstract(idx.typ) {
		c.concretize(&idx)
	}
	if base.mode == Reference {
		ref := base.typ.(*types.Reference)
		return operand{mode: Reference, typ: &types.Reference{Space: ref.Space, Elem: elemT, Access: ref.Access},
			stage: RuntimeStage, obj: base.obj, vectorComponent: isVec}
	}
	res := operand{mode: Value, typ: elemT, stage: max(base.stage, idx.stage)}
	if base.val.IsValid() && idx.val.IsValid() && res.stage == ConstStage {
		res.val = base.val.Index(int(idx.val.Int64()))
	} else if types.IsAbstract(base.typ) {
		// A runtime index into an abstract composite concretizes the composite first.
		c.concretize(&base)
		res.typ = types.Concretize(elemT)
	}
	return res
}

// autoDeref turns a pointer operand into its reference when the pointer_composite_access
// feature allows `p.x` and `p[i]`.
func (c *checker) autoDeref(op operand) operand {
	if op.mode == Value {
		if p, ok := op.typ.(*types.Pointer); ok {
			return operand{mode: Reference, typ: &types.Reference{Space: p.Space, Elem: p.Elem, Access: p.Access},
				stage: RuntimeStage, expr: op.expr, obj: op.obj}
		}
	}
	return op
}

// member checks e.name: a structure member or a vector swizzle.
func (c *checker) member(e *syntax.MemberExpr) operand {
	base := c.expr(e.X)
	if base.mode == Invalid {
		return invalid(e)
	}
	base = c.autoDeref(base)
	target := base.typ
	if base.mode == Reference {
		target = base.typ.(*types.Reference).Elem
	} else if base.mode != Value {
		c.toValue(&base)
		return invalid(e)
	}
	name := e.Member.Name
	switch t := target.(type) {
	case *types.Struct:
		for i, m := range t.Members {
			if m.Name != name {
				continue
			}
			if base.mode == Reference {
				ref := base.typ.(*types.Reference)
				return operand{mode: Reference, typ: &types.Reference{Space: ref.Space, Elem: m.Type, Access: ref.Access}, stage: RuntimeStage, obj: base.obj}
			}
			res := operand{mode: Value, typ: m.Type, stage: base.stage}
			if base.val.IsValid() && base.stage == ConstStage {
				res.val = base.val.Index(i)
			}
			return res
		}
		var names []string
		for _, m := range t.Members {
			names = append(names, m.Name)
		}
		d := c.errorAt(e.Member.Loc, "structure %s has no member '%s'; its members are %s", t.Name, name, andList(names))
		if s := closest(name, names); s != "" {
			c.note(d, e.Member.Loc, "did you mean '%s'?", s)
		}
		return invalid(e)
	case *types.Vector:
		idx, ok := swizzleIndices(name, t.N)
		if !ok {
			c.errorAt(e.Member.Loc, "invalid swizzle '%s' for %s: %s", name, t, swizzleProblem(name, t.N))
			return invalid(e)
		}
		if len(idx) == 1 {
			if base.mode == Reference {
				ref := base.typ.(*types.Reference)
				return operand{mode: Reference, typ: &types.Reference{Space: ref.Space, Elem: t.Elem, Access: ref.Access},
					stage: RuntimeStage, obj: base.obj, vectorComponent: true}
			}
			res := operand{mode: Value, typ: t.Elem, stage: base.stage}
			if base.val.IsValid() && base.stage == ConstStage {
				res.val = base.val.Index(idx[0])
			}
			return res
		}
		c.toValue(&base)
		if base.mode == Invalid {
			return invalid(e)
		}
		res := operand{mode: Value, typ: types.Vec(len(idx), t.Elem), stage: base.stage}
		if base.val.IsValid() && base.stage == ConstStage {
			res.val = constant.Swizzle(base.val, idx...)
		}
		return res
	}
	c.errorf(e, "value of type %s has no member '%s'", target, name)
	return invalid(e)
}

// swizzleIndices maps a swizzle name to component indices, checking it against a vector of
// n components.
// swizzleProblem says why name, which swizzleIndices refuses, is no swizzle of a vector of n
// components.
func swizzleProblem(name string, n int) string {
	const xyzw, rgba = "xyzw", "rgba"
	switch {
	case strings.Trim(name, xyzw+rgba) != "" && strings.Trim(name, xyzw) != "" && strings.Trim(name, rgba) != "":
		return "a swizzle is made of the component names x, y, z, w or r, g, b, a"
	case len(name) > 4:
		return fmt.Sprintf("a swizzle has at most 4 components, not %d", len(name))
	case strings.Trim(name, xyzw) != "" && strings.Trim(name, rgba) != "":
		return "it mixes the names x, y, z, w with r, g, b, a"
	}
	set := xyzw
	if strings.Trim(name, rgba) == "" {
		set = rgba
	}
	names := make([]string, n)
	for i := range names {
		names[i] = set[i : i+1]
	}
	return "the vector has components " + andList(names)
}

// andList spells names as "a", "a and b" or "a, b and c".
func andList(names []string) string {
	if len(names) <= 1 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

func swizzleIndices(name string, n int) ([]int, bool) {
	if !syntax.IsSwizzle(name) {
		return nil, false
	}
	idx := make([]int, len(name))
	for i := 0; i < len(name); i++ {
		var k int
		switch name[i] {
		case 'x', 'r':
			k = 0
		case 'y', 'g':
			k = 1
		case 'z', 'b':
			k = 2
		case 'w', 'a':
			k = 3
		}
		if k >= n {
			return nil, false
		}
		idx[i] = k
	}
	return idx, true
}
