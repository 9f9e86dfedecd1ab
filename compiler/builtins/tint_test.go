package builtins

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler/types"
	"github.com/wgslgo/wgslgo/internal/oracle"
)

// TestAgainstTint is a differential test of the table's parameter and result types: every
// concrete instantiation of every overload becomes a WGSL function that calls the builtin
// with parameters of exactly those types and stores the result in a `let` of the result
// type; Tint, the reference compiler, must accept them all. It skips when tint is not
// installed, except under CI=true.
func TestAgainstTint(t *testing.T) {
	tint := oracle.Tint.Require(t)
	type item struct{ sig, fn string }
	var items []item
	for _, o := range allOverloads() {
		if o.Feature == BufferView { // not in Tint yet
			continue
		}
		instances(o, func(b *binding) {
			for _, pr := range o.notEqual {
				if b.mask[pr[0]] == b.mask[pr[1]] {
					return
				}
			}
			fn, ok := tintFunction(o, b, len(items))
			if ok {
				items = append(items, item{o.signature(b), fn})
			}
		})
	}
	require.Greater(t, len(items), 1000)
	dir := t.TempDir()
	path := filepath.Join(dir, "all.wgsl")
	lineRe := regexp.MustCompile(`all\.wgsl:(\d+):\d+ error: (.*)`)
	const header = "enable f16;\nenable subgroups;\n"
	var failures []string
	for attempt := 0; attempt < 60; attempt++ {
		var sb strings.Builder
		sb.WriteString(header)
		for _, it := range items {
			sb.WriteString(it.fn + "\n")
		}
		require.NoError(t, os.WriteFile(path, []byte(sb.String()), 0o644))
		out, err := exec.Command(tint, "--format", "wgsl", "-o", filepath.Join(dir, "out.wgsl"), path).CombinedOutput()
		if err == nil {
			break
		}
		m := lineRe.FindStringSubmatch(string(out))
		require.NotNil(t, m, "tint failed without a line: %s", out)
		line, _ := strconv.Atoi(m[1])
		i := line - 1 - strings.Count(header, "\n")
		require.True(t, i >= 0 && i < len(items), "tint error outside the functions: %s", out)
		failures = append(failures, fmt.Sprintf("%s\n    %s\n    tint: %s", items[i].sig, items[i].fn, m[2]))
		items = append(items[:i], items[i+1:]...)
	}
	assert.Empty(t, failures, "overloads Tint rejects:\n%s", strings.Join(failures, "\n"))
	t.Logf("%d instantiations accepted by tint", len(items))
}

// tintFunction writes one instantiation as a WGSL function, or reports false for those that
// cannot be spelled with parameters (abstract types).
func tintFunction(o *Overload, b *binding, n int) (string, bool) {
	var params, args []string
	nargs := len(o.Params)
	if o.Variadic {
		nargs = int(b.val[o.countVar])
	}
	for i := 0; i < nargs; i++ {
		p := o.param(i)
		pt := o.inst(p.pat, b)
		if types.IsAbstract(pt) {
			return "", false
		}
		if p.Const {
			args = append(args, pt.String()+"()")
			continue
		}
		params = append(params, fmt.Sprintf("p%d: %s", i, pt))
		args = append(args, fmt.Sprintf("p%d", i))
	}
	callee := o.Name
	var result types.Type
	if o.result != nil {
		result = o.inst(o.result, b)
		if types.IsAbstract(result) {
			return "", false
		}
	}
	if o.explicit {
		callee = result.String()
	}
	if len(o.templates) > 0 {
		var ts []string
		for _, tp := range o.templates {
			ts = append(ts, o.inst(tp, b).String())
		}
		callee += "<" + strings.Join(ts, ", ") + ">"
	}
	call := callee + "(" + strings.Join(args, ", ") + ")"
	body := call + ";"
	if result != nil {
		if st, ok := result.(*types.Struct); ok && st.Builtin {
			body = "let r = " + call + "; let m: " + st.Members[0].Type.String() + " = r." + st.Members[0].Name + ";"
		} else {
			body = "let r: " + result.String() + " = " + call + ";"
		}
	}
	return fmt.Sprintf("fn call_%d(%s) { %s }", n, strings.Join(params, ", "), body), true
}

