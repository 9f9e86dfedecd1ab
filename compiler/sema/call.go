package sema

import (
	"errors"
	"fmt"
	"strings"

	"github.com/wgslgo/wgslgo/compiler/builtins"
	"github.com/wgslgo/wgslgo/compiler/constant"
	"github.com/wgslgo/wgslgo/compiler/syntax"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// call checks a call expression: a user function, a builtin function, a value constructor,
// a structure constructor or bitcast.
func (c *checker) call(e *syntax.CallExpr) operand {
	id := e.Callee
	name := id.Name.Name
	obj := c.lookup(name, id.Loc)
	switch o := obj.(type) {
	case *Func:
		c.prog.setUse(id, o)
		if c.legacy {
			c.legacyCall(o, id.Loc)
		}
		return c.userCall(e, o)
	case *TypeName:
		c.prog.setUse(id, o)
		t := c.typeOf(id)
		if t == nil {
			c.checkArgsOnly(e)
			return invalid(e)
		}
		kind := CallConstructor
		if _, ok := t.(*types.Struct); ok {
			kind = CallStruct
		}
		return c.builtinCall(e, kind, builtins.Call{Name: name, Type: t})
	case *badObject:
		c.checkArgsOnly(e)
		return invalid(e)
	case nil:
	default:
		c.errorf(id, "'%s' is not a function", name)
		c.checkArgsOnly(e)
		return invalid(e)
	}
	if name == "bitcast" {
		if len(id.TemplateArgs) != 1 {
			c.errorf(id, "bitcast needs one template argument: bitcast<T>(e)")
			c.checkArgsOnly(e)
			return invalid(e)
		}
		t := c.typeOf(id.TemplateArgs[0])
		if t == nil {
			c.checkArgsOnly(e)
			return invalid(e)
		}
		return c.builtinCall(e, CallBitcast, builtins.Call{Name: name, TemplateArgs: []types.Type{t}})
	}
	if len(id.TemplateArgs) > 0 || predeclaredType(name) != nil {
		if typeGenerator(name) || predeclaredType(name) != nil {
			t := c.typeOf(id)
			if t == nil {
				c.checkArgsOnly(e)
				return invalid(e)
			}
			return c.builtinCall(e, CallConstructor, builtins.Call{Name: name, Type: t})
		}
		if b, ok := builtins.Lookup(name); ok && !b.Constructor {
			// bufferView<T> and friends take explicit template arguments.
			var targs []types.Type
			for _, a := range id.TemplateArgs {
				t := c.typeOf(a)
				if t == nil {
					c.checkArgsOnly(e)
					return invalid(e)
				}
				targs = append(targs, t)
			}
			return c.builtinCall(e, CallBuiltin, builtins.Call{Name: name, TemplateArgs: targs})
		}
	}
	if c.legacy {
		if name = c.legacyFuncName(e); name == "" {
			c.checkArgsOnly(e)
			return invalid(e)
		}
	}
	b, ok := builtins.Lookup(name)
	if !ok {
		d := c.errorf(id, "unresolved function '%s'", name)
		cands := append(c.visibleNames(), builtins.Names()...)
		if s := closest(name, cands); s != "" {
			c.note(d, id.Name.Loc, "did you mean '%s'?", s)
		}
		c.checkArgsOnly(e)
		return invalid(e)
	}
	kind := CallBuiltin
	if b.Constructor {
		kind = CallConstructor
	}
	return c.builtinCall(e, kind, builtins.Call{Name: name})
}

// checkArgsOnly checks the arguments of a call whose callee failed, to report their errors.
func (c *checker) checkArgsOnly(e *syntax.CallExpr) {
	for _, a := range e.Args {
		c.expr(a)
	}
}

// builtinCall resolves a call against the builtin overload table.
func (c *checker) builtinCall(e *syntax.CallExpr, kind CallKind, bc builtins.Call) operand {
	// The operands and the argument types live on stacks of the checker (nested calls push
	// above and pop back), which saves three allocations per call.
	mark := len(c.argStack)
	for _, a := range e.Args {
		op := c.expr(a)
		c.argStack = append(c.argStack, op)
	}
	n := len(e.Args)
	args := c.argStack[mark : mark+n : mark+n]
	tmark := len(c.argTypes)
	// What is popped is not cleared: it is the program's, and Check clears the stacks once,
	// before they go back to the pool.
	defer func() {
		c.argStack = c.argStack[:mark]
		c.argTypes = c.argTypes[:tmark]
		c.argConst = c.argConst[:tmark]
	}()
	ok := true
	for i := range args {
		switch args[i].mode {
		case Invalid:
			ok = false
		case Value, Reference:
		default:
			c.toValue(&args[i])
			ok = false
		}
	}
	if !ok {
		return invalid(e)
	}
	for _, a := range args {
		c.argTypes = append(c.argTypes, a.typ)
		c.argConst = append(c.argConst, a.mode == Value && a.stage == ConstStage && a.val.IsValid())
	}
	bc.Args = c.argTypes[tmark : tmark+n : tmark+n]
	bc.Const = c.argConst[tmark : tmark+n : tmark+n]
	if c.legacy && kind == CallBuiltin {
		c.legacyCallArgs(e, &bc, args)
	}
	ctx := builtins.Context{Extensions: c.prog.Extensions, Features: builtins.AllFeatures}
	res, err := builtins.Resolve(ctx, bc)
	if err != nil {
		c.reportResolve(e, err)
		return invalid(e)
	}
	if a, ok := res.Result.(*types.Array); ok && kind == CallConstructor {
		c.checkArrayConstructor(e, a, bc.Type == nil)
	}
	// Convert each argument to its parameter type.
	stage := ConstStage
	allConst := true
	for i := range args {
		pt := res.Params[i]
		if _, isPtr := pt.(*types.Pointer); isPtr {
			c.access(args[i].obj, builtinPointerAccess(res.Overload.Fn))
			stage = RuntimeStage
			allConst = false
			continue
		}
		if _, isRef := args[i].typ.(*types.Reference); isRef || args[i].mode == Reference {
			c.toValue(&args[i])
			if args[i].mode == Invalid {
				return invalid(e)
			}
		}
		if !types.IsAbstract(pt) || !types.Identical(pt, args[i].typ) {
			if !c.convert(&args[i], pt, "") {
				return invalid(e)
			}
		}
		stage = max(stage, args[i].stage)
		if !args[i].val.IsValid() {
			allConst = false
		}
		if i < len(res.Overload.Params) && res.Overload.Params[i].Const && args[i].stage != ConstStage {
			c.errorf(e.Args[i], "argument '%s' of %s must be a const-expression", res.Overload.Params[i].Name, bc.Name)
			return invalid(e)
		}
	}
	if kind == CallBuiltin && !c.partialChecks(e, args, res) {
		return invalid(e)
	}
	call := c.newCall()
	*call = Call{Kind: kind, Builtin: res, Name: bc.Name, Fn: res.Overload.Fn, Type: res.Result}
	c.prog.setCall(e, call)
	if c.fn != nil && kind == CallBuiltin {
		c.fn.fn.Builtins = append(c.fn.fn.Builtins, BuiltinUse{Name: bc.Name, Stages: res.Overload.Stages, Uniformity: res.Overload.Uniformity, Span: e.Callee.Loc})
	}
	if res.Result == nil {
		return operand{mode: Value, typ: nil, stage: RuntimeStage}
	}
	out := operand{mode: Value, typ: res.Result, stage: stage}
	if c.legacy && kind == CallBuiltin {
		out.typ = c.legacyResultType(e, bc.Name, res.Result)
	}
	if !res.Const {
		out.stage = RuntimeStage
		return out
	}
	if stage == ConstStage && allConst {
		vals := make([]constant.Value, len(args))
		for i := range args {
			vals[i] = args[i].val
		}
		var v constant.Value
		var err error
		switch kind {
		case CallConstructor, CallStruct:
			v, err = constant.Construct(res.Result, vals)
		case CallBitcast:
			v, err = constant.Bitcast(vals[0], res.Result)
		default:
			v, err = constant.CallBuiltin(res.Overload.Fn, vals, res.Result)
		}
		if err != nil && !namesCallee(err.Error(), bc.Name) {
			err = fmt.Errorf("%s: %w", bc.Name, err)
		}
		if err != nil && c.evalError(e, err) {
			return invalid(e)
		}
		out.val = v
	}
	return out
}

// namesCallee reports whether an evaluation error message already starts with the function
// it is about ("sqrt of negative value -1.0", "pow(2.0h, 16.0h) overflows f16"), which then
// needs no "name: " in front.
func namesCallee(msg, name string) bool {
	rest, ok := strings.CutPrefix(msg, name)
	return ok && rest != "" && strings.ContainsRune(" (<", rune(rest[0]))
}

func (c *checker) reportResolve(e *syntax.CallExpr, err error) {
	var be *builtins.Error
	if !errors.As(err, &be) {
		c.errorf(e, "%v", err)
		return
	}
	d := c.errorf(e, "%s", be.Msg)
	if be.Suggestion != "" {
		c.note(d, e.Callee.Loc, "did you mean '%s'?", be.Suggestion)
	}
	if len(be.Candidates) > 0 {
		c.note(d, e.Callee.Loc, "closest candidates:\n  %s", strings.Join(be.Candidates, "\n  "))
	}
}

// userCall checks a call of a user-declared function.
func (c *checker) userCall(e *syntax.CallExpr, f *Func) operand {
	if len(e.Callee.TemplateArgs) > 0 {
		c.errorf(e.Callee, "function '%s' does not take template arguments", f.name)
	}
	if f.IsEntryPoint() {
		c.errorf(e, "entry point '%s' cannot be called", f.name)
	}
	if c.fn == nil {
		c.errorf(e, "function '%s' cannot be called in a const- or override-expression", f.name)
		c.checkArgsOnly(e)
		return invalid(e)
	}
	if len(e.Args) != len(f.Params) {
		c.errorf(e, "function '%s' takes %d argument%s, got %d", f.name, len(f.Params), plural(len(f.Params)), len(e.Args))
		c.checkArgsOnly(e)
		return invalid(e)
	}
	roots := make([]Object, len(e.Args))
	for i, a := range e.Args {
		p := f.Params[i]
		var op operand
		if c.legacy {
			op = c.legacyArg(a, p.Type)
		} else {
			op = c.valueExpr(a)
		}
		if _, isPtr := op.typ.(*types.Pointer); isPtr && op.mode == Value {
			roots[i] = op.obj
		}
		if op.mode == Invalid || p.Type == nil {
			continue
		}
		if pt, ok := p.Type.(*types.Pointer); ok {
			at, ok := op.typ.(*types.Pointer)
			if !ok || !types.Identical(pt, at) && !bufferPointerConverts(at, pt) {
				c.errorf(a, "cannot pass %s as parameter '%s' of type %s", describe(op.typ), p.name, pt)
			}
			continue
		}
		c.convertFor(&op, p.Type, " for parameter", p.name)
	}
	c.prog.setCall(e, &Call{Kind: CallFunc, Func: f, Type: f.Result})
	c.fn.addCall(f)
	c.fn.alias.calls = append(c.fn.alias.calls, aliasCall{callee: f, roots: roots, span: e.Loc})
	return operand{mode: Value, typ: f.Result, stage: RuntimeStage}
}

// partialChecks applies constant.KnownArgs to the const-expression arguments of a builtin call, and
// the const-expression rules of bufferView. It returns false after reporting an error.
func (c *checker) partialChecks(e *syntax.CallExpr, args []operand, res *builtins.Resolved) bool {
	if c.noEval > 0 {
		return true
	}
	fn := res.Overload.Fn
	if fn == builtins.FnBufferView {
		return c.bufferViewChecks(e, args, res)
	}
	var buf [8]constant.Value
	vals := buf[:0]
	for _, a := range args {
		var v constant.Value
		if a.stage == ConstStage {
			v = a.val
		}
		vals = append(vals, v)
	}
	msg, arg := constant.KnownArgs(fn, res, vals)
	if msg == "" {
		return true
	}
	if arg >= 0 {
		c.errorf(e.Args[arg], "%s", msg)
	} else {
		c.errorf(e, "%s", msg)
	}
	return false
}

// bufferPointerConverts reports the automatic conversions of buffer pointer arguments: a
// fixed-size buffer to a smaller fixed-size one or to the runtime-sized buffer (ConversionRank
// rows of the buffer_view feature).
func bufferPointerConverts(arg, param *types.Pointer) bool {
	ab, ok1 := arg.Elem.(*types.Buffer)
	pb, ok2 := param.Elem.(*types.Buffer)
	if !ok1 || !ok2 || arg.Space != param.Space || arg.Access != param.Access || ab.Size == 0 {
		return false
	}
	return pb.Size == 0 && pb.SizeOverride == nil || pb.Size > 0 && pb.Size <= ab.Size
}

// bufferViewChecks applies the const-expression rules of bufferView: a non-negative offset
// aligned for the view's type, and a view that fits in a fixed-size buffer.
func (c *checker) bufferViewChecks(e *syntax.CallExpr, args []operand, res *builtins.Resolved) bool {
	if len(args) < 2 {
		return true
	}
	ptr, ok1 := args[0].typ.(*types.Pointer)
	view, ok2 := res.Result.(*types.Pointer)
	if !ok1 || !ok2 {
		return true
	}
	buf, _ := ptr.Elem.(*types.Buffer)
	l := c.prog.Layouts
	minSize := 0
	if types.IsFixedFootprint(view.Elem) {
		minSize = l.SizeOf(view.Elem)
	} else if a, off, stride, ok := l.RuntimeArray(view.Elem); ok && a != nil {
		minSize = off + stride
	}
	if buf != nil && buf.Size > 0 && minSize > buf.Size {
		c.errorf(e, "bufferView: %s needs at least %d bytes, but the buffer has %d", view.Elem, minSize, buf.Size)
		return false
	}
	off := args[1]
	if off.stage != ConstStage || !off.val.IsValid() {
		return true
	}
	n := off.val.Int64()
	if n < 0 {
		c.errorf(e.Args[1], "bufferView: the offset %d is negative", n)
		return false
	}
	if align := int64(l.RequiredAlignOf(view.Elem, view.Space)); align > 0 && n%align != 0 {
		c.errorf(e.Args[1], "bufferView: the offset %d is not a multiple of %d, the alignment %s needs in the %s address space", n, align, view.Elem, view.Space)
		return false
	}
	if buf != nil && buf.Size > 0 && int64(minSize)+n > int64(buf.Size) {
		c.errorf(e.Args[1], "bufferView: %s at offset %d does not fit in the %d-byte buffer", view.Elem, n, buf.Size)
		return false
	}
	return true
}

// newCall returns a Call from a chunk allocated 64 at a time.
func (c *checker) newCall() *Call {
	if len(c.callSlab) == 0 {
		// Chunks double from 8 calls to 64, so that a small file does not clear a large one's.
		c.nextCalls = min(max(2*c.nextCalls, 8), 64)
		c.callSlab = make([]Call, c.nextCalls)
	}
	call := &c.callSlab[0]
	c.callSlab = c.callSlab[1:]
	return call
}
