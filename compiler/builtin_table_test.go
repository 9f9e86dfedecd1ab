package compiler_test

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler"
	"github.com/wgslgo/wgslgo/compiler/builtins"
	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/compiler/sema"
	"github.com/wgslgo/wgslgo/compiler/syntax"
	"github.com/wgslgo/wgslgo/compiler/types"
	"github.com/wgslgo/wgslgo/internal/spirvval"
)

// bufferViewGap is what the lowering says of the buffer_view language feature, which the
// SPIR-V backend does not implement: its functions take buffer types, refused where a
// variable of one is used. The overloads of ClassBufferView are held to this message.
const bufferViewGap = "buffer types (buffer_view) are not supported by the SPIR-V backend yet"

// TestEveryBuiltinOverload takes every overload of the builtin table (every function and
// value constructor) through the whole compiler with each of its instances (Instances):
// called with runtime arguments, it must check, resolve to that overload, lower, emit and
// pass spirv-val; when the overload is @const, called with constant arguments it must also
// evaluate. A function added to the table without its constant evaluation or its backend
// emission fails here. Instances that are not WGSL for reasons outside the table (a
// runtime-sized array in workgroup memory) are skipped, but every overload needs one that is.
func TestEveryBuiltinOverload(t *testing.T) {
	total, modules := 0, 0
	for _, name := range builtins.Names() {
		b, _ := builtins.Lookup(name)
		t.Run(name, func(t *testing.T) {
			m := newTableModule()
			for _, o := range b.Overloads {
				accepted := 0
				for _, in := range o.Instances() {
					if m.add(t, in) {
						accepted++
					}
				}
				assert.NotZero(t, accepted, "no instance of %s is valid WGSL", o.Signature())
				total += accepted
			}
			if t.Failed() {
				return
			}
			modules++
			m.compile(t, b)
		})
	}
	t.Logf("%d instances in %d modules", total, modules)
}

// tableModule is one module calling a builtin's instances, each from a function of its own.
type tableModule struct {
	header          map[string]bool // enable and requires directives
	globals         []string
	globalNames     map[string]string // by declaration
	group, binding  int
	funcs           []string
	stmts           map[builtins.Stage][]string
	n               int
	skipped         []string
	bufferViewCalls int
}

func newTableModule() *tableModule {
	return &tableModule{header: map[string]bool{}, globalNames: map[string]string{}, stmts: map[builtins.Stage][]string{}}
}

// add adds in to the module if it is valid WGSL, checking it on its own first: it reports
// false, and skips it, when the checker rejects a declaration the instance needs; it fails
// the test when the checker rejects the call or resolves it to another overload, or when a
// @const call cannot be evaluated.
func (m *tableModule) add(t *testing.T, in builtins.Instance) bool {
	t.Helper()
	o := in.Overload
	one := newTableModule()
	one.n = m.n
	abstract := isAbstractInstance(in)
	var constArgs []string
	if o.Const {
		var ok bool
		if constArgs, ok = one.constCall(t, in); !ok {
			return false
		}
	}
	if abstract && constArgs == nil {
		return false // abstract arguments that are not constant: not a call one can write
	}
	callLine := one.instance(in, constArgs)
	src := one.source()
	prog, diags := check(src)
	if diags.HasErrors() {
		if diagOnLine(diags, callLine) {
			t.Errorf("%s: the checker rejects the call:\n%s\n%s", o.Signature(), diags.Error(), src)
		} else {
			m.skipped = append(m.skipped, o.Signature())
		}
		return false
	}
	if !resolvesTo(prog, o) {
		t.Errorf("%s: the call resolves to another overload:\n%s", o.Signature(), src)
		return false
	}
	m.instance(in, constArgs)
	return true
}

