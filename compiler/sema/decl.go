package sema

import (
	"fmt"

	"github.com/wgslgo/wgslgo/compiler/layout"
	"github.com/wgslgo/wgslgo/compiler/syntax"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// constDecl checks `const x[: T] = e;` at module (global) or function scope.
func (c *checker) constDecl(d *syntax.ConstDecl, global bool) Object {
	obj := &Const{objectBase: objectBase{name: d.Name.Name, span: d.Name.Loc}, Decl: d, Global: global}
	if d.Legacy && global {
		if a := findAttr(d.Attrs, "constant_id"); a != nil {
			return c.legacyOverride(d, a)
		}
	}
	if d.Legacy && d.Init == nil {
		c.errorf(d, "const '%s' needs an initializer; only pipeline-overridable constants, declared with [[constant_id(n)]], may leave it out", d.Name.Name)
		return nil
	}
	if len(d.Attrs) > 0 {
		c.attrs(d.Attrs, "a const declaration")
	}
	var declared types.Type
	if d.Type != nil {
		declared = c.typeOf(d.Type)
		if declared == nil {
			c.valueExpr(d.Init)
			return nil
		}
	}
	op := c.valueExpr(d.Init)
	if op.mode == Invalid {
		return nil
	}
	if op.stage != ConstStage || !op.val.IsValid() {
		c.errorf(d.Init, "the initializer of const '%s' must be a const-expression", d.Name.Name)
		return nil
	}
	if declared != nil {
		if !types.IsConstructible(declared) {
			c.errorf(d.Type, "const type %s is not constructible", declared)
			return nil
		}
		if !c.convertFor(&op, declared, " to initialize const", d.Name.Name) {
			return nil
		}
	}
	obj.Type, obj.Value = op.typ, op.val
	if global {
		c.prog.Consts = append(c.prog.Consts, obj)
	}
	return obj
}

// overrideDecl checks `@id(n) override x[: T] [= e];`.
func (c *checker) overrideDecl(d *syntax.OverrideDecl) Object {
	obj := &Override{objectBase: objectBase{name: d.Name.Name, span: d.Name.Loc}, Decl: d, ID: -1, Default: d.Init}
	set := c.attrs(d.Attrs, "an override declaration", "id")
	if a := set.get("id"); a != nil {
		if n, ok := c.nonNegativeAttr(a); ok {
			if n > 65535 {
				c.errorf(a, "@id must be at most 65535, got %d", n)
			} else if c.usedOverrideID[n] {
				c.errorf(a, "@id(%d) is already used by another override", n)
			} else {
				obj.ID, obj.IDSet = n, true
				c.useOverrideID(n)
			}
		}
	}
	var declared types.Type
	if d.Type != nil {
		declared = c.typeOf(d.Type)
	}
	if d.Init == nil && d.Type == nil {
		c.errorf(d, "override '%s' needs a type or an initializer", d.Name.Name)
		return nil
	}
	if d.Init != nil {
		op := c.valueExpr(d.Init)
		if op.mode != Invalid {
			if op.stage == RuntimeStage {
				c.errorf(d.Init, "the initializer of override '%s' must be an override-expression", d.Name.Name)
			} else if declared != nil {
				if c.convertFor(&op, declared, " to initialize override", d.Name.Name) {
					obj.Value = op.val
				}
			} else if c.concretize(&op) {
				declared = op.typ
				obj.Value = op.val
			}
		}
	}
	if declared == nil {
		return nil
	}
	if s, ok := declared.(*types.Scalar); !ok || s.IsAbstract() {
		c.errorf(d, "override '%s' must have a concrete scalar type (bool, i32, u32, f32 or f16), not %s", d.Name.Name, declared)
		return nil
	}
	obj.Type = declared
	c.prog.Overrides = append(c.prog.Overrides, obj)
	return obj
}

// globalVar checks a module-scope `var`.
func (c *checker) globalVar(d *syntax.VarDecl) Object {
	v := &Var{objectBase: objectBase{name: d.Name.Name, span: d.Name.Loc}, Decl: d, Global: true,
		Group: -1, Binding: -1, IO: types.NoIO, Init: d.Init}
	allowed := []string{"group", "binding"}
	if c.legacy {
		allowed = append(allowed, "set", "location", "builtin")
	}
	set := c.attrs(d.Attrs, "a variable", allowed...)
	if d.Type == nil && d.Init == nil {
		c.errorf(d, "variable '%s' needs a type or an initializer", d.Name.Name)
		return nil
	}
	var t types.Type
	if d.Type != nil {
		t = c.typeOf(d.Type)
		if t == nil {
			return nil
		}
	}
	explicitSpace := len(d.TemplateArgs) > 0
	if explicitSpace {
		as, ok := c.addressSpaceArg(d.TemplateArgs[0])
		if !ok {
			return nil
		}
		v.Space = as
		v.Access = types.DefaultAccess(as)
		if len(d.TemplateArgs) > 1 {
			if as != types.AddrStorage {
				c.errorf(d.TemplateArgs[1], "an access mode may only be written for the storage address space")
			} else if am, ok := c.accessArg(d.TemplateArgs[1]); ok {
				if am == types.Write {
					c.errorf(d.TemplateArgs[1], "storage buffers have access read or read_write, not write")
				}
				v.Access = am
			}
		}
		if len(d.TemplateArgs) > 2 {
			c.errorf(d.TemplateArgs[2], "'var' takes at most two template arguments: var<address_space, access>")
		}
	}
	switch t.(type) {
	case *types.Texture, *types.Sampler:
		if explicitSpace {
			c.errorf(d, "texture and sampler variables are declared without an address space")
		}
		v.Space, v.Access = types.AddrHandle, types.Read
	default:
		if !explicitSpace && t != nil {
			c.errorf(d, "module-scope variable '%s' needs an address space, e.g. %s", d.Name.Name, c.spaceExample(d))
			return nil
		}
		if v.Space == types.AddrHandle {
			// The address space of textures and samplers has no spelling (spec "Address Spaces").
			c.errorf(d.TemplateArgs[0], "the handle address space cannot be written in WGSL source: textures and samplers are in it, declared without an address space")
			return nil
		}
	}
	if c.legacy {
		c.legacyStorageAccess(d, v, len(d.TemplateArgs) > 1)
	}
	if d.Init != nil {
		op := c.valueExpr(d.Init)
		if op.mode != Invalid {
			switch {
			case v.Space != types.AddrPrivate && !(c.legacy && v.Space == types.AddrOut):
				c.errorf(d.Init, "only private variables may have an initializer at module scope")
			case op.stage == RuntimeStage:
				c.errorf(d.Init, "the initializer of a module-scope variable must be a const- or override-expression")
			case t != nil:
				c.convertFor(&op, t, " to initialize", d.Name.Name)
			default:
				c.concretize(&op)
				t = op.typ
			}
		}
	}
	if t == nil {
		return nil
	}
	v.Type = t
	c.checkStoreType(d, v)
	c.bindingAttrs(d, set, v)
	if c.legacy {
		c.legacyIOAttrs(set, v)
	}
	c.prog.Globals = append(c.prog.Globals, v)
	return v
}

// checkStoreType applies the address space rules to a variable's store type.
func (c *checker) checkStoreType(d *syntax.VarDecl, v *Var) {
	c.checkVarSize(d, v)
	t := v.Type
	at := d.Name.Loc
	if d.Type != nil {
		at = d.Type.Span()
	}
	if a, ok := t.(*types.Array); ok && a.IsOverrideSized() && v.Space != types.AddrWorkgroup {
		c.errorAt(at, "override-sized arrays are only allowed in the workgroup address space")
		return
	}
	scope := inFunction
	if v.Global {
		scope = atModuleScope
	}
	if msg := spaceTypeError(v.Space, t, scope, v.Name()); msg != "" {
		c.errorAt(at, "%s", msg)
		return
	}
	if c.legacy && (v.Space == types.AddrUniform || v.Space == types.AddrStorage) {
		c.legacyBuffer(d, v)
	}
	switch v.Space {
	case types.AddrUniform:
		c.prog.Layouts.Check(t, types.AddrUniform, at, c.reportLayout)
	case types.AddrStorage:
		if types.ContainsAtomic(t) && v.Access != types.ReadWrite {
			c.errorAt(at, "atomics in the storage address space need read_write access")
		}
		c.prog.Layouts.Check(t, types.AddrStorage, at, c.reportLayout)
	}
}

// storeScope says where a store type is written: the type of a variable in a function or at
// module scope, or the store type of a pointer type, which follows the address space's rules
// for types but not those for where variables may be declared.
type storeScope uint8

const (
	inFunction storeScope = iota
	atModuleScope
	inPointerType
)

// spaceTypeError applies the rules of an address space to the store type of a variable or
// pointer, returning a message when t is not allowed there. name is the variable's, "" for a
// pointer type.
func spaceTypeError(as types.AddressSpace, t types.Type, scope storeScope, name string) string {
	_, isHandle := t.(*types.Texture)
	if _, isSampler := t.(*types.Sampler); isSampler {
		isHandle = true
	}
	if isHandle && as != types.AddrHandle {
		return fmt.Sprintf("%s can only be declared as a module-scope variable without an address space", t)
	}
	if types.ContainsAtomic(t) && as != types.AddrStorage && as != types.AddrWorkgroup {
		return fmt.Sprintf("atomic types are only allowed in the storage and workgroup address spaces, not %s", as)
	}
	switch as {
	case types.AddrFunction:
		if scope == atModuleScope {
			return "the function address space is not allowed at module scope"
		}
		if !types.IsConstructible(t) {
			return fmt.Sprintf("a function variable's type must be constructible, not %s", t)
		}
	case types.AddrPrivate:
		if !types.IsConstructible(t) {
			return fmt.Sprintf("a private variable's type must be constructible, not %s", t)
		}
	case types.AddrWorkgroup:
		if _, isBuf := t.(*types.Buffer); isBuf && types.IsFixedFootprint(t) {
			break
		}
		if !types.IsPlain(t) || !types.IsFixedFootprint(t) {
			return fmt.Sprintf("a workgroup variable's type must be a plain type of fixed size, not %s", t)
		}
	case types.AddrUniform:
		if b, isBuf := t.(*types.Buffer); isBuf && b.Size > 0 {
			break
		}
		if rt, member := runtimeSizedPart(t); rt != nil {
			return uniformRuntimeArray(t, rt, member, name)
		}
		if !types.IsHostShareable(t) || !types.IsConstructible(t) {
			return fmt.Sprintf("a uniform buffer's type must be host-shareable and constructible, not %s", t)
		}
	case types.AddrStorage:
		if !types.IsHostShareable(t) {
			return fmt.Sprintf("a storage buffer's type must be host-shareable, not %s", t)
		}
	case types.AddrImmediate:
		if scope == inFunction {
			return "the immediate address space is only allowed at module scope"
		}
		if !types.IsHostShareable(t) || !types.IsConstructible(t) || types.Contains(t, isArray) {
			return fmt.Sprintf("an immediate variable's type must be host-shareable and constructible, without arrays, not %s", t)
		}
	case types.AddrHandle, types.AddrIn, types.AddrOut:
	default:
		return fmt.Sprintf("variables cannot be declared in the %s address space", as)
	}
	return ""
}

// runtimeSizedPart returns the runtime-sized array of a store type, with the name of the
// structure member that holds it ("" when t is the array).
func runtimeSizedPart(t types.Type) (*types.Array, string) {
	switch t := t.(type) {
	case *types.Array:
		if t.IsRuntimeSized() {
			return t, ""
		}
	case *types.Struct:
		if n := len(t.Members); n > 0 {
			if a, ok := t.Members[n-1].Type.(*types.Array); ok && a.IsRuntimeSized() {
				return a, t.Members[n-1].Name
			}
		}
	}
	return nil, ""
}

// uniformRuntimeArray says that a uniform buffer cannot hold the runtime-sized array rt of its
// store type t (in member, or t itself), and what to declare instead: a read-only storage
// buffer, which may, or an array with an element count.
func uniformRuntimeArray(t types.Type, rt *types.Array, member, name string) string {
	what := fmt.Sprintf("like %s", t)
	if member != "" {
		what = fmt.Sprintf("(member %s of %s is %s)", member, t, rt)
	}
	decl := "the buffer var<storage, read>"
	if name != "" {
		decl = fmt.Sprintf("var<storage, read> %s: %s", name, t)
	}
	return fmt.Sprintf("a uniform buffer cannot hold a runtime-sized array %s: declare %s (a read-only storage buffer), or give the array an element count (array<%s, N>)",
		what, decl, rt.Elem)
}

func isArray(t types.Type) bool {
	_, ok := t.(*types.Array)
	return ok
}

// reportLayout turns a layout error into a diagnostic.
func (c *checker) reportLayout(e *layout.Error) {
	e.Report(&c.Reporter)
}

// bindingAttrs reads @group/@binding and checks they are present exactly for resources.
func (c *checker) bindingAttrs(d *syntax.VarDecl, set attrSet, v *Var) {
	group, binding := set.get("group"), set.get("binding")
	if group == nil && c.legacy {
		group = set.get("set")
	}
	isResource := v.Space == types.AddrUniform || v.Space == types.AddrStorage || v.Space == types.AddrHandle
	if !isResource {
		for _, a := range []*syntax.Attribute{group, binding} {
			if a != nil {
				c.errorf(a, "@%s applies only to uniform, storage, texture and sampler variables", a.Name.Name)
			}
		}
		return
	}
	if group == nil || binding == nil {
		c.errorAt(d.Name.Loc, "resource variable '%s' needs both @group and @binding", d.Name.Name)
		return
	}
	if n, ok := c.nonNegativeAttr(group); ok {
		v.Group = n
		if n >= webgpuBindGroups {
			c.webgpuLimit(group.Args[0].Span(), "@group(%d): maxBindGroups is %d", n, webgpuBindGroups)
		}
	}
	if n, ok := c.nonNegativeAttr(binding); ok {
		v.Binding = n
		if n >= webgpuBindingsPerGroup {
			c.webgpuLimit(binding.Args[0].Span(), "@binding(%d): maxBindingsPerBindGroup is %d", n, webgpuBindingsPerGroup)
		}
	}
	if v.Group < 0 || v.Binding < 0 {
		v.Group, v.Binding = -1, -1
	}
}

// spaceExample suggests an address space for a module-scope variable written without one,
// from its attributes: a buffer for a binding, in the 2021 draft in or out for pipeline IO.
func (c *checker) spaceExample(d *syntax.VarDecl) string {
	for _, a := range d.Attrs {
		switch a.Name.Name {
		case "binding", "group", "set":
			return "var<uniform> or var<storage>"
		case "location", "builtin":
			if c.legacy {
				return "var<in> or var<out>"
			}
		}
	}
	return "var<private>"
}
