package compiler_test

import (
	"fmt"
	"strings"
)

// progGen writes a random, type-correct WGSL module steered by a byte string: every choice
// consumes one byte (zero once the bytes run out), so the fuzzer's mutations of the bytes
// become mutations of the program's structure, and most inputs get past the checker into the
// lowering, the passes and the backend. Loops are bounded so programs terminate.
type progGen struct {
	data  []byte
	pos   int
	sb    strings.Builder
	ind   int
	depth int
	ids   int
	// scopes hold the values and places visible at each nesting level.
	scopes [][]genVar
	funcs  []genFunc
	loops  int // enclosing loops of the current statement
	inMain bool
	// scalars are the numeric scalar types in use: f32, i32, u32, and f16 when the module
	// enables it.
	scalars []string
	// diff selects the programs of the differential execution test (diffexec_test.go):
	// deterministic whatever the pipeline, see generateDiff.
	diff bool
	// inBounds (with diff) keeps every index in bounds, for runs without robustness.
	inBounds bool
	// mainTop is the scope depth of main's top-level statements while main is generated
	// (diff only): where barriers are in uniform control flow.
	mainTop int
	// wgSize is the workgroup size of a diff program: one workgroup is dispatched.
	wgSize int
}

// wt is a WGSL type of the generator: a scalar (n == 0), a vector (n > 1) or a square f32
// matrix (mat == true, n columns).
type wt struct {
	s   string // f32, i32, u32, bool
	n   int
	mat bool
}

func (t wt) String() string {
	switch {
	case t.mat:
		return fmt.Sprintf("mat%dx%d<f32>", t.n, t.n)
	case t.n > 0:
		return fmt.Sprintf("vec%d<%s>", t.n, t.s)
	}
	return t.s
}

func (t wt) elem() wt { return wt{s: t.s} }

type genVar struct {
	name    string
	t       wt
	mutable bool
	space   string // the address space of a pointer parameter's (*p); "" otherwise
}

type genFunc struct {
	name   string
	params []wt
	result wt
	ptr    bool   // the first parameter is ptr<space, params[0]>
	space  string // function, storage, workgroup or uniform
}

// pointerTypes are the types a pointer parameter in each address space may point to: those
// of the places placeArg makes.
var pointerTypes = map[string][]wt{
	"storage":   {tF32, {s: "f32", n: 4}, {s: "f32", n: 2}},
	"workgroup": {{s: "f32", n: 4}, tU32},
	"uniform":   {{s: "f32", n: 4}, tU32, tI32, {s: "f32", n: 4, mat: true}, {s: "i32", n: 3}},
}

// placeArg returns the address of a part of a module-scope variable in space, of type t,
// often with dynamic indices: the arguments DirectVariableAccess rewrites. Only main
// passes them (and nothing else touches pbuf and pwg), so that the alias analysis never
// objects.
func (g *progGen) placeArg(space string, t wt) string {
	switch space {
	case "storage":
		switch t {
		case tF32:
			if g.chance(50) {
				return "&pbuf.s"
			}
			return "&pbuf.cells[" + g.index(3) + "].w"
		case wt{s: "f32", n: 2}:
			return "&pbuf.rt[" + g.expr(tU32) + "]"
		}
		if g.chance(30) {
			return "&pbuf.v"
		}
		return fmt.Sprintf("&pbuf.cells[%s].v[%s]", g.index(3), g.index(3))
	case "workgroup":
		if t == tU32 {
			return "&pwg.n[" + g.index(4) + "]"
		}
		return "&pwg.v[" + g.index(4) + "]"
	}
	return "&" + map[wt]string{{s: "f32", n: 4}: "uni.x", tU32: "uni.n", tI32: "uni.k",
		{s: "f32", n: 4, mat: true}: "uni.m", {s: "i32", n: 3}: "uni.v"}[t]
}

var (
	tF32  = wt{s: "f32"}
	tI32  = wt{s: "i32"}
	tU32  = wt{s: "u32"}
	tBool = wt{s: "bool"}
)

func (g *progGen) choose(n int) int {
	if n <= 1 || g.pos >= len(g.data) {
		return 0
	}
	b := g.data[g.pos]
	g.pos++
	return int(b) % n
}

