package spirv

import (
	"fmt"
	"math/bits"
	"slices"
	"sync"
)

// Builder assembles one SPIR-V module. The zero value is not usable; call
// NewBuilder. A Builder is not safe for concurrent use.
//
// Misuse that can only come from a bug in the caller (emitting into a
// terminated block, a missing result type, ...) panics. Limits of the binary
// format that input can reach (an instruction longer than 65535 words) are
// reported by Err.
type Builder struct {
	version Version
	nextID  ID

	capabilities []Capability
	capSet       map[Capability]struct{}
	extensions   []string
	extSet       map[string]struct{}
	extImports   []uint32
	extImportIDs map[string]ID

	addressing AddressingModel
	memory     MemoryModel

	// Sections in logical-layout order after the memory model.
	entryPoints []uint32
	execModes   []uint32
	debugSource []uint32 // OpString, OpSourceExtension, OpSource, OpSourceContinued
	debugNames  []uint32 // OpName, OpMemberName
	debugProc   []uint32 // OpModuleProcessed
	annotations []uint32
	globals     []uint32   // types, constants, global variables, OpUndef
	functions   [][]uint32 // finished functions in the order they ended, in chunks

	types     map[typeKey]ID
	typesLong map[string]ID // function types and keyed structs
	scalars   map[ID]scalarInfo
	consts    map[constKey]ID
	constLong map[string]ID // composites
	strings   map[string]ID // OpString

	openFuncs int
	freeFuncs []funcBuffers
	err       error

	// pre and secs are the scratch of sections.
	pre  []uint32
	secs [][]uint32
}

// NewBuilder returns a builder for a module of the given SPIR-V version with
// the Logical addressing model and the GLSL450 memory model.
func NewBuilder(v Version) *Builder {
	b, _ := builders.Get().(*Builder)
	if b == nil {
		b = &Builder{}
	}
	b.version, b.nextID = v, 1
	b.addressing, b.memory = AddressingModelLogical, MemoryModelGLSL450
	// The maps most modules leave empty (extensions, strings, long keys) are made on their
	// first entry.
	if b.capSet == nil {
		b.capSet = map[Capability]struct{}{}
	}
	if b.types == nil {
		b.types = map[typeKey]ID{}
	}
	if b.scalars == nil {
		b.scalars = map[ID]scalarInfo{}
	}
	if b.consts == nil {
		b.consts = map[constKey]ID{}
	}
	return b
}

// builders keeps the builders that Release gave back, their sections emptied and their
// maps cleared: a process that compiles many shaders (a batch, a build tool, a server)
// fills the same memory again rather than growing new sections and maps one append at a
// time and collecting the old ones.
var builders sync.Pool // of *Builder

// Past these sizes a released builder's section or map is dropped rather than kept: the
// next module is most often smaller, and clearing a large map costs as much as its size.
const (
	maxPooledSection = 1 << 16 // words
	maxPooledMap     = 1 << 12 // entries
)

// pooledSection returns s emptied for the next builder, or nil when it is too large to keep.
func pooledSection(s []uint32) []uint32 {
	if cap(s) > maxPooledSection {
		return nil
	}
	return s[:0]
}

// pooledMap returns m cleared for the next builder, or nil when it is too large to keep.
func pooledMap[K comparable, V any](m map[K]V) map[K]V {
	if len(m) > maxPooledMap {
		return nil
	}
	clear(m)
	return m
}

// Version returns the SPIR-V version the module is built for.
func (b *Builder) Version() Version { return b.version }

// NewID allocates a fresh result id, for values that must be referenced
// before they are defined (branch targets, loop-carried phi operands,
// forward function calls).
func (b *Builder) NewID() ID {
	id := b.nextID
	b.nextID++
	return id
}

// Bound returns the id bound: one more than the largest id allocated so far.
func (b *Builder) Bound() uint32 { return b.nextID }

// Err returns the first problem found that makes the module unencodable, or
// a function left open.
func (b *Builder) Err() error {
	if b.err != nil {
		return b.err
	}
	if b.openFuncs != 0 {
		return fmt.Errorf("spirv: %d function(s) begun but not ended", b.openFuncs)
	}
	return nil
}

func (b *Builder) fail(format string, args ...any) {
	if b.err == nil {
		b.err = fmt.Errorf("spirv: "+format, args...)
	}
}

// inst appends one instruction with operands head followed by rest to a
// section.
func (b *Builder) inst(dst *[]uint32, op Op, head []uint32, rest []uint32) {
	n := 1 + len(head) + len(rest)
	if n > maxWordCount {
		b.fail("%v has %d words, more than the 65535 an instruction can hold", op, n)
		return
	}
	*dst = append(append(append(*dst, opWord(op, n)), head...), rest...)
}

