package builtins

// The table is text in the spec's own notation (see table.go); this file compiles it. A line
// is one of:
//
//	## Section title  @attrs...          attributes that every overload of the section gets
//	@attrs... fn name<tmpl>(params) -> result
//	                                     a parameter may be written @const (its argument must
//	                                     be a const-expression) or @uniform (it must be uniform)
//	    X: alternatives or a predicate   the parameterization of the overloads above it
//	    X != Y                           two scalar variables that must differ
//	    same abstractness: X, Y          both abstract or both concrete
//	    MACRO                            one of the spec's text macros (ALLNUMERICDECL...)
//	// comment
//
// A run of fn lines followed by indented lines is a block: the indented lines parameterize
// every fn line of the block. A variable whose alternatives are all scalars (S: i32, u32)
// stays a variable of the overload; any other (T: S, vecN<S>) is substituted, giving one
// overload per alternative, as the spec's "T is S or vecN<S>" means.

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/wgslgo/wgslgo/compiler/types"
)

var scalarNames = [...]string{
	types.KindBool: "bool", types.KindAbstractInt: "AbstractInt", types.KindAbstractFloat: "AbstractFloat",
	types.KindI32: "i32", types.KindU32: "u32", types.KindF32: "f32", types.KindF16: "f16",
}

var spaceNames = [...]string{
	types.AddrFunction: "function", types.AddrPrivate: "private", types.AddrWorkgroup: "workgroup",
	types.AddrUniform: "uniform", types.AddrStorage: "storage", types.AddrHandle: "handle",
}

var accessNames = [...]string{types.Read: "read", types.Write: "write", types.ReadWrite: "read_write"}

func indexOf[T ~string](list []T, s string) int {
	for i, x := range list {
		if string(x) == s && s != "" {
			return i
		}
	}
	return -1
}

// Text macros: line macros expand to parameterization lines, value macros to alternatives.
// The spec's names are used where the spec has them. (These and the predicates are switches,
// not maps: a map would be built when every process starts.)
func lineMacro(name string) (string, bool) {
	switch name {
	case "ALLNUMERICDECL":
		return "S: AbstractInt, AbstractFloat, i32, u32, f32, f16\nT: S, vecN<S>", true
	case "ALLSIGNEDNUMERICDECL":
		return "S: AbstractInt, AbstractFloat, i32, f32, f16\nT: S, vecN<S>", true
	case "ALLFLOATINGDECL":
		return "S: AbstractFloat, f32, f16\nT: S, vecN<S>", true
	case "ALLINTEGRALDECL":
		return "S: AbstractInt, i32, u32\nT: S, vecN<S>", true
	case "CONCRETENUMERICDECL":
		return "S: i32, u32, f32, f16\nT: S, vecN<S>", true
	}
	return "", false
}

func valueMacro(name string) (string, bool) {
	switch name {
	case "INT":
		return "i32, u32", true
	case "INTEGRAL":
		return "i32, u32, vecN<i32>, vecN<u32>", true
	case "FLOATSCALAR":
		return "AbstractFloat, f16, f32", true
	case "SCALAR":
		return "bool, AbstractInt, AbstractFloat, i32, u32, f32, f16", true
	case "CONCRETESCALAR":
		return "bool, i32, u32, f32, f16", true
	case "SAMPLEDTYPE":
		return "i32, u32, f32", true
	}
	return "", false
}

// predicate returns the predicate of type variables called name, or nil.
func predicate(name string) func(types.Type) bool {
	switch name {
	case "any":
		return anyType
	case "constructible":
		return types.IsConstructible
	case "concrete constructible":
		return isConcreteConstructible
	case "host-shareable":
		return isBufferView
	case "host-shareable without fixed footprint":
		return isBufferArrayView
	}
	return nil
}

func anyType(types.Type) bool { return true }

func isConcreteConstructible(t types.Type) bool {
	return types.IsConstructible(t) && types.IsConcrete(t)
}

// isBufferView: the T of bufferView<T>, host-shareable and neither an atomic nor a buffer
// inside.
func isBufferView(t types.Type) bool {
	return types.IsHostShareable(t) && !types.Contains(t, isAtomicOrBuffer)
}

