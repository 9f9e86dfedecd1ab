package backend_test

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler/backend"
	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/ir/transform"
	"github.com/wgslgo/wgslgo/compiler/lower"
	"github.com/wgslgo/wgslgo/compiler/sema"
	"github.com/wgslgo/wgslgo/compiler/spirv"
	"github.com/wgslgo/wgslgo/compiler/syntax"
	"github.com/wgslgo/wgslgo/internal/interpcheck"
	"github.com/wgslgo/wgslgo/internal/oracle"
	"github.com/wgslgo/wgslgo/internal/spirvval"
	"github.com/wgslgo/wgslgo/internal/vulkan"
)

// debugShader has several functions, ifs, loops of every kind, a switch, calls, and passes
// that expand instructions (integer division and remainder, shift masking, robustness).
// The comment with a non-ASCII letter checks that columns count code points.
const debugShader = `@group(0) @binding(0) var<storage, read_write> data: array<i32>;

fn collatz(n0: i32) -> i32 {
  var n = n0;
  var steps = 0;
  while n != 1 && steps < 1000 {
    if (n & 1) == 0 {
      n = n / 2;
    } else {
      n = 3 * n + 1;
    }
    steps++;
  }
  return steps;
}

fn classify(x: i32) -> i32 {
  switch x % 4 {
    case 0: { return 10; }
    case 1, 2: { return (x << 1u) / (x - 1); }
    default: { }
  }
  var acc = 0;
  loop {
    acc += x;
    continuing {
      break if acc > 50;
    }
  }
  return acc;
}

@compute @workgroup_size(4)
fn main(@builtin(global_invocation_id) id: vec3u) {
  let i = id.x;
  let v = data[i];
  var total = 0;
  for (var k = 0; k < 3; k++) {
    /* ü */ total += classify(v + k);
  }
  data[i] = collatz(v) * 1000 + total;
}
`

// debugShaderGo is what debugShader stores for the input v.
func debugShaderGo(v int32) int32 {
	collatz := func(n int32) int32 {
		steps := int32(0)
		for n != 1 && steps < 1000 {
			if n%2 == 0 {
				n /= 2
			} else {
				n = 3*n + 1
			}
			steps++
		}
		return steps
	}
	classify := func(x int32) int32 {
		switch x % 4 {
		case 0:
			return 10
		case 1, 2:
			if x == 1 {
				return x << 1 // WGSL's division by zero gives the dividend
			}
			return (x << 1) / (x - 1)
		}
		acc := int32(0)
		for {
			acc += x
			if acc > 50 {
				break
			}
		}
		return acc
	}
	total := int32(0)
	for k := int32(0); k < 3; k++ {
		total += classify(v + k)
	}
	return collatz(v)*1000 + total
}

// lowerDebug checks src, lowers it (with source positions, as always) and prepares it for
// SPIR-V.
func lowerDebug(t *testing.T, src string) (*ir.Module, *sema.Program) {
	t.Helper()
	f := diag.NewFile("debug.wgsl", []byte(src))
	ast, diags := syntax.Parse(f, syntax.Options{})
	require.False(t, diags.HasErrors(), "parse:\n%v", diags)
	p, diags := sema.Check(ast, sema.Options{})
	require.False(t, diags.HasErrors(), "check:\n%v", diags)
	m, diags := lower.Lower(p, lower.Options{})
	require.False(t, diags.HasErrors(), "lower:\n%v", diags)
	require.NoError(t, transform.ForSPIRV(m, transform.Options{Layouts: p.Layouts}), "IR:\n%s", ir.Print(m))
	return m, p
}

// emitDebug compiles src with -g's debug information for target and validates it.
func emitDebug(t *testing.T, src string, target backend.Target) []uint32 {
	t.Helper()
	m, p := lowerDebug(t, src)
	words, err := backend.Emit(m, backend.Options{Target: target, Layouts: p.Layouts,
		Source: &backend.SourceFile{Name: "debug.wgsl", Text: []byte(src)}})
	require.NoError(t, err)
	spirvval.Check(t, words, target.String())
	return words
}

