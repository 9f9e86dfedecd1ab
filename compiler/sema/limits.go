package sema

import (
	"strconv"
	"strings"

	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/compiler/layout"
	"github.com/wgslgo/wgslgo/compiler/syntax"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// The spec's "Limits" table: the complexity every implementation supports. The spec lets an
// implementation go beyond them and says it should report an error when it does not. A
// shader over one of them compiles for Vulkan, whose devices support more, with a warning
// that a WebGPU implementation may reject it; Options.WebGPULimits makes the warnings errors.
// The byte-size limits of the private, function, workgroup and immediate address spaces are
// layout.Limit.
const (
	maxStructMembers  = 1023 // members in a structure type
	maxNestDepth      = 15   // NestDepth of a composite type
	maxBraceDepth     = 127  // nesting of brace-enclosed statements in a function
	maxParams         = 255  // formal parameters of a function
	maxCaseSelectors  = 1023 // case selector values of a switch, default included
	maxArrayCtorElems = 2047 // elements of an array value constructor
)

// What SPIR-V cannot express, whatever the device: errors on every target. The counts are
// the universal limits of the SPIR-V specification ("Universal Limits"), which spirv-val
// enforces; a byte count larger than layout.MaxBytes does not fit the 32-bit sizes of
// Vulkan's limits (maxComputeSharedMemorySize) and SPIR-V's Offset decorations.
const (
	spirvStructMembers = 16383     // members of an OpTypeStruct
	spirvNestDepth     = 255       // nesting of structures (counted here as WGSL's NestDepth, which is deeper)
	spirvParams        = 255       // parameters of an OpTypeFunction
	spirvSwitchCases   = 16383     // (literal, label) pairs of an OpSwitch
	spirvOperands      = 65535 - 3 // operands of an OpCompositeConstruct: an instruction has at most 65535 words
)

// The default limits of the WebGPU API that a shader's declarations decide (WebGPU
// "Limits"), applied with Options.WebGPULimits only: Vulkan devices set their own.
const (
	webgpuBindGroups       = 4    // maxBindGroups
	webgpuBindingsPerGroup = 1000 // maxBindingsPerBindGroup
	webgpuInterStageVars   = 16   // maxInterStageShaderVariables
	webgpuVertexAttributes = 16   // maxVertexAttributes
	webgpuColorAttachments = 8    // maxColorAttachments
)

// WebGPUWorkgroupSize and WebGPUWorkgroupInvocations are WebGPU's default
// maxComputeWorkgroupSizeX, Y and Z, and maxComputeInvocationsPerWorkgroup.
var WebGPUWorkgroupSize = [3]int64{256, 256, 64}

const WebGPUWorkgroupInvocations = 256

// MaxLocation bounds @location: Vulkan's interface limits (maxVertexOutputComponents and
// the like) count four components per location in 32 bits, so no device has more locations,
// and spirv-val wraps around beyond it.
const MaxLocation = 1<<30 - 1

// MaxWorkgroupInvocations bounds the product of the dimensions of @workgroup_size: Vulkan's
// maxComputeWorkGroupInvocations is a 32-bit count. The checker applies it to
// const-expressions, transform.SubstituteOverrides (given it by the compiler) to the
// override-expressions that --override values make known.
const MaxWorkgroupInvocations = 1<<32 - 1

// overLimit reports a shader that goes beyond one of the spec's limits: a warning that says
// so, or with Options.WebGPULimits an error.
func (c *checker) overLimit(span diag.Span, format string, args ...any) *diag.Diagnostic {
	if c.opts.WebGPULimits {
		return c.errorAt(span, format, args...)
	}
	return c.Warningf(span, format+" (WGSL's portable limit: Vulkan devices allow more, a WebGPU implementation may reject it)", args...)
}

// webgpuLimit reports, with Options.WebGPULimits, a declaration beyond a default limit of the
// WebGPU API.
func (c *checker) webgpuLimit(span diag.Span, format string, args ...any) {
	if c.opts.WebGPULimits {
		c.errorAt(span, format+" (WebGPU's default limit)", args...)
	}
}

// checkStructMembers applies the limits on the number of members of a structure.
func (c *checker) checkStructMembers(d *syntax.StructDecl) {
	switch n := len(d.Members); {
	case n > spirvStructMembers:
		c.errorAt(d.Name.Loc, "structure '%s' has %d members; SPIR-V allows at most %d", d.Name.Name, n, spirvStructMembers)
	case n > maxStructMembers:
		c.overLimit(d.Name.Loc, "structure '%s' has %d members; the limit is %d", d.Name.Name, n, maxStructMembers)
	}
}

// checkParams applies the limit on the number of parameters of a function, which is SPIR-V's
// too.
func (c *checker) checkParams(d *syntax.FuncDecl) {
	if n := len(d.Params); n > maxParams {
		c.errorAt(d.Name.Loc, "function '%s' has %d parameters; the limit is %d (WGSL's and SPIR-V's)", d.Name.Name, n, maxParams)
	}
}

// nestDepth is the spec's NestDepth(t) for a composite type: 1 for a vector, 2 for a matrix,
// one more than the element's for an array, one more than the deepest member's for a
// structure. Other types count 0, so array<f32, 4> is 1 deep like vec4f. Structure depths are
// remembered: structures refer to each other by pointer, so an uncached walk could take time
// exponential in the depth of a (wrong) program.
func (c *checker) nestDepth(t types.Type) int {
	d := 0
	for {
		switch u := t.(type) {
		case *types.Vector:
			return d + 1
		case *types.Matrix:
			return d + 2
		case *types.Array:
			d++
			t = u.Elem
			continue
		case *types.Struct:
			if n, ok := c.structDepth[u]; ok {
				return d + n
			}
			n := 0
			for _, m := range u.Members {
				n = max(n, c.nestDepth(m.Type))
			}
			n++
			if c.structDepth == nil {
				c.structDepth = map[*types.Struct]int{}
			}
			c.structDepth[u] = n
			return d + n
		}
		return d
	}
}

// checkNesting reports a composite type t, spelled or inferred at `at`, that nests deeper
// than the limit, unless one of its components already does (which was reported where that
// component was made): a type too deep is reported once, innermost.
func (c *checker) checkNesting(at diag.Span, t types.Type, what string) {
	c.checkNestingOf(at, t, what, "")
}

// checkNestingOf is checkNesting of what called name (what 'name' in the message), which
// is put together only for the message.
func (c *checker) checkNestingOf(at diag.Span, t types.Type, what, name string) {
	d := c.nestDepth(t)
	if d <= maxNestDepth {
		return
	}
	if name != "" {
		what += " '" + name + "'"
	}
	limit := maxNestDepth
	if d > spirvNestDepth {
		limit = spirvNestDepth
	}
	switch u := t.(type) {
	case *types.Array:
		if c.nestDepth(u.Elem) > limit {
			return
		}
	case *types.Struct:
		for _, m := range u.Members {
			if c.nestDepth(m.Type) > limit {
				return
			}
		}
	}
	if limit == spirvNestDepth {
		c.errorAt(at, "%s has nesting depth %d (%s); SPIR-V allows composite types at most %d deep", what, d, c.nestPath(t), spirvNestDepth)
		return
	}
	c.overLimit(at, "%s has nesting depth %d (%s); composite types nest at most %d deep", what, d, c.nestPath(t), maxNestDepth)
}

// nestPath spells how a composite type nests: the chain of its deepest components, with each
// structure named and runs of arrays counted, as in "3 arrays of struct S of vec2".
func (c *checker) nestPath(t types.Type) string {
	var parts []string
	for {
		switch u := t.(type) {
		case *types.Vector:
			return strings.Join(append(parts, u.String()), " of ")
		case *types.Matrix:
			return strings.Join(append(parts, u.String()), " of ")
		case *types.Array:
			n := 0
			for a, ok := t.(*types.Array); ok; a, ok = t.(*types.Array) {
				n++
				t = a.Elem
			}
			if n == 1 {
				parts = append(parts, "array")
			} else {
				parts = append(parts, strconv.Itoa(n)+" arrays")
			}
			continue
		case *types.Struct:
			parts = append(parts, "structure "+u.Name)
			deepest, best := types.Type(nil), 0
			for _, m := range u.Members {
				if d := c.nestDepth(m.Type); d > best {
					deepest, best = m.Type, d
				}
			}
			if deepest == nil {
				return strings.Join(parts, " of ")
			}
			t = deepest
			continue
		}
		return strings.Join(append(parts, t.String()), " of ")
	}
}

// enterBraces is called when a function body or a statement's braces open at span: it
// reports the outermost braces of a function that nest deeper than the limit. Every '{' of
// a statement counts, the function body's included, and so does a switch's, which holds its
// clauses; an else-if chain does not nest (the grammar makes it a list). leaveBraces is called
// when they close.
func (c *checker) enterBraces(span diag.Span) {
	c.fn.braces++
	if c.fn.braces == maxBraceDepth+1 {
		c.overLimit(span, "statements nest %d braces deep here; a function may nest them at most %d deep", c.fn.braces, maxBraceDepth)
	}
}

func (c *checker) leaveBraces() { c.fn.braces-- }

// checkCaseSelectors applies the limit on the case selectors of a switch: the number of case
// values of every clause, `default` included.
func (c *checker) checkCaseSelectors(s *syntax.SwitchStmt) {
	n := 0
	for _, cl := range s.Clauses {
		n += len(cl.Selectors)
	}
	switch {
	case n > spirvSwitchCases:
		c.errorf(s, "switch has %d case selectors (default included); SPIR-V allows at most %d", n, spirvSwitchCases)
	case n > maxCaseSelectors:
		c.overLimit(s.Span(), "switch has %d case selectors (default included); the limit is %d", n, maxCaseSelectors)
	}
}

// checkArrayConstructor applies the limits to a value constructor of array type t: the
// number of its elements, and, when the type is inferred from them (array(e1, ...)), its
// nesting depth, which no type expression has been checked for.
func (c *checker) checkArrayConstructor(e *syntax.CallExpr, t *types.Array, inferred bool) {
	switch n := len(e.Args); {
	case n > spirvOperands:
		c.errorf(e, "array value constructor has %d elements; SPIR-V allows at most %d (an instruction has at most 65535 words)", n, spirvOperands)
	case n > maxArrayCtorElems:
		c.overLimit(e.Span(), "array value constructor has %d elements; the limit is %d", n, maxArrayCtorElems)
	}
	if inferred {
		c.checkNesting(e.Span(), t, "the type of this array value constructor")
	}
}

// checkVarSize applies the byte-size limits that concern one declaration: that of an
// immediate variable, and the combined size of the variables declared in one function.
// The private and workgroup limits concern a shader; see checkShaderMemory.
func (c *checker) checkVarSize(d *syntax.VarDecl, v *Var) {
	switch {
	case v.Space == types.AddrImmediate && v.Global:
		if size, limit := c.prog.Layouts.SizeOf(v.Type), layout.Limit(types.AddrImmediate); size > limit {
			c.overLimit(varTypeSpan(d), "immediate variable '%s' takes %d bytes; the limit is %d", v.name, size, limit)
		}
	case v.Space == types.AddrFunction && !v.Global && c.fn != nil:
		_, size := c.alignSize(v.Type)
		before := c.fn.varBytes
		c.fn.varBytes = sizeAdd(c.fn.varBytes, size)
		limit := layout.Limit(types.AddrFunction)
		switch {
		case before > limit || c.fn.varBytes <= limit:
		case before == 0:
			c.overLimit(varTypeSpan(d), "variable '%s' takes %d bytes; the limit is %d bytes for the variables of a function", v.name, size, limit)
		default:
			c.overLimit(varTypeSpan(d), "the variables of function '%s' take %d bytes with '%s' (%d bytes); the limit is %d bytes for the variables of a function",
				c.fn.fn.name, c.fn.varBytes, v.name, size, limit)
		}
	}
}

// alignSize is AlignOf(t) and SizeOf(t) as layout computes them, without recording a layout
// for each array type of a function variable: the checker makes one per array type
// expression, and the lowering lays out only those it needs.
func (c *checker) alignSize(t types.Type) (align, size int) {
	a, ok := t.(*types.Array)
	if !ok || a.Count <= 0 {
		return c.prog.Layouts.AlignOf(t), c.prog.Layouts.SizeOf(t)
	}
	ea, es := c.alignSize(a.Elem)
	ea = max(ea, 1)
	stride := a.Stride
	if stride <= 0 {
		stride = sizeAdd(es, ea-1) / ea * ea
	}
	if stride != 0 && a.Count > sizeCap/stride {
		return ea, sizeCap
	}
	return ea, a.Count * stride
}

// sizeCap is where byte-sizes saturate, as in layout: far beyond any limit, far from overflow.
const sizeCap = int(^uint(0) >> 2)

func sizeAdd(a, b int) int { return min(a+b, sizeCap) }

func varTypeSpan(d *syntax.VarDecl) diag.Span {
	if d.Type != nil {
		return d.Type.Span()
	}
	return d.Name.Loc
}

// checkShaderMemory applies the limits on the combined byte-size of the private and of the
// workgroup variables a shader statically accesses: f.Globals, the variables its functions
// name. An override-sized workgroup array counts one element: its size is known only at
// pipeline creation, where the spec checks the limit with the override's value, but a
// shader that exceeds it with the smallest count exceeds it with every count.
func (c *checker) checkShaderMemory(f *Func) {
	var private, workgroup int
	for _, g := range f.Globals {
		if v, ok := g.(*Var); ok {
			switch v.Space {
			case types.AddrPrivate:
				private = sizeAdd(private, c.prog.ShaderVarSize(v))
			case types.AddrWorkgroup:
				workgroup = sizeAdd(workgroup, c.prog.ShaderVarSize(v))
			}
		}
	}
	c.reportShaderMemory(f, types.AddrPrivate, private)
	c.reportShaderMemory(f, types.AddrWorkgroup, workgroup)
}

// ShaderVarSize is a module-scope variable's byte-size for the shader limits, its smallest
// (one element) when override-sized.
func (p *Program) ShaderVarSize(v *Var) int {
	size := p.Layouts.SizeOf(v.Type)
	if a, ok := v.Type.(*types.Array); ok && a.IsOverrideSized() {
		size = p.Layouts.ArrayStride(a)
	}
	return size
}

func (c *checker) reportShaderMemory(f *Func, space types.AddressSpace, total int) {
	limit := layout.Limit(space)
	if total <= limit {
		return
	}
	var e *diag.Diagnostic
	if space == types.AddrWorkgroup && int64(total) > layout.MaxBytes {
		e = c.errorAt(f.span, "entry point '%s' uses %d bytes of %s variables; no Vulkan device allows more than %d (maxComputeSharedMemorySize is 32-bit)",
			f.name, total, space, layout.MaxBytes)
	} else {
		e = c.overLimit(f.span, "entry point '%s' uses %d bytes of %s variables; the limit is %d", f.name, total, space, limit)
	}
	const maxNotes = 4
	n := 0
	for _, g := range f.Globals {
		if v, ok := g.(*Var); ok && v.Space == space {
			if n < maxNotes {
				c.note(e, v.span, "'%s' takes %d bytes", v.name, c.prog.ShaderVarSize(v))
			}
			n++
		}
	}
	if n > maxNotes {
		c.note(e, f.span, "and %d more %s variables", n-maxNotes, space)
	}
}
