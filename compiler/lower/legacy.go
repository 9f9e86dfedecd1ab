package lower

import (
	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/sema"
	"github.com/wgslgo/wgslgo/compiler/syntax"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// The 2021 draft dialect. Most of it lowers like modern WGSL: its var<in>/var<out> are IO
// globals (the IR's pipeline inputs and outputs), its [[constant_id]] constants are the
// checker's overrides, its explicit layouts are the layout package's. What is left is here,
// guided by sema.Program.Legacy:
//
//   - fallthrough: a case clause ending in fallthrough runs its statements, then those of the
//     next clause (repeated while that one falls through too), each in its own scope;
//   - a continuing block ending in `if (c) { break; }` ends in the IR's break-if;
//   - the draft's texture queries return i32 where the builtin returns u32, and textureLoad
//     may leave out its level;
//   - [[builtin(workgroup_size)]] var<in>, which SPIR-V for Vulkan has no input for, is a
//     private variable every compute entry point sets to its workgroup size.

// caseStmts returns the statements of clause i of a switch.
func caseStmts(s *syntax.SwitchStmt, i int) []syntax.Stmt {
	stmts := s.Clauses[i].Body.Stmts
	n := len(stmts)
	if n == 0 || i+1 == len(s.Clauses) {
		return stmts
	}
	if _, ok := stmts[n-1].(*syntax.FallthroughStmt); !ok {
		return stmts
	}
	return []syntax.Stmt{
		&syntax.CompoundStmt{Loc: s.Clauses[i].Body.Loc, Stmts: stmts[:n-1]},
		&syntax.CompoundStmt{Loc: s.Clauses[i+1].Body.Loc, Stmts: caseStmts(s, i+1)},
	}
}

// legacyContinuing splits a continuing block that ends in the draft's conditional break: it
// returns the statements before it and the break's condition (nil when there is none) and
// whether the loop breaks when the condition is false.
func (l *lowerer) legacyContinuing(c *syntax.ContinuingStmt) ([]syntax.Stmt, syntax.Expr, bool) {
	stmts := c.Body.Stmts
	if l.p.Legacy == nil || len(stmts) == 0 {
		return stmts, nil, false
	}
	last, ok := stmts[len(stmts)-1].(*syntax.IfStmt)
	if !ok {
		return stmts, nil, false
	}
	negate, ok := l.p.Legacy.ContinuingBreaks[last]
	if !ok {
		return stmts, nil, false
	}
	return stmts[:len(stmts)-1], last.Cond, negate
}

// breakIf ends a continuing block with a break-if on cond (negated when negate is set).
func (l *lowerer) breakIf(cond syntax.Expr, negate bool) {
	l.at(cond)
	v := l.value(cond)
	if v == 0 {
		return
	}
	if negate {
		v = l.b.Not(v)
	}
	l.b.BreakIf(v)
}

// legacyArg lowers an argument of a user function call: the pointer to a variable the
// draft passes for a pointer parameter, else the value.
func (l *lowerer) legacyArg(a syntax.Expr) ir.Value {
	if l.p.Legacy != nil && l.p.Legacy.AddrOf[a] {
		return l.ref(a)
	}
	return l.value(a)
}

// legacyImplicitArgs returns the arguments the draft left out of a builtin call.
func (l *lowerer) legacyImplicitArgs(e *syntax.CallExpr) []ir.Value {
	if l.p.Legacy == nil {
		return nil
	}
	var out []ir.Value
	for _, v := range l.p.Legacy.ImplicitArgs[e] {
		out = append(out, l.constant(v, nil))
	}
	return out
}

// legacyResult converts the result of a builtin call to the draft's result type.
func (l *lowerer) legacyResult(e *syntax.CallExpr, v ir.Value) ir.Value {
	if l.p.Legacy == nil || v == 0 {
		return v
	}
	if t, ok := l.p.Legacy.ResultTypes[e]; ok {
		if rv, ok := t.(*types.Vector); ok {
			if vv, ok := l.m.Type(v).(*types.Vector); ok && vv.N == 2 && rv.N == 3 {
				v = l.b.Swizzle(v, 0, 1, 1) // a cube's (width, height, height)
			}
		}
		return l.convertTo(v, t)
	}
	return v
}

// legacyUnusedIO reports a var<in> or var<out> no function uses: it is no pipeline input or
// output of any entry point, and an undecorated interface variable would be invalid SPIR-V.
func (l *lowerer) legacyUnusedIO(v *sema.Var) bool {
	if v.Space != types.AddrIn && v.Space != types.AddrOut {
		return false
	}
	for _, f := range l.p.Funcs {
		for _, g := range f.Globals {
			if g == v {
				return false
			}
		}
	}
	return true
}

// legacyWorkgroupSizeVar creates the private variable that stands for a draft
// [[builtin(workgroup_size)]] var<in>; it reports whether v is one, or an unused pipeline
// variable, which has no IR global.
func (l *lowerer) legacyWorkgroupSizeVar(v *sema.Var) bool {
	if v.IO.Builtin != sema.LegacyWorkgroupSize {
		return l.legacyUnusedIO(v)
	}
	g := l.m.NewGlobal(v.Name(), types.AddrPrivate, types.ReadWrite, v.Type)
	l.vals[v] = g.Value
	return true
}

// legacyEntryInits sets the workgroup_size variables an entry point uses.
func (l *lowerer) legacyEntryInits(ep *sema.Func) {
	if l.p.Legacy == nil {
		return
	}
	for _, g := range ep.Globals {
		v, ok := g.(*sema.Var)
		if !ok || v.IO.Builtin != sema.LegacyWorkgroupSize {
			continue
		}
		var dims [3]ir.Value
		for i, d := range ep.Workgroup {
			dims[i] = l.m.ConstU32(uint32(max(d.Value, 1)))
		}
		l.b.Store(l.vals[v], l.m.ConstComposite(v.Type, dims[:]...))
	}
}