func (g *progGen) chance(percent int) bool { return g.choose(100) < percent }

// letters returns the component names of a swizzle: either set, as often.
func (g *progGen) letters() string {
	if g.chance(50) {
		return "rgba"
	}
	return "xyzw"
}

// name returns a fresh identifier; the underscore keeps f16, i32 and u32 free.
func (g *progGen) name(prefix string) string {
	g.ids++
	return fmt.Sprintf("%s_%d", prefix, g.ids)
}

func (g *progGen) line(format string, args ...any) {
	g.sb.WriteString(strings.Repeat("    ", g.ind))
	fmt.Fprintf(&g.sb, format, args...)
	g.sb.WriteByte('\n')
}

func (g *progGen) randType() wt {
	switch g.choose(6) {
	case 0, 1:
		return wt{s: g.scalar()}
	case 2:
		return tBool
	case 3:
		return wt{s: "f32", n: 2 + g.choose(3), mat: !g.diff && g.chance(40)}
	}
	return wt{s: g.scalar(), n: 2 + g.choose(3)}
}

func (g *progGen) scalar() string { return g.scalars[g.choose(len(g.scalars))] }

func isFloat(s string) bool { return s == "f32" || s == "f16" }

func (g *progGen) push() { g.scopes = append(g.scopes, nil) }
func (g *progGen) pop()  { g.scopes = g.scopes[:len(g.scopes)-1] }

func (g *progGen) declare(v genVar) {
	g.scopes[len(g.scopes)-1] = append(g.scopes[len(g.scopes)-1], v)
}

// visible returns the values of type t in scope (mutable ones only if mut).
func (g *progGen) visible(t wt, mut bool) []genVar {
	var out []genVar
	for _, s := range g.scopes {
		for _, v := range s {
			if v.t == t && (v.mutable || !mut) {
				out = append(out, v)
			}
		}
	}
	return out
}

func (g *progGen) literal(t wt) string {
	switch {
	case t.mat:
		var cols []string
		for range t.n {
			cols = append(cols, g.literal(wt{s: "f32", n: t.n}))
		}
		return t.String() + "(" + strings.Join(cols, ", ") + ")"
	case t.n > 0:
		if g.chance(50) {
			return t.String() + "(" + g.literal(t.elem()) + ")"
		}
		var es []string
		for range t.n {
			es = append(es, g.literal(t.elem()))
		}
		return t.String() + "(" + strings.Join(es, ", ") + ")"
	}
	switch t.s {
	case "f32":
		if g.diff {
			return fmt.Sprintf("%gf", float64(g.choose(80)-20)/4) // exact; see generateDiff
		}
		return fmt.Sprintf("%d.%df", g.choose(20)-5, g.choose(10))
	case "f16":
		return fmt.Sprintf("%d.%dh", g.choose(20)-5, g.choose(10))
	case "i32":
		return fmt.Sprintf("%di", g.choose(40)-10)
	case "u32":
		return fmt.Sprintf("%du", g.choose(40))
	}
	return []string{"true", "false"}[g.choose(2)]
}

// expr returns an expression of type t.
func (g *progGen) expr(t wt) string {
	g.depth++
	defer func() { g.depth-- }()
	if g.depth > 4 || g.chance(20) {
		if vs := g.visible(t, false); len(vs) > 0 && g.chance(70) {
			return vs[g.choose(len(vs))].name
		}
		return g.literal(t)
	}
	if vs := g.visible(t, false); len(vs) > 0 && g.chance(25) {
		return vs[g.choose(len(vs))].name
	}
	switch {
	case t.s == "bool" && t.n == 0:
		return g.boolExpr()
	case t.mat:
		switch g.choose(4) {
		case 0:
			return "(" + g.expr(t) + " * " + g.expr(t) + ")"
		case 1:
			return "transpose(" + g.expr(t) + ")"
		case 2:
			return "(" + g.expr(t) + " * " + g.expr(tF32) + ")"
		}
		return g.literal(t)
	}
	return g.numeric(t)
}