// instString appends an instruction whose operands are head followed by the
// literal string s.
func (b *Builder) instString(dst *[]uint32, op Op, s string, head ...uint32) {
	n := 1 + len(head) + stringWords(s)
	if n > maxWordCount {
		b.fail("%v string operand of %d bytes is longer than an instruction can hold", op, len(s))
		return
	}
	*dst = appendString(append(append(*dst, opWord(op, n)), head...), s)
}

// Capability declares a capability. Declaring one twice is harmless.
func (b *Builder) Capability(c Capability) {
	if _, ok := b.capSet[c]; !ok {
		b.capSet[c] = struct{}{}
		b.capabilities = append(b.capabilities, c)
	}
}

// HasCapability reports whether c was declared.
func (b *Builder) HasCapability(c Capability) bool {
	_, ok := b.capSet[c]
	return ok
}

// Extension declares an extension ("SPV_KHR_...").
func (b *Builder) Extension(name string) {
	if _, ok := b.extSet[name]; !ok {
		if b.extSet == nil {
			b.extSet = map[string]struct{}{}
		}
		b.extSet[name] = struct{}{}
		b.extensions = append(b.extensions, name)
	}
}

// ExtInstImport returns the id of the extended instruction set name,
// importing it on first use.
func (b *Builder) ExtInstImport(name string) ID {
	if id, ok := b.extImportIDs[name]; ok {
		return id
	}
	id := b.NewID()
	b.instString(&b.extImports, OpExtInstImport, name, id)
	if b.extImportIDs == nil {
		b.extImportIDs = map[string]ID{}
	}
	b.extImportIDs[name] = id
	return id
}

// GLSLStd450 returns the id of the "GLSL.std.450" instruction set.
func (b *Builder) GLSLStd450() ID { return b.ExtInstImport("GLSL.std.450") }

// SetMemoryModel sets the addressing and memory models. Choosing the Vulkan
// memory model also declares its capability and, before SPIR-V 1.5, its
// extension.
func (b *Builder) SetMemoryModel(a AddressingModel, m MemoryModel) {
	b.addressing, b.memory = a, m
	if m == MemoryModelVulkan {
		b.Capability(CapabilityVulkanMemoryModel)
		if b.version < Version1_5 {
			b.Extension("SPV_KHR_vulkan_memory_model")
		}
	}
}

// EntryPoint declares fn as an entry point. The interface lists the global
// variables the entry point uses: before SPIR-V 1.4 its Input and Output
// variables, from 1.4 on all of them.
func (b *Builder) EntryPoint(model ExecutionModel, fn ID, name string, iface ...ID) {
	n := 3 + stringWords(name) + len(iface)
	if n > maxWordCount {
		b.fail("entry point %q has too many interface variables", name)
		return
	}
	b.entryPoints = append(appendString(append(b.entryPoints, opWord(OpEntryPoint, n), uint32(model), fn), name), iface...)
}

// ExecutionMode declares an execution mode with literal operands, such as
// ExecutionModeLocalSize x y z or ExecutionModeOriginUpperLeft.
func (b *Builder) ExecutionMode(fn ID, mode ExecutionMode, literals ...uint32) {
	b.inst(&b.execModes, OpExecutionMode, []uint32{fn, uint32(mode)}, literals)
}

// ExecutionModeID declares an execution mode whose operands are ids, such as
// ExecutionModeLocalSizeId (OpExecutionModeId, SPIR-V 1.2 and later).
func (b *Builder) ExecutionModeID(fn ID, mode ExecutionMode, ids ...ID) {
	b.inst(&b.execModes, OpExecutionModeId, []uint32{fn, uint32(mode)}, ids)
}

// String returns the id of an OpString holding s (a file name, for OpLine
// and OpSource). Equal strings share one id.
func (b *Builder) String(s string) ID {
	if id, ok := b.strings[s]; ok {
		return id
	}
	id := b.NewID()
	b.instString(&b.debugSource, OpString, s, id)
	if b.strings == nil {
		b.strings = map[string]ID{}
	}
	b.strings[s] = id
	return id
}

// Source records the source language and, when file is not 0, the OpString
// naming the file and the source text itself (when not empty). Long texts are
// split over OpSourceContinued instructions at UTF-8 character boundaries.
func (b *Builder) Source(lang SourceLanguage, version uint32, file ID, text string) {
	head := []uint32{uint32(lang), version}
	if file != 0 {
		head = append(head, file)
	} else if text != "" {
		b.fail("OpSource text needs a file operand")
		return
	}
	if text == "" {
		b.inst(&b.debugSource, OpSource, head, nil)
		return
	}
	op := OpSource
	for text != "" {
		// Leave room for the opcode word, the head and the NUL.
		limit := (maxWordCount-1-len(head))*4 - 1
		chunk := text
		if len(chunk) > limit {
			chunk = chunk[:limit]
			for i := len(chunk); i > len(chunk)-4 && i > 0; i-- {
				if c := text[i]; c < 0x80 || c >= 0xc0 { // text[i] starts a character
					chunk = text[:i]
					break
				}
			}
		}
		b.instString(&b.debugSource, op, chunk, head...)
		text = text[len(chunk):]
		op, head = OpSourceContinued, nil
	}
}

