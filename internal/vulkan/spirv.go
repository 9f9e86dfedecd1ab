package vulkan

import (
	"encoding/binary"
	"fmt"
	"math/bits"
	"strings"
)

const spirvMagic = 0x07230203

// Words turns a .spv file into SPIR-V words, in either byte order.
func Words(b []byte) ([]uint32, error) {
	if len(b)%4 != 0 {
		return nil, fmt.Errorf("vulkan: SPIR-V is %d bytes, not a multiple of 4", len(b))
	}
	if len(b) < 20 {
		return nil, fmt.Errorf("vulkan: SPIR-V is %d bytes, shorter than its 20-byte header", len(b))
	}
	words := make([]uint32, len(b)/4)
	for i := range words {
		words[i] = binary.LittleEndian.Uint32(b[4*i:])
	}
	switch words[0] {
	case spirvMagic:
	case bits.ReverseBytes32(spirvMagic):
		for i, w := range words {
			words[i] = bits.ReverseBytes32(w)
		}
	default:
		return nil, fmt.Errorf("vulkan: not SPIR-V: magic number %#08x", words[0])
	}
	return words, nil
}

// SPIR-V opcodes, storage classes and decorations the scan reads.
const (
	opName             = 5
	opEntryPoint       = 15
	opTypeImage        = 25
	opTypeSampler      = 26
	opTypeSampledImage = 27
	opTypeArray        = 28
	opTypeRuntimeArray = 29
	opTypeStruct       = 30
	opTypePointer      = 32
	opVariable         = 59
	opDecorate         = 71

	scUniformConstant = 0
	scUniform         = 2
	scStorageBuffer   = 12

	decBlock         = 2
	decBufferBlock   = 3
	decBinding       = 33
	decDescriptorSet = 34

	execVertex    = 0
	execFragment  = 4
	execGLCompute = 5
	dimBuffer     = 5
	dimSubpass    = 6
)

// resourceClass is what SPIR-V can tell about a descriptor: read-only versus
// read-write storage and comparison versus plain samplers look the same.
type resourceClass int

const (
	classUnknown resourceClass = iota
	classUniformBuffer
	classStorageBuffer
	classStorageImage
	classSampledImage
	classSampler
	classCombined
)

func (c resourceClass) String() string {
	return [...]string{"resource of an unsupported kind", "uniform buffer", "storage buffer", "storage image",
		"sampled image", "sampler", "combined image sampler"}[c]
}

func (c resourceClass) accepts(k BindingKind) bool {
	switch c {
	case classUniformBuffer:
		return k == UniformBuffer
	case classStorageBuffer:
		return k == StorageBuffer || k == ReadOnlyStorageBuffer
	case classStorageImage:
		return k == StorageImage
	case classSampledImage:
		return k == SampledImage
	case classSampler:
		return k == Sampler || k == ComparisonSampler
	case classCombined:
		return k == CombinedImageSampler
	}
	return false
}

type resource struct {
	slot  Slot
	name  string
	class resourceClass
	used  bool // listed in the entry point's interface (SPIR-V 1.4+ lists every global it uses)
	ms    bool // a multisampled image
}

type module struct {
	version   uint32 // 0x00MMmm00
	resources []resource
}

// literalString decodes a nul-terminated SPIR-V string starting at words[0]
// and returns it with the number of words it occupies.
func literalString(words []uint32) (string, int) {
	var sb strings.Builder
	for i, w := range words {
		for s := 0; s < 32; s += 8 {
			c := byte(w >> s)
			if c == 0 {
				return sb.String(), i + 1
			}
			sb.WriteByte(c)
		}
	}
	return sb.String(), len(words)
}

// entryPoint is an entry point a run needs: its name and execution model.
type entryPoint struct {
	name  string
	model uint32
}

var modelNames = map[uint32]string{execVertex: "Vertex", execFragment: "Fragment", execGLCompute: "GLCompute"}

