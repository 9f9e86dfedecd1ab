package sema

import (
	"fmt"
	"slices"

	"github.com/wgslgo/wgslgo/compiler/builtins"
	"github.com/wgslgo/wgslgo/compiler/constant"
	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/compiler/syntax"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// The 2021 draft dialect (reference/seeds/000_2bdf7c9d925e3a16.txt). Where the draft's
// semantics differ from today's, the checker applies the draft's rules when the file was
// parsed in that dialect (checker.legacy), and records in Program.Legacy what the lowering and
// the migration to modern WGSL need to know:
//
//   - literals have concrete types: 1 is i32, 1.0 is f32 (there are no abstract numbers);
//   - names are declared before use, and no declaration shadows a name in scope or a
//     builtin function (seed §2.7.1, §4.1, §15, v-0001, v-0007);
//   - module-scope var<in>/var<out> with [[location]]/[[builtin]] are the pipeline inputs
//     and outputs of the entry points that use them; builtins carry the draft's names,
//     types, directions and stages (§8.3.1, §14);
//   - `[[constant_id(n)]] const` is a pipeline-overridable constant (today's override);
//   - uniform and storage buffers hold [[block]] structures with explicit [[offset]] on every
//     member and [[stride]] on every array (§3.4.4, §3.4.6, v-0032); storage buffers are
//     read_write unless their type says [[access(read)]];
//   - @workgroup_size is optional (1, 1, 1), `return` must end its block (v-0029), a module
//     has an entry point (v-0003), `fallthrough` continues into the next case, and a
//     continuing block may end in `if (c) { break; }`;
//   - texture queries return i32, textureLoad's level may be left out, and smoothStep is
//     spelled the draft's way.

// Legacy is what the checker recorded about the 2021-draft constructs of a program.
type Legacy struct {
	// Overrides maps each module-scope `[[constant_id(n)]] const` to its override.
	Overrides map[*syntax.ConstDecl]*Override
	// ResultTypes maps calls whose draft result type differs from the modern builtin's to the
	// draft's type: textureDimensions and the other texture queries return i32 (vectors of
	// i32) in the draft and u32 today, and a cube's dimensions are a vec3<i32>, (width,
	// height, height). Call.Type is the modern type; the lowering converts.
	ResultTypes map[*syntax.CallExpr]types.Type
	// ImplicitArgs maps calls written without an argument the modern overload needs to the
	// values to append: textureLoad's level, 0 when the draft leaves it out.
	ImplicitArgs map[*syntax.CallExpr][]constant.Value
	// AddrOf holds the arguments that pass a variable (or part of one) where the callee takes
	// a pointer, which the draft allows without '&': the lowering takes their address.
	AddrOf map[syntax.Expr]bool
	// ContinuingBreaks maps an `if` ending a continuing block that the draft allows to break
	// (`if (c) { break; }`, `if (c) {} else { break; }`) to whether it breaks when its
	// condition is false. Modern WGSL writes it `break if c;` (or `break if !c;`).
	ContinuingBreaks map[*syntax.IfStmt]bool
	// ImpliedSize holds the members of structures with explicit [[offset]]s whose offset
	// the modern rules reach only with @size on the previous member: the member before each
	// gap is given the @size (types.Member.Size) that makes the next offset its natural one,
	// so the layout, the reflection and the migrated WGSL agree.
	ImpliedSize map[*types.Member]bool

	// uses holds the first direct use of each module-scope variable by each function, and
	// calls the first call of each callee, to report entry-point IO problems where they are.
	uses  map[*Func]map[Object]diag.Span
	calls map[*Func]map[*Func]diag.Span
	// aliasAccess holds [[access]] written on the type of an alias, for the storage buffers
	// declared with the alias.
	aliasAccess map[*TypeName]accessAttr
	// fallthroughs are the valid fallthrough statements: the last statement of a case clause
	// that is not the last.
	fallthroughs map[*syntax.FallthroughStmt]bool
	// explicitLayouts are the structures whose [[offset]]s and [[stride]]s were checked, so
	// that a structure shared by several buffers is reported once.
	explicitLayouts map[*types.Struct]bool
}

type accessAttr struct {
	access types.Access
	attr   *syntax.Attribute
}

// leg returns the program's legacy record, creating it on first use.
func (c *checker) leg() *Legacy {
	if c.prog.Legacy == nil {
		c.prog.Legacy = &Legacy{
			Overrides:        map[*syntax.ConstDecl]*Override{},
			ResultTypes:      map[*syntax.CallExpr]types.Type{},
			ImplicitArgs:     map[*syntax.CallExpr][]constant.Value{},
			ContinuingBreaks: map[*syntax.IfStmt]bool{},
			AddrOf:           map[syntax.Expr]bool{},
			ImpliedSize:      map[*types.Member]bool{},
			uses:             map[*Func]map[Object]diag.Span{},
			calls:            map[*Func]map[*Func]diag.Span{},
			aliasAccess:      map[*TypeName]accessAttr{},
			fallthroughs:     map[*syntax.FallthroughStmt]bool{},
			explicitLayouts:  map[*types.Struct]bool{},
		}
	}
	return c.prog.Legacy
}

// ---- Literals ----

// legacyIntLit types an unsuffixed integer literal: i32 in the draft.
func (c *checker) legacyIntLit(e *syntax.IntLit, v uint64, overflow bool) operand {
	if overflow || v > 1<<31-1 {
		c.errorf(e, "literal %s cannot be represented as i32 (the 2021 draft has no abstract integers; write %su for a u32)", e.Raw, e.Raw)
		return invalid(e)
	}
	return operand{mode: Value, typ: types.I32, val: constant.MakeI32(int32(v))}
}

// ---- Names ----

// legacyDeclaredLater reports a use of a module-scope name that comes before its
// declaration, which the draft does not allow.
func (c *checker) legacyDeclaredLater(md *moduleDecl, at diag.Span) bool {
	if !at.IsValid() || md.decl.Span().Start < at.Start {
		return false
	}
	e := c.errorAt(at, "'%s' is used before its declaration; the 2021 draft requires declaring names before they are used", md.name.Name)
	c.note(e, md.name.Loc, "'%s' is declared here", md.name.Name)
	return true
}

// legacyShadows reports a local declaration that hides a name already in scope: an
// enclosing local, a module-scope declaration that comes before it, or a builtin function.
func (c *checker) legacyShadows(id *syntax.Ident) {
	for s := c.scope.parent; s != nil; s = s.parent {
		if prev, ok := s.get(id.Name); ok {
			e := c.errorAt(id.Loc, "'%s' is already declared in an enclosing scope; the 2021 draft does not allow shadowing", id.Name)
			c.note(e, prev.Span(), "'%s' was declared here", id.Name)
			return
		}
	}
	if md, ok := c.module[id.Name]; ok && md.decl.Span().Start < id.Loc.Start {
		e := c.errorAt(id.Loc, "'%s' is already declared at module scope; the 2021 draft does not allow shadowing", id.Name)
		c.note(e, md.name.Loc, "'%s' was declared here", id.Name)
		return
	}
	c.legacyBuiltinName(id)
}

// legacyBuiltinName reports a declaration named like a builtin function (seed §15).
func (c *checker) legacyBuiltinName(id *syntax.Ident) {
	if b, ok := builtins.Lookup(id.Name); ok && !b.Constructor {
		c.errorAt(id.Loc, "'%s' is a builtin function; the 2021 draft does not allow declaring the name again", id.Name)
	}
}

// ---- Module ----

// legacyModule applies the draft's module-wide rules, after the functions are checked.
func (c *checker) legacyModule() {
	for _, d := range c.file.Decls {
		if name := syntax.DeclName(d); name != nil && name.Name != "" {
			c.legacyBuiltinName(name)
		}
	}
	if len(c.prog.EntryPoints) == 0 && c.ErrorCount() == 0 {
		c.errorAt(diag.Span{}, "the module has no entry point; the 2021 draft requires at least one [[stage(vertex)]], [[stage(fragment)]] or [[stage(compute)]] function (v-0003)")
	}
}

// ---- Module constants ----

// legacyOverride checks `[[constant_id(n)]] const x : T [= e];`, the draft's
// pipeline-overridable constant, as the override it is today.
func (c *checker) legacyOverride(d *syntax.ConstDecl, idAttr *syntax.Attribute) Object {
	attrs := make([]*syntax.Attribute, 0, len(d.Attrs))
	for _, a := range d.Attrs {
		if a == idAttr {
			cp := *a
			cp.Name.Name = "id"
			a = &cp
		}
		attrs = append(attrs, a)
	}
	od := &syntax.OverrideDecl{Loc: d.Loc, Attrs: attrs, Name: d.Name, Type: d.Type, Init: d.Init}
	obj := c.overrideDecl(od)
	if o, ok := obj.(*Override); ok {
		c.leg().Overrides[d] = o
	}
	return obj
}

func findAttr(list []*syntax.Attribute, name string) *syntax.Attribute {
	for _, a := range list {
		if a.Name.Name == name {
			return a
		}
	}
	return nil
}

// ---- Pipeline inputs and outputs ----

// draftBuiltin is a builtin variable of the draft (seed §14).
type draftBuiltin struct {
	name string
	// modern is today's @builtin name; "" for workgroup_size, which has none (the lowering
	// and the migration substitute the entry point's workgroup size).
	modern string
	stage  Stage
	dir    builtins.Direction
	typ    draftType
}

// draftType is the type of a draft builtin variable (a constant, so that draftBuiltins is
// static data).
type draftType uint8

const (
	draftU32 draftType = iota
	draftBool
	draftF32
	draftVec3U32
	draftVec4F32
)

func (t draftType) typ() types.Type {
	switch t {
	case draftBool:
		return types.Bool
	case draftF32:
		return types.F32
	case draftVec3U32:
		return types.Vec(3, types.U32)
	case draftVec4F32:
		return types.Vec(4, types.F32)
	}
	return types.U32
}

// draftBuiltins are the draft's builtin variables, sorted by name.
var draftBuiltins = [...]draftBuiltin{
	{"frag_coord", "position", Fragment, builtins.Input, draftVec4F32},
	{"frag_depth", "frag_depth", Fragment, builtins.Output, draftF32},
	{"front_facing", "front_facing", Fragment, builtins.Input, draftBool},
	{"global_invocation_id", "global_invocation_id", Compute, builtins.Input, draftVec3U32},
	{"instance_index", "instance_index", Vertex, builtins.Input, draftU32},
	{"local_invocation_id", "local_invocation_id", Compute, builtins.Input, draftVec3U32},
	{"local_invocation_idx", "local_invocation_index", Compute, builtins.Input, draftU32}, // Tint's name then
	{"local_invocation_index", "local_invocation_index", Compute, builtins.Input, draftU32},
	{"position", "position", Vertex, builtins.Output, draftVec4F32},
	{"sample_index", "sample_index", Fragment, builtins.Input, draftU32},
	{"sample_mask_in", "sample_mask", Fragment, builtins.Input, draftU32},
	{"sample_mask_out", "sample_mask", Fragment, builtins.Output, draftU32},
	{"vertex_index", "vertex_index", Vertex, builtins.Input, draftU32},
	{"workgroup_id", "workgroup_id", Compute, builtins.Input, draftVec3U32},
	{"workgroup_size", "", Compute, builtins.Input, draftVec3U32},
}

// lookupDraftBuiltin returns the draft's builtin variable called name.
func lookupDraftBuiltin(name string) (draftBuiltin, bool) {
	for _, b := range draftBuiltins {
		if b.name == name {
			return b, true
		}
	}
	return draftBuiltin{}, false
}

// LegacyWorkgroupSize is the IO.Builtin of a draft `[[builtin(workgroup_size)]] var<in>`: a
// builtin modern WGSL does not have, whose value is the entry point's workgroup size.
const LegacyWorkgroupSize = "workgroup_size"

// legacyIOAttrs reads [[location]]/[[builtin]] of the draft's var<in>/var<out>.
func (c *checker) legacyIOAttrs(set attrSet, v *Var) {
	if v.Space != types.AddrIn && v.Space != types.AddrOut {
		for _, n := range []string{"location", "builtin"} {
			if a := set.get(n); a != nil {
				c.errorf(a, "[[%s]] applies only to in and out variables, not %s", n, v.Space)
			}
		}
		return
	}
	dir := builtins.Input
	if v.Space == types.AddrOut {
		dir = builtins.Output
	}
	if a := set.get("builtin"); a != nil {
		if name, ok := c.enumAttrArg(a, 0); ok {
			c.legacyBuiltinVar(a, name, dir, v)
		}
	}
	if a := set.get("location"); a != nil {
		if set.get("builtin") != nil {
			c.errorf(a, "a variable cannot have both [[builtin]] and [[location]]")
		} else if n, ok := c.nonNegativeAttr(a); ok {
			v.IO.Location = n
			if !isIOType(v.Type) {
				c.errorf(a, "[[location]] variables hold a numeric scalar or vector, not %s", v.Type)
			}
		}
	}
	if set.get("builtin") == nil && set.get("location") == nil {
		c.errorAt(v.span, "%s variable '%s' needs [[location(n)]] or [[builtin(name)]]", v.Space, v.name)
	}
}

func (c *checker) legacyBuiltinVar(a *syntax.Attribute, name string, dir builtins.Direction, v *Var) {
	if b, ok := lookupDraftBuiltin(name); ok {
		if b.dir != dir {
			want := "in"
			if b.dir == builtins.Output {
				want = "out"
			}
			c.errorf(a, "[[builtin(%s)]] is a %s %s; declare the variable var<%s>", name, b.stage, b.dir, want)
			return
		}
		if t := b.typ.typ(); !types.Identical(v.Type, t) {
			c.errorf(a, "[[builtin(%s)]] needs type %s, not %s", name, t, v.Type)
			return
		}
		v.IO.Builtin = b.modern
		if b.modern == "" {
			v.IO.Builtin = LegacyWorkgroupSize
		}
		return
	}
	// Modern names that the draft did not have yet (sample_mask, num_workgroups...).
	mv, ok := builtins.LookupValue(name)
	if !ok || mv.Extension != 0 || mv.Features != 0 {
		names := make([]string, len(draftBuiltins))
		for i, b := range draftBuiltins {
			names[i] = b.name
		}
		e := c.errorf(a, "unknown builtin variable '%s'", name)
		if s := closest(name, names); s != "" {
			c.note(e, a.Loc, "did you mean '%s'?", s)
		}
		return
	}
	allowed := false
	for _, u := range mv.Uses {
		allowed = allowed || u.Dir == dir
	}
	if !allowed {
		c.errorf(a, "[[builtin(%s)]] cannot be a pipeline %s", name, dir)
		return
	}
	if !mv.TypeOK(v.Type) {
		c.errorf(a, "[[builtin(%s)]] needs type %s, not %s", name, mv.Type, v.Type)
		return
	}
	v.IO.Builtin = name
}

// legacyStage returns the stage and direction a draft builtin variable belongs to.
func legacyStage(v *Var) (Stage, builtins.Direction, bool) {
	dir := builtins.Input
	if v.Space == types.AddrOut {
		dir = builtins.Output
	}
	for _, b := range draftBuiltins {
		name := b.modern
		if name == "" {
			name = LegacyWorkgroupSize
		}
		if name == v.IO.Builtin && b.dir == dir {
			return b.stage, dir, true
		}
	}
	return NoStage, dir, false
}

// legacyUse records the first use of a module-scope variable by the function being checked.
func (c *checker) legacyUse(o Object, at diag.Span) {
	if c.fn == nil {
		return
	}
	l := c.leg()
	m := l.uses[c.fn.fn]
	if m == nil {
		m = map[Object]diag.Span{}
		l.uses[c.fn.fn] = m
	}
	if _, ok := m[o]; !ok {
		m[o] = at
	}
}

// legacyCall records the first call of callee by the function being checked.
func (c *checker) legacyCall(callee *Func, at diag.Span) {
	if c.fn == nil {
		return
	}
	l := c.leg()
	m := l.calls[c.fn.fn]
	if m == nil {
		m = map[*Func]diag.Span{}
		l.calls[c.fn.fn] = m
	}
	if _, ok := m[callee]; !ok {
		m[callee] = at
	}
}

// useSite finds where entry point f uses o: the use in f itself, or the call in f through
// which a callee uses it, and that callee's use.
func (l *Legacy) useSite(f *Func, o Object) (at, use diag.Span) {
	if at, ok := l.uses[f][o]; ok {
		return at, at
	}
	for _, g := range f.Calls {
		if use, ok := l.deepUse(g, o, map[*Func]bool{}); ok {
			return l.calls[f][g], use
		}
	}
	return diag.Span{}, diag.Span{}
}

// deepUse finds where the call graph of f first uses o directly.
func (l *Legacy) deepUse(f *Func, o Object, seen map[*Func]bool) (diag.Span, bool) {
	if seen[f] {
		return diag.Span{}, false
	}
	seen[f] = true
	if at, ok := l.uses[f][o]; ok {
		return at, true
	}
	for _, g := range f.Calls {
		if at, ok := l.deepUse(g, o, seen); ok {
			return at, true
		}
	}
	return diag.Span{}, false
}

// legacyEntryIO validates the var<in>/var<out> an entry point uses: builtins of its stage,
// each builtin and location once per direction, no locations in compute shaders.
func (c *checker) legacyEntryIO(f *Func) {
	l := c.leg()
	type key struct {
		dir      builtins.Direction
		builtin  string
		location int
	}
	seen := map[key]*Var{}
	for _, g := range f.Globals {
		v, ok := g.(*Var)
		if !ok || (v.Space != types.AddrIn && v.Space != types.AddrOut) || (v.IO.Builtin == "" && v.IO.Location < 0) {
			continue
		}
		at, use := l.useSite(f, v)
		if !at.IsValid() {
			at = v.span
		}
		report := func(format string, args ...any) {
			e := c.errorAt(at, format, args...)
			if use != at {
				c.note(e, use, "the function called here uses '%s'", v.name)
			}
			c.note(e, v.span, "'%s' is declared here", v.name)
		}
		stage, dir, known := legacyStage(v)
		if v.IO.Builtin != "" {
			if known && stage != f.Stage {
				report("'%s' is the %s %s [[builtin(%s)]]; %s entry point '%s' cannot use it",
					v.name, stage, dir, draftName(v), f.Stage, f.name)
				continue
			}
			if !known {
				if mv, ok := builtins.LookupValue(v.IO.Builtin); ok && !mv.Allowed(builtinStage(f.Stage), dir) {
					report("[[builtin(%s)]] cannot be a %s %s", v.IO.Builtin, f.Stage, dir)
					continue
				}
			}
		} else if f.Stage == Compute {
			report("compute entry point '%s' cannot use [[location]] variable '%s'", f.name, v.name)
			continue
		}
		k := key{dir: dir, builtin: v.IO.Builtin, location: v.IO.Location}
		if prev, dup := seen[k]; dup {
			what := fmt.Sprintf("[[location(%d)]]", v.IO.Location)
			if v.IO.Builtin != "" {
				what = fmt.Sprintf("[[builtin(%s)]]", draftName(v))
			}
			report("entry point '%s' uses both '%s' and '%s' as its %s %s", f.name, prev.name, v.name, what, dir)
			continue
		}
		seen[k] = v
	}
}

// draftName returns the builtin name the variable's declaration wrote.
func draftName(v *Var) string {
	if v.Decl != nil {
		if a := findAttr(v.Decl.Attrs, "builtin"); a != nil && len(a.Args) == 1 {
			if id, ok := a.Args[0].(*syntax.IdentExpr); ok {
				return id.Name.Name
			}
		}
	}
	return v.IO.Builtin
}

// ---- Buffers and layouts ----

// legacyStorageAccess gives a storage buffer the access mode of its type's [[access(a)]],
// read_write when there is none (the draft's storage buffers are writable unless read-only),
// and the draft's outputs, which shaders may read back, read_write (§3.4.5).
func (c *checker) legacyStorageAccess(d *syntax.VarDecl, v *Var, explicitAccess bool) {
	switch v.Space {
	case types.AddrHandle:
		return // a storage texture's [[access]] is part of its type
	case types.AddrOut:
		v.Access = types.ReadWrite
	}
	acc, found := c.legacyAccessOf(d.Type)
	if !found {
		if v.Space == types.AddrStorage && !explicitAccess {
			v.Access = types.ReadWrite
		}
		return
	}
	switch {
	case v.Space != types.AddrStorage:
		c.errorf(acc.attr, "[[access]] applies only to storage buffers and storage textures, not to a %s variable", v.Space)
	case explicitAccess:
		c.errorf(acc.attr, "the access mode is written twice, in var<storage, ...> and in [[access]]")
	case acc.access == types.Write:
		c.errorf(acc.attr, "storage buffers are read or read_write, not write")
	default:
		v.Access = acc.access
	}
}

// legacyAccessOf finds an [[access(a)]] written on a buffer's type or on the alias it names.
func (c *checker) legacyAccessOf(e syntax.Expr) (accessAttr, bool) {
	id, ok := e.(*syntax.IdentExpr)
	if !ok {
		return accessAttr{}, false
	}
	if a := findAttr(id.Attrs(), "access"); a != nil {
		if am, ok := c.legacyAccessArg(a); ok {
			return accessAttr{am, a}, true
		}
		return accessAttr{}, false
	}
	if tn, ok := c.prog.UseOf(id).(*TypeName); ok {
		acc, found := c.leg().aliasAccess[tn]
		return acc, found
	}
	return accessAttr{}, false
}

func (c *checker) legacyAccessArg(a *syntax.Attribute) (types.Access, bool) {
	if len(a.Args) != 1 {
		c.errorf(a, "[[access]] takes one argument: read, write or read_write")
		return 0, false
	}
	name, ok := c.enumAttrArg(a, 0)
	if !ok {
		return 0, false
	}
	am, ok := types.ParseAccess(name)
	if !ok {
		c.errorf(a.Args[0], "unknown access mode '%s' (want read, write or read_write)", name)
		return 0, false
	}
	return am, true
}

// legacyAliasAccess remembers [[access]] written on the type of `type T = [[access(a)]] S;`.
func (c *checker) legacyAliasAccess(d *syntax.AliasDecl, tn *TypeName) {
	if id, ok := d.Type.(*syntax.IdentExpr); ok {
		if a := findAttr(id.Attrs(), "access"); a != nil {
			if am, ok := c.legacyAccessArg(a); ok {
				c.leg().aliasAccess[tn] = accessAttr{am, a}
			}
		}
	}
}

// legacyBuffer applies the draft's rules to the store type of a uniform or storage buffer:
// a [[block]] structure, with [[offset]] on every member and [[stride]] on every array it
// contains (§3.4.4, §4.1, v-0032).
func (c *checker) legacyBuffer(d *syntax.VarDecl, v *Var) {
	at := d.Name.Loc
	if d.Type != nil {
		at = d.Type.Span()
	}
	s, ok := v.Type.(*types.Struct)
	if !ok || !s.Block {
		what := "type " + v.Type.String()
		if ok {
			what = "structure '" + s.Name + "', which has no [[block]] attribute"
		}
		c.errorAt(at, "the store type of a %s buffer must be a [[block]] structure, not %s", v.Space, what)
		return
	}
	c.legacyExplicitLayout(s, at, c.leg().explicitLayouts)
}

func (c *checker) legacyExplicitLayout(s *types.Struct, at diag.Span, seen map[*types.Struct]bool) {
	if seen[s] {
		return
	}
	seen[s] = true
	sl := c.prog.Layouts.Struct(s)
	for i, m := range s.Members {
		span := m.Span
		if !span.IsValid() {
			span = at
		}
		if m.Offset < 0 {
			c.errorAt(span, "member '%s' of structure '%s' needs [[offset(%d)]]: the members of buffer structures have explicit offsets in the 2021 draft",
				m.Name, s.Name, sl.Members[i].Offset)
		}
		c.legacyStrides(m.Type, span, seen)
	}
}

func (c *checker) legacyStrides(t types.Type, at diag.Span, seen map[*types.Struct]bool) {
	switch t := t.(type) {
	case *types.Array:
		if t.Stride == 0 {
			c.errorAt(at, "array type %s in a buffer needs [[stride(%d)]]: arrays in buffers have explicit strides in the 2021 draft",
				t, c.prog.Layouts.ArrayStride(t))
		}
		c.legacyStrides(t.Elem, at, seen)
	case *types.Struct:
		c.legacyExplicitLayout(t, at, seen)
	}
}

// legacyMember rejects a [[block]] structure as the type of a member.
func (c *checker) legacyMember(m *syntax.StructMember, t types.Type) {
	if s, ok := t.(*types.Struct); ok && s.Block {
		c.errorf(m.Type, "[[block]] structure '%s' cannot be the type of a member", s.Name)
	}
}

// legacyArrayElem rejects a [[block]] structure as an array element type.
func (c *checker) legacyArrayElem(at syntax.Expr, elem types.Type) bool {
	if s, ok := elem.(*types.Struct); ok && s.Block {
		c.errorf(at, "[[block]] structure '%s' cannot be an array element type", s.Name)
		return false
	}
	return true
}

// legacyImpliedSizes gives the member before each gap of an explicit layout the @size that
// places the next member at its [[offset]] by the modern rules (see Legacy.ImpliedSize). It
// runs before the structure's layout is computed; offsets the modern rules cannot reach
// (misaligned or overlapping ones, which the layout check reports) are left alone.
func (c *checker) legacyImpliedSizes(s *types.Struct) {
	l := c.prog.Layouts
	end := 0
	for i, m := range s.Members {
		align, size := l.AlignOf(m.Type), l.SizeOf(m.Type)
		if align == 0 {
			return
		}
		off := roundUpInt(align, end)
		if m.Offset >= 0 {
			if i > 0 && m.Offset > off && m.Offset%align == 0 && s.Members[i-1].Size == 0 &&
				types.IsCreationFixedFootprint(s.Members[i-1].Type) {
				prev := s.Members[i-1]
				prev.Size = m.Offset - (end - l.SizeOf(prev.Type))
				c.leg().ImpliedSize[prev] = true
			}
			off = m.Offset
		}
		if m.Size > 0 {
			size = m.Size
		}
		end = off + size
	}
}

func roundUpInt(k, n int) int {
	if k <= 1 {
		return n
	}
	return (n + k - 1) / k * k
}

// ---- Statements ----

// legacyFallthroughs records the fallthrough statements of a switch that the draft allows:
// the last statement of a case clause other than the last (v-0028).
func (c *checker) legacyFallthroughs(s *syntax.SwitchStmt) {
	for i, cl := range s.Clauses {
		n := len(cl.Body.Stmts)
		if n == 0 {
			continue
		}
		if f, ok := cl.Body.Stmts[n-1].(*syntax.FallthroughStmt); ok && i < len(s.Clauses)-1 {
			c.leg().fallthroughs[f] = true
		}
	}
}

// legacyFallthrough checks a fallthrough statement.
func (c *checker) legacyFallthrough(s *syntax.FallthroughStmt) {
	if !c.leg().fallthroughs[s] {
		c.errorf(s, "fallthrough must be the last statement of a case clause, and not of the last clause (v-0028)")
	}
}

// legacyContinuingBreak recognises the draft's way to leave a loop from its continuing
// block: a last statement `if (c) { break; }` or `if (c) {} else { break; }` (§6.2.6). It
// checks the condition and returns true when s is one.
func (c *checker) legacyContinuingBreak(s syntax.Stmt) bool {
	is, ok := s.(*syntax.IfStmt)
	if !ok || len(is.Attrs) > 0 {
		return false
	}
	onlyBreak := func(b *syntax.CompoundStmt) bool {
		if b == nil || len(b.Stmts) != 1 {
			return false
		}
		_, ok := b.Stmts[0].(*syntax.BreakStmt)
		return ok
	}
	empty := func(s syntax.Stmt) bool {
		b, ok := s.(*syntax.CompoundStmt)
		return s == nil || ok && len(b.Stmts) == 0
	}
	var negate bool
	switch {
	case onlyBreak(is.Then) && empty(is.Else):
	case len(is.Then.Stmts) == 0 && !is.LegacyElseIf:
		els, ok := is.Else.(*syntax.CompoundStmt)
		if !ok || !onlyBreak(els) {
			return false
		}
		negate = true
	default:
		return false
	}
	c.condition(is.Cond, "if")
	c.leg().ContinuingBreaks[is] = negate
	return true
}

// legacyReturnNotLast reports a statement after a return in the same block (v-0029).
func (c *checker) legacyReturnNotLast(prev, s syntax.Stmt) bool {
	if _, ok := prev.(*syntax.ReturnStmt); !ok {
		return false
	}
	c.errorf(s, "statement after return: return must be the last statement of its block (v-0029)")
	return true
}

// ---- Calls ----

// legacyFuncName maps a draft builtin function name to today's, reporting the ones modern
// WGSL removed. It returns "" after an error.
func (c *checker) legacyFuncName(e *syntax.CallExpr) string {
	id := e.Callee
	name := id.Name.Name
	switch name {
	case "smoothStep":
		return "smoothstep"
	case "isNan", "isInf", "isFinite", "isNormal":
		c.errorf(id, "the 2021 draft's %s has no counterpart in modern WGSL and is not supported; compare instead (isNan(x) is x != x when the driver keeps NaNs)", name)
		return ""
	case "frexp", "modf":
		if len(e.Args) == 2 {
			c.errorf(id, "the 2021 draft's %s(x, p) that stores through a pointer is not supported; today's %s(x) returns a structure: "+
				"write `let r = %s(x);` and use r.%s and r.%s", name, name, name, map[string]string{"frexp": "fract", "modf": "fract"}[name],
				map[string]string{"frexp": "exp", "modf": "whole"}[name])
			return ""
		}
	}
	return name
}

// legacyTextureQueries return i32 in the draft.
var legacyTextureQueries = [...]string{"textureDimensions", "textureNumLayers", "textureNumLevels", "textureNumSamples"}

// legacyCallArgs adapts the arguments of a builtin call to today's overloads: a reference
// passed where the builtin takes a pointer is the pointer (arrayLength(buf.data)), and
// textureLoad on a sampled or depth texture without a level loads level 0.
func (c *checker) legacyCallArgs(e *syntax.CallExpr, bc *builtins.Call, args []operand) {
	if bc.Name == "arrayLength" && len(args) == 1 && args[0].mode == Reference {
		ref := args[0].typ.(*types.Reference)
		bc.Args[0] = &types.Pointer{Space: ref.Space, Elem: ref.Elem, Access: ref.Access}
		c.leg().AddrOf[e.Args[0]] = true
		return
	}
	if bc.Name != "textureLoad" || len(bc.Args) == 0 {
		return
	}
	ref, _ := bc.Args[0].(*types.Reference)
	var t types.Type = bc.Args[0]
	if ref != nil {
		t = ref.Elem
	}
	tex, ok := t.(*types.Texture)
	if !ok {
		return
	}
	want := 0 // arguments before the level
	switch tex.Kind {
	case types.TexSampled, types.TexDepth:
		want = 2
		if tex.Dim == types.Dim2DArray {
			want = 3
		}
	default:
		return
	}
	if len(bc.Args) != want {
		return
	}
	bc.Args = append(bc.Args, types.I32)
	bc.Const = append(bc.Const, true)
	c.leg().ImplicitArgs[e] = []constant.Value{constant.MakeI32(0)}
}

// legacyResultType returns the draft's result type of a builtin call whose modern result
// type differs, recording it for the lowering, or t. The draft's texture queries return i32;
// its textureDimensions of a cube texture returns a vec3<i32>, (width, height, height) as
// Tint computed it then, where today's returns the vec2<u32> of a face.
func (c *checker) legacyResultType(e *syntax.CallExpr, name string, t types.Type) types.Type {
	if !slices.Contains(legacyTextureQueries[:], name) || t == nil {
		return t
	}
	dt := types.WithScalar(t, types.I32)
	if name == "textureDimensions" && len(e.Args) > 0 {
		if tex := textureOf(c.prog.TypeOf(e.Args[0]).Type); tex != nil && (tex.Dim == types.DimCube || tex.Dim == types.DimCubeArray) {
			dt = types.Vec(3, types.I32)
		}
	}
	c.leg().ResultTypes[e] = dt
	return dt
}

func textureOf(t types.Type) *types.Texture {
	if r, ok := t.(*types.Reference); ok {
		t = r.Elem
	}
	tex, _ := t.(*types.Texture)
	return tex
}

// legacyArg checks the argument a of a user function call whose parameter has type pt. In
// the draft's "parameter context" a variable (or a part of one) passed for a pointer
// parameter of matching type is that pointer (§3.1.1): today's &a.
func (c *checker) legacyArg(a syntax.Expr, pt types.Type) operand {
	p, ok := pt.(*types.Pointer)
	if !ok {
		return c.valueExpr(a)
	}
	op := c.expr(a)
	if op.mode == Reference && !op.vectorComponent {
		ref := op.typ.(*types.Reference)
		if ref.Space == p.Space && types.Identical(ref.Elem, p.Elem) {
			c.leg().AddrOf[a] = true
			return operand{mode: Value, typ: &types.Pointer{Space: ref.Space, Elem: ref.Elem, Access: ref.Access}, stage: RuntimeStage, expr: a, obj: op.obj}
		}
	}
	c.toValue(&op)
	return op
}

// ---- Types ----

// legacyTypeAttrs applies 2021-draft attributes written on a type.
func (c *checker) legacyTypeAttrs(id *syntax.IdentExpr, t types.Type) types.Type {
	for _, a := range id.Attrs() {
		switch a.Name.Name {
		case "stride":
			arr, ok := t.(*types.Array)
			if !ok {
				c.errorf(a, "[[stride]] applies only to array types, not %s", t)
				continue
			}
			n, ok := c.intAttrArg(a)
			if !ok {
				continue
			}
			if n <= 0 {
				c.errorf(a, "[[stride]] must be positive, not %d", n)
				continue
			}
			cp := *arr
			cp.Stride, cp.StrideSpan = n, a.Loc
			t = &cp
		case "access":
			tex, ok := t.(*types.Texture)
			if !ok {
				// On a storage buffer's type (or an alias of it): the variable's access mode,
				// read where the variable is declared (legacyStorageAccess).
				continue
			}
			if tex.Kind != types.TexStorage {
				c.errorf(a, "[[access]] applies only to storage buffers and storage textures")
				continue
			}
			am, ok := c.legacyAccessArg(a)
			if !ok {
				continue
			}
			cp := *tex
			cp.Access = am
			t = &cp
		default:
			c.errorf(a, "attribute '%s' is not valid on a type", a.Name.Name)
		}
	}
	return t
}

// legacyUnsupportedType reports the 2021 draft's type names that modern WGSL does not have,
// and whether id is one.
func (c *checker) legacyUnsupportedType(id *syntax.IdentExpr) bool {
	switch name := id.Name.Name; name {
	case "texture_1d_array", "texture_storage_1d_array", "texture_multisampled_2d_array":
		c.errorf(id, "the 2021 draft's '%s' has no counterpart in modern WGSL and is not supported", name)
		return true
	}
	return false
}

// intAttrArg reads the single integer const-expression argument of an attribute.
func (c *checker) intAttrArg(a *syntax.Attribute) (int, bool) {
	if len(a.Args) != 1 {
		c.errorf(a, "attribute '@%s' takes exactly one argument", a.Name.Name)
		return 0, false
	}
	op := c.valueExpr(a.Args[0])
	if op.mode == Invalid {
		return 0, false
	}
	s, ok := op.typ.(*types.Scalar)
	if !ok || !s.IsInteger() {
		c.errorf(a.Args[0], "attribute '@%s' needs an integer argument, not %s", a.Name.Name, describe(op.typ))
		return 0, false
	}
	if op.stage != ConstStage {
		c.errorf(a.Args[0], "attribute '@%s' needs a const-expression argument", a.Name.Name)
		return 0, false
	}
	// The argument "resolves to an i32 or u32" (spec "Attributes"): an abstract integer
	// takes i32, and a value out of its range is an error.
	if s == types.AbstractInt && !c.convert(&op, types.I32, "") {
		return 0, false
	}
	v := op.val.Int64()
	if v < -(1<<31) || v >= 1<<32 {
		c.errorf(a.Args[0], "attribute '@%s' argument %d is out of range", a.Name.Name, v)
		return 0, false
	}
	return int(v), true
}