func (g *progGen) boolExpr() string {
	switch g.choose(6) {
	case 0:
		st := wt{s: g.scalar()}
		return "(" + g.expr(st) + []string{" < ", " <= ", " == ", " != ", " > ", " >= "}[g.choose(6)] + g.expr(st) + ")"
	case 1:
		return "(" + g.expr(tBool) + []string{" && ", " || ", " == ", " != "}[g.choose(4)] + g.expr(tBool) + ")"
	case 2:
		return "!" + g.expr(tBool)
	case 3:
		vt := wt{s: g.scalar(), n: 2 + g.choose(3)}
		return []string{"all", "any"}[g.choose(2)] + "(" + g.expr(vt) + []string{" < ", " == ", " >= "}[g.choose(3)] + g.expr(vt) + ")"
	case 4:
		return "select(" + g.expr(tBool) + ", " + g.expr(tBool) + ", " + g.expr(tBool) + ")"
	}
	return g.literal(tBool)
}

// numeric returns an expression of a scalar or vector numeric type t.
func (g *progGen) numeric(t wt) string {
	e := t.elem()
	isInt := !isFloat(t.s)
	switch g.choose(12) {
	case 0, 1:
		ops := []string{" + ", " - ", " * "}
		switch {
		case g.diff && !isInt:
			ops = ops[:2]
		case g.diff:
			ops = append(ops, " & ", " | ", " ^ ")
			if op := []string{" / ", " % "}[g.choose(2)]; g.chance(30) {
				// A divisor in [1, 14]: WGSL defines x/0 and MIN/-1, but naga need not agree.
				k := map[string]string{"i32": "i", "u32": "u"}[t.s]
				return fmt.Sprintf("(%s%s(%s %% 7%s + 8%s))", g.expr(t), op, g.expr(t), k, k)
			}
		case isInt:
			ops = append(ops, " / ", " % ", " & ", " | ", " ^ ")
		default:
			ops = append(ops, " / ")
		}
		return "(" + g.expr(t) + ops[g.choose(len(ops))] + g.expr(t) + ")"
	case 2:
		if t.n > 0 {
			if g.diff && !isInt {
				return "(" + g.expr(t) + " + " + g.expr(e) + ")"
			}
			return "(" + g.expr(t) + " * " + g.expr(e) + ")"
		}
		if isInt {
			return "(" + g.expr(t) + []string{" << ", " >> "}[g.choose(2)] + "(" + g.expr(tU32) + " & 7u))"
		}
		return "(-" + g.expr(t) + ")"
	case 3:
		// Conversion from another scalar type.
		from := wt{s: g.scalar(), n: t.n}
		if g.diff && isFloat(from.s) && isInt {
			// WGSL saturates out-of-range values; SPIR-V leaves them undefined, and naga
			// need not saturate.
			lo, hi := map[string]string{"i32": "-1e9f", "u32": "0f"}[t.s], "1e9f"
			if from.n > 0 {
				lo, hi = fmt.Sprintf("%s(%s)", from, lo), fmt.Sprintf("%s(%s)", from, hi)
			}
			return t.String() + "(clamp(" + g.expr(from) + ", " + lo + ", " + hi + "))"
		}
		if g.diff && !isFloat(from.s) && isFloat(t.s) {
			// Small enough that sums of quarters stay exact.
			k := map[string]string{"i32": "i", "u32": "u"}[from.s]
			return t.String() + "(" + g.expr(from) + " % 4096" + k + ")"
		}
		return t.String() + "(" + g.expr(from) + ")"
	case 4:
		return "select(" + g.expr(t) + ", " + g.expr(t) + ", " + g.expr(tBool) + ")"
	case 5:
		if t.n > 0 {
			return g.swizzleTo(t)
		}
		if g.chance(50) {
			return g.indexScalar(t)
		}
		return g.swizzleTo(t)
	case 6:
		if g.diff && !isInt {
			break // no multiplications of floats, which llvmpipe may fuse with an addition
		}
		if t.s == "f32" && t.n > 0 && g.chance(50) {
			m := wt{s: "f32", n: t.n, mat: true}
			return "(" + g.expr(m) + " * " + g.expr(t) + ")"
		}
		if isFloat(t.s) && t.n == 0 {
			vt := wt{s: t.s, n: 2 + g.choose(3)}
			return []string{"dot", "distance"}[g.choose(2)] + "(" + g.expr(vt) + ", " + g.expr(vt) + ")"
		}
		return "max(" + g.expr(t) + ", " + g.expr(t) + ")"
	case 7:
		if isFloat(t.s) && g.diff {
			// Exactly rounded functions only.
			fn := []string{"abs", "floor", "ceil", "fract", "sign", "round", "trunc"}[g.choose(7)]
			return fn + "(" + g.expr(t) + ")"
		}
		if isFloat(t.s) {
			fn := []string{"abs", "sin", "cos", "floor", "ceil", "fract", "sqrt", "exp", "tanh", "sign", "round", "trunc", "inverseSqrt", "log"}[g.choose(14)]
			return fn + "(" + g.expr(t) + ")"
		}
		fn := []string{"countOneBits", "reverseBits", "firstLeadingBit", "firstTrailingBit", "countLeadingZeros", "abs"}[g.choose(6)]
		return fn + "(" + g.expr(t) + ")"
	case 8:
		// Constant bounds must be ordered.
		lo, hi := g.literal(t), g.literal(t)
		return "clamp(" + g.expr(t) + ", min(" + lo + ", " + hi + "), max(" + lo + ", " + hi + "))"
	case 9:
		if isFloat(t.s) && g.diff {
			break
		}
		if isFloat(t.s) {
			return []string{"mix", "fma", "smoothstep"}[g.choose(3)] + "(" + g.expr(t) + ", " + g.expr(t) + ", " + g.expr(t) + ")"
		}
		return "extractBits(" + g.expr(t) + ", " + g.expr(tU32) + " & 15u, " + g.expr(tU32) + " & 15u)"
	case 10:
		if f := g.callable(t); f != nil {
			return g.call(f)
		}
		return g.literal(t)
	case 11:
		if g.diff {
			if r := g.diffRead(t); r != "" {
				return r
			}
			break
		}
		if t == (wt{s: "f32", n: 4}) {
			return g.texel()
		}
		if t == (wt{s: "u32", n: 2}) {
			return "textureDimensions(tex)"
		}
	}
	return "min(" + g.expr(t) + ", " + g.expr(t) + ")"
}