// TestPositionsSurviveTransforms: every instruction of the prepared module has a position
// and a span, including those the passes made (entry-point IO, robustness clamps, the
// guards of integer division, shift masks) and those of the specialised copies of functions
// with pointer parameters.
func TestPositionsSurviveTransforms(t *testing.T) {
	const pointers = `@group(0) @binding(0) var<storage, read_write> a: array<i32, 4>;
@group(0) @binding(1) var<storage, read_write> b: array<i32, 4>;
fn bump(p: ptr<storage, array<i32, 4>, read_write>, i: i32) { p[i] += 1; }
@compute @workgroup_size(1) fn main() { bump(&a, 0); bump(&b, 1); }
`
	for _, src := range []string{debugShader, pointers} {
		m, _ := lowerDebug(t, src)
		for _, f := range m.Funcs {
			require.True(t, f.Pos.IsValid(), "function %s", f.Name)
			require.True(t, f.Span.IsValid(), "function %s", f.Name)
			ir.Walk(f.Body, func(in *ir.Inst) {
				assert.True(t, in.Pos.IsValid(), "%s: %s has no position", f.Name, in.Op)
				assert.True(t, in.Span().IsValid(), "%s: %s has no span", f.Name, in.Op)
			})
		}
	}
}

// disInst is one instruction of a function body in spirv-dis's listing, with the source
// position an OpLine put in effect for it (line 0 for none).
type disInst struct {
	fn        string // the result id of the enclosing OpFunction
	result    string
	op        string
	operands  []string
	line, col int
}

func (d disInst) String() string {
	return fmt.Sprintf("%s %s %s at %d:%d", d.result, d.op, strings.Join(d.operands, " "), d.line, d.col)
}

// disassemble reads the function bodies of spirv-dis's listing, following OpLine's scope:
// up to the next OpLine or OpNoLine, or the end of the block.
func disassemble(t *testing.T, words []uint32) []disInst {
	t.Helper()
	oracle.SpirvDis.Require(t)
	listing := spirvval.Disassemble(words)
	var out []disInst
	var fn string
	line, col := 0, 0
	for _, l := range strings.Split(strings.TrimRight(listing, "\n"), "\n") {
		fields := strings.Fields(l)
		if len(fields) < 2 {
			continue // a line of OpSource's text
		}
		fields = fields[1:] // the listing's line number
		var result string
		if len(fields) > 2 && fields[1] == "=" {
			result, fields = fields[0], fields[2:]
		}
		op, operands := fields[0], fields[1:]
		if !strings.HasPrefix(op, "Op") {
			continue
		}
		switch op {
		case "OpFunction":
			fn, line, col = result, 0, 0
			continue
		case "OpFunctionEnd":
			fn = ""
			continue
		case "OpLine":
			require.Len(t, operands, 3, l)
			line, _ = strconv.Atoi(operands[1])
			col, _ = strconv.Atoi(operands[2])
			continue
		case "OpNoLine":
			line, col = 0, 0
			continue
		case "OpLabel":
			line, col = 0, 0 // a block boundary ends an OpLine's scope
		}
		if fn != "" {
			out = append(out, disInst{fn: fn, result: result, op: op, operands: operands, line: line, col: col})
		}
	}
	return out
}

// at returns the 1-based line and column of the first occurrence of snippet in src, plus
// skip bytes.
func at(t *testing.T, src, snippet string, skip int) (int, int) {
	t.Helper()
	i := strings.Index(src, snippet)
	require.GreaterOrEqual(t, i, 0, "%q is not in the source", snippet)
	p := diag.NewFile("", []byte(src)).Position(diag.Pos(i + skip))
	return p.Line, p.Column
}