// isBufferArrayView: the T of bufferArrayView<T>, the same without a fixed footprint.
func isBufferArrayView(t types.Type) bool {
	return types.IsHostShareable(t) && !types.IsFixedFootprint(t) && !types.Contains(t, isAtomicOrBuffer)
}

func isAtomicOrBuffer(t types.Type) bool {
	switch t.(type) {
	case *types.Atomic, *types.Buffer:
		return true
	}
	return false
}

// texpr is a type expression of the table before compilation: a name with template arguments.
type texpr struct {
	name string
	args []*texpr
}

func (e *texpr) clone() *texpr {
	c := &texpr{name: e.name}
	for _, a := range e.args {
		c.args = append(c.args, a.clone())
	}
	return c
}

func (e *texpr) subst(v string, by *texpr) *texpr {
	if e.name == v && len(e.args) == 0 {
		return by.clone()
	}
	c := &texpr{name: e.name}
	for _, a := range e.args {
		c.args = append(c.args, a.subst(v, by))
	}
	return c
}

func (e *texpr) mentions(v string) bool {
	if e.name == v && len(e.args) == 0 {
		return true
	}
	for _, a := range e.args {
		if a.mentions(v) {
			return true
		}
	}
	return false
}

type attr struct {
	name string
	args []string
}

type paramDecl struct {
	name     string
	constArg bool
	uniform  bool
	typ      *texpr
}

type fnDecl struct {
	attrs    []attr
	name     string
	tmpl     []*texpr // nil without a template list
	params   []paramDecl
	variadic string // the count variable of "e1: T, ..., eN: T"
	result   *texpr
}

func (f *fnDecl) subst(v string, by *texpr) *fnDecl {
	g := *f
	g.tmpl, g.params = nil, nil
	for _, t := range f.tmpl {
		g.tmpl = append(g.tmpl, t.subst(v, by))
	}
	for _, p := range f.params {
		p.typ = p.typ.subst(v, by)
		g.params = append(g.params, p)
	}
	if f.result != nil {
		g.result = f.result.subst(v, by)
	}
	return &g
}

func (f *fnDecl) mentions(v string) bool {
	for _, t := range f.tmpl {
		if t.mentions(v) {
			return true
		}
	}
	for _, p := range f.params {
		if p.typ.mentions(v) {
			return true
		}
	}
	return f.result != nil && f.result.mentions(v)
}

type constraint struct {
	alts []*texpr
	pred string
}

type block struct {
	index    int // in srcBlocks
	fns      []*fnDecl
	cons     map[string]*constraint
	order    []string
	notEqual [][2]string
	sameAbs  [][2]string
	compiled []*Overload
}

// scanner splits a line of the table into tokens: identifiers, numbers, "->", "..." and
// single punctuation characters.
type scanner struct {
	toks []string
	pos  int
	line string
}

func scan(line string) *scanner {
	// A token takes three bytes on average: one allocation for the list.
	s := &scanner{line: line, toks: make([]string, 0, len(line)/3+4)}
	for i := 0; i < len(line); {
		c := line[i]
		switch {
		case c == ' ' || c == '\t':
			i++
		case isIdent(c):
			j := i
			for j < len(line) && isIdent(line[j]) {
				j++
			}
			s.toks = append(s.toks, line[i:j])
			i = j
		case strings.HasPrefix(line[i:], "->"):
			s.toks = append(s.toks, "->")
			i += 2
		case strings.HasPrefix(line[i:], "..."):
			s.toks = append(s.toks, "...")
			i += 3
		case strings.HasPrefix(line[i:], "!="):
			s.toks = append(s.toks, "!=")
			i += 2
		default:
			s.toks = append(s.toks, line[i:i+1])
			i++
		}
	}
	return s
}

