package sema

import (
	"github.com/wgslgo/wgslgo/compiler/builtins"
	"github.com/wgslgo/wgslgo/compiler/syntax"
	"github.com/wgslgo/wgslgo/compiler/types"
	"slices"
)

// attrSet is the attributes of one declaration after placement checks, in source order,
// without the unknown, misplaced and duplicate ones. A slice, not a map: a declaration has
// a few attributes, and most lists pass the checks whole, which then cost no allocation.
type attrSet []*syntax.Attribute

// get returns the attribute called name, or nil.
func (s attrSet) get(name string) *syntax.Attribute {
	for _, a := range s {
		if a.Name.Name == name {
			return a
		}
	}
	return nil
}

// knownAttrs are every attribute name of the language (and of the 2021 draft), sorted: the
// suggestion for a misspelt one is the same from run to run. (These tables are static data
// rather than maps, which every process would build at start.)
var knownAttrs = [...]string{
	"align", "binding", "blend_src", "builtin", "compute", "const", "diagnostic", "fragment",
	"group", "id", "interpolate", "invariant", "location", "must_use", "size", "subgroup_size",
	"test", "vertex", "workgroup_size",
}

// legacyAttrs are the 2021-draft attribute names besides the modern ones they share.
var legacyAttrs = [...]string{"access", "block", "constant_id", "offset", "set", "stage", "stride"}

// attrs validates the attributes of a declaration against the names allowed there.
func (c *checker) attrs(list []*syntax.Attribute, where string, allowed ...string) attrSet {
	if len(list) == 0 {
		return nil
	}
	// set aliases list until an attribute is dropped; from then on it is a copy.
	set, whole := attrSet(list[:0]), true
	drop := func(i int) {
		if whole {
			set, whole = append(attrSet(nil), list[:i]...), false
		}
	}
	for i, a := range list {
		name := a.Name.Name
		if !slices.Contains(knownAttrs[:], name) && !(c.legacy && slices.Contains(legacyAttrs[:], name)) {
			d := c.errorAt(a.Name.Loc, "unknown attribute '@%s'", name)
			if s := closest(name, knownAttrs[:]); s != "" {
				c.note(d, a.Name.Loc, "did you mean '@%s'?", s)
			}
			drop(i)
			continue
		}
		ok := false
		for _, n := range allowed {
			if n == name {
				ok = true
				break
			}
		}
		if !ok {
			c.errorAt(a.Loc, "attribute '@%s' is not valid on %s", name, where)
			drop(i)
			continue
		}
		if prev := set.get(name); prev != nil {
			if name != "diagnostic" {
				d := c.errorAt(a.Loc, "duplicate attribute '@%s'", name)
				c.note(d, prev.Loc, "first '@%s' is here", name)
				drop(i)
				continue
			}
		}
		if whole {
			set = list[: i+1 : i+1] // no capacity: an append must not write into the parsed list
		} else {
			set = append(set, a)
		}
	}
	return set
}

// noArgs checks an attribute written without arguments.
func (c *checker) noArgs(a *syntax.Attribute) {
	if len(a.Args) > 0 || a.HasParens {
		c.errorf(a, "attribute '@%s' takes no arguments", a.Name.Name)
	}
}

// nonNegativeAttr reads an integer attribute argument that must be >= 0.
func (c *checker) nonNegativeAttr(a *syntax.Attribute) (int, bool) {
	n, ok := c.intAttrArg(a)
	if !ok {
		return 0, false
	}
	if n < 0 {
		c.errorf(a.Args[0], "attribute '@%s' must not be negative, got %d", a.Name.Name, n)
		return 0, false
	}
	return n, true
}

// enumAttrArg reads the i-th argument of an attribute as a context-dependent name.
func (c *checker) enumAttrArg(a *syntax.Attribute, i int) (string, bool) {
	if i >= len(a.Args) {
		c.errorf(a, "attribute '@%s' needs an argument", a.Name.Name)
		return "", false
	}
	id, ok := a.Args[i].(*syntax.IdentExpr)
	if !ok || len(id.TemplateArgs) > 0 {
		c.errorf(a.Args[i], "expected a name as argument %d of '@%s'", i+1, a.Name.Name)
		return "", false
	}
	return id.Name.Name, true
}