// constCall checks const-expression calls of in with the arguments of seeds 0, 1 and 2 and
// returns the arguments of the first the checker evaluates; it fails the test when it
// evaluates none, or reports false when the instance is not one a const-expression can call.
func (m *tableModule) constCall(t *testing.T, in builtins.Instance) ([]string, bool) {
	t.Helper()
	if in.Type != nil && types.IsAbstract(in.Type) || slices.ContainsFunc(in.TemplateArgs, types.IsAbstract) {
		return nil, false // vec3<AbstractInt>(...): abstract types have no spelling
	}
	var lines []string
	var args [][]string
	for seed := range 3 {
		a := make([]string, len(in.Args))
		for i, at := range in.Args {
			lit, ok := literal(at, seed+i)
			if !ok {
				return nil, false
			}
			a[i] = lit
		}
		args = append(args, a)
		lines = append(lines, fmt.Sprintf("const c%d = %s;", seed, callExpr(in, a)))
	}
	src := m.headerFor(in) + strings.Join(lines, "\n") + "\n"
	prog, diags := check(src)
	if prog == nil && !diags.HasErrors() {
		t.Fatalf("no program and no errors:\n%s", src)
	}
	first := strings.Count(m.headerFor(in), "\n") + 1
	for seed := range 3 {
		if !diagOnLine(diags, first+seed) {
			return args[seed], true
		}
	}
	t.Errorf("%s: no constant call evaluates:\n%s\n%s", in.Overload.Signature(), diags.Error(), src)
	return nil, false
}

// isAbstractInstance reports whether in takes or returns an abstract type: only a
// const-expression can call it.
func isAbstractInstance(in builtins.Instance) bool {
	return slices.ContainsFunc(in.Args, types.IsAbstract) || in.Result != nil && types.IsAbstract(in.Result)
}

// headerFor is the enable and requires directives in needs.
func (m *tableModule) headerFor(in builtins.Instance) string {
	var sb strings.Builder
	if usesF16(in) {
		sb.WriteString("enable f16;\n")
	}
	if in.Overload.Extension == builtins.ExtSubgroups {
		sb.WriteString("enable subgroups;\n")
	}
	if in.Overload.Feature == builtins.BufferView {
		sb.WriteString("requires buffer_view;\n")
	}
	return sb.String()
}

func usesF16(in builtins.Instance) bool {
	for _, t := range append(append(slices.Clone(in.Args), in.TemplateArgs...), in.Result, in.Type) {
		if t != nil && types.UsesF16(t) {
			return true
		}
	}
	return false
}

// instance adds a function calling in, and its call from an entry point; it returns the
// line of the builtin call in the source.
func (m *tableModule) instance(in builtins.Instance, constArgs []string) int {
	o := in.Overload
	abstract := isAbstractInstance(in)
	for _, l := range strings.Split(strings.TrimSpace(m.headerFor(in)), "\n") {
		if l != "" {
			m.header[l] = true
		}
	}
	name := fmt.Sprintf("t%d", m.n)
	m.n++
	var params, args, zero []string
	for i, at := range in.Args {
		switch {
		case abstract:
			args = append(args, constArgs[i]) // only constant arguments can be abstract
		case i < len(o.Params) && o.Params[i].Const:
			args = append(args, at.String()+"()") // a zero value is a const-expression
		default:
			switch at := at.(type) {
			case *types.Pointer:
				args = append(args, "&"+m.global(at.Elem, at.Space, at.Access))
			case *types.Texture, *types.Sampler:
				args = append(args, m.global(at, types.AddrHandle, types.Read))
			default:
				p := fmt.Sprintf("a%d", i)
				params = append(params, p+": "+at.String())
				args = append(args, p)
				zero = append(zero, at.String()+"()")
			}
		}
	}
	call := callExpr(in, args)
	var body, result, use string
	switch rt := in.Result.(type) {
	case nil:
		body, use = call+";", fmt.Sprintf("%s(%s);", name, strings.Join(zero, ", "))
	case *types.Pointer:
		body, use = "_ = "+call+";", fmt.Sprintf("%s(%s);", name, strings.Join(zero, ", "))
	case *types.Struct: // frexp, modf, atomicCompareExchangeWeak: results without a name
		mem := rt.Members[0]
		result = " -> " + types.Concretize(mem.Type).String()
		body, use = "return "+call+"."+mem.Name+";", fmt.Sprintf("_ = %s(%s);", name, strings.Join(zero, ", "))
	default:
		result = " -> " + types.Concretize(rt).String()
		body, use = "return "+call+";", fmt.Sprintf("_ = %s(%s);", name, strings.Join(zero, ", "))
	}
	m.funcs = append(m.funcs, fmt.Sprintf("fn %s(%s)%s {\n  %s\n}", name, strings.Join(params, ", "), result, body))
	stage := builtins.Compute
	switch {
	case o.Stages&builtins.Compute != 0:
	case o.Stages&builtins.Fragment != 0:
		stage = builtins.Fragment
	default:
		stage = builtins.Vertex
	}
	m.stmts[stage] = append(m.stmts[stage], use)
	if o.Fn.Class() == builtins.ClassBufferView {
		m.bufferViewCalls++
	}
	// The call is on the second line of the function, the last one added.
	src := m.source()
	return strings.Count(src[:strings.Index(src, "fn "+name+"(")], "\n") + 2
}

