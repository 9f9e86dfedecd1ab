package builtins

import (
	"fmt"
	"math/bits"
	"sort"
	"strconv"
	"strings"

	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// Context is what overload resolution needs to know about the module and the call site.
type Context struct {
	// Extensions are the enable-extensions the module enables. Without ExtF16 no overload
	// mentioning f16 applies, so abstract arguments never convert to f16.
	Extensions ExtensionSet
	// Features are the language extensions available: AllFeatures normally, or only those a
	// module names in `requires` when the checker wants that to be strict.
	Features FeatureSet
	// Stages, when not zero, are the shader stages the call must be valid in; a call to a
	// builtin restricted to other stages is an error.
	Stages Stage
}

// Call is a call expression whose callee is a builtin function or a value constructor.
//
// Argument types are the static types of the argument expressions as the checker computes
// them, memory views included: a reference (a variable, a component of one) is passed as its
// *types.Reference and the table applies the load rule where a parameter takes a value;
// `&v` is a *types.Pointer, which only pointer parameters (atomics, arrayLength,
// workgroupUniformLoad, bufferView...) accept. Texture and sampler variables may be passed as
// references or as their handle types.
type Call struct {
	// Name is the callee's name: a builtin function (clamp), or for a constructor whose type
	// is inferred from its arguments, a type generator (vec3, mat2x2, array). Predeclared
	// scalar types and aliases (f32, vec3f) may be named here instead of passed in Type.
	Name string
	// Type is the constructed type of a value constructor written with a complete type:
	// vec3<f32>(...), vec3f(...), array<f32, 4>(...), an alias, a structure S(...). With no
	// arguments it is a zero-value constructor. Name is then only used in messages.
	Type types.Type
	// TemplateArgs are the explicit template arguments of bitcast<T>, bufferView<T> and
	// bufferArrayView<T>.
	TemplateArgs []types.Type
	Args         []types.Type
	// Const reports, per argument, whether it is a const-expression. Overload resolution
	// needs it: a candidate keeping an argument abstract is dropped when another argument is
	// not constant (select(1, 2, cond) is i32, select(1, 2, true) AbstractInt). When Const
	// is nil, exactly the abstract-typed arguments count as constant.
	Const []bool
}

// Resolved is the outcome of overload resolution.
type Resolved struct {
	Overload *Overload
	// Params are the types the arguments convert to: for value parameters the parameter type
	// after substitution (the load rule and any abstract conversion apply), for pointer
	// parameters the argument's pointer type. An abstract parameter type means the argument
	// stays abstract (max(1, 2) takes and returns AbstractInt).
	Params []types.Type
	// Result is the return type, nil for functions that return nothing. It is abstract when
	// the overload keeps abstract arguments abstract; the checker concretizes as needed.
	Result types.Type
	// Const and MustUse are the overload's @const and @must_use attributes.
	Const, MustUse bool

	params [4]types.Type
}

// ErrorKind classifies resolution errors.
type ErrorKind uint8

const (
	// UnknownFunction: no builtin of that name.
	UnknownFunction ErrorKind = iota + 1
	// NoMatchingOverload: no overload accepts the arguments.
	NoMatchingOverload
	// AmbiguousCall: several overloads apply and none is preferable.
	AmbiguousCall
	// MissingExtension: the matching overloads need an enable-extension (Error.Extension).
	MissingExtension
	// MissingFeature: the matching overloads need a language extension (Error.Feature).
	MissingFeature
	// WrongStage: the builtin cannot be used in a stage of Context.Stages. Resolve returns
	// the Resolved too.
	WrongStage
	// NotConstructible: the type has no value constructor.
	NotConstructible
	// BadTemplateArgs: template arguments missing or not expected.
	BadTemplateArgs
)

// Error is a resolution error. Error() is the message with the candidates on the lines
// that follow; a checker may instead use Msg as the diagnostic and Candidates as notes.
type Error struct {
	Kind ErrorKind
	Msg  string
	// Candidates are the overloads closest to the call, formatted with what the arguments
	// determine substituted: "clamp(e: vec3<f32>, low: vec3<f32>, high: vec3<f32>) -> vec3<f32>".
	Candidates []string
	// Suggestion is the builtin name closest to an unknown one.
	Suggestion string
	Extension  Extension
	Feature    Feature
}

func (e *Error) Error() string {
	if len(e.Candidates) == 0 {
		return e.Msg
	}
	var sb strings.Builder
	sb.WriteString(e.Msg)
	if len(e.Candidates) == 1 {
		sb.WriteString("; the closest candidate is:")
	} else {
		sb.WriteString("; the closest candidates are:")
	}
	for _, c := range e.Candidates {
		sb.WriteString("\n  ")
		sb.WriteString(c)
	}
	return sb.String()
}

// alias returns the type a predeclared type alias names (vec3f, mat4x4h...). It reads the
// name rather than a table built at start-up: every process that links the package would
// pay for the table, most of them to look up a few names.
func alias(name string) (types.Type, bool) {
	dim := func(c byte) (int, bool) { return int(c - '0'), '2' <= c && c <= '4' }
	switch {
	case len(name) == 5 && name[:3] == "vec":
		n, ok := dim(name[3])
		if s := aliasScalar(name[4], "iufh"); ok && s != nil {
			return types.Vec(n, s), true
		}
	case len(name) == 7 && name[:3] == "mat" && name[4] == 'x':
		c, okc := dim(name[3])
		r, okr := dim(name[5])
		if s := aliasScalar(name[6], "fh"); okc && okr && s != nil {
			return types.Mat(c, r, s), true
		}
	}
	return nil, false
}

// aliasScalar is the scalar type of an alias's suffix, if suffixes holds it.
func aliasScalar(suffix byte, suffixes string) *types.Scalar {
	if strings.IndexByte(suffixes, suffix) < 0 {
		return nil
	}
	switch suffix {
	case 'i':
		return types.I32
	case 'u':
		return types.U32
	case 'f':
		return types.F32
	}
	return types.F16
}

// ctorName is the builtin that constructs values of t, or "" when there is none.
func ctorName(t types.Type) string {
	switch t := t.(type) {
	case *types.Scalar:
		if !t.IsAbstract() {
			return t.String()
		}
	case *types.Vector:
		return "vec" + strconv.Itoa(t.N)
	case *types.Matrix:
		return "mat" + strconv.Itoa(t.Cols) + "x" + strconv.Itoa(t.Rows)
	case *types.Array:
		if t.Count > 0 {
			return "array"
		}
	}
	return ""
}

// ctorType builds the type of vecN<T> or matCxR<T> from a generator name and its template
// argument. Arrays need their count, so they must come as a complete Call.Type.
func ctorType(name string, tmpl []types.Type) (types.Type, error) {
	s, ok := tmpl[0].(*types.Scalar)
	switch {
	case len(tmpl) != 1 || !ok:
	case strings.HasPrefix(name, "vec"):
		return types.Vec(int(name[3]-'0'), s), nil
	case strings.HasPrefix(name, "mat"):
		return types.Mat(int(name[3]-'0'), int(name[5]-'0'), s), nil
	}
	return nil, &Error{Kind: BadTemplateArgs, Msg: "the constructor " + name +
		" with template arguments is passed as its type in Call.Type"}
}

var (
	zeroOverload   = &Overload{Name: "T", Const: true, MustUse: true, Stages: AllStages, countVar: -1}
	structOverload = &Overload{Name: "S", Const: true, MustUse: true, Stages: AllStages, countVar: -1}
)

// Resolve applies the spec's overload resolution to a call of a builtin function or value
// constructor: it finds the overloads whose parameters accept the arguments by feasible
// automatic conversions, drops those that keep an argument abstract next to a non-constant
// one, and picks the single candidate whose conversion ranks are all at least as good as
// every other's and better in one place.
//
// Errors are *Error. When the only problem is the stage (WrongStage), the Resolved is
// returned along with the error so that checking can go on.
func Resolve(ctx Context, c Call) (*Resolved, error) {
	for _, a := range c.Args {
		if a == nil {
			return nil, &Error{Kind: NoMatchingOverload, Msg: "invalid argument in call to " + c.Name}
		}
	}
	typ := c.Type
	name := c.Name
	if typ == nil && len(c.TemplateArgs) > 0 && isCtorName(name) {
		// vec3<f32>(...) passed as a name with template arguments rather than as a type.
		t, err := ctorType(name, c.TemplateArgs)
		if err != nil {
			return nil, err
		}
		typ, c.TemplateArgs = t, nil
	}
	if typ == nil {
		if t, ok := alias(name); ok {
			typ = t
		} else if k := indexOf(scalarNames[:], name); k >= 0 && k != int(types.KindAbstractInt) && k != int(types.KindAbstractFloat) {
			typ = types.ScalarOf(types.ScalarKind(k))
		}
	}
	if typ != nil {
		if len(c.TemplateArgs) > 0 {
			return nil, &Error{Kind: BadTemplateArgs, Msg: "the constructor of " + typ.String() + " takes no further template arguments"}
		}
		if len(c.Args) == 0 {
			return zeroValue(ctx, typ)
		}
		if st, ok := typ.(*types.Struct); ok {
			return resolveStruct(ctx, c, st)
		}
		name = ctorName(typ)
		if name == "" {
			why := "it is not constructible"
			if types.IsRuntimeSized(typ) {
				why = "runtime-sized arrays are not constructible"
			}
			return nil, &Error{Kind: NotConstructible, Msg: "cannot construct a value of type " + typ.String() + ": " + why}
		}
	}
	b, ok := lookupTable(name)
	if !ok {
		return nil, unknown(name)
	}
	r := resolver{ctx: ctx, call: c, typ: typ}
	if !r.candidates(b) && !b.Constructor {
		return nil, templateError(b, &c)
	}
	switch r.n {
	case 0:
		return nil, r.failure(b)
	case 1:
		return r.finish(r.cand(0))
	}
	var list []string
	for i := 0; i < r.n; i++ {
		list = append(list, r.cand(i).o.signature(&r.cand(i).b))
	}
	return nil, &Error{Kind: AmbiguousCall, Msg: "ambiguous call " + r.callString(), Candidates: dedupe(list)}
}

// ResultType is the Result of Resolve for a call of function fn with arguments of types args,
// none of them abstract and constant (the checker's types after conversion, or the IR's): what
// a caller needing only the type asks, without the allocations of a Resolved. Functions that
// return nothing have a nil result. The error says only that no single overload applies.
func ResultType(ctx Context, fn Fn, args []types.Type) (types.Type, error) {
	b, ok := lookupTable(fn.String())
	if !ok {
		return nil, unknown(fn.String())
	}
	r := resolver{ctx: ctx, call: Call{Name: b.Name, Args: args}}
	if r.candidates(b); r.n != 1 {
		return nil, &Error{Kind: NoMatchingOverload, Msg: "no single overload of " + b.Name + " takes the arguments"}
	}
	best := r.cand(0)
	if best.o.result == nil {
		return nil, nil
	}
	return best.o.inst(best.o.result, &best.b), nil
}

// candidates keeps the best candidates among b's overloads (r.n of them), and reports
// whether any overload applied to the call's arguments and template arguments.
func (r *resolver) candidates(b *Builtin) bool {
	c := &r.call
	if c.Const == nil {
		for _, a := range c.Args {
			if !types.IsAbstract(a) {
				r.nonConst = true
				break
			}
		}
	} else {
		for _, k := range c.Const {
			if !k {
				r.nonConst = true
				break
			}
		}
	}
	tried := false
	for _, o := range b.Overloads {
		if r.applicable(b, o) {
			tried = true
			r.try(o)
		}
	}
	return tried
}

// A cand is a candidate: an overload, a complete substitution of its variables, and the
// conversion rank of each argument.
type cand struct {
	o     *Overload
	b     binding
	n     int       // arguments
	small [16]uint8 // the ranks of up to 16 arguments
	big   []uint8   // the ranks, when there are more
}

func (c *cand) ranks() []uint8 {
	if c.big != nil {
		return c.big
	}
	return c.small[:c.n]
}

// resolver is the scratch state of one Resolve; it lives on the stack. It keeps only the
// candidates no other candidate is preferred over (the Pareto frontier of the ranks):
// preference is transitive, so the call resolves exactly when one is left.
type resolver struct {
	ctx      Context
	call     Call
	typ      types.Type
	nonConst bool

	n     int // candidates in the frontier: inline, then more
	first [2]cand
	more  []cand

	// Why candidates were refused, for the error when none is left.
	needF16     bool
	needExt     Extension
	needFeature Feature
}

func (r *resolver) cand(i int) *cand {
	if i < len(r.first) {
		return &r.first[i]
	}
	return &r.more[i-len(r.first)]
}

// prefers reports whether ranks a are preferable to ranks b: no worse anywhere, better
// somewhere.
func prefers(a, b []uint8) bool {
	better := false
	for k := range a {
		if a[k] > b[k] {
			return false
		}
		better = better || a[k] < b[k]
	}
	return better
}

// add puts a candidate into the frontier unless one there is preferred over it, and drops
// those it is preferred over.
func (r *resolver) add(o *Overload, b *binding, ranks []uint8) {
	for i := 0; i < r.n; i++ {
		if prefers(r.cand(i).ranks(), ranks) {
			return
		}
	}
	kept := 0
	for i := 0; i < r.n; i++ {
		if !prefers(ranks, r.cand(i).ranks()) {
			if kept != i {
				*r.cand(kept) = *r.cand(i)
			}
			kept++
		}
	}
	r.n = kept
	if r.n >= len(r.first) {
		r.more = append(r.more[:r.n-len(r.first)], cand{})
	}
	c := r.cand(r.n)
	r.n++
	c.o, c.b, c.n, c.big = o, *b, len(ranks), nil
	if len(ranks) > len(c.small) {
		c.big = append([]uint8(nil), ranks...)
	} else {
		copy(c.small[:], ranks)
	}
}

func (r *resolver) applicable(b *Builtin, o *Overload) bool {
	if b.Constructor {
		return b.scalar || o.explicit == (r.typ != nil)
	}
	return len(o.templates) == len(r.call.TemplateArgs)
}

func (o *Overload) param(i int) *Param {
	if i >= len(o.Params) {
		return &o.Params[len(o.Params)-1]
	}
	return &o.Params[i]
}

// load applies the load rule to an argument taken by value.
func load(t types.Type) types.Type {
	if r, ok := t.(*types.Reference); ok && r.Access.CanRead() {
		return r.Elem
	}
	return t
}

// prebind binds the variables the call's explicit type or template arguments determine.
func (r *resolver) prebind(o *Overload, b *binding) bool {
	o.initBinding(b)
	if r.typ != nil && !o.match(o.result, r.typ, false, b) {
		return false
	}
	for i, t := range r.call.TemplateArgs {
		if !o.match(o.templates[i], t, false, b) {
			return false
		}
	}
	return true
}

func (r *resolver) try(o *Overload) {
	args := r.call.Args
	if len(args) != len(o.Params) && !(o.Variadic && len(args) > 0) {
		return
	}
	var b binding
	if !r.prebind(o, &b) {
		return
	}
	if o.Variadic {
		if n := b.val[o.countVar]; n >= 0 && int(n) != len(args) {
			return
		}
		b.val[o.countVar] = int32(len(args))
	}
	for i, a := range args {
		p := o.param(i)
		if p.value {
			a = load(a)
		}
		if !o.match(p.pat, a, p.value, &b) {
			return
		}
	}
	if !o.settle(&b) {
		return
	}
	if !r.ctx.Extensions.Has(o.Extension) {
		r.needExt = o.Extension
		return
	}
	if !r.ctx.Features.Has(o.Feature) {
		r.needFeature = o.Feature
		return
	}
	if o.f16 && !r.ctx.Extensions.Has(ExtF16) {
		// Without the extension f16 is no type at all: no variable may become f16.
		for v := range o.vars {
			if o.vars[v].kind == vkScalar && b.mask[v]&(1<<types.KindF16) != 0 {
				if b.mask[v] &^= 1 << types.KindF16; b.mask[v] == 0 {
					r.needF16 = true
					return
				}
			}
		}
	}
	r.enumerate(o, b, 0)
}

// enumerate tries every substitution of the variables that matching left open: scalar
// variables with several feasible scalars, and type variables chosen among the types an
// argument converts to.
func (r *resolver) enumerate(o *Overload, b binding, from int) {
	for v := from; v < len(o.vars); v++ {
		d := &o.vars[v]
		switch {
		case (d.kind == vkScalar || d.kind == vkChannel) && bits.OnesCount16(b.mask[v]) > 1:
			m := b.mask[v]
			for m != 0 {
				bit := m & -m
				m &^= bit
				b.mask[v] = bit
				r.enumerate(o, b, v+1)
			}
			return
		case d.kind == vkType && b.typ[v] == nil:
			for i, a := range r.call.Args {
				if p := o.param(i); p.pat.kind == pVar && int(p.pat.v) == v {
					var buf [8]types.Type
					for _, t := range conversions(load(a), buf[:0]) {
						if d.pred(t) {
							b.typ[v] = t
							r.enumerate(o, b, v+1)
						}
					}
					return
				}
			}
			return
		}
	}
	r.evaluate(o, &b)
}

// conversions lists t and every type t converts to automatically.
func conversions(t types.Type, out []types.Type) []types.Type {
	leaf := types.LeafScalar(t)
	if st, ok := t.(*types.Struct); ok && st.Builtin {
		leaf = types.LeafScalar(st.Members[0].Type)
	}
	out = append(out, t)
	if leaf == nil || !leaf.IsAbstract() {
		return out
	}
	for k := types.KindI32; k <= types.KindF16; k++ {
		if k != leaf.Kind && reach[leaf.Kind]&(1<<k) != 0 {
			out = append(out, types.WithScalar(t, types.ScalarOf(k)))
		}
	}
	if leaf.Kind == types.KindAbstractInt {
		out = append(out, types.WithScalar(t, types.AbstractFloat))
	}
	return out
}

func isAbstractMask(m uint16) bool {
	return m&(1<<types.KindAbstractInt|1<<types.KindAbstractFloat) != 0
}

// evaluate ranks one complete substitution and keeps it as a candidate.
func (r *resolver) evaluate(o *Overload, b *binding) {
	for _, pr := range o.notEqual {
		if b.mask[pr[0]] == b.mask[pr[1]] {
			return
		}
	}
	for _, pr := range o.sameAbs {
		if isAbstractMask(b.mask[pr[0]]) != isAbstractMask(b.mask[pr[1]]) {
			return
		}
	}
	if o.fixedF16 && !r.ctx.Extensions.Has(ExtF16) && r.mentionsF16(o, b) {
		r.needF16 = true
		return
	}
	var buf [16]uint8
	ranks := buf[:0] // grows on the heap past 16 arguments
	abstract := false
	for i, a := range r.call.Args {
		p := o.param(i)
		if !p.value || p.pat.kind == pTexture || p.pat.kind == pSampler {
			ranks = append(ranks, 0)
			continue
		}
		pt := o.inst(p.pat, b)
		rank := types.ConversionRank(a, pt)
		if rank == types.Infinite {
			return
		}
		abstract = abstract || types.IsAbstract(pt)
		ranks = append(ranks, uint8(rank))
	}
	if abstract && r.nonConst {
		return
	}
	r.add(o, b, ranks)
}

func (r *resolver) mentionsF16(o *Overload, b *binding) bool {
	for _, t := range o.templates {
		if o.usesF16(t, b) {
			return true
		}
	}
	for i := range o.Params {
		if o.usesF16(o.Params[i].pat, b) {
			return true
		}
	}
	return o.usesF16(o.result, b)
}

func (r *resolver) finish(c *cand) (*Resolved, error) {
	o := c.o
	res := &Resolved{Overload: o, Const: o.Const, MustUse: o.MustUse}
	if n := len(r.call.Args); n <= len(res.params) {
		res.Params = res.params[:n]
	} else {
		res.Params = make([]types.Type, n)
	}
	for i, a := range r.call.Args {
		p := o.param(i)
		switch {
		case !p.value:
			res.Params[i] = a
		case p.pat.kind == pTexture || p.pat.kind == pSampler:
			res.Params[i] = load(a)
		default:
			res.Params[i] = o.inst(p.pat, &c.b)
		}
	}
	switch {
	case o.result == nil:
	case o.explicit:
		res.Result = r.typ
	default:
		res.Result = o.inst(o.result, &c.b)
	}
	if r.ctx.Stages != 0 && r.ctx.Stages&^o.Stages != 0 {
		return res, &Error{Kind: WrongStage, Msg: fmt.Sprintf("%s cannot be used in the %s stage; it is only available in the %s stage",
			o.Name, r.ctx.Stages&^o.Stages, o.Stages)}
	}
	return res, nil
}

func zeroValue(ctx Context, t types.Type) (*Resolved, error) {
	if !types.IsConstructible(t) || types.IsAbstract(t) {
		return nil, &Error{Kind: NotConstructible, Msg: "cannot construct a value of type " + t.String() +
			": zero values exist only for concrete constructible types"}
	}
	if types.UsesF16(t) && !ctx.Extensions.Has(ExtF16) {
		return nil, needF16(t.String() + "()")
	}
	return &Resolved{Overload: zeroOverload, Params: []types.Type{}, Result: t, Const: true, MustUse: true}, nil
}

func resolveStruct(ctx Context, c Call, st *types.Struct) (*Resolved, error) {
	if !types.IsConstructible(st) {
		return nil, &Error{Kind: NotConstructible, Msg: "cannot construct a value of type " + st.Name +
			": it is not constructible"}
	}
	if len(c.Args) != len(st.Members) {
		members := "members"
		if len(st.Members) == 1 {
			members = "member"
		}
		return nil, &Error{Kind: NoMatchingOverload, Msg: fmt.Sprintf("structure %s has %d %s, but the constructor has %d arguments",
			st.Name, len(st.Members), members, len(c.Args))}
	}
	res := &Resolved{Overload: structOverload, Result: st, Const: true, MustUse: true}
	res.Params = make([]types.Type, len(st.Members))
	for i, m := range st.Members {
		if types.ConversionRank(c.Args[i], m.Type) == types.Infinite {
			return nil, &Error{Kind: NoMatchingOverload, Msg: fmt.Sprintf("cannot use %s as member '%s' of %s, of type %s",
				argString(c.Args[i]), m.Name, st.Name, m.Type)}
		}
		res.Params[i] = m.Type
	}
	if types.UsesF16(st) && !ctx.Extensions.Has(ExtF16) {
		return nil, needF16(st.Name)
	}
	return res, nil
}

func needF16(what string) *Error {
	return &Error{Kind: MissingExtension, Extension: ExtF16, Msg: what + " uses f16, which needs 'enable f16;'"}
}

func templateError(b *Builtin, c *Call) *Error {
	if len(c.TemplateArgs) == 0 {
		var ex string
		for _, o := range b.Overloads {
			ex = o.String()
			break
		}
		return &Error{Kind: BadTemplateArgs, Msg: b.Name + " needs a template argument, as in " + ex}
	}
	for _, o := range b.Overloads {
		if len(o.templates) > 0 {
			return &Error{Kind: BadTemplateArgs, Msg: fmt.Sprintf("%s takes %d template argument, not %d",
				b.Name, len(o.templates), len(c.TemplateArgs))}
		}
	}
	return &Error{Kind: BadTemplateArgs, Msg: b.Name + " takes no template arguments"}
}

// failure explains why no candidate is left.
func (r *resolver) failure(b *Builtin) *Error {
	call := r.callString()
	switch {
	case r.needExt != NoExtension:
		return &Error{Kind: MissingExtension, Extension: r.needExt,
			Msg: fmt.Sprintf("%s needs 'enable %s;'", b.Name, r.needExt)}
	case r.needFeature != NoFeature:
		return &Error{Kind: MissingFeature, Feature: r.needFeature,
			Msg: fmt.Sprintf("%s needs the language extension %s", b.Name, r.needFeature)}
	case r.needF16:
		return needF16(call)
	}
	return &Error{Kind: NoMatchingOverload, Msg: "no matching overload for " + call, Candidates: r.closest(b)}
}

func argString(t types.Type) string {
	if ref, ok := t.(*types.Reference); ok {
		return ref.Elem.String()
	}
	return t.String()
}

func (r *resolver) callString() string {
	var sb strings.Builder
	if r.typ != nil {
		sb.WriteString(r.typ.String())
	} else {
		sb.WriteString(r.call.Name)
	}
	if len(r.call.TemplateArgs) > 0 {
		sb.WriteByte('<')
		for i, t := range r.call.TemplateArgs {
			if i > 0 {
				sb.WriteString(", ")
			}
			sb.WriteString(t.String())
		}
		sb.WriteByte('>')
	}
	sb.WriteByte('(')
	for i, a := range r.call.Args {
		if i > 0 {
			sb.WriteString(", ")
		}
		sb.WriteString(argString(a))
	}
	sb.WriteByte(')')
	return sb.String()
}

const maxCandidates = 4

// closest ranks the overloads by how well they fit the call: right number of parameters
// first, then most arguments accepted, and formats the best ones with what the accepted
// arguments determine.
func (r *resolver) closest(b *Builtin) []string {
	type scored struct {
		sig             string
		arity, accepted int
		id              int
	}
	var list []scored
	args := r.call.Args
	for _, o := range b.Overloads {
		if !r.applicable(b, o) {
			continue
		}
		var bd binding
		if !r.prebind(o, &bd) {
			continue
		}
		accepted := 0
		for i, a := range args {
			if i >= len(o.Params) && !o.Variadic {
				break
			}
			p := o.param(i)
			if p.value {
				a = load(a)
			}
			save := bd
			if o.match(p.pat, a, p.value, &bd) {
				accepted++
			} else {
				bd = save
			}
		}
		// A texel format decides its channel type, whatever the value argument said.
		for v := range o.vars {
			if d := &o.vars[v]; d.kind == vkChannel && bd.val[d.from] >= 0 {
				bd.mask[v] = 1 << types.TexelFormat(bd.val[d.from]).ChannelType().Kind
			}
		}
		sig := o.signature(&bd)
		if w := o.where(&bd); w != "" {
			sig += "  [" + w + "]"
		}
		arity := len(o.Params) - len(args)
		if arity < 0 {
			arity = -arity
		}
		if o.Variadic && len(args) > 0 {
			arity = 0
		}
		list = append(list, scored{sig, arity, accepted, o.id})
	}
	sort.SliceStable(list, func(i, j int) bool {
		a, b := list[i], list[j]
		if a.arity != b.arity {
			return a.arity < b.arity
		}
		if a.accepted != b.accepted {
			return a.accepted > b.accepted
		}
		return a.id < b.id
	})
	var out []string
	for _, s := range list {
		out = append(out, s.sig)
	}
	out = dedupe(out)
	if len(out) > maxCandidates {
		out = out[:maxCandidates]
	}
	return out
}

func dedupe(list []string) []string {
	seen := map[string]bool{}
	out := list[:0]
	for _, s := range list {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

func unknown(name string) *Error {
	e := &Error{Kind: UnknownFunction, Msg: "unknown function '" + name + "'"}
	best, bestD := "", len(name)/3+1
	if bestD < 2 {
		bestD = 2
	}
	lower := strings.ToLower(name)
	ensureIndex()
	for _, n := range names {
		if d := diag.EditDistance(lower, strings.ToLower(n.name)); d < bestD || d == bestD && best == "" {
			best, bestD = n.name, d
		}
	}
	for n := 2; n <= 4; n++ {
		for _, s := range "iufh" {
			if a := "vec" + strconv.Itoa(n) + string(s); strings.EqualFold(a, name) {
				best = a
			}
		}
		for r := 2; r <= 4; r++ {
			for _, s := range "fh" {
				if a := "mat" + strconv.Itoa(n) + "x" + strconv.Itoa(r) + string(s); strings.EqualFold(a, name) {
					best = a
				}
			}
		}
	}
	if best != "" {
		e.Suggestion = best
		e.Msg += "; did you mean '" + best + "'?"
	}
	return e
}