// ioAttrs reads the interface attributes of an entry-point parameter, return value or
// structure member into io, and validates the ones that need the type.
func (c *checker) ioAttrs(set attrSet, t types.Type, io *types.IO) {
	if a := set.get("builtin"); a != nil {
		if len(a.Args) < 1 || len(a.Args) > 2 {
			c.errorf(a, "@builtin takes a builtin value name (and for frag_depth an optional depth mode)")
		} else if name, ok := c.enumAttrArg(a, 0); ok {
			if len(a.Args) == 2 {
				mode, ok := c.enumAttrArg(a, 1)
				switch {
				case !ok:
				case name != "frag_depth":
					c.errorf(a.Args[1], "only @builtin(frag_depth) takes a depth mode")
				case mode != "less" && mode != "greater":
					c.errorf(a.Args[1], "unknown depth mode '%s' (want less or greater)", mode)
				default:
					io.DepthMode = mode
				}
			}
			v, known := builtins.LookupValue(name)
			if !known {
				var names []string
				for _, v := range builtins.Values() {
					names = append(names, v.Name)
				}
				d := c.errorf(a.Args[0], "unknown builtin value '%s'", name)
				if s := closest(name, names); s != "" {
					c.note(d, a.Args[0].Span(), "did you mean '%s'?", s)
				}
			} else {
				io.Builtin = name
				if t != nil && !v.TypeOK(t) {
					want := "array<f32, N> with N <= 8" // clip_distances, the one without a fixed type
					if v.Type != nil {
						want = v.Type.String()
					}
					c.errorf(a, "@builtin(%s) needs type %s, not %s", name, want, t)
				}
				if !c.prog.Extensions.Has(v.Extension) {
					c.errorf(a, "@builtin(%s) requires 'enable %s;'", name, v.Extension)
				}
			}
		}
	}
	if a := set.get("location"); a != nil {
		if n, ok := c.nonNegativeAttr(a); ok {
			io.Location = n
		}
		if t != nil && !isIOType(t) {
			c.errorf(a, "@location needs a numeric scalar or vector type, not %s", t)
		}
	}
	if a := set.get("blend_src"); a != nil {
		if !c.prog.Extensions.Has(builtins.ExtDualSourceBlending) {
			c.errorf(a, "@blend_src requires 'enable dual_source_blending;'")
		}
		if n, ok := c.nonNegativeAttr(a); ok {
			if n > 1 {
				c.errorf(a, "@blend_src must be 0 or 1, got %d", n)
			}
			io.BlendSrc = n
		}
		if set.get("location") == nil {
			c.errorf(a, "@blend_src needs @location")
		}
	}
	if a := set.get("interpolate"); a != nil {
		c.interpolate(a, t, io)
		// Wherever it is written, even on a member of a structure never used for IO (spec
		// "interpolate": "Must only be applied to a declaration that has a location
		// attribute applied").
		switch {
		case io.Builtin != "":
			c.errorf(a, "@interpolate applies to @location values, not builtins")
		case set.get("location") == nil:
			c.errorf(a, "@interpolate needs @location: it says how a user-defined input or output is interpolated")
		}
	}
	if a := set.get("invariant"); a != nil {
		c.noArgs(a)
		io.Invariant = true
		if io.Builtin != "position" {
			c.errorf(a, "@invariant applies only to @builtin(position)")
		}
	}
}

// bothBuiltinAndLocation reports an entry point parameter or return value with both @builtin
// and @location. A structure member may have both until the structure is used for IO (the
// IO attributes of a member take effect only there: gpuweb#3261), where ioChecker reports it.
func (c *checker) bothBuiltinAndLocation(set attrSet, io types.IO) {
	if io.Builtin != "" && io.Location >= 0 {
		c.errorf(set.get("location"), "an entry point value cannot have both @builtin and @location")
	}
}

func isIOType(t types.Type) bool {
	switch t := t.(type) {
	case *types.Scalar:
		return t.IsNumeric() && !t.IsAbstract()
	case *types.Vector:
		return t.Elem.IsNumeric() && !t.Elem.IsAbstract()
	}
	return false
}

func (c *checker) interpolate(a *syntax.Attribute, t types.Type, io *types.IO) {
	if len(a.Args) < 1 || len(a.Args) > 2 {
		c.errorf(a, "@interpolate takes one or two arguments: @interpolate(type[, sampling])")
		return
	}
	kind, ok := c.enumAttrArg(a, 0)
	if !ok {
		return
	}
	switch kind {
	case "perspective", "linear", "flat":
	default:
		c.errorf(a.Args[0], "unknown interpolation type '%s' (want perspective, linear or flat)", kind)
		return
	}
	io.Interpolate = kind
	if len(a.Args) == 2 {
		s, ok := c.enumAttrArg(a, 1)
		if !ok {
			return
		}
		switch s {
		case "center", "centroid", "sample":
			if kind == "flat" {
				c.errorf(a.Args[1], "flat interpolation takes sampling 'first' or 'either', not '%s'", s)
				return
			}
		case "first", "either":
			if kind != "flat" {
				c.errorf(a.Args[1], "sampling '%s' is only valid with flat interpolation", s)
				return
			}
		default:
			c.errorf(a.Args[1], "unknown interpolation sampling '%s'", s)
			return
		}
		io.Sampling = s
	}
	if t != nil {
		if s := types.ElemScalar(t); s != nil && s.IsInteger() && kind != "flat" {
			c.errorf(a, "integer values must use @interpolate(flat)")
		}
	}
}

// memberAttrs reads the attributes of a structure member.
func (c *checker) memberAttrs(m *syntax.StructMember, mem *types.Member) {
	allowed := []string{"align", "size", "builtin", "location", "interpolate", "invariant", "blend_src"}
	if c.legacy {
		allowed = append(allowed, "offset")
	}
	set := c.attrs(m.Attrs, "a structure member", allowed...)
	if a := set.get("align"); a != nil {
		if n, ok := c.intAttrArg(a); ok {
			if n <= 0 {
				c.errorf(a, "@align must be a positive power of two, got %d", n)
			} else {
				mem.Align, mem.AlignSpan = n, a.Loc
			}
		}
	}
	if a := set.get("size"); a != nil {
		if n, ok := c.intAttrArg(a); ok {
			if n <= 0 {
				c.errorf(a, "@size must be positive, got %d", n)
			} else {
				mem.Size, mem.SizeSpan = n, a.Loc
			}
		}
	}
	if a := set.get("offset"); a != nil {
		if n, ok := c.nonNegativeAttr(a); ok {
			mem.Offset, mem.OffsetSpan = n, a.Loc
		}
	}
	c.ioAttrs(set, mem.Type, &mem.IO)
}
