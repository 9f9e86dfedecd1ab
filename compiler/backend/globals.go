package backend

import (
	"slices"
	"strings"

	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/spirv"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// global emits a module-scope variable.
func (e *emitter) global(g *ir.Global) {
	b := e.b
	sc := storageClass(g.Space)
	e.storageCapabilities(g)
	if isBufferSpace(g.Space) && !e.isWrapped(g) {
		e.runtimeSizedBuffer(g)
		return
	}
	if isBufferSpace(g.Space) {
		// Buffers are wrapped in a Block structure of one member, so that any store type
		// works and the store type's own structure may be used elsewhere too.
		inner := e.typeID(g.Type)
		wrapper := b.TypeStruct(inner) // unnamed: the source names the variable only
		b.Decorate(wrapper, spirv.DecorationBlock)
		b.MemberDecorate(wrapper, 0, spirv.DecorationOffset, 0)
		if m := matrixIn(g.Type); m != nil {
			b.MemberDecorate(wrapper, 0, spirv.DecorationColMajor)
			b.MemberDecorate(wrapper, 0, spirv.DecorationMatrixStride, uint32(e.lay.MatrixStride(m)))
		}
		if g.Space == types.AddrStorage && !g.Access.CanWrite() {
			b.MemberDecorate(wrapper, 0, spirv.DecorationNonWritable)
		}
		v := b.Variable(e.ptrTypeID(sc, wrapper), sc, 0)
		e.name(v, g.Name)
		e.binding(g, v)
		if e.wrapped == nil {
			e.wrapped = map[ir.Value]spirv.ID{}
		}
		e.wrapped[g.Value] = v
		e.globalVars[g] = v
		return
	}
	var init spirv.ID
	switch {
	case g.Init != 0:
		init = e.value(g.Init)
	case g.Space == types.AddrPrivate:
		init = b.ConstantNull(e.typeID(g.Type)) // WGSL zero-initialises private variables
	}
	v := b.Variable(e.ptrType(g.Space, g.Type), sc, init)
	e.name(v, g.Name)
	e.binding(g, v)
	e.handleDecorations(g, v)
	e.ids[g.Value] = v
	e.globalVars[g] = v
}

// runtimeSizedBuffer emits a buffer whose store type is a structure ending in a runtime-sized
// array. Vulkan allows runtime-sized arrays only as the last member of the Block structure
// itself (VUID-StandaloneSpirv-OpTypeRuntimeArray-04680), so the structure is the Block, not
// wrapped; it can be nothing else (WGSL has no values of runtime-sized types), and two
// buffers of that type share its decoration. Read-only buffers are NonWritable as variables,
// since the type may serve a read_write buffer too.
func (e *emitter) runtimeSizedBuffer(g *ir.Global) {
	b := e.b
	st := e.typeID(g.Type)
	if !e.blocks[st] {
		if e.blocks == nil {
			e.blocks = map[spirv.ID]bool{}
		}
		e.blocks[st] = true
		b.Decorate(st, spirv.DecorationBlock)
	}
	v := b.Variable(e.ptrType(g.Space, g.Type), storageClass(g.Space), 0)
	e.name(v, g.Name)
	e.binding(g, v)
	if g.Space == types.AddrStorage && !g.Access.CanWrite() {
		b.Decorate(v, spirv.DecorationNonWritable)
	}
	e.ids[g.Value] = v
	e.globalVars[g] = v
}

func (e *emitter) binding(g *ir.Global, v spirv.ID) {
	if g.Binding != nil && g.Space != types.AddrImmediate {
		e.b.Decorate(v, spirv.DecorationDescriptorSet, g.Binding.Group)
		e.b.Decorate(v, spirv.DecorationBinding, g.Binding.Binding)
	}
}

// storageCapabilities declares what 16-bit types in g's storage class need.
func (e *emitter) storageCapabilities(g *ir.Global) {
	if !types.UsesF16(g.Type) {
		return
	}
	var c spirv.Capability
	switch g.Space {
	case types.AddrStorage:
		c = spirv.CapabilityStorageBuffer16BitAccess
	case types.AddrUniform:
		c = spirv.CapabilityUniformAndStorageBuffer16BitAccess
	case types.AddrImmediate:
		c = spirv.CapabilityStoragePushConstant16
	case types.AddrIn, types.AddrOut:
		c = spirv.CapabilityStorageInputOutput16
	default:
		return
	}
	e.b.Capability(c)
	if e.ver < spirv.Version1_3 {
		e.b.Extension("SPV_KHR_16bit_storage")
	}
}

// builtinValue is the SPIR-V built-in of a WGSL built-in value but position (whose built-in
// depends on its address space). A switch, where a map would be built when every process
// starts.
func builtinValue(name string) (spirv.BuiltIn, bool) {
	switch name {
	case "vertex_index":
		return spirv.BuiltInVertexIndex, true
	case "instance_index":
		return spirv.BuiltInInstanceIndex, true
	case "front_facing":
		return spirv.BuiltInFrontFacing, true
	case "frag_depth":
		return spirv.BuiltInFragDepth, true
	case "sample_index":
		return spirv.BuiltInSampleId, true
	case "sample_mask":
		return spirv.BuiltInSampleMask, true
	case "local_invocation_id":
		return spirv.BuiltInLocalInvocationId, true
	case "local_invocation_index":
		return spirv.BuiltInLocalInvocationIndex, true
	case "global_invocation_id":
		return spirv.BuiltInGlobalInvocationId, true
	case "workgroup_id":
		return spirv.BuiltInWorkgroupId, true
	case "num_workgroups":
		return spirv.BuiltInNumWorkgroups, true
	case "subgroup_invocation_id":
		return spirv.BuiltInSubgroupLocalInvocationId, true
	case "subgroup_size":
		return spirv.BuiltInSubgroupSize, true
	case "subgroup_id":
		return spirv.BuiltInSubgroupId, true
	case "num_subgroups":
		return spirv.BuiltInNumSubgroups, true
	case "clip_distances":
		return spirv.BuiltInClipDistance, true
	case "primitive_index":
		return spirv.BuiltInPrimitiveId, true
	}
	return 0, false
}

// ioDecorations decorates a pipeline input or output used by an entry point of stage.
func (e *emitter) ioDecorations(g *ir.Global, v spirv.ID, stage ir.Stage) {
	b := e.b
	io := g.IO
	if io.Builtin != "" {
		bi, ok := builtinValue(io.Builtin)
		if io.Builtin == "position" {
			bi, ok = spirv.BuiltInPosition, true
			if g.Space == types.AddrIn {
				bi = spirv.BuiltInFragCoord
			}
		}
		if !ok {
			e.internal("unknown builtin value %q", io.Builtin)
		}
		switch io.Builtin {
		case "sample_index":
			b.Capability(spirv.CapabilitySampleRateShading)
		case "clip_distances":
			b.Capability(spirv.CapabilityClipDistance)
		case "primitive_index":
			b.Capability(spirv.CapabilityGeometry)
		case "subgroup_invocation_id", "subgroup_size", "subgroup_id", "num_subgroups":
			e.needVersion(spirv.Version1_3, "subgroups")
			b.Capability(spirv.CapabilityGroupNonUniform)
		}
		b.Decorate(v, spirv.DecorationBuiltIn, uint32(bi))
	}
	if io.Location >= 0 {
		b.Decorate(v, spirv.DecorationLocation, uint32(io.Location))
	}
	if io.BlendSrc >= 0 {
		b.Decorate(v, spirv.DecorationIndex, uint32(io.BlendSrc))
	}
	if io.Invariant {
		b.Decorate(v, spirv.DecorationInvariant)
	}
	for _, d := range interpolation(g, stage) {
		if d == spirv.DecorationSample {
			b.Capability(spirv.CapabilitySampleRateShading)
		}
		b.Decorate(v, d)
	}
}

// interpolation is the interpolation decorations of a pipeline input or output used by an
// entry point of stage. They go on vertex outputs and fragment inputs only (Vulkan forbids
// them on vertex inputs and fragment outputs), and Vulkan wants every integer fragment input
// Flat, builtins (sample_index, primitive_index) included.
func interpolation(g *ir.Global, stage ir.Stage) []spirv.Decoration {
	if !(g.Space == types.AddrIn && stage == ir.StageFragment || g.Space == types.AddrOut && stage == ir.StageVertex) {
		return nil
	}
	var ds []spirv.Decoration
	s := types.LeafScalar(g.Type)
	switch {
	case g.IO.Interpolate == "flat" || s != nil && s.IsInteger() && g.Space == types.AddrIn:
		ds = append(ds, spirv.DecorationFlat)
	case g.IO.Interpolate == "linear":
		ds = append(ds, spirv.DecorationNoPerspective)
	}
	switch g.IO.Sampling {
	case "centroid":
		ds = append(ds, spirv.DecorationCentroid)
	case "sample":
		ds = append(ds, spirv.DecorationSample)
	}
	return ds
}

func decorationList(ds []spirv.Decoration) string {
	if len(ds) == 0 {
		return "none"
	}
	names := make([]string, len(ds))
	for i, d := range ds {
		names[i] = d.String()
	}
	return strings.Join(names, " ")
}

func (e *emitter) needVersion(v spirv.Version, what string) {
	if e.ver < v {
		e.fail("%s need SPIR-V %v (target vulkan1.1 or later)", what, v)
	}
}

var executionModels = [...]spirv.ExecutionModel{
	ir.StageVertex:   spirv.ExecutionModelVertex,
	ir.StageFragment: spirv.ExecutionModelFragment,
	ir.StageCompute:  spirv.ExecutionModelGLCompute,
}

// entryPoints declares the entry points with their interfaces and execution modes.
func (e *emitter) entryPoints() {
	b := e.b
	decorated := map[*ir.Global]*ir.Func{} // the entry point each IO variable was decorated for
	for _, f := range e.m.Funcs {
		if f.Stage == ir.StageNone {
			continue
		}
		if len(f.Params) != 0 || f.Result != types.Type(types.VoidType) {
			e.internal("entry point %s has parameters or a result: run transform.ShaderIO first", f.Name)
		}
		e.pos = f.Pos
		fid := e.funcIDs[f]
		var iface []spirv.ID
		var depth *types.IO // the frag_depth output's attributes
		for _, g := range e.usedGlobals(f) {
			io := g.Space == types.AddrIn || g.Space == types.AddrOut
			if io || e.ver >= spirv.Version1_4 {
				iface = append(iface, e.globalVars[g])
			}
			if first := decorated[g]; io && first == nil {
				decorated[g] = f
				e.ioDecorations(g, e.globalVars[g], f.Stage)
			} else if io && !slices.Equal(interpolation(g, first.Stage), interpolation(g, f.Stage)) {
				// Only the 2021 draft's var<in> and var<out> can be shared between stages.
				e.fail("pipeline variable %s is used by the %s entry point %s and the %s entry point %s, which "+
					"need different interpolation decorations in SPIR-V (%s and %s): declare one variable per stage",
					g.Name, first.Stage, first.Name, f.Stage, f.Name, decorationList(interpolation(g, first.Stage)),
					decorationList(interpolation(g, f.Stage)))
			}
			if g.Space == types.AddrOut && g.IO.Builtin == "frag_depth" {
				depth = &g.IO
			}
		}
		b.EntryPoint(executionModels[f.Stage], fid, f.Name, iface...)
		switch f.Stage {
		case ir.StageFragment:
			b.ExecutionMode(fid, spirv.ExecutionModeOriginUpperLeft)
			if depth != nil {
				b.ExecutionMode(fid, spirv.ExecutionModeDepthReplacing)
				// The fragment_depth promise lets the driver keep early depth tests.
				switch depth.DepthMode {
				case "less":
					b.ExecutionMode(fid, spirv.ExecutionModeDepthLess)
				case "greater":
					b.ExecutionMode(fid, spirv.ExecutionModeDepthGreater)
				}
			}
		case ir.StageCompute:
			e.workgroupSize(f, fid)
		}
	}
}

// workgroupSize declares f's workgroup size. Constant sizes become LocalSize. Sizes given by
// overrides become LocalSizeId on SPIR-V 1.6 (Vulkan 1.3 has maintenance4), and before that
// the WorkgroupSize builtin, which sets the size of every compute entry point of the module.
func (e *emitter) workgroupSize(f *ir.Func, fid spirv.ID) {
	b := e.b
	var lit [3]uint32
	spec := false
	for i, v := range f.WorkgroupSize {
		lit[i] = 1
		if v == 0 {
			continue
		}
		if c := e.m.Const(v); c != nil {
			lit[i] = uint32(c.Bits)
		} else {
			spec = true
		}
	}
	if !spec {
		b.ExecutionMode(fid, spirv.ExecutionModeLocalSize, lit[0], lit[1], lit[2])
		return
	}
	var ids [3]spirv.ID
	for i, v := range f.WorkgroupSize {
		switch {
		case v == 0:
			ids[i] = e.constU32(1)
		case e.m.Type(v) == types.Type(types.I32):
			// An i32 override: IAdd with u32 0 reinterprets it (OpSpecConstantOp has no bitcast).
			ids[i] = b.SpecConstantOp(e.u32, spirv.OpIAdd, e.value(v), e.constU32(0))
		default:
			ids[i] = e.value(v)
		}
	}
	if e.ver >= spirv.Version1_6 {
		b.ExecutionModeID(fid, spirv.ExecutionModeLocalSizeId, ids[0], ids[1], ids[2])
		return
	}
	for _, g := range e.m.Funcs {
		if g != f && g.Stage == ir.StageCompute {
			e.fail("entry point %s takes its workgroup size from overrides, which before SPIR-V 1.6 sets the "+
				"size of every compute entry point of the module (%s too): target vulkan1.3 or keep one entry point",
				f.Name, g.Name)
		}
	}
	b.ExecutionMode(fid, spirv.ExecutionModeLocalSize, lit[0], lit[1], lit[2])
	ws := b.SpecConstantComposite(b.TypeVector(e.u32, 3), ids[0], ids[1], ids[2])
	b.Decorate(ws, spirv.DecorationBuiltIn, uint32(spirv.BuiltInWorkgroupSize))
	e.name(ws, "workgroup_size")
}
