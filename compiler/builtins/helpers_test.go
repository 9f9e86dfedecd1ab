package builtins

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/wgslgo/wgslgo/compiler/types"
)

// parseType reads a type in WGSL notation for tests, with ref<AS, T, AM> for references
// and the abstract types by name.
func parseType(s string) types.Type {
	sc := scan(s)
	t := toType(sc.texpr())
	if sc.peek() != "" {
		panic("parseType: trailing " + sc.peek() + " in " + s)
	}
	return t
}

var testStruct = &types.Struct{Name: "S", Members: []*types.Member{
	{Name: "a", Type: types.F32, Offset: -1}, {Name: "b", Type: types.U32, Offset: -1},
}}

func toType(e *texpr) types.Type {
	n, args := e.name, e.args
	if k := indexOf(scalarNames[:], n); k >= 0 {
		return types.ScalarOf(types.ScalarKind(k))
	}
	if t, ok := alias(n); ok {
		return t
	}
	num := func(e *texpr) int {
		x, err := strconv.Atoi(e.name)
		if err != nil {
			panic("toType: not a number: " + e.name)
		}
		return x
	}
	space := func(e *texpr) types.AddressSpace {
		a, ok := types.ParseAddressSpace(e.name, false)
		if !ok {
			panic("toType: bad address space " + e.name)
		}
		return a
	}
	access := func(as types.AddressSpace, rest []*texpr) types.Access {
		if len(rest) == 0 {
			return types.DefaultAccess(as)
		}
		a, ok := types.ParseAccess(rest[0].name)
		if !ok {
			panic("toType: bad access " + rest[0].name)
		}
		return a
	}
	switch {
	case n == "S":
		return testStruct
	case strings.HasPrefix(n, "vec"):
		return types.Vec(int(n[3]-'0'), toType(args[0]).(*types.Scalar))
	case strings.HasPrefix(n, "mat"):
		return types.Mat(int(n[3]-'0'), int(n[5]-'0'), toType(args[0]).(*types.Scalar))
	case n == "array":
		a := &types.Array{Elem: toType(args[0])}
		if len(args) == 2 {
			a.Count = num(args[1])
		}
		return a
	case n == "atomic":
		return &types.Atomic{Elem: toType(args[0]).(*types.Scalar)}
	case n == "ptr":
		as := space(args[0])
		return &types.Pointer{Space: as, Elem: toType(args[1]), Access: access(as, args[2:])}
	case n == "ref":
		as := space(args[0])
		return &types.Reference{Space: as, Elem: toType(args[1]), Access: access(as, args[2:])}
	case n == "sampler":
		return types.SamplerType
	case n == "sampler_comparison":
		return types.ComparisonSamplerType
	case n == "buffer":
		if len(args) == 1 {
			return &types.Buffer{Size: num(args[0])}
		}
		return &types.Buffer{}
	case strings.HasPrefix(n, "texture_"):
		kind, dim, ok := textureKind(n)
		if !ok {
			panic("toType: bad texture " + n)
		}
		t := &types.Texture{Kind: kind, Dim: dim}
		switch kind {
		case types.TexSampled, types.TexMultisampled:
			t.Sampled = toType(args[0]).(*types.Scalar)
		case types.TexStorage:
			f, ok := types.ParseTexelFormat(args[0].name)
			if !ok {
				panic("toType: bad format " + args[0].name)
			}
			t.Format, t.Access = f, access(types.AddrHandle, args[1:])
		}
		return t
	}
	panic(fmt.Sprintf("toType: unknown type %s", n))
}

// parseCall reads a call for tests: "max(AbstractInt, f32)", "vec3<f32>(AbstractInt)",
// "bitcast<u32>(f32)", "select(AbstractInt, AbstractInt, const bool)". A "const " prefix
// marks a const-expression argument of a concrete type; with any such prefix, Call.Const
// is filled in (abstract arguments are constant).
func parseCall(s string) Call {
	open := strings.IndexByte(s, '(')
	head, body := s[:open], s[open+1:len(s)-1]
	var c Call
	if lt := strings.IndexByte(head, '<'); lt >= 0 {
		name := head[:lt]
		if isCtorName(name) || strings.HasPrefix(name, "texture_") || name == "atomic" {
			c.Type = parseType(head)
			c.Name = name
		} else {
			c.Name = name
			sc := scan(head[lt+1 : len(head)-1])
			for sc.peek() != "" {
				c.TemplateArgs = append(c.TemplateArgs, toType(sc.texpr()))
				if sc.peek() == "," {
					sc.next()
				}
			}
		}
	} else if head == "S" {
		c.Type, c.Name = testStruct, "S"
	} else {
		c.Name = head
	}
	var consts []bool
	explicit := false
	for _, a := range splitArgs(body) {
		k := false
		if rest, ok := strings.CutPrefix(a, "const "); ok {
			a, k, explicit = rest, true, true
		}
		t := parseType(a)
		c.Args = append(c.Args, t)
		consts = append(consts, k || types.IsAbstract(t))
	}
	if explicit {
		c.Const = consts
	}
	return c
}

func splitArgs(s string) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '<':
			depth++
		case '>':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, strings.TrimSpace(s[start:i]))
				start = i + 1
			}
		}
	}
	if strings.TrimSpace(s[start:]) != "" {
		out = append(out, strings.TrimSpace(s[start:]))
	}
	return out
}

// allOverloads compiles the whole table and returns every overload in table order.
func allOverloads() []*Overload {
	var all []*Overload
	for _, name := range Names() {
		b, _ := lookupTable(name)
		all = append(all, b.Overloads...)
	}
	slices.SortFunc(all, func(x, y *Overload) int { return cmp.Compare(x.id, y.id) })
	return all
}