// SourceExtension records an OpSourceExtension (e.g. an enabled WGSL
// extension).
func (b *Builder) SourceExtension(s string) {
	b.instString(&b.debugSource, OpSourceExtension, s)
}

// Name gives id a debug name.
func (b *Builder) Name(id ID, name string) {
	b.instString(&b.debugNames, OpName, name, id)
}

// MemberName gives a member of struct type st a debug name.
func (b *Builder) MemberName(st ID, member uint32, name string) {
	b.instString(&b.debugNames, OpMemberName, name, st, member)
}

// ModuleProcessed records a processing step (OpModuleProcessed).
func (b *Builder) ModuleProcessed(s string) {
	b.instString(&b.debugProc, OpModuleProcessed, s)
}

// Decorate decorates id; args are the decoration's literal operands.
func (b *Builder) Decorate(id ID, d Decoration, args ...uint32) {
	b.inst(&b.annotations, OpDecorate, []uint32{id, uint32(d)}, args)
}

// MemberDecorate decorates member of struct type st.
func (b *Builder) MemberDecorate(st ID, member uint32, d Decoration, args ...uint32) {
	b.inst(&b.annotations, OpMemberDecorate, []uint32{st, member, uint32(d)}, args)
}

// Variable declares a module-scope variable of pointer type ptrType in
// storage class sc, with an optional initializer (0 for none).
func (b *Builder) Variable(ptrType ID, sc StorageClass, init ID) ID {
	id := b.NewID()
	if init != 0 {
		b.globals = append(b.globals, opWord(OpVariable, 5), ptrType, id, uint32(sc), init)
	} else {
		b.globals = append(b.globals, opWord(OpVariable, 4), ptrType, id, uint32(sc))
	}
	return id
}

// Global appends an arbitrary instruction to the types, constants and
// global variables section, without de-duplication, and returns its result
// id (0 if op has none). It is the escape hatch for types and constants the
// builder has no method for.
func (b *Builder) Global(op Op, resultType ID, operands ...uint32) ID {
	return b.appendInst(&b.globals, 0, op, resultType, nil, operands)
}

// appendInst appends op to dst following op's grammar: a result type only if
// op has one, a result id (result, or a fresh one if 0) only if op defines
// one, then the operands head and rest. It returns the result id.
func (b *Builder) appendInst(dst *[]uint32, result ID, op Op, resultType ID, head, rest []uint32) ID {
	in := op.info()
	if in == nil {
		panic(fmt.Sprintf("spirv: unknown opcode %d", op))
	}
	n := 1 + len(head) + len(rest)
	if in.hasType {
		if resultType == 0 {
			panic(fmt.Sprintf("spirv: %v needs a result type", op))
		}
		n++
	} else if resultType != 0 {
		panic(fmt.Sprintf("spirv: %v has no result type", op))
	}
	if in.hasResult {
		if result == 0 {
			result = b.NewID()
		}
		n++
	} else if result != 0 {
		panic(fmt.Sprintf("spirv: %v has no result id", op))
	}
	if n > maxWordCount {
		b.fail("%v has %d words, more than the 65535 an instruction can hold", op, n)
		return result
	}
	w := append(*dst, opWord(op, n))
	if in.hasType {
		w = append(w, resultType)
	}
	if in.hasResult {
		w = append(w, result)
	}
	*dst = append(append(w, head...), rest...)
	return result
}

// Ended functions are copied into chunks of the function section, never moved again, so a
// large module costs no re-copying as the section grows. The chunks double from
// firstFunctionChunk to maxFunctionChunk words, so a small module does not pay for clearing
// a large one's.
const (
	firstFunctionChunkLog = 8
	maxFunctionChunkLog   = 16
	firstFunctionChunk    = 1 << firstFunctionChunkLog
	maxFunctionChunk      = 1 << maxFunctionChunkLog
)

// functionSpace returns the function section's last chunk with room for n
// more words.
func (b *Builder) functionSpace(n int) *[]uint32 {
	k := len(b.functions)
	if k > 0 && cap(b.functions[k-1])-len(b.functions[k-1]) >= n {
		return &b.functions[k-1]
	}
	size := firstFunctionChunk
	if k > 0 {
		size = min(2*cap(b.functions[k-1]), maxFunctionChunk)
	}
	size = max(n, size)
	var chunk []uint32
	if c := chunkClass(size); c >= 0 {
		if p, _ := functionChunks[c].Get().(*[]uint32); p != nil {
			chunk = (*p)[:0]
		}
	}
	if chunk == nil {
		chunk = make([]uint32, 0, size)
	}
	b.functions = append(b.functions, chunk)
	return &b.functions[len(b.functions)-1]
}