// swizzleTo builds t from a wider or equal vector of the same scalar type.
func (g *progGen) swizzleTo(t wt) string {
	from := wt{s: t.s, n: 2 + g.choose(3)}
	comps := g.letters()[:from.n]
	n := max(t.n, 1)
	var sb strings.Builder
	for range n {
		sb.WriteByte(comps[g.choose(len(comps))])
	}
	return "(" + g.expr(from) + ")." + sb.String()
}

// indexScalar reads a component of a vector or matrix by a dynamic index.
func (g *progGen) indexScalar(t wt) string {
	if t.s == "f32" && !g.diff && g.chance(30) {
		m := wt{s: "f32", n: 2 + g.choose(3), mat: true}
		return "(" + g.expr(m) + ")[" + g.index(m.n) + "][" + g.index(m.n) + "]"
	}
	v := wt{s: t.s, n: 2 + g.choose(3)}
	if g.diff {
		return "(" + g.expr(v) + ")[" + g.anyIndex(fmt.Sprintf("%du", v.n)) + "]"
	}
	return "(" + g.expr(v) + ")[" + g.index(v.n) + "]"
}

// anyIndex is an index below n (a u32 expression) in diff programs: often any u32 (which the
// robustness pass clamps), unless the program must stay in bounds. A constant index is
// always reduced.
func (g *progGen) anyIndex(n string) string {
	if !g.inBounds && g.chance(35) {
		if vs := g.visible(tU32, false); len(vs) > 0 {
			return vs[g.choose(len(vs))].name
		}
	}
	return fmt.Sprintf("(%s %% %s)", g.expr(tU32), n)
}

// index is a u32 index below n when it is a constant (constant indices out of bounds are
// errors); dynamic ones still get clamped by the robustness pass.
func (g *progGen) index(n int) string {
	return fmt.Sprintf("(%s %% %du)", g.expr(tU32), n)
}