// global declares a module-scope variable of type t in address space as, once per type, and
// returns its name.
func (m *tableModule) global(t types.Type, as types.AddressSpace, access types.Access) string {
	var decl string
	switch as {
	case types.AddrHandle:
		decl = "var %s: " + t.String()
	case types.AddrStorage:
		decl = fmt.Sprintf("var<storage, %s> %%s: %s", access, t)
	case types.AddrUniform:
		decl = "var<uniform> %s: " + t.String()
	default:
		decl = fmt.Sprintf("var<%s> %%s: %s", as, t)
	}
	if n, ok := m.globalNames[decl]; ok {
		return n
	}
	n := fmt.Sprintf("g%d", len(m.globalNames))
	m.globalNames[decl] = n
	if as != types.AddrWorkgroup && as != types.AddrPrivate {
		decl = fmt.Sprintf("@group(%d) @binding(%d) ", m.group, m.binding) + decl
		if m.binding++; m.binding == 1000 {
			m.group, m.binding = m.group+1, 0
		}
	}
	m.globals = append(m.globals, fmt.Sprintf(decl, n)+";")
	return n
}

func (m *tableModule) source() string {
	var sb strings.Builder
	header := make([]string, 0, len(m.header))
	for h := range m.header {
		header = append(header, h)
	}
	slices.Sort(header) // enable before requires
	for _, h := range header {
		sb.WriteString(h + "\n")
	}
	for _, g := range m.globals {
		sb.WriteString(g + "\n")
	}
	for _, f := range m.funcs {
		sb.WriteString(f + "\n")
	}
	for _, s := range []struct {
		stage builtins.Stage
		head  string
		tail  string
	}{
		{builtins.Compute, "@compute @workgroup_size(1) fn cs() {", ""},
		{builtins.Fragment, "@fragment fn fs() {", ""},
		{builtins.Vertex, "@vertex fn vs() -> @builtin(position) vec4f {", "  return vec4f();\n"},
	} {
		if len(m.stmts[s.stage]) == 0 {
			continue
		}
		sb.WriteString(s.head + "\n")
		for _, st := range m.stmts[s.stage] {
			sb.WriteString("  " + st + "\n")
		}
		sb.WriteString(s.tail + "}\n")
	}
	return sb.String()
}