func TestOpLine(t *testing.T) {
	for _, target := range backend.Targets {
		t.Run(target.String(), func(t *testing.T) {
			words := emitDebug(t, debugShader, target)
			mod, err := spirv.Parse(words)
			require.NoError(t, err)
			id := func(name string) string { return fmt.Sprintf("%%%d", mod.Lookup(name)) }
			insts := disassemble(t, words)

			// want checks that an instruction op of function fn (calling callee, for
			// OpFunctionCall) is at the start of snippet, or skip bytes into it.
			want := func(fn, op, snippet string, skip int, callee ...string) {
				t.Helper()
				line, col := at(t, debugShader, snippet, skip)
				var seen []string
				for _, in := range insts {
					if in.fn != id(fn) || in.op != op {
						continue
					}
					if len(callee) > 0 && (len(in.operands) < 2 || in.operands[1] != id(callee[0])) {
						continue
					}
					if in.line == line && in.col == col {
						return
					}
					seen = append(seen, in.String())
				}
				t.Errorf("no %s in %s at %d:%d (%q); found:\n%s", op, fn, line, col, snippet, strings.Join(seen, "\n"))
			}

			// Loops: the header's merge instruction at the statement.
			want("collatz", "OpLoopMerge", "while n != 1", 0)
			want("classify", "OpLoopMerge", "loop {", 0)
			want("main", "OpLoopMerge", "for (var k", 0)
			// The for and while tests leave the loop where the condition is.
			want("main", "OpSLessThan", "k < 3", 2)
			// Short-circuit && branches at its operator.
			want("collatz", "OpSelectionMerge", "&& steps", 0)
			want("collatz", "OpSelectionMerge", "if (n & 1)", 0)
			// Operators at the operator; the division's guard made by a pass too.
			want("collatz", "OpBitwiseAnd", "& 1)", 0)
			want("collatz", "OpIEqual", "== 0 {", 0)
			want("classify", "OpISub", "% 4", 0) // i32 %: x - y * (x / y), see transform.IntDivRem
			want("collatz", "OpSDiv", "/ 2;", 0)
			want("collatz", "OpIMul", "3 * n", 2)
			want("classify", "OpShiftLeftLogical", "<< 1u", 0)
			want("classify", "OpSDiv", "/ (x - 1)", 0)
			want("classify", "OpSelect", "/ (x - 1)", 0) // the guard transform.IntDivision adds
			// Assignments store at the statement; x++ too.
			want("collatz", "OpStore", "n = n / 2", 0)
			want("collatz", "OpStore", "steps++", 0)
			// The switch and its cases.
			want("classify", "OpSwitch", "switch x % 4", 0)
			want("classify", "OpReturnValue", "return 10", 0)
			want("classify", "OpReturnValue", "return (x << 1u)", 0)
			// A case left open breaks at its closing brace.
			want("classify", "OpBranch", "default: { }", 11)
			// break if, and the loop body's jump to the continuing block at its brace.
			want("classify", "OpBranchConditional", "break if acc", 0)
			want("classify", "OpBranch", "continuing {", 0)
			want("classify", "OpReturnValue", "return acc", 0)
			want("collatz", "OpReturnValue", "return steps", 0)
			// Calls at the call, after a comment with a non-ASCII letter.
			want("main", "OpFunctionCall", "classify(v + k)", 0, "classify")
			want("main", "OpIAdd", "+ k)", 0)
			want("main", "OpFunctionCall", "collatz(v)", 0, "collatz")
			// Indexing clamps (transform.Robustness) where the indexing is.
			// (transform.CSE shares the clamped chain of `let v = data[i]` with the store.)
			want("main", "OpExtInst", "data[i];", 0)
			want("main", "OpAccessChain", "data[i];", 0)
			want("main", "OpStore", "data[i] =", 0)
			// The function's implicit return at its closing brace.
			want("main", "OpReturn", "}\n", len(debugShader)-2-strings.Index(debugShader, "}\n"))
			// ShaderIO loads the entry point's inputs before its first instruction, with that
			// instruction's position.
			want("main", "OpLoad", "id.x;", 0)
			// Variables are hoisted to the entry block with their declaration's position.
			want("collatz", "OpVariable", "var steps", 0)
			want("main", "OpVariable", "var total", 0)
			want("main", "OpVariable", "var k", 0)

			// Every instruction has a position.
			for _, in := range insts {
				if in.op != "OpLabel" && in.op != "OpFunctionParameter" {
					assert.NotZero(t, in.line, "%s", in)
				}
			}
		})
	}
}

// TestOpLineDeterministic: the same source gives the same bytes with debug information.
func TestOpLineDeterministic(t *testing.T) {
	a := emitDebug(t, debugShader, backend.Vulkan1_1)
	b := emitDebug(t, debugShader, backend.Vulkan1_1)
	require.Equal(t, a, b)
}

// TestExecDebugInfo: a module with debug information computes what the same module without
// it does, and what Go does, on every target the device supports.
func TestExecDebugInfo(t *testing.T) {
	dev := vulkan.Require(t)
	in := make([]int32, 64)
	for i := range in {
		in[i] = int32(i*7 + 1) // positive: collatz ends, classify's loop does not overflow
	}
	data := make([]uint32, len(in))
	for i, v := range in {
		data[i] = uint32(v)
	}
	r := wgslRun{groups: [3]uint32{uint32(len(in) / 4)}, bindings: []vulkan.Binding{storage(0, le32(data...))}}
	words, m := compileWGSLModule(t, debugShader, backend.Vulkan1_0, backend.Vulkan1_1, transform.Options{})
	plain := dispatchWords(t, dev, words, r)
	interpcheck.Compare(t, m, runOf(words, r), plain)
	for _, target := range backend.Targets {
		if !deviceRuns(dev, target) {
			continue
		}
		t.Run(target.String(), func(t *testing.T) {
			res := dispatchWords(t, dev, emitDebug(t, debugShader, target), r)
			require.Equal(t, plain.Bytes(0, 0), res.Bytes(0, 0))
			for i, w := range words32(res.Bytes(0, 0)) {
				require.Equal(t, debugShaderGo(in[i]), int32(w), "element %d (input %d)", i, in[i])
			}
		})
	}
}