func isIdent(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || isDigit(c)
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func (s *scanner) peek() string {
	if s.pos < len(s.toks) {
		return s.toks[s.pos]
	}
	return ""
}

func (s *scanner) next() string {
	t := s.peek()
	s.pos++
	return t
}

func (s *scanner) expect(t string) {
	if got := s.next(); got != t {
		panic(fmt.Sprintf("builtins table: expected %q, found %q in %q", t, got, s.line))
	}
}

func (s *scanner) texpr() *texpr {
	e := &texpr{name: s.next()}
	if s.peek() == "<" {
		s.next()
		for {
			e.args = append(e.args, s.texpr())
			if s.peek() != "," {
				break
			}
			s.next()
		}
		s.expect(">")
	}
	return e
}

func (s *scanner) attrs() []attr {
	var out []attr
	for s.peek() == "@" {
		s.next()
		a := attr{name: s.next()}
		if s.peek() == "(" {
			s.next()
			for s.peek() != ")" {
				a.args = append(a.args, s.next())
				if s.peek() == "," {
					s.next()
				}
			}
			s.next()
		}
		out = append(out, a)
	}
	return out
}

func parseFn(line string, section []attr) *fnDecl {
	s := scan(line)
	f := &fnDecl{attrs: append(append([]attr(nil), section...), s.attrs()...)}
	s.expect("fn")
	f.name = s.next()
	if s.peek() == "<" {
		s.next()
		for {
			f.tmpl = append(f.tmpl, s.texpr())
			if s.peek() != "," {
				break
			}
			s.next()
		}
		s.expect(">")
	}
	s.expect("(")
	for s.peek() != ")" {
		if s.peek() == "..." {
			s.next()
			s.expect(",")
			last := s.param()
			first := f.params[len(f.params)-1]
			f.params = f.params[:len(f.params)-1]
			prefix := strings.TrimRight(first.name, "0123456789")
			from, _ := strconv.Atoi(first.name[len(prefix):])
			suffix := strings.TrimPrefix(last.name, prefix)
			if to, err := strconv.Atoi(suffix); err == nil {
				for i := from; i <= to; i++ {
					f.params = append(f.params, paramDecl{name: prefix + strconv.Itoa(i), typ: first.typ.clone()})
				}
			} else {
				f.variadic = suffix
				f.params = append(f.params, first)
			}
		} else {
			f.params = append(f.params, s.param())
		}
		if s.peek() == "," {
			s.next()
		}
	}
	s.next()
	if s.peek() == "->" {
		s.next()
		f.result = s.texpr()
	}
	if s.peek() != "" {
		panic(fmt.Sprintf("builtins table: trailing %q in %q", s.peek(), line))
	}
	return f
}

func (s *scanner) param() paramDecl {
	var p paramDecl
	for _, a := range s.attrs() {
		switch a.name {
		case "const":
			p.constArg = true
		case "uniform":
			p.uniform = true
		default:
			panic("builtins table: unknown parameter attribute @" + a.name)
		}
	}
	p.name = s.next()
	s.expect(":")
	p.typ = s.texpr()
	return p
}

func (b *block) addConstraint(line string) {
	if m, ok := lineMacro(line); ok {
		for _, l := range strings.Split(m, "\n") {
			b.addConstraint(l)
		}
		return
	}
	if rest, ok := strings.CutPrefix(line, "same abstractness:"); ok {
		x, y, _ := strings.Cut(rest, ",")
		b.sameAbs = append(b.sameAbs, [2]string{strings.TrimSpace(x), strings.TrimSpace(y)})
		return
	}
	if x, y, ok := strings.Cut(line, "!="); ok {
		b.notEqual = append(b.notEqual, [2]string{strings.TrimSpace(x), strings.TrimSpace(y)})
		return
	}
	name, rhs, ok := strings.Cut(line, ":")
	if !ok {
		panic("builtins table: bad parameterization " + line)
	}
	name, rhs = strings.TrimSpace(name), strings.TrimSpace(rhs)
	c := &constraint{}
	if predicate(rhs) != nil || rhs == "texel format" || rhs == "access mode" || strings.HasPrefix(rhs, "channel format of ") {
		c.pred = rhs
	} else {
		for _, w := range strings.Fields(rhs) {
			if m, ok := valueMacro(strings.Trim(w, ",")); ok {
				rhs = strings.Replace(rhs, strings.Trim(w, ","), m, 1)
			}
		}
		s := scan(strings.ReplaceAll(" "+rhs, " or ", " "))
		for s.peek() != "" {
			c.alts = append(c.alts, s.texpr())
			if s.peek() == "," {
				s.next()
			}
		}
	}
	b.cons[name] = c
	b.order = append(b.order, name)
}

// The table compiles lazily, a block at a time, when one of the builtins the block declares is
// first looked up: a process that checks a shader needs the overloads of the few builtins it
// calls, and compiling the whole table would cost milliseconds at every start. The split of
// the text into blocks, and which builtins each block declares, is computed ahead of time
// (index_gen.go, kept current by TestIndexGenerated) as static data, with a perfect hash of
// the names: the first lookup only allocates the entries, zeroed, and a lookup hashes the
// name to the one slot that can hold it. (A map of the names, built at the first lookup, cost
// a process 20 µs and its page faults; a binary search costs every lookup twice a map's.)

// entry is one builtin of the table: the Builtin, made when a block declaring it is
// compiled (under compileMu), complete when once has run.
type entry struct {
	once sync.Once
	b    *Builtin
}

// srcBlock is the text of one block, compiled on demand.
type srcBlock struct {
	section string   // the attributes of the block's section, or ""
	fns     []string // the fn lines
	cons    []string // the parameterization lines
}

// indexedName is a builtin's name with the blocks that declare it, as index_gen.go lists them.
type indexedName struct {
	name   string
	blocks []int16
}

var (
	names     []indexedName // sorted by name; read-only after ensureIndex
	hashed    bool          // names are indexedNames, which nameSlots hashes
	entries   []entry       // entries[i] is names[i]'s
	srcBlocks []srcBlock
	// compiled[i] is set once srcBlocks[i] is compiled; guarded by compileMu. (Not a field of
	// srcBlock: indexedBlocks would be written to, each page of it copied for the process.)
	compiled []bool
	// compileMu serializes the compilation of blocks, which appends to the Overloads of
	// every builtin the block declares. Those builtins are not visible yet: a builtin is
	// returned only once all its blocks are compiled, and then no compilation touches it.
	compileMu sync.Mutex
)

// useIndex makes blocks and ns (sorted) the table.
func useIndex(blocks []srcBlock, ns []indexedName) {
	srcBlocks, names = blocks, ns
	hashed = len(ns) > 0 && &ns[0] == &indexedNames[0]
	entries = make([]entry, len(ns))
	compiled = make([]bool, len(blocks))
}

// find returns the index of the builtin called name in names.
func find(name string) (int, bool) {
	if hashed {
		return findHashed(name)
	}
	return slices.BinarySearchFunc(names, name, func(n indexedName, name string) int { return strings.Compare(n.name, name) })
}

// findHashed returns the index of the builtin called name in indexedNames.
func findHashed(name string) (int, bool) {
	i := int(nameSlots[nameSlot(name, nameHashSeed)]) - 1
	return i, i >= 0 && indexedNames[i].name == name
}

// nameSlotBits is the size of nameSlots: 8,192 slots hold the table's 167 names without a
// collision for about one seed in six.
const nameSlotBits = 13

// nameSlot is name's slot in nameSlots under seed: FNV-1a, folded, multiplied by an odd
// number the seed picks, its top bits. (The seed must act after the bytes: as FNV's start it
// would move the hashes of all names of a length alike, and their collisions with them.)
func nameSlot(name string, seed uint64) uint32 {
	h := uint64(0xcbf29ce484222325)
	for i := 0; i < len(name); i++ {
		h = (h ^ uint64(name[i])) * 0x100000001b3
	}
	h ^= h >> 32
	return uint32(h * (seed*0x9e3779b97f4a7c15 | 1) >> (64 - nameSlotBits))
}

// builtinAt returns names[i]'s Builtin, made on first use; compileMu is held.
func builtinAt(i int) *Builtin {
	e := &entries[i]
	if e.b == nil {
		n := names[i].name
		ctor := isCtorName(n)
		e.b = &Builtin{Name: n, Constructor: ctor, scalar: ctor && indexOf(scalarNames[:], n) >= 0}
	}
	return e.b
}

// indexTable splits the table text into blocks and lists the builtins they declare, sorted
// by name.
func indexTable(text string) ([]srcBlock, []indexedName) {
	var blocks []srcBlock
	where := map[string][]int16{}
	section := ""
	cur := -1
	inCons := false
	for _, raw := range strings.Split(text, "\n") {
		line := strings.TrimSpace(raw)
		switch {
		case line == "" || strings.HasPrefix(line, "//"):
		case strings.HasPrefix(line, "##"):
			cur, inCons, section = -1, false, ""
			if i := strings.Index(line, "@"); i >= 0 {
				section = line[i:]
			}
		case raw[0] == ' ' || raw[0] == '\t':
			if cur < 0 {
				panic("builtins table: parameterization without fn: " + line)
			}
			blocks[cur].cons = append(blocks[cur].cons, line)
			inCons = true
		default:
			if cur < 0 || inCons {
				blocks = append(blocks, srcBlock{section: section})
				cur, inCons = len(blocks)-1, false
			}
			blocks[cur].fns = append(blocks[cur].fns, line)
			name := fnName(line)
			if bs := where[name]; len(bs) == 0 || bs[len(bs)-1] != int16(cur) {
				where[name] = append(bs, int16(cur))
			}
		}
	}
	names := make([]indexedName, 0, len(where))
	for name, bs := range where {
		names = append(names, indexedName{name, bs})
	}
	slices.SortFunc(names, func(a, b indexedName) int { return strings.Compare(a.name, b.name) })
	return blocks, names
}

// fnName is the name of the function a fn line declares.
func fnName(line string) string {
	_, rest, ok := strings.Cut(line, "fn ")
	end := strings.IndexAny(rest, "<(")
	if !ok || end < 0 {
		panic("builtins table: bad fn line " + line)
	}
	return strings.TrimSpace(rest[:end])
}

// lookupTable returns the builtin called name with all its overloads, in table order.
func lookupTable(name string) (*Builtin, bool) {
	ensureIndex()
	i, ok := find(name)
	if !ok {
		return nil, false
	}
	e := &entries[i]
	e.once.Do(func() {
		compileMu.Lock()
		defer compileMu.Unlock()
		b := builtinAt(i)
		for _, k := range names[i].blocks {
			compileBlock(int(k))
		}
		// A block compiled earlier for another builtin may come later in the table.
		slices.SortFunc(b.Overloads, func(x, y *Overload) int { return cmp.Compare(x.id, y.id) })
	})
	return e.b, true
}

// compileBlock adds the overloads of block i to their builtins, once. The overloads come
// from blocks_gen.go, which holds what compiling the text gives (compileBlockText, run by the
// generator and the tests) as static data; a table made from text (tests) compiles its text.
func compileBlock(i int) {
	if compiled[i] {
		return
	}
	compiled[i] = true
	add := func(o *Overload) {
		k, _ := find(o.Name)
		bi := builtinAt(k)
		bi.Overloads = append(bi.Overloads, o)
	}
	if len(srcBlocks) > 0 && &srcBlocks[0] == &indexedBlocks[0] {
		for j := range compiledBlocks[i] {
			add(&compiledBlocks[i][j])
		}
		return
	}
	for _, o := range compileBlockText(i) {
		add(o)
	}
}

// compileBlockText compiles the text of block i.
func compileBlockText(i int) []*Overload {
	src := &srcBlocks[i]
	var section []attr
	if src.section != "" {
		section = scan(src.section).attrs()
	}
	b := &block{cons: map[string]*constraint{}, index: i}
	for _, line := range src.fns {
		b.fns = append(b.fns, parseFn(line, section))
	}
	for _, line := range src.cons {
		b.addConstraint(line)
	}
	b.compile()
	return b.compiled
}

func (b *block) compile() {
	for _, f := range b.fns {
		for _, g := range b.expand(f) {
			b.compileFn(g)
		}
	}
}

// expand substitutes each alternative of a variable whose alternatives are not all scalars.
func (b *block) expand(f *fnDecl) []*fnDecl {
	for _, name := range b.order {
		c := b.cons[name]
		if c.pred != "" || allScalars(c.alts) || !f.mentions(name) {
			continue
		}
		var out []*fnDecl
		for _, alt := range c.alts {
			out = append(out, b.expand(f.subst(name, alt))...)
		}
		return out
	}
	return []*fnDecl{f}
}

func allScalars(alts []*texpr) bool {
	for _, a := range alts {
		if len(a.args) > 0 || indexOf(scalarNames[:], a.name) < 0 && indexOf(spaceNames[:], a.name) < 0 &&
			indexOf(accessNames[:], a.name) < 0 {
			return false
		}
	}
	return true
}

func isCtorName(name string) bool {
	switch name {
	case "array", "bool", "f16", "f32", "i32", "u32", "vec2", "vec3", "vec4":
		return true
	}
	return len(name) == 6 && strings.HasPrefix(name, "mat") && name[4] == 'x'
}

// compiler turns one expanded fnDecl into an Overload.
type compiler struct {
	b    *block
	o    *Overload
	vars map[string]int8
}

func (b *block) compileFn(f *fnDecl) {
	o := &Overload{Name: f.name, Stages: AllStages, countVar: -1}
	c := &compiler{b: b, o: o, vars: map[string]int8{}}
	for _, a := range f.attrs {
		switch a.name {
		case "const":
			o.Const = true
		case "must_use":
			o.MustUse = true
		case "stage":
			o.Stages = 0
			for _, s := range a.args {
				st, ok := ParseStage(s)
				if !ok {
					panic("builtins table: bad stage " + s)
				}
				o.Stages |= st
			}
		case "extension":
			e, ok := ParseExtension(a.args[0])
			if !ok {
				panic("builtins table: bad extension " + a.args[0])
			}
			o.Extension = e
		case "feature":
			ft, ok := ParseFeature(a.args[0])
			if !ok {
				panic("builtins table: bad feature " + a.args[0])
			}
			o.Feature = ft
		case "uniformity":
			u, ok := parseUniformity(a.args[0])
			if !ok {
				panic("builtins table: bad uniformity " + a.args[0])
			}
			o.Uniformity = u
		default:
			panic("builtins table: unknown attribute @" + a.name)
		}
	}
	ctor := isCtorName(f.name)
	if !ctor {
		o.Fn, _ = LookupFn(f.name) // FnNone until fn_gen.go is generated for a new function
	}
	if ctor {
		// A constructor's template list is its result type's (vec3<T>, array<T, N>): the call
		// is matched through the constructed type.
		o.explicit = f.tmpl != nil
	} else {
		for _, t := range f.tmpl {
			o.templates = append(o.templates, c.pattern(t))
		}
	}
	if f.variadic != "" {
		o.Variadic = true
		o.countVar = c.variable(f.variadic, vkCount)
	}
	for _, p := range f.params {
		pat := c.pattern(p.typ)
		o.Params = append(o.Params, Param{Name: p.name, Const: p.constArg, Uniform: p.uniform, pat: pat, value: pat.kind != pPtr})
	}
	if f.result != nil {
		o.result = c.pattern(f.result)
	}
	for _, pr := range b.notEqual {
		o.notEqual = append(o.notEqual, [2]int8{c.vars[pr[0]], c.vars[pr[1]]})
	}
	for _, pr := range b.sameAbs {
		o.sameAbs = append(o.sameAbs, [2]int8{c.vars[pr[0]], c.vars[pr[1]]})
	}
	if len(o.vars) > maxVars {
		panic("builtins table: too many variables in " + f.name)
	}
	o.f16, o.fixedF16 = c.mentionsF16(), c.fixedF16()
	o.id = b.index<<16 | len(b.compiled)
	b.compiled = append(b.compiled, o)
}

func (c *compiler) mentionsF16() bool {
	for i := range c.o.vars {
		if c.o.vars[i].kind == vkScalar && c.o.vars[i].mask&(1<<types.KindF16) != 0 {
			return true
		}
	}
	return c.fixedF16()
}

// fixedF16 reports whether the overload names f16 itself, or has a type variable that could
// be bound to a type with f16 in it.
func (c *compiler) fixedF16() bool {
	for i := range c.o.vars {
		if c.o.vars[i].kind == vkType {
			return true
		}
	}
	var walk func(p *pattern) bool
	walk = func(p *pattern) bool {
		return p != nil && (p.kind == pScalar && p.scalar == types.KindF16 || walk(p.elem))
	}
	for _, t := range c.o.templates {
		if walk(t) {
			return true
		}
	}
	for _, p := range c.o.Params {
		if walk(p.pat) {
			return true
		}
	}
	return walk(c.o.result)
}

// variable returns the index of variable name, declaring it with the given kind (or the kind
// its parameterization says) on first use.
func (c *compiler) variable(name string, kind vkind) int8 {
	if i, ok := c.vars[name]; ok {
		return i
	}
	d := varDef{name: name, kind: kind, from: -1}
	if con, ok := c.b.cons[name]; ok {
		switch {
		case con.pred == "texel format":
			d.kind, d.predName = vkFormat, con.pred
		case con.pred == "access mode":
			d.kind, d.mask = vkAccess, 1<<types.Read|1<<types.Write|1<<types.ReadWrite
		case strings.HasPrefix(con.pred, "channel format of "):
			d.kind, d.predName = vkChannel, con.pred
			d.mask = 1<<types.KindI32 | 1<<types.KindU32 | 1<<types.KindF32
			d.from = c.variable(strings.TrimPrefix(con.pred, "channel format of "), vkFormat)
		case con.pred != "":
			d.kind, d.pred, d.predName = vkType, predicate(con.pred), con.pred
		default:
			for _, a := range con.alts {
				if k := indexOf(scalarNames[:], a.name); k >= 0 {
					d.kind, d.mask = vkScalar, d.mask|1<<k
				} else if k := indexOf(spaceNames[:], a.name); k >= 0 {
					d.kind, d.mask = vkSpace, d.mask|1<<k
				} else if k := indexOf(accessNames[:], a.name); k >= 0 {
					d.kind, d.mask = vkAccess, d.mask|1<<k
				}
			}
		}
	} else if kind == vkScalar || kind == vkType {
		panic(fmt.Sprintf("builtins table: %s: variable %s has no parameterization", c.o.Name, name))
	}
	c.o.vars = append(c.o.vars, d)
	i := int8(len(c.o.vars) - 1)
	c.vars[name] = i
	return i
}

func (c *compiler) size(s string, kind vkind) ref {
	if s != "" && isDigit(s[0]) {
		if n, err := strconv.Atoi(s); err == nil {
			return fixed(int32(n))
		}
	}
	return ref{v: c.variable(s, kind)}
}

func (c *compiler) enum(e *texpr, names []string, kind vkind) ref {
	if k := indexOf(names, e.name); k >= 0 {
		return fixed(int32(k))
	}
	if kind == vkFormat {
		if f, ok := types.ParseTexelFormat(e.name); ok {
			return fixed(int32(f))
		}
	}
	return ref{v: c.variable(e.name, kind)}
}

func (c *compiler) pattern(e *texpr) *pattern {
	n, args := e.name, e.args
	arity := func(want ...int) {
		for _, w := range want {
			if len(args) == w {
				return
			}
		}
		panic(fmt.Sprintf("builtins table: %s: %s takes %v template arguments", c.o.Name, n, want))
	}
	if k := indexOf(scalarNames[:], n); k >= 0 && len(args) == 0 {
		return &pattern{kind: pScalar, scalar: types.ScalarKind(k)}
	}
	if _, ok := c.b.cons[n]; ok && len(args) == 0 {
		return &pattern{kind: pVar, v: c.variable(n, vkScalar)}
	}
	switch {
	case strings.HasPrefix(n, "vec") && len(n) > 3:
		arity(1)
		return &pattern{kind: pVec, a: c.size(n[3:], vkSize), elem: c.pattern(args[0])}
	case strings.HasPrefix(n, "mat") && len(n) == 6 && n[4] == 'x':
		arity(1)
		return &pattern{kind: pMat, a: c.size(n[3:4], vkSize), b: c.size(n[5:6], vkSize), elem: c.pattern(args[0])}
	case n == "array":
		arity(1, 2)
		p := &pattern{kind: pArray, elem: c.pattern(args[0])}
		if len(args) == 2 {
			p.flag, p.a = true, c.size(args[1].name, vkCount)
		}
		return p
	case n == "atomic":
		arity(1)
		return &pattern{kind: pAtomic, elem: c.pattern(args[0])}
	case n == "ptr":
		arity(2, 3)
		p := &pattern{kind: pPtr, a: c.enum(args[0], spaceNames[:], vkSpace), elem: c.pattern(args[1])}
		if len(args) == 3 {
			p.b = c.enum(args[2], accessNames[:], vkAccess)
		} else {
			if p.a.v >= 0 {
				panic("builtins table: ptr with a variable address space needs an access mode")
			}
			p.b = fixed(int32(types.DefaultAccess(types.AddressSpace(p.a.val))))
		}
		return p
	case n == "sampler" || n == "sampler_comparison":
		arity(0)
		return &pattern{kind: pSampler, flag: n == "sampler_comparison"}
	case n == "buffer":
		arity(0, 1)
		return &pattern{kind: pBuffer, flag: len(args) == 1}
	case n == "__frexp_result" || n == "__modf_result" || n == "__atomic_compare_exchange_result":
		arity(1)
		k := map[string]pkind{"__frexp_result": pFrexp, "__modf_result": pModf, "__atomic_compare_exchange_result": pCmpXchg}[n]
		return &pattern{kind: k, elem: c.pattern(args[0])}
	case strings.HasPrefix(n, "texture_"):
		return c.texture(n, args)
	}
	panic(fmt.Sprintf("builtins table: %s: unknown type %s", c.o.Name, n))
}

// textureKind splits a texture type name into its kind and dimension.
func textureKind(n string) (types.TextureKind, types.TextureDim, bool) {
	rest, ok := strings.CutPrefix(n, "texture_")
	if !ok {
		return 0, 0, false
	}
	kind := types.TexSampled
	switch {
	case rest == "external":
		return types.TexExternal, types.Dim2D, true
	case strings.HasPrefix(rest, "depth_multisampled_"):
		kind, rest = types.TexDepthMultisampled, strings.TrimPrefix(rest, "depth_multisampled_")
	case strings.HasPrefix(rest, "multisampled_"):
		kind, rest = types.TexMultisampled, strings.TrimPrefix(rest, "multisampled_")
	case strings.HasPrefix(rest, "depth_"):
		kind, rest = types.TexDepth, strings.TrimPrefix(rest, "depth_")
	case strings.HasPrefix(rest, "storage_"):
		kind, rest = types.TexStorage, strings.TrimPrefix(rest, "storage_")
	}
	d := indexOf(dimNames[:], rest)
	return kind, types.TextureDim(d), d >= 0
}

func (c *compiler) texture(n string, args []*texpr) *pattern {
	kind, dim, ok := textureKind(n)
	if !ok {
		panic("builtins table: unknown texture " + n)
	}
	p := &pattern{kind: pTexture, texKind: kind, texDim: dim}
	want := 0
	switch kind {
	case types.TexSampled, types.TexMultisampled:
		want = 1
	case types.TexStorage:
		want = 2
	}
	if len(args) != want {
		panic(fmt.Sprintf("builtins table: %s takes %d template arguments", n, want))
	}
	switch kind {
	case types.TexSampled, types.TexMultisampled:
		p.elem = c.pattern(args[0])
	case types.TexStorage:
		p.a = c.enum(args[0], nil, vkFormat)
		p.b = c.enum(args[1], accessNames[:], vkAccess)
	}
	return p
}

var dimNames = [...]string{
	types.Dim1D: "1d", types.Dim2D: "2d", types.Dim2DArray: "2d_array", types.Dim3D: "3d",
	types.DimCube: "cube", types.DimCubeArray: "cube_array",
}