// texel reads the sampled texture: a load (clamped by the robustness pass) or an explicit-level
// sample, which is allowed in any control flow.
func (g *progGen) texel() string {
	if g.chance(50) {
		return "textureLoad(tex, " + g.expr(wt{s: "u32", n: 2}) + ", " + g.expr(tI32) + ")"
	}
	return "textureSampleLevel(tex, samp, " + g.expr(wt{s: "f32", n: 2}) + ", " + g.expr(tF32) + ")"
}

func (g *progGen) callable(t wt) *genFunc {
	var fs []*genFunc
	for i := range g.funcs {
		if g.funcs[i].result == t && !g.funcs[i].ptr {
			fs = append(fs, &g.funcs[i])
		}
	}
	if len(fs) == 0 {
		return nil
	}
	return fs[g.choose(len(fs))]
}

func (g *progGen) call(f *genFunc) string {
	var args []string
	for _, p := range f.params {
		args = append(args, g.expr(p))
	}
	return f.name + "(" + strings.Join(args, ", ") + ")"
}

// stmts writes up to n statements.
func (g *progGen) stmts(n int, result *wt) {
	for range 1 + g.choose(n) {
		g.stmt(result)
	}
}

func (g *progGen) stmt(result *wt) {
	nested := len(g.scopes) < 6
	kinds := 13
	if g.diff {
		kinds = 15
	}
	switch g.choose(kinds) {
	case 0, 1:
		t := g.randType()
		v := genVar{name: g.name("l"), t: t}
		g.line("let %s: %s = %s;", v.name, t, g.expr(t))
		g.declare(v)
	case 2, 3:
		t := g.randType()
		v := genVar{name: g.name("v"), t: t, mutable: true}
		g.line("var %s: %s = %s;", v.name, t, g.expr(t))
		g.declare(v)
	case 4, 5:
		t := g.randType()
		if vs := g.visible(t, true); len(vs) > 0 {
			v := vs[g.choose(len(vs))]
			switch {
			case t.n > 0 && !t.mat && g.chance(40):
				g.line("%s[%s] = %s;", v.name, g.index(t.n), g.expr(t.elem()))
			case t.n > 0 && !t.mat && g.chance(30):
				g.line("%s.%c = %s;", v.name, g.letters()[g.choose(t.n)], g.expr(t.elem()))
			case t.s != "bool" && !t.mat && g.chance(40):
				ops := []string{"+", "-", "*"}
				if g.diff && isFloat(t.s) {
					ops = ops[:2]
				}
				if t.n > 0 && g.chance(40) {
					// A compound assignment to one component.
					g.line("%s.%c %s= %s;", v.name, g.letters()[g.choose(t.n)], ops[g.choose(len(ops))], g.expr(t.elem()))
				} else {
					g.line("%s %s= %s;", v.name, ops[g.choose(len(ops))], g.expr(t))
				}
			default:
				g.line("%s = %s;", v.name, g.expr(t))
			}
		}
	case 6:
		if nested {
			g.line("if %s {", g.expr(tBool))
			g.block(2, result)
			if g.chance(50) {
				g.line("} else {")
				g.block(2, result)
			}
			g.line("}")
		}
	case 7:
		if nested {
			i := g.name("i")
			g.line("for (var %s = 0u; %s < %du; %s++) {", i, i, 1+g.choose(4), i)
			g.loops++
			g.push()
			g.declare(genVar{name: i, t: tU32})
			g.ind++
			g.stmts(3, result)
			g.ind--
			g.pop()
			g.loops--
			g.line("}")
		}
	case 8:
		if nested {
			c := g.name("c")
			g.line("var %s = 0u;", c)
			g.line("loop {")
			g.ind++
			g.line("%s++;", c)
			g.line("if %s > %du { break; }", c, 1+g.choose(3))
			g.loops++
			g.push()
			g.stmts(2, result)
			g.pop()
			g.loops--
			g.line("continuing {")
			g.line("    break if %s >= 3u;", c)
			g.line("}")
			g.ind--
			g.line("}")
		}
	case 9:
		if nested {
			st := []wt{tI32, tU32}[g.choose(2)]
			suffix := map[string]string{"i32": "i", "u32": "u"}[st.s]
			g.line("switch %s {", g.expr(st))
			g.ind++
			for k := range 1 + g.choose(3) {
				if g.chance(30) {
					g.line("case %d%s, %d%s: {", 2*k, suffix, 2*k+1, suffix)
				} else {
					g.line("case %d%s: {", 2*k, suffix)
				}
				g.block(2, result)
				g.line("}")
			}
			g.line("default: {")
			g.block(1, result)
			g.line("}")
			g.ind--
			g.line("}")
		}
	case 10:
		if g.diff {
			g.diffWrite()
			return
		}
		switch g.choose(5) {
		case 0:
			g.line("buf.rt[%s] = %s;", g.expr(tU32), g.expr(tF32))
		case 1:
			g.line("buf.a = %s;", g.expr(tF32))
		case 2:
			g.line("buf.arr[%s] = %s;", g.index(4), g.expr(wt{s: "f32", n: 2}))
		case 3:
			g.line("textureStore(stex, %s, %s);", g.expr(wt{s: "i32", n: 2}), g.expr(wt{s: "f32", n: 4}))
		default:
			g.line("atomicAdd(&counters[%s], %s);", g.index(4), g.expr(tU32))
		}
	case 11:
		if g.loops > 0 && g.chance(50) {
			g.line("if %s { %s; }", g.expr(tBool), []string{"break", "continue"}[g.choose(2)])
		} else if result != nil && g.chance(30) {
			g.line("if %s { return %s; }", g.expr(tBool), g.expr(*result))
		}
	case 12:
		for i := range g.funcs {
			f := &g.funcs[i]
			if !f.ptr {
				continue
			}
			var locals []string
			for _, v := range g.visible(f.params[0], f.space != "uniform") {
				if f.space == "function" && strings.HasPrefix(v.name, "v") || v.space == f.space {
					locals = append(locals, "&"+v.name) // function-scope variables and pointer parameters
				}
			}
			if f.space != "function" && g.inMain {
				if g.diff {
					locals = append(locals, g.diffPlaceArg(f.space, f.params[0]))
				} else {
					locals = append(locals, g.placeArg(f.space, f.params[0]))
				}
			}
			if len(locals) > 0 {
				args := []string{locals[g.choose(len(locals))]}
				for _, p := range f.params[1:] {
					args = append(args, g.expr(p))
				}
				g.line("%s(%s);", f.name, strings.Join(args, ", "))
				return
			}
		}
		if f := g.callable(g.randType()); f != nil {
			g.line("_ = %s;", g.call(f))
		}
	case 13:
		t := g.randType()
		g.observe(t, g.expr(t))
	case 14:
		if len(g.scopes) == g.mainTop {
			g.exchange()
		} else if vs := g.visible(g.randType(), false); len(vs) > 0 {
			v := vs[g.choose(len(vs))]
			g.observe(v.t, v.name)
		}
	}
}