// compile compiles the module for two targets and validates the SPIR-V.
func (m *tableModule) compile(t *testing.T, b *builtins.Builtin) {
	if m.n == 0 {
		return
	}
	if len(m.skipped) > 0 {
		t.Logf("instances skipped as not WGSL: %d, e.g. %s", len(m.skipped), m.skipped[0])
	}
	src := m.source()
	for _, target := range []compiler.Target{compiler.Vulkan11, compiler.Vulkan13} {
		res, err := compiler.Compile(compiler.Source{Name: b.Name + ".wgsl", Text: []byte(src)}, compiler.Options{Target: target})
		if m.bufferViewCalls > 0 {
			// Every call of a buffer_view function reaches the lowering's refusal of buffer
			// types, the one known gap.
			require.Error(t, err, "%s: the buffer_view functions compile now: check their SPIR-V instead of refusing them", b.Name)
			for _, d := range err.(diag.List) {
				require.Contains(t, d.Message, bufferViewGap, "%s", src)
			}
			continue
		}
		require.NoError(t, err, "%s", src)
		spirvval.Check(t, res.SPIRV, string(target))
	}
}

// callExpr spells the call of in with the given arguments.
func callExpr(in builtins.Instance, args []string) string {
	callee := in.Overload.Name
	switch {
	case in.Type != nil:
		callee = in.Type.String()
	case len(in.TemplateArgs) > 0:
		var ts []string
		for _, ta := range in.TemplateArgs {
			ts = append(ts, ta.String())
		}
		callee += "<" + strings.Join(ts, ", ") + ">"
	}
	return callee + "(" + strings.Join(args, ", ") + ")"
}

// literal spells a const-expression of type t from seed: numbers near seed (floats 0.5 +
// 0.25 seed, inside every function's domain for one seed or another), the same in every
// component.
func literal(t types.Type, seed int) (string, bool) {
	switch t := t.(type) {
	case *types.Scalar:
		switch t.Kind {
		case types.KindBool:
			return strconv.FormatBool(seed%2 == 1), true
		case types.KindAbstractInt:
			return strconv.Itoa(seed), true
		case types.KindI32:
			return strconv.Itoa(seed) + "i", true
		case types.KindU32:
			return strconv.Itoa(seed) + "u", true
		}
		f := strconv.FormatFloat(0.5+0.25*float64(seed), 'f', -1, 64)
		if !strings.Contains(f, ".") {
			f += ".0"
		}
		switch t.Kind {
		case types.KindF32:
			f += "f"
		case types.KindF16:
			f += "h"
		}
		return f, true
	case *types.Vector:
		e, ok := literal(t.Elem, seed)
		return ctorOf(t, t.Elem, e, t.N), ok
	case *types.Matrix:
		e, ok := literal(t.Elem, seed)
		return ctorOf(t, t.Elem, e, t.Cols*t.Rows), ok
	case *types.Array:
		if t.Count == 0 {
			return "", false
		}
		e, ok := literal(t.Elem, seed)
		return ctorOf(t, t.Elem, e, t.Count), ok
	}
	return "", false
}

// ctorOf spells a value constructor of t with n copies of e; of abstract types, without
// template arguments (vec3(1, 1, 1)), since abstract types have no spelling.
func ctorOf(t types.Type, elem types.Type, e string, n int) string {
	name := t.String()
	if types.IsAbstract(elem) {
		name, _, _ = strings.Cut(name, "<")
	}
	es := make([]string, n)
	for i := range es {
		es[i] = e
	}
	return name + "(" + strings.Join(es, ", ") + ")"
}

func check(src string) (*sema.Program, diag.List) {
	f, diags := syntax.Parse(diag.NewFile("t.wgsl", []byte(src)), syntax.Options{})
	if diags.HasErrors() {
		return nil, diags
	}
	return sema.Check(f, sema.Options{})
}

func diagOnLine(diags diag.List, line int) bool {
	for _, d := range diags {
		if d.Severity == diag.Error && d.Position().Line == line {
			return true
		}
	}
	return false
}

// resolvesTo reports whether a call of the program resolves to o.
func resolvesTo(prog *sema.Program, o *builtins.Overload) bool {
	found := false
	syntax.InspectFile(prog.File, func(n syntax.Node) bool {
		if c, ok := n.(*syntax.CallExpr); ok {
			if ci := prog.CallOf(c); ci != nil && ci.Builtin != nil && ci.Builtin.Overload == o {
				found = true
			}
		}
		return !found
	})
	return found
}
