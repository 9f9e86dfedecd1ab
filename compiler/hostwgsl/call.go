package hostwgsl

import (
	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/compiler/sema"
	"github.com/wgslgo/wgslgo/compiler/syntax"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// call writes a call: constructors get their type written, builtin functions the compiler
// lacks become helper functions, and texture arguments get the types it wants.
func (w *writer) call(e *syntax.CallExpr) syntax.Expr {
	c := w.prog.CallOf(e)
	out := &syntax.CallExpr{Loc: e.Loc, Callee: &syntax.IdentExpr{Loc: e.Callee.Loc, Name: e.Callee.Name, TemplateArgs: w.templateArgs(e.Callee.TemplateArgs)}, Args: w.exprs(e.Args)}
	if c == nil {
		return out
	}
	switch c.Kind {
	case sema.CallConstructor:
		if w.l.aliases && w.aliasNames[e.Callee.Name.Name] {
			// A constructor named by an alias, which the text no longer declares.
			if t := typeOf(c.Type, e.Callee.Loc); t != nil {
				out.Callee = t
			}
		} else if w.l.fold && len(e.Callee.TemplateArgs) == 0 && inferring(e.Callee.Name.Name) {
			if t := typeOf(c.Type, e.Callee.Loc); t != nil {
				out.Callee = t
			}
		}
	case sema.CallBitcast:
		if w.l.fold {
			if t := typeOf(c.Type, e.Callee.Loc); t != nil {
				out.Callee = ident("bitcast", e.Callee.Loc, t)
			}
		}
	case sema.CallBuiltin:
		return w.builtin(e, c, out)
	}
	return out
}

// inferring reports whether a constructor name infers its element type: vec3(...), array(...).
func inferring(name string) bool {
	switch name {
	case "vec2", "vec3", "vec4", "array",
		"mat2x2", "mat2x3", "mat2x4", "mat3x2", "mat3x3", "mat3x4", "mat4x2", "mat4x3", "mat4x4":
		return true
	}
	return false
}

// builtin writes a call of a builtin function.
func (w *writer) builtin(e *syntax.CallExpr, c *sema.Call, out *syntax.CallExpr) syntax.Expr {
	name := c.Name
	if m, ok := w.l.builtin(name); ok {
		if m.refused() {
			w.refuse(e.Callee.Loc, "has no %s", name)
			return out
		}
		key, text, why := m.write(name, c.Builtin.Params, c.Type)
		if why != "" {
			w.refuse(e.Callee.Loc, "has no %s, and %s", name, why)
			return out
		}
		out.Callee = ident(w.helper(key, name, text), e.Callee.Loc)
		return out
	}
	if w.l.relational && (name == "all" || name == "any") {
		if v, ok := c.Builtin.Params[0].(*types.Vector); ok {
			op := "&&"
			if name == "any" {
				op = "||"
			}
			key, text := relational(name, op, v.N)
			out.Callee = ident(w.helper(key, name, text), e.Callee.Loc)
		}
		return out
	}
	if name == "transpose" && w.l.transpose {
		if m, ok := c.Builtin.Params[0].(*types.Matrix); ok && m.Cols != m.Rows {
			key, text := transpose(m)
			out.Callee = ident(w.helper(key, name, text), e.Callee.Loc)
			return out
		}
	}
	if name == "workgroupUniformLoad" && w.l.pointerParams {
		if p, ok := c.Builtin.Params[0].(*types.Pointer); ok {
			if _, atomic := p.Elem.(*types.Atomic); atomic {
				w.refuse(e.Callee.Loc, "has no workgroupUniformLoad of an atomic: load it with atomicLoad between two workgroupBarrier calls")
			}
		}
	}
	params := c.Builtin.Overload.Params
	for i := range out.Args {
		if i >= len(params) {
			break
		}
		at := e.Args[i].Span()
		switch params[i].Name {
		case "level", "array_index", "sample_index":
			pt := c.Builtin.Params[i]
			if w.l.depthLevelFloat && !w.l.checkable && name == "textureSampleLevel" && params[i].Name == "level" && isScalar(pt, types.KindI32, types.KindU32) {
				out.Args[i] = convert("f32", out.Args[i], at)
			} else if w.l.textureIntIndex && isScalar(pt, types.KindU32) {
				out.Args[i] = convert("i32", out.Args[i], at)
			}
		}
	}
	return out
}

func isScalar(t types.Type, kinds ...types.ScalarKind) bool {
	s, ok := t.(*types.Scalar)
	if !ok {
		return false
	}
	for _, k := range kinds {
		if s.Kind == k {
			return true
		}
	}
	return false
}

// convert writes a value conversion to a scalar type.
func convert(to string, x syntax.Expr, at diag.Span) syntax.Expr {
	return &syntax.CallExpr{Loc: at, Callee: ident(to, at), Args: []syntax.Expr{x}}
}