func (g *progGen) block(n int, result *wt) {
	g.push()
	g.ind++
	g.stmts(n, result)
	g.ind--
	g.pop()
}

func (g *progGen) function() {
	f := genFunc{name: g.name("f"), result: g.randType(), ptr: g.chance(25)}
	if f.ptr {
		f.space = []string{"function", "function", "storage", "workgroup", "uniform"}[g.choose(5)]
	}
	pts := pointerTypes
	if g.diff {
		pts = diffPointerTypes
	}
	var params []string
	g.push()
	for k := range 1 + g.choose(3) {
		t := g.randType()
		if k == 0 && f.ptr && f.space != "function" {
			ts := pts[f.space]
			t = ts[g.choose(len(ts))]
		}
		f.params = append(f.params, t)
		p := g.name("p")
		if k == 0 && f.ptr {
			switch f.space {
			case "storage":
				params = append(params, fmt.Sprintf("%s: ptr<storage, %s, read_write>", p, t))
			default:
				params = append(params, fmt.Sprintf("%s: ptr<%s, %s>", p, f.space, t))
			}
			g.declare(genVar{name: "(*" + p + ")", t: t, mutable: f.space != "uniform", space: f.space})
			continue
		}
		params = append(params, fmt.Sprintf("%s: %s", p, t))
		g.declare(genVar{name: p, t: t})
	}
	if f.ptr {
		g.line("fn %s(%s) {", f.name, strings.Join(params, ", "))
		g.ind++
		g.stmts(4, nil)
	} else {
		g.line("fn %s(%s) -> %s {", f.name, strings.Join(params, ", "), f.result)
		g.ind++
		g.stmts(4, &f.result)
		g.line("return %s;", g.expr(f.result))
	}
	g.ind--
	g.line("}")
	g.pop()
	g.funcs = append(g.funcs, f)
}

