package sema

import (
	"strconv"
	"strings"

	"github.com/wgslgo/wgslgo/compiler/builtins"
	"github.com/wgslgo/wgslgo/compiler/layout"
	"github.com/wgslgo/wgslgo/compiler/syntax"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// predeclaredType returns the predeclared type spelled name with no template list, or nil.
func predeclaredType(name string) types.Type {
	switch name {
	case "bool":
		return types.Bool
	case "i32":
		return types.I32
	case "u32":
		return types.U32
	case "f32":
		return types.F32
	case "f16":
		return types.F16
	case "sampler":
		return types.SamplerType
	case "sampler_comparison":
		return types.ComparisonSamplerType
	case "texture_depth_2d":
		return &types.Texture{Kind: types.TexDepth, Dim: types.Dim2D}
	case "texture_depth_2d_array":
		return &types.Texture{Kind: types.TexDepth, Dim: types.Dim2DArray}
	case "texture_depth_cube":
		return &types.Texture{Kind: types.TexDepth, Dim: types.DimCube}
	case "texture_depth_cube_array":
		return &types.Texture{Kind: types.TexDepth, Dim: types.DimCubeArray}
	case "texture_depth_multisampled_2d":
		return &types.Texture{Kind: types.TexDepthMultisampled, Dim: types.Dim2D}
	case "texture_external":
		return &types.Texture{Kind: types.TexExternal, Dim: types.Dim2D}
	}
	// Predeclared aliases: vec3f, vec4i, vec2u, vec3h, mat2x3f, mat4x4h.
	if len(name) == 5 && strings.HasPrefix(name, "vec") && name[3] >= '2' && name[3] <= '4' {
		if s := aliasScalar(name[4]); s != nil {
			return types.Vec(int(name[3]-'0'), s)
		}
	}
	if len(name) == 7 && strings.HasPrefix(name, "mat") && name[4] == 'x' && inRange(name[3]) && inRange(name[5]) {
		if s := aliasScalar(name[6]); s != nil && s.IsFloat() {
			return types.Mat(int(name[3]-'0'), int(name[5]-'0'), s)
		}
	}
	return nil
}

func inRange(b byte) bool { return b >= '2' && b <= '4' }

func aliasScalar(b byte) *types.Scalar {
	switch b {
	case 'f':
		return types.F32
	case 'h':
		return types.F16
	case 'i':
		return types.I32
	case 'u':
		return types.U32
	}
	return nil
}

// typeGenerator reports whether name is a predeclared type-generator (vec3, array, ptr...).
func typeGenerator(name string) bool {
	switch name {
	case "vec2", "vec3", "vec4", "array", "atomic", "ptr", "ref",
		"texture_1d", "texture_2d", "texture_2d_array", "texture_3d", "texture_cube", "texture_cube_array",
		"texture_multisampled_2d", "texture_storage_1d", "texture_storage_2d", "texture_storage_2d_array",
		"texture_storage_3d", "buffer":
		return true
	}
	return isMatGenerator(name)
}

func isMatGenerator(name string) bool {
	return len(name) == 6 && strings.HasPrefix(name, "mat") && inRange(name[3]) && name[4] == 'x' && inRange(name[5])
}

// typeOf resolves a type expression, reporting an error when e is not a type.
func (c *checker) typeOf(e syntax.Expr) types.Type {
	if e == nil {
		return nil // missing after a syntax error, already reported
	}
	t := c.typeExpr(e)
	if t != nil {
		c.prog.setType(e, TypeAndValue{Mode: TypeExpr, Type: t})
	}
	return t
}

func (c *checker) typeExpr(e syntax.Expr) types.Type {
	id, ok := e.(*syntax.IdentExpr)
	if !ok {
		if _, bad := e.(*syntax.BadExpr); !bad {
			c.errorf(e, "expected a type, not the expression '%s'", syntax.FormatExpr(e))
		}
		return nil
	}
	t := c.identType(id)
	if t != nil && len(id.Attrs()) > 0 {
		t = c.legacyTypeAttrs(id, t)
	}
	return t
}

// identType resolves a named type, possibly with a template list.
func (c *checker) identType(id *syntax.IdentExpr) types.Type {
	name := id.Name.Name
	if obj := c.lookup(name, id.Loc); obj != nil {
		if _, bad := obj.(*badObject); bad {
			return nil
		}
		tn, ok := obj.(*TypeName)
		if !ok {
			c.errorf(id, "'%s' is not a type", name)
			return nil
		}
		if len(id.TemplateArgs) > 0 {
			c.errorf(id, "type '%s' does not take template arguments", name)
			return nil
		}
		c.prog.setUse(id, tn)
		return tn.Type
	}
	if t := predeclaredType(name); t != nil {
		if len(id.TemplateArgs) > 0 {
			c.errorf(id, "type '%s' does not take template arguments", name)
			return nil
		}
		if types.UsesF16(t) && !c.hasF16() {
			c.errorf(id, "type '%s' requires 'enable f16;'", name)
		}
		return t
	}
	if typeGenerator(name) {
		if len(id.TemplateArgs) == 0 {
			if name == "buffer" {
				if c.prog.Features.Has(builtins.BufferView) {
					return &types.Buffer{}
				}
				c.errorf(id, "buffer types need 'requires buffer_view;'")
				return nil
			}
			c.errorf(id, "type generator '%s' needs template arguments, e.g. %s", name, generatorExample(name))
			return nil
		}
		return c.generate(id)
	}
	if c.legacy && c.legacyUnsupportedType(id) {
		return nil
	}
	e := c.errorf(id, "unresolved type '%s'", name)
	if s := closest(name, typeNameCandidates); s != "" {
		c.note(e, id.Name.Loc, "did you mean '%s'?", s)
	}
	return nil
}

var typeNameCandidates = []string{"bool", "i32", "u32", "f32", "f16", "vec2", "vec3", "vec4", "vec2f", "vec3f", "vec4f",
	"vec2i", "vec3i", "vec4i", "vec2u", "vec3u", "vec4u", "mat2x2", "mat3x3", "mat4x4", "mat2x2f", "mat3x3f",
	"mat4x4f", "array", "atomic", "ptr", "sampler", "sampler_comparison", "texture_2d", "texture_storage_2d"}

func generatorExample(name string) string {
	switch {
	case strings.HasPrefix(name, "vec"):
		return name + "<f32>"
	case strings.HasPrefix(name, "mat"):
		return name + "<f32>"
	case name == "array":
		return "array<f32, 4>"
	case name == "atomic":
		return "atomic<u32>"
	case name == "ptr":
		return "ptr<function, f32>"
	case strings.HasPrefix(name, "texture_storage"):
		return name + "<rgba8unorm, write>"
	case strings.HasPrefix(name, "texture"):
		return name + "<f32>"
	}
	return name + "<...>"
}

// generate instantiates a type-generator with its template arguments.
func (c *checker) generate(id *syntax.IdentExpr) types.Type {
	name := id.Name.Name
	args := id.TemplateArgs
	want := func(n int) bool {
		if len(args) != n {
			c.errorf(id, "'%s' takes %d template argument%s, got %d", name, n, plural(n), len(args))
			return false
		}
		return true
	}
	switch {
	case name == "vec2" || name == "vec3" || name == "vec4":
		if !want(1) {
			return nil
		}
		s := c.scalarArg(args[0], name, false)
		if s == nil {
			return nil
		}
		return types.Vec(int(name[3]-'0'), s)
	case isMatGenerator(name):
		if !want(1) {
			return nil
		}
		s := c.scalarArg(args[0], name, true)
		if s == nil {
			return nil
		}
		return types.Mat(int(name[3]-'0'), int(name[5]-'0'), s)
	case name == "atomic":
		if !want(1) {
			return nil
		}
		t := c.typeOf(args[0])
		if t == nil {
			return nil
		}
		if t != types.I32 && t != types.U32 {
			c.errorf(args[0], "atomic<T> needs T to be i32 or u32, not %s", t)
			return nil
		}
		return &types.Atomic{Elem: t.(*types.Scalar)}
	case name == "array":
		return c.arrayType(id)
	case name == "ptr":
		return c.ptrType(id)
	case name == "ref":
		c.errorf(id, "reference types cannot be spelled in WGSL source")
		return nil
	case name == "buffer":
		return c.bufferType(id)
	case strings.HasPrefix(name, "texture_storage_"):
		return c.storageTextureType(id)
	case strings.HasPrefix(name, "texture_"):
		if !want(1) {
			return nil
		}
		t := c.typeOf(args[0])
		if t == nil {
			return nil
		}
		if t != types.F32 && t != types.I32 && t != types.U32 {
			c.errorf(args[0], "the sampled type of %s must be f32, i32 or u32, not %s", name, t)
			return nil
		}
		tex := &types.Texture{Kind: types.TexSampled, Sampled: t.(*types.Scalar)}
		dim := strings.TrimPrefix(name, "texture_")
		if dim == "multisampled_2d" {
			tex.Kind, tex.Dim = types.TexMultisampled, types.Dim2D
			return tex
		}
		tex.Dim = parseDim(dim)
		return tex
	}
	c.errorf(id, "unknown type generator '%s'", name)
	return nil
}

func parseDim(s string) types.TextureDim {
	for d := types.Dim1D; d <= types.DimCubeArray; d++ {
		if d.String() == s {
			return d
		}
	}
	return types.Dim2D
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// scalarArg resolves the component type of a vector or matrix.
func (c *checker) scalarArg(e syntax.Expr, gen string, floatOnly bool) *types.Scalar {
	t := c.typeOf(e)
	if t == nil {
		return nil
	}
	s, ok := t.(*types.Scalar)
	if !ok || s.IsAbstract() || (floatOnly && !s.IsFloat()) {
		if floatOnly {
			c.errorf(e, "matrix component type must be f32 or f16, not %s", t)
		} else {
			c.errorf(e, "vector component type must be a scalar (bool, i32, u32, f32 or f16), not %s", t)
		}
		return nil
	}
	return s
}

// arrayType resolves array<E>, array<E, N>.
func (c *checker) arrayType(id *syntax.IdentExpr) types.Type {
	args := id.TemplateArgs
	if len(args) < 1 || len(args) > 2 {
		c.errorf(id, "'array' takes one or two template arguments, got %d", len(args))
		return nil
	}
	elem := c.typeOf(args[0])
	if elem == nil {
		return nil
	}
	a := &types.Array{Elem: elem}
	if len(args) == 2 {
		op := c.valueExpr(args[1])
		if op.mode == Invalid {
			return nil
		}
		s, ok := op.typ.(*types.Scalar)
		if !ok || !s.IsInteger() {
			c.errorf(args[1], "array element count must be an integer, not %s", describe(op.typ))
			return nil
		}
		switch op.stage {
		case ConstStage:
			n := op.val.Int64()
			if n <= 0 {
				c.errorf(args[1], "array element count must be greater than 0, not %d", n)
				return nil
			}
			if n > 1<<31 {
				c.errorf(args[1], "array element count %d is too large", n)
				return nil
			}
			a.Count = int(n)
		case OverrideStage:
			a.CountOverride, a.CountName = c.overrideCountKey(args[1])
		default:
			c.errorf(args[1], "array element count must be a const-expression or an override-expression")
			return nil
		}
	}
	if !c.checkArrayElem(args[0], elem, a) {
		return nil
	}
	if a.Count > 0 {
		// A type that large has no layout in 32 bits (layout.MaxBytes), and values of it
		// would not fit in memory: refuse it where it is spelled.
		_, es := c.alignSize(elem)
		if _, size := c.alignSize(a); int64(size) > layout.MaxBytes && int64(es) <= layout.MaxBytes {
			c.errorf(id, "type %s is %s, larger than the maximum of %d bytes", a, layout.ByteCount(size), layout.MaxBytes)
			return nil
		}
	}
	c.checkNesting(id.Span(), a, "array type")
	return a
}

// overrideCountKey identifies an override-expression used as an array count. Two arrays are
// the same type when their counts name the same override; other expressions are unique.
func (c *checker) overrideCountKey(e syntax.Expr) (any, string) {
	if id, ok := e.(*syntax.IdentExpr); ok {
		if o, ok := c.prog.UseOf(id).(*Override); ok {
			return o, o.name
		}
	}
	return e, syntax.FormatExpr(e)
}

func (c *checker) checkArrayElem(at syntax.Expr, elem types.Type, a *types.Array) bool {
	switch elem.(type) {
	case *types.Scalar, *types.Vector, *types.Matrix, *types.Atomic, *types.Struct:
	case *types.Array:
		if !types.IsCreationFixedFootprint(elem) {
			c.errorf(at, "array element type %s must have a fixed size", elem)
			return false
		}
	default:
		c.errorf(at, "%s cannot be an array element type", elem)
		return false
	}
	if s, ok := elem.(*types.Struct); ok && types.IsRuntimeSized(s) {
		c.errorf(at, "array element type %s contains a runtime-sized array", elem)
		return false
	}
	if c.legacy && !c.legacyArrayElem(at, elem) {
		return false
	}
	if types.IsAbstract(elem) {
		c.errorf(at, "array element type cannot be abstract")
		return false
	}
	return true
}

// ptrType resolves ptr<AS, T> and ptr<AS, T, AM>.
func (c *checker) ptrType(id *syntax.IdentExpr) types.Type {
	args := id.TemplateArgs
	if len(args) < 2 || len(args) > 3 {
		c.errorf(id, "'ptr' takes two or three template arguments: ptr<address_space, T[, access]>")
		return nil
	}
	as, ok := c.addressSpaceArg(args[0])
	if !ok {
		return nil
	}
	elem := c.typeOf(args[1])
	if elem == nil {
		return nil
	}
	access := types.DefaultAccess(as)
	if len(args) == 3 {
		if as != types.AddrStorage {
			c.errorf(args[2], "an access mode may only be written for the storage address space")
			return nil
		}
		am, ok := c.accessArg(args[2])
		if !ok {
			return nil
		}
		access = am
	}
	if as == types.AddrHandle {
		c.errorf(args[0], "the handle address space cannot be written in WGSL source")
		return nil
	}
	if access == types.Write && as == types.AddrStorage {
		c.errorf(args[2], "storage pointers have access read or read_write, not write")
		return nil
	}
	if _, isPtr := elem.(*types.Pointer); isPtr || !types.IsStorable(elem) {
		c.errorf(args[1], "pointer store type %s is not storable", elem)
		return nil
	}
	if a, ok := elem.(*types.Array); ok && a.IsOverrideSized() && as != types.AddrWorkgroup {
		c.errorf(args[1], "override-sized arrays are only allowed in the workgroup address space")
		return nil
	}
	if msg := spaceTypeError(as, elem, inPointerType, ""); msg != "" {
		c.errorf(args[1], "%s", msg)
		return nil
	}
	return &types.Pointer{Space: as, Elem: elem, Access: access}
}

func (c *checker) bufferType(id *syntax.IdentExpr) types.Type {
	if !c.prog.Features.Has(builtins.BufferView) {
		c.errorf(id, "buffer types need 'requires buffer_view;'")
		return nil
	}
	if len(id.TemplateArgs) != 1 {
		c.errorf(id, "'buffer' takes one template argument: buffer<N>")
		return nil
	}
	op := c.valueExpr(id.TemplateArgs[0])
	if op.mode == Invalid {
		return nil
	}
	if s, ok := op.typ.(*types.Scalar); !ok || !s.IsInteger() {
		c.errorf(id.TemplateArgs[0], "buffer size must be an integer")
		return nil
	}
	if op.stage == ConstStage {
		n := op.val.Int64()
		if n <= 0 {
			c.errorf(id.TemplateArgs[0], "buffer size must be greater than 0")
			return nil
		}
		unit := int64(4)
		if c.hasF16() {
			unit = 2
		}
		if n%unit != 0 {
			c.errorf(id.TemplateArgs[0], "buffer size %d must be a multiple of %d", n, unit)
			return nil
		}
		return &types.Buffer{Size: int(n)}
	}
	key, name := c.overrideCountKey(id.TemplateArgs[0])
	return &types.Buffer{SizeOverride: key, SizeName: name}
}

func (c *checker) storageTextureType(id *syntax.IdentExpr) types.Type {
	name := id.Name.Name
	dim := strings.TrimPrefix(name, "texture_storage_")
	args := id.TemplateArgs
	if len(args) != 2 {
		if c.legacy && len(args) == 1 {
			// The 2021 draft writes the access as an attribute: [[access(read)]].
			args = append(args, nil)
		} else {
			c.errorf(id, "'%s' takes two template arguments: %s<format, access>", name, name)
			return nil
		}
	}
	format, ok := c.enumArg(args[0], "texel format")
	if !ok {
		return nil
	}
	f, ok := types.ParseTexelFormat(format)
	if !ok {
		e := c.errorf(args[0], "unknown texel format '%s'", format)
		var names []string
		for _, f := range types.AllTexelFormats() {
			names = append(names, f.String())
		}
		if s := closest(format, names); s != "" {
			c.note(e, args[0].Span(), "did you mean '%s'?", s)
		}
		return nil
	}
	tex := &types.Texture{Kind: types.TexStorage, Dim: parseDim(dim), Format: f, Access: types.Write}
	if args[1] != nil {
		am, ok := c.accessArg(args[1])
		if !ok {
			return nil
		}
		tex.Access = am
	}
	return tex
}

// enumArg reads an identifier template argument that names an enumerant.
func (c *checker) enumArg(e syntax.Expr, what string) (string, bool) {
	id, ok := e.(*syntax.IdentExpr)
	article := "a"
	if strings.IndexByte("aeiou", what[0]) >= 0 {
		article = "an"
	}
	if !ok || len(id.TemplateArgs) > 0 {
		c.errorf(e, "expected %s %s", article, what)
		return "", false
	}
	if obj := c.lookup(id.Name.Name, id.Loc); obj != nil {
		c.errorf(e, "expected %s %s, but '%s' names a declaration that shadows it", article, what, id.Name.Name)
		return "", false
	}
	c.prog.setType(e, TypeAndValue{Mode: Enumerant, Enum: id.Name.Name})
	return id.Name.Name, true
}

func (c *checker) addressSpaceArg(e syntax.Expr) (types.AddressSpace, bool) {
	name, ok := c.enumArg(e, "address space")
	if !ok {
		return 0, false
	}
	as, ok := types.ParseAddressSpace(name, c.legacy)
	if !ok && c.legacy {
		d := c.errorf(e, "unknown storage class '%s' (the 2021 draft has in, out, function, private, workgroup, uniform and storage)", name)
		switch name {
		case "storage_buffer":
			c.note(d, e.Span(), "'storage_buffer' is the name drafts before 2021 used; write var<storage> and [[access(read)]] or [[access(read_write)]] on its type")
		case "uniform_constant":
			c.note(d, e.Span(), "'uniform_constant' is the name drafts before 2021 used; in the 2021 draft textures and samplers are declared without a storage class")
		}
		return 0, false
	}
	if !ok {
		c.errorf(e, "unknown address space '%s' (want function, private, workgroup, uniform, storage or immediate)", name)
		return 0, false
	}
	return as, true
}

func (c *checker) accessArg(e syntax.Expr) (types.Access, bool) {
	name, ok := c.enumArg(e, "access mode")
	if !ok {
		return 0, false
	}
	am, ok := types.ParseAccess(name)
	if !ok {
		c.errorf(e, "unknown access mode '%s' (want read, write or read_write)", name)
		return 0, false
	}
	return am, true
}

// structDecl builds a structure type from its declaration.
func (c *checker) structDecl(d *syntax.StructDecl) Object {
	s := &types.Struct{Name: d.Name.Name, Span: d.Name.Loc}
	c.prog.StructOf[d] = s
	tn := &TypeName{objectBase: objectBase{name: d.Name.Name, span: d.Name.Loc}, Type: s, Decl: d}
	for _, a := range d.Attrs {
		if a.Name.Name == "block" && c.legacy {
			s.Block = true
			continue
		}
		c.errorf(a, "attribute '%s' is not valid on a structure", a.Name.Name)
	}
	if len(d.Members) == 0 {
		c.errorf(d, "structure '%s' must have at least one member", d.Name.Name)
	}
	c.checkStructMembers(d)
	seen := map[string]*syntax.StructMember{}
	// The members, allocated together.
	mems := make([]types.Member, len(d.Members))
	if len(d.Members) > 0 {
		s.Members = make([]*types.Member, 0, len(d.Members))
	}
	for i, m := range d.Members {
		if prev, dup := seen[m.Name.Name]; dup {
			e := c.errorAt(m.Name.Loc, "duplicate member '%s' in structure '%s'", m.Name.Name, d.Name.Name)
			c.note(e, prev.Name.Loc, "previous member '%s' is here", m.Name.Name)
		}
		seen[m.Name.Name] = m
		t := c.typeOf(m.Type)
		if t == nil {
			t = types.I32 // keep going with a placeholder; the error is reported
		}
		mem := &mems[i]
		*mem = types.Member{Name: m.Name.Name, Type: t, Span: m.Name.Loc, Offset: -1, IO: types.NoIO}
		_, isStruct := t.(*types.Struct)
		switch {
		case isStruct && types.IsRuntimeSized(t):
			c.errorf(m.Type, "member '%s' has type %s, which contains a runtime-sized array; only an array itself may be runtime-sized", m.Name.Name, t)
		case types.IsRuntimeSized(t) && i != len(d.Members)-1:
			c.errorf(m, "runtime-sized member '%s' must be the last member of '%s'", m.Name.Name, d.Name.Name)
		case !types.IsCreationFixedFootprint(t) && !types.IsRuntimeSized(t) || !types.IsPlain(t):
			c.errorf(m.Type, "member '%s' has type %s, which cannot be a structure member", m.Name.Name, t)
		}
		c.memberAttrs(m, mem)
		if c.legacy {
			c.legacyMember(m, t)
		}
		s.Members = append(s.Members, mem)
	}
	if c.legacy {
		c.legacyImpliedSizes(s)
	}
	c.structIO(d, s)
	c.checkNestingOf(d.Name.Loc, s, "structure", d.Name.Name)
	c.prog.Structs = append(c.prog.Structs, s)
	c.prog.Layouts.CheckType(s, d.Name.Loc, c.reportLayout)
	return tn
}

// aliasDecl resolves `alias T = ...;`.
func (c *checker) aliasDecl(d *syntax.AliasDecl) Object {
	t := c.typeOf(d.Type)
	if t == nil {
		return nil
	}
	tn := &TypeName{objectBase: objectBase{name: d.Name.Name, span: d.Name.Loc}, Type: t, Alias: d}
	if c.legacy {
		c.legacyAliasAccess(d, tn)
	}
	c.prog.Aliases = append(c.prog.Aliases, tn)
	return tn
}

func itoa(n int) string { return strconv.Itoa(n) }