// functionChunks keeps the chunks of the function section that finished builders gave back
// (Release), a pool per chunk size: a process that compiles many shaders (a batch, a build
// tool, a server) fills the same memory again, warm in the cache, rather than allocating and
// clearing new chunks and collecting the old ones. Words hold no pointers and a chunk is
// appended to from length 0, so nothing needs clearing.
var functionChunks [maxFunctionChunkLog - firstFunctionChunkLog + 1]sync.Pool // of *[]uint32

// chunkClass is the index in functionChunks of the chunks of capacity n, or -1 for a size
// that is not pooled (a chunk made for one function larger than maxFunctionChunk).
func chunkClass(n int) int {
	if n < firstFunctionChunk || n > maxFunctionChunk || n&(n-1) != 0 {
		return -1
	}
	return bits.Len(uint(n)) - 1 - firstFunctionChunkLog
}

// Release gives the builder's memory (its sections, tables and function section) to the
// builders that come after it in the process; b must not be used afterwards. Words and
// Bytes copy what they return: their results stay valid.
func (b *Builder) Release() {
	for _, f := range b.functions {
		if c := chunkClass(cap(f)); c >= 0 {
			f = f[:0]
			functionChunks[c].Put(&f)
		}
	}
	clear(b.extensions)
	free := b.freeFuncs[:0]
	for _, f := range b.freeFuncs {
		if cap(f.body) <= maxPooledSection {
			free = append(free, f)
		}
	}
	clear(b.freeFuncs[len(free):])
	*b = Builder{
		capabilities: b.capabilities[:0],
		capSet:       pooledMap(b.capSet),
		extensions:   b.extensions[:0],
		extSet:       pooledMap(b.extSet),
		extImports:   pooledSection(b.extImports),
		extImportIDs: pooledMap(b.extImportIDs),
		entryPoints:  pooledSection(b.entryPoints),
		execModes:    pooledSection(b.execModes),
		debugSource:  pooledSection(b.debugSource),
		debugNames:   pooledSection(b.debugNames),
		debugProc:    pooledSection(b.debugProc),
		annotations:  pooledSection(b.annotations),
		globals:      pooledSection(b.globals),
		functions:    b.functions[:0],
		types:        pooledMap(b.types),
		typesLong:    pooledMap(b.typesLong),
		scalars:      pooledMap(b.scalars),
		consts:       pooledMap(b.consts),
		constLong:    pooledMap(b.constLong),
		strings:      pooledMap(b.strings),
		freeFuncs:    free,
		pre:          pooledSection(b.pre),
		secs:         b.secs[:0],
	}
	clear(b.functions[:cap(b.functions)])
	clear(b.secs[:cap(b.secs)])
	builders.Put(b)
}

// sections returns the module after the header in logical-layout order, as
// slices to concatenate.
func (b *Builder) sections() [][]uint32 {
	// Only the output's order matters: sorting in place keeps the sets as they were.
	slices.Sort(b.capabilities)
	slices.Sort(b.extensions)
	pre := b.pre[:0]
	for _, c := range b.capabilities {
		pre = append(pre, opWord(OpCapability, 2), uint32(c))
	}
	for _, e := range b.extensions {
		pre = appendString(append(pre, opWord(OpExtension, 1+stringWords(e))), e)
	}
	pre = append(pre, b.extImports...)
	pre = append(pre, opWord(OpMemoryModel, 3), uint32(b.addressing), uint32(b.memory))
	b.pre = pre
	b.secs = append(b.secs[:0], pre, b.entryPoints, b.execModes, b.debugSource, b.debugNames, b.debugProc, b.annotations, b.globals)
	b.secs = append(b.secs, b.functions...)
	return b.secs
}

func (b *Builder) header() [5]uint32 {
	return [5]uint32{MagicNumber, uint32(b.version), Generator, b.nextID, 0}
}

// Words returns the module: header, then the sections in logical-layout
// order. The result is a new slice; the builder can go on being used.
func (b *Builder) Words() []uint32 {
	secs := b.sections()
	n := 5
	for _, s := range secs {
		n += len(s)
	}
	h := b.header()
	w := append(make([]uint32, 0, n), h[:]...)
	for _, s := range secs {
		w = append(w, s...)
	}
	return w
}

// Bytes returns Words as little-endian bytes, the form of a .spv file.
func (b *Builder) Bytes() []byte {
	secs := b.sections()
	n := 5
	for _, s := range secs {
		n += len(s)
	}
	h := b.header()
	out := appendWordsLE(make([]byte, 0, 4*n), h[:])
	for _, s := range secs {
		out = appendWordsLE(out, s)
	}
	return out
}
