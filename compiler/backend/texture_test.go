package backend_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler/backend"
	"github.com/wgslgo/wgslgo/compiler/builtins"
	"github.com/wgslgo/wgslgo/compiler/ir/irtest"
	"github.com/wgslgo/wgslgo/compiler/ir/transform"
	"github.com/wgslgo/wgslgo/compiler/types"
	"github.com/wgslgo/wgslgo/internal/spirvval"
)

// Every call of every texture builtin overload (irtest.TextureCalls: every texture type,
// every texel format and access mode, every operand shape) emits SPIR-V that spirv-val
// accepts, for every target. One module per builtin.
func TestTextureCallsValidate(t *testing.T) {
	byFunc := map[builtins.Fn][]irtest.TextureCall{}
	var order []builtins.Fn
	for _, c := range irtest.TextureCalls() {
		if _, ok := byFunc[c.Func]; !ok {
			order = append(order, c.Func)
		}
		byFunc[c.Func] = append(byFunc[c.Func], c)
	}
	for _, fn := range order {
		calls := byFunc[fn]
		t.Run(fn.String(), func(t *testing.T) {
			t.Parallel()
			for _, target := range backend.Targets {
				m := irtest.TextureModule(calls)
				require.NoError(t, transform.ForSPIRV(m, transform.Options{}))
				words, err := backend.Emit(m, backend.Options{Target: target})
				require.NoError(t, err)
				spirvval.Check(t, words, target.String())
			}
		})
	}
}

// The same calls as WGSL source through the whole pipeline (check, lower, transforms,
// backend), validated for every target: one module per builtin.
func TestTextureCallsWGSL(t *testing.T) {
	byFunc := map[builtins.Fn][]irtest.TextureCall{}
	var order []builtins.Fn
	for _, c := range irtest.TextureCalls() {
		if _, ok := byFunc[c.Func]; !ok {
			order = append(order, c.Func)
		}
		byFunc[c.Func] = append(byFunc[c.Func], c)
	}
	for _, fn := range order {
		src := textureCallsWGSL(byFunc[fn])
		t.Run(fn.String(), func(t *testing.T) {
			t.Parallel()
			compileWGSL(t, src, backend.Vulkan1_0, backend.Vulkan1_0, transform.Options{})
		})
	}
}

// textureCallsWGSL writes calls as a WGSL module: one global per distinct texture and
// sampler type, a compute entry point "cs" and a fragment one "fs" making the calls.
func textureCallsWGSL(calls []irtest.TextureCall) string {
	var decls, cs, fs strings.Builder
	handles := map[string]string{}
	for _, c := range calls {
		args := make([]string, len(c.Args))
		for i, a := range c.Args {
			switch a.(type) {
			case *types.Texture, *types.Sampler:
				key := a.String()
				name, ok := handles[key]
				if !ok {
					name = fmt.Sprintf("h%d", len(handles))
					handles[key] = name
					fmt.Fprintf(&decls, "@group(0) @binding(%d) var %s: %s;\n", len(handles)-1, name, key)
				}
				args[i] = name
			default:
				args[i] = wgslOperand(a)
			}
		}
		call := fmt.Sprintf("%s(%s)", c.Func, strings.Join(args, ", "))
		if c.Result != types.Type(types.VoidType) {
			call = "_ = " + call
		}
		if c.Fragment {
			fmt.Fprintf(&fs, "  %s;\n", call)
		} else {
			fmt.Fprintf(&cs, "  %s;\n", call)
		}
	}
	var sb strings.Builder
	sb.WriteString("requires readonly_and_readwrite_storage_textures;\n")
	sb.WriteString(decls.String())
	if cs.Len() > 0 {
		fmt.Fprintf(&sb, "@compute @workgroup_size(1)\nfn cs() {\n%s}\n", cs.String())
	}
	if fs.Len() > 0 {
		fmt.Fprintf(&sb, "@fragment\nfn fs() -> @location(0) vec4f {\n%s  return vec4f();\n}\n", fs.String())
	}
	return sb.String()
}

// wgslOperand is the constant irtest.TextureModule uses for type t, in WGSL: 1 for
// integers, 0.5 for floats.
func wgslOperand(t types.Type) string {
	s := types.ElemScalar(t)
	lit := "1" + map[types.ScalarKind]string{types.KindI32: "i", types.KindU32: "u"}[s.Kind]
	if s.IsFloat() {
		lit = "0.5f"
	}
	if _, ok := t.(*types.Vector); ok {
		return fmt.Sprintf("%s(%s)", t, lit)
	}
	return lit
}