// TestMutationsAgainstTint changes one argument type of a concrete call at a time to another
// scalar type and checks that Resolve and Tint agree on whether the call is valid, and on its
// result type when it is.
func TestMutationsAgainstTint(t *testing.T) {
	tint := oracle.Tint.Require(t)
	if testing.Short() {
		t.Skip("runs tint once per rejected call")
	}
	type mutation struct {
		call Call
		fn   string
	}
	var accepted, rejected []mutation
	concrete := []*types.Scalar{types.Bool, types.I32, types.U32, types.F32, types.F16}
	seen := map[string]bool{}
	for _, o := range allOverloads() {
		if o.Feature == BufferView || o.Variadic {
			continue
		}
		first := true
		instances(o, func(b *binding) {
			if !first {
				return
			}
			first = false
			c := Call{Name: o.Name}
			if o.result != nil && o.explicit {
				c.Type = o.inst(o.result, b)
			}
			for _, tp := range o.templates {
				c.TemplateArgs = append(c.TemplateArgs, o.inst(tp, b))
			}
			for i := range o.Params {
				c.Args = append(c.Args, o.inst(o.Params[i].pat, b))
			}
			for i, a := range c.Args {
				if !o.Params[i].value || o.Params[i].Const || types.ElemScalar(a) == nil || types.IsAbstract(a) {
					continue
				}
				for _, s := range concrete {
					if s == types.ElemScalar(a) || types.IsAbstract(c.Type) {
						continue
					}
					m := Call{Name: c.Name, Type: c.Type, TemplateArgs: c.TemplateArgs}
					m.Args = append([]types.Type(nil), c.Args...)
					m.Args[i] = types.WithScalar(a, s)
					res, err := Resolve(everything, m)
					fn, ok := mutationFunction(o, m, res)
					if !ok || seen[fn] {
						continue
					}
					seen[fn] = true
					if err == nil {
						accepted = append(accepted, mutation{m, fn})
					} else {
						rejected = append(rejected, mutation{m, fn})
					}
				}
			}
		})
	}
	dir := t.TempDir()
	const header = "enable f16;\nenable subgroups;\n"
	run := func(name, body string) (string, bool) {
		path := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(path, []byte(header+body), 0o644))
		out, err := exec.Command(tint, "--format", "wgsl", "-o", path+".out", path).CombinedOutput()
		return string(out), err == nil
	}
	// Accepted mutations: one file, with each result in a `let` of the type Resolve says.
	var sb strings.Builder
	for i, m := range accepted {
		sb.WriteString(strings.Replace(m.fn, "fn call(", fmt.Sprintf("fn call_%d(", i), 1) + "\n")
	}
	out, ok := run("accepted.wgsl", sb.String())
	assert.True(t, ok, "Tint rejects a call Resolve accepts: %s", out)
	// Rejected mutations: Tint must reject each one.
	var disagree []string
	for i, m := range rejected {
		if _, ok := run(fmt.Sprintf("r%d.wgsl", i), m.fn+"\n"); ok {
			disagree = append(disagree, m.fn)
		}
	}
	assert.Empty(t, disagree, "Tint accepts calls Resolve rejects:\n%s", strings.Join(disagree, "\n"))
	t.Logf("%d accepted and %d rejected mutations agree with tint", len(accepted), len(rejected))
}

func mutationFunction(o *Overload, c Call, res *Resolved) (string, bool) {
	var params, args []string
	for i, a := range c.Args {
		if i < len(o.Params) && o.Params[i].Const {
			args = append(args, a.String()+"()")
			continue
		}
		params = append(params, fmt.Sprintf("p%d: %s", i, a))
		args = append(args, fmt.Sprintf("p%d", i))
	}
	callee := c.Name
	if c.Type != nil {
		callee = c.Type.String()
	}
	if len(c.TemplateArgs) > 0 {
		var ts []string
		for _, t := range c.TemplateArgs {
			ts = append(ts, t.String())
		}
		callee += "<" + strings.Join(ts, ", ") + ">"
	}
	call := callee + "(" + strings.Join(args, ", ") + ")"
	body := "_ = " + call + ";"
	if res != nil && res.Result != nil {
		if st, ok := res.Result.(*types.Struct); !ok || !st.Builtin {
			body = "let r: " + res.Result.String() + " = " + call + ";"
		}
	} else if res != nil || o.result == nil {
		body = call + ";"
	}
	return fmt.Sprintf("fn call(%s) { %s }", strings.Join(params, ", "), body), true
}