// scan reads the resources of a module and checks that it has the entry points a run
// needs; a resource is used when one of them lists it.
func scan(words []uint32, want ...entryPoint) (*module, error) {
	if len(words) < 5 || words[0] != spirvMagic {
		return nil, fmt.Errorf("not SPIR-V: want the magic number %#08x first", spirvMagic)
	}
	m := &module{version: words[1]}
	var (
		names    = map[uint32]string{}
		sets     = map[uint32]uint32{}
		bindings = map[uint32]uint32{}
		blocks   = map[uint32]int{} // struct id → decBlock or decBufferBlock
		types    = map[uint32][]uint32{}
		vars     [][]uint32
		entries  []string
		iface    = map[uint32]bool{}
		found    = map[entryPoint]bool{}
	)
	for i := 5; i < len(words); {
		count, op := int(words[i]>>16), words[i]&0xffff
		if count == 0 || i+count > len(words) {
			return nil, fmt.Errorf("malformed SPIR-V: instruction at word %d has word count %d", i, count)
		}
		inst := words[i : i+count]
		i += count
		switch op {
		case opName:
			if len(inst) >= 3 {
				names[inst[1]], _ = literalString(inst[2:])
			}
		case opEntryPoint:
			if len(inst) < 4 {
				continue
			}
			name, n := literalString(inst[3:])
			model := modelNames[inst[1]]
			if model == "" {
				model = fmt.Sprintf("execution model %d", inst[1])
			}
			entries = append(entries, fmt.Sprintf("%q (%s)", name, model))
			for _, w := range want {
				if name == w.name && inst[1] == w.model {
					found[w] = true
					for _, id := range inst[3+n:] {
						iface[id] = true
					}
				}
			}
		case opDecorate:
			if len(inst) < 3 {
				continue
			}
			switch inst[2] {
			case decBlock, decBufferBlock:
				blocks[inst[1]] = int(inst[2])
			case decDescriptorSet:
				if len(inst) >= 4 {
					sets[inst[1]] = inst[3]
				}
			case decBinding:
				if len(inst) >= 4 {
					bindings[inst[1]] = inst[3]
				}
			}
		case opTypeImage, opTypeSampler, opTypeSampledImage, opTypeArray, opTypeRuntimeArray, opTypeStruct,
			opTypePointer:
			if len(inst) >= 2 {
				types[inst[1]] = inst
			}
		case opVariable:
			if len(inst) >= 4 {
				vars = append(vars, inst)
			}
		}
	}
	for _, w := range want {
		if found[w] {
			continue
		}
		if len(entries) == 0 {
			return nil, fmt.Errorf("the module has no entry points")
		}
		return nil, fmt.Errorf("no %s entry point %q; the module has %s", modelNames[w.model], w.name, strings.Join(entries, ", "))
	}
	for _, v := range vars {
		typeID, id, storage := v[1], v[2], v[3]
		set, hasSet := sets[id]
		binding, hasBinding := bindings[id]
		if !hasSet || !hasBinding {
			continue
		}
		class, ms := classUnknown, false
		if ptr := types[typeID]; len(ptr) >= 4 && ptr[0]&0xffff == opTypePointer {
			class = classify(types, blocks, storage, ptr[3])
			ms = multisampled(types, ptr[3])
		}
		name := names[id]
		if name == "" {
			name = fmt.Sprintf("%%%d", id)
		}
		m.resources = append(m.resources, resource{slot: Slot{set, binding}, name: name, class: class, used: iface[id], ms: ms})
	}
	return m, nil
}

func classify(types map[uint32][]uint32, blocks map[uint32]int, storage, pointee uint32) resourceClass {
	t := types[pointee]
	for len(t) >= 3 && (t[0]&0xffff == opTypeArray || t[0]&0xffff == opTypeRuntimeArray) {
		t = types[t[2]]
	}
	if len(t) < 2 {
		return classUnknown
	}
	switch storage {
	case scStorageBuffer:
		return classStorageBuffer
	case scUniform:
		switch blocks[t[1]] {
		case decBlock:
			return classUniformBuffer
		case decBufferBlock:
			return classStorageBuffer
		}
	case scUniformConstant:
		switch t[0] & 0xffff {
		case opTypeSampler:
			return classSampler
		case opTypeSampledImage:
			return classCombined
		case opTypeImage:
			if len(t) < 9 || t[3] == dimBuffer || t[3] == dimSubpass {
				return classUnknown
			}
			switch t[7] { // Sampled: 1 with a sampler, 2 as a storage image
			case 1:
				return classSampledImage
			case 2:
				return classStorageImage
			}
		}
	}
	return classUnknown
}

// multisampled reports whether the type (or the element of an array of it)
// is an OpTypeImage with MS 1.
func multisampled(types map[uint32][]uint32, pointee uint32) bool {
	t := types[pointee]
	for len(t) >= 3 && (t[0]&0xffff == opTypeArray || t[0]&0xffff == opTypeRuntimeArray) {
		t = types[t[2]]
	}
	return len(t) >= 9 && t[0]&0xffff == opTypeImage && t[6] == 1
}

// checkBindings compares the caller's bindings with the module's resources.
// A wrong kind is what makes drivers crash, so it is an error before any
// Vulkan call; so is a missing binding the entry point uses (known exactly
// from SPIR-V 1.4 on, where the entry point lists every global it uses).
func (m *module) checkBindings(bs []Binding) error {
	given := map[Slot]*Binding{}
	for i := range bs {
		given[bs[i].slot()] = &bs[i]
	}
	var errs []string
	for _, r := range m.resources {
		b, ok := given[r.slot]
		switch {
		case !ok && r.used && m.version >= 0x00010400:
			errs = append(errs, fmt.Sprintf("%v: the shader uses %s (a %v) but the Run has no binding there",
				r.slot, r.name, r.class))
		case ok && !r.class.accepts(b.Kind):
			errs = append(errs, fmt.Sprintf("%v: the Run binds a %v but the shader declares %s as a %v",
				r.slot, b.Kind, r.name, r.class))
		case ok && b.Image != nil && r.ms != (b.Image.Samples > 1):
			what := map[bool]string{false: "single-sampled", true: "multisampled"}
			errs = append(errs, fmt.Sprintf("%v: the Run binds a %s image but the shader declares %s %s",
				r.slot, what[b.Image.Samples > 1], r.name, what[r.ms]))
		}
	}
	if len(errs) > 0 {
		return fmt.Errorf("bindings do not match the shader:\n\t%s", strings.Join(errs, "\n\t"))
	}
	return nil
}