// generate returns a module: buffers, textures and module-scope variables, helper functions and
// a compute entry point (sometimes also a fragment one), sometimes with f16 enabled.
func generate(data []byte) string {
	g := &progGen{data: data, scalars: []string{"f32", "i32", "u32"}}
	if g.chance(25) {
		g.sb.WriteString("enable f16;\n")
		g.scalars = append(g.scalars, "f16")
	}
	g.sb.WriteString(`struct Data {
    a: f32,
    b: vec4<f32>,
    c: vec3<u32>,
    d: i32,
    m: mat3x3<f32>,
    arr: array<vec2<f32>, 4>,
    rt: array<f32>,
}
struct Uniforms {
    x: vec4<f32>,
    n: u32,
    k: i32,
    m: mat4x4<f32>,
    v: vec3<i32>,
}
@group(0) @binding(0) var<storage, read_write> buf: Data;
@group(0) @binding(1) var<uniform> uni: Uniforms;
@group(0) @binding(2) var<storage, read_write> counters: array<atomic<u32>, 4>;
struct PCell { w: f32, v: array<vec4<f32>, 3> }
struct PData { s: f32, v: vec4<f32>, cells: array<PCell, 3>, rt: array<vec2<f32>> }
@group(0) @binding(3) var<storage, read_write> pbuf: PData;
struct PShared { v: array<vec4<f32>, 4>, n: array<u32, 4> }
var<workgroup> pwg: PShared;
var<private> pv: vec4<f32>;
var<workgroup> shared_words: array<u32, 16>;
const K: i32 = 7;
@group(1) @binding(0) var tex: texture_2d<f32>;
@group(1) @binding(1) var samp: sampler;
@group(1) @binding(2) var stex: texture_storage_2d<rgba8unorm, write>;
`)
	g.push()
	for _, v := range []genVar{
		{"buf.a", tF32, true, ""}, {"buf.b", wt{s: "f32", n: 4}, true, ""}, {"buf.c", wt{s: "u32", n: 3}, true, ""},
		{"buf.d", tI32, true, ""}, {"buf.m", wt{s: "f32", n: 3, mat: true}, true, ""},
		{"uni.x", wt{s: "f32", n: 4}, false, ""}, {"uni.n", tU32, false, ""}, {"uni.k", tI32, false, ""},
		{"uni.m", wt{s: "f32", n: 4, mat: true}, false, ""}, {"uni.v", wt{s: "i32", n: 3}, false, ""},
		{"pv", wt{s: "f32", n: 4}, true, ""}, {"K", tI32, false, ""},
	} {
		g.declare(v)
	}
	for range g.choose(4) {
		g.function()
	}
	g.line("@compute @workgroup_size(%d)", 1+g.choose(64))
	g.line("fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(local_invocation_index) lid: u32) {")
	g.ind++
	g.push()
	g.declare(genVar{name: "gid", t: wt{s: "u32", n: 3}})
	g.declare(genVar{name: "lid", t: tU32})
	g.line("shared_words[lid %% 16u] = lid;")
	g.line("workgroupBarrier();")
	g.declare(genVar{name: "shared_words[lid % 16u]", t: tU32, mutable: true})
	g.inMain = true
	g.stmts(8, nil)
	g.inMain = false
	g.pop()
	g.ind--
	g.line("}")
	if g.chance(30) {
		g.line("@fragment")
		g.line("fn fs(@builtin(position) pos: vec4<f32>, @location(0) @interpolate(flat) id: u32) -> @location(0) vec4<f32> {")
		g.ind++
		g.push()
		g.declare(genVar{name: "pos", t: wt{s: "f32", n: 4}})
		g.declare(genVar{name: "id", t: tU32})
		g.stmts(4, nil)
		g.line("return %s;", g.expr(wt{s: "f32", n: 4}))
		g.pop()
		g.ind--
		g.line("}")
	}
	return g.sb.String()
}
