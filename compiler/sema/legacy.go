package sema

import (
	"strings"

	"github.com/wgslgo/wgslgo/compiler/syntax"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// The 2021 draft dialect: type attributes ([[stride(n)]], [[access(a)]]) and the texture types
// that later WGSL dropped.

// legacyTypeAttrs applies 2021-draft attributes written on a type.
func (c *checker) legacyTypeAttrs(id *syntax.IdentExpr, t types.Type) types.Type {
	for _, a := range id.Attrs {
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
			if !ok || tex.Kind != types.TexStorage {
				c.errorf(a, "[[access]] applies only to storage texture types")
				continue
			}
			if len(a.Args) != 1 {
				c.errorf(a, "[[access]] takes one argument: read, write or read_write")
				continue
			}
			am, ok := c.accessArg(a.Args[0])
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

// legacyType resolves the 2021 draft's type names that modern WGSL does not have.
func (c *checker) legacyType(id *syntax.IdentExpr) types.Type {
	name := id.Name.Name
	switch name {
	case "texture_1d_array", "texture_storage_1d_array", "texture_multisampled_2d_array":
		c.errorf(id, "the 2021 draft's '%s' has no counterpart in modern WGSL and is not supported", name)
		return nil
	}
	if strings.HasPrefix(name, "texture_storage_") {
		return nil
	}
	return nil
}

// intAttrArg reads the single integer const-expression argument of an attribute.
func (c *checker) intAttrArg(a *syntax.Attribute) (int, bool) {
	if len(a.Args) != 1 {
		c.errorf(a, "attribute '%s' takes exactly one argument", a.Name.Name)
		return 0, false
	}
	op := c.valueExpr(a.Args[0])
	if op.mode == Invalid {
		return 0, false
	}
	s, ok := op.typ.(*types.Scalar)
	if !ok || !s.IsInteger() {
		c.errorf(a.Args[0], "attribute '%s' needs an integer argument, not %s", a.Name.Name, describe(op.typ))
		return 0, false
	}
	if op.stage != ConstStage {
		c.errorf(a.Args[0], "attribute '%s' needs a const-expression argument", a.Name.Name)
		return 0, false
	}
	v := op.val.Int64()
	if v < -(1<<31) || v >= 1<<32 {
		c.errorf(a.Args[0], "attribute '%s' argument %d is out of range", a.Name.Name, v)
		return 0, false
	}
	return int(v), true
}
