package roundtrip

import (
	"bytes"
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	wgslreflect "github.com/wgslgo/wgslgo/compiler/reflect"
	"github.com/wgslgo/wgslgo/gen/wgsl"
	"github.com/wgslgo/wgslgo/internal/interpcheck"
	"github.com/wgslgo/wgslgo/internal/vulkan"
)

// sentinel fills every padding byte before a run: neither the host's encoder nor the shader
// may touch it.
const sentinel = 0xAB

// codec is a Go value with the WGSL layout: a generated structure, or in the negative
// controls a hand-written one.
type codec[T any] interface {
	*T
	Encode([]byte)
	Decode([]byte)
}

// part is one value a shader reads from binding in and writes, derived (2x+1 for every
// scalar), to binding out, both of group 0.
type part struct {
	name    string
	in, out uint32
	input   []byte // the input buffer: the value's bytes, padding holding the sentinel
	want    []byte // the output buffer the shader must leave: the derived value, same padding
	mask    []byte // 0xff on the bytes that hold data, 0 on padding
	// runtimeSized parts have a size of the host's choosing, at least the minimum binding
	// size; the others are exactly that size.
	runtimeSized bool
	// decode reads the output buffer with the Go code under test and compares every field
	// with the derived value.
	decode func(out []byte) []string
}

// value is the part of a fixed-size structure: v encoded with its Encode method.
func value[T any, P codec[T]](t testing.TB, in, out uint32, v T) part {
	t.Helper()
	typ := reflect.TypeFor[T]()
	mask := dataMask(typ)
	encode := func(v T) []byte {
		b := bytes.Repeat([]byte{0xEE}, len(mask)) // Encode must write every byte
		P(&v).Encode(b)
		checkZeroPadding(t, typ.Name(), b, mask)
		if wgsl.LittleEndian {
			if bv, ok := any(&v).(interface{ Bytes() []byte }); ok {
				require.Equal(t, b, bv.Bytes(), "%s: the zero-copy view differs from Encode", typ.Name())
			}
		}
		return withSentinel(b, mask)
	}
	w := derived(v)
	return part{name: typ.Name(), in: in, out: out, input: encode(v), want: encode(w), mask: mask,
		decode: func(b []byte) []string {
			var got T
			P(&got).Decode(b)
			return compare(typ.Name(), reflect.ValueOf(w), reflect.ValueOf(got))
		}}
}

// runtimeArray is the part of a structure ending in a runtime-sized array: header h and
// elements items, written and read with the generated AppendX and DecodeX; off is the
// array's offset, sizeOf the generated XSize.
func runtimeArray[H, E any](t testing.TB, in, out uint32, off int, sizeOf func(int) int,
	appendFn func([]byte, *H, []E) []byte, decodeFn func([]byte) (H, []E, error), h H, items []E) part {
	t.Helper()
	name := reflect.TypeFor[H]().Name()
	size := sizeOf(len(items))
	mask := make([]byte, size)
	copy(mask, dataMask(reflect.TypeFor[H]()))
	elem := dataMask(reflect.TypeFor[E]())
	for i := range items {
		copy(mask[off+i*len(elem):], elem)
	}
	encode := func(h H, items []E) []byte {
		b := appendFn(nil, &h, items)
		require.Len(t, b, size, "%s: Append%s wrote %d bytes, %sSize(%d) says %d", name, name, len(b), name, len(items), size)
		checkZeroPadding(t, name, b, mask)
		return withSentinel(b, mask)
	}
	wh, witems := derived(h), derived(items)
	return part{name: name, in: in, out: out, input: encode(h, items), want: encode(wh, witems), mask: mask,
		runtimeSized: true, decode: func(b []byte) []string {
			gh, gitems, err := decodeFn(b)
			if err != nil {
				return []string{fmt.Sprintf("%s: Decode%s: %v", name, name, err)}
			}
			d := compare(name, reflect.ValueOf(wh), reflect.ValueOf(gh))
			return append(d, compare(name+".items", reflect.ValueOf(witems), reflect.ValueOf(gitems))...)
		}}
}

// elements is the part of a binding that is a runtime-sized array itself (array<E>): the
// elements one after the other, each with its Encode and Decode.
func elements[E any, P codec[E]](t testing.TB, in, out uint32, items []E) part {
	t.Helper()
	name := "[]" + reflect.TypeFor[E]().Name()
	elem := dataMask(reflect.TypeFor[E]())
	stride := len(elem)
	mask := bytes.Repeat(elem, len(items))
	encode := func(items []E) []byte {
		b := make([]byte, len(mask))
		for i := range items {
			P(&items[i]).Encode(b[i*stride:])
		}
		checkZeroPadding(t, name, b, mask)
		if wgsl.LittleEndian {
			require.Equal(t, b, wgsl.SliceBytes(items), "%s: the zero-copy view differs from Encode", name)
		}
		return withSentinel(b, mask)
	}
	witems := derived(items)
	return part{name: name, in: in, out: out, input: encode(items), want: encode(witems), mask: mask,
		runtimeSized: true, decode: func(b []byte) []string {
			got := make([]E, len(b)/stride)
			for i := range got {
				P(&got[i]).Decode(b[i*stride:])
			}
			return compare(name, reflect.ValueOf(witems), reflect.ValueOf(got))
		}}
}

// dataMask returns 0xff for every byte of a Go value of type t that holds data and 0 for
// its padding: blank fields (the generated _ [N]byte) and the gaps Go leaves.
func dataMask(t reflect.Type) []byte {
	mask := make([]byte, t.Size())
	var mark func(t reflect.Type, off uintptr)
	mark = func(t reflect.Type, off uintptr) {
		switch t.Kind() {
		case reflect.Struct:
			for i := range t.NumField() {
				if f := t.Field(i); f.Name != "_" {
					mark(f.Type, off+f.Offset)
				}
			}
		case reflect.Array:
			for i := range t.Len() {
				mark(t.Elem(), off+uintptr(i)*t.Elem().Size())
			}
		case reflect.Float32, reflect.Int32, reflect.Uint32, reflect.Uint16:
			for i := range t.Size() {
				mask[off+i] = 0xff
			}
		default:
			panic(fmt.Sprintf("dataMask: unexpected %v", t))
		}
	}
	mark(t, 0)
	return mask
}

// checkZeroPadding checks that an encoder wrote zeros to the padding, as promised.
func checkZeroPadding(t testing.TB, name string, b, mask []byte) {
	t.Helper()
	for i := range b {
		if mask[i] == 0 && b[i] != 0 {
			t.Fatalf("%s: the encoder wrote %#02x to padding byte %d", name, b[i], i)
		}
	}
}

func withSentinel(b, mask []byte) []byte {
	for i := range b {
		if mask[i] == 0 {
			b[i] = sentinel
		}
	}
	return b
}

// leaves calls fn for every scalar of v (a structure, array or slice of them): exported
// fields, in order, with their Go paths.
func leaves(path string, v reflect.Value, fn func(path string, v reflect.Value)) {
	switch v.Kind() {
	case reflect.Struct:
		for i := range v.NumField() {
			if f := v.Type().Field(i); f.IsExported() {
				leaves(path+"."+f.Name, v.Field(i), fn)
			}
		}
	case reflect.Array, reflect.Slice:
		for i := range v.Len() {
			leaves(fmt.Sprintf("%s[%d]", path, i), v.Index(i), fn)
		}
	default:
		fn(path, v)
	}
}

var f16Type = reflect.TypeFor[wgsl.F16]()

// fill gives every scalar of *p a distinctive value: the n-th scalar of the whole test gets
// one made from n, exact in its type and with 2x+1 exact too; integers go past 2^31, so 2x+1
// wraps as WGSL's does.
func fill[T any](p *T) *T {
	leaves("", reflect.ValueOf(p).Elem(), func(_ string, v reflect.Value) {
		fillCounter++
		n := fillCounter
		switch {
		case v.Type() == f16Type:
			v.SetUint(uint64(wgsl.F16FromFloat32(float32(n%97)*0.5 - 20)))
		case v.Kind() == reflect.Float32:
			v.SetFloat(float64(float32(n)*0.75 - 100))
		case v.Kind() == reflect.Int32:
			v.SetInt(int64(int32(uint32(n) * 0x9E3779B9)))
		case v.Kind() == reflect.Uint32:
			v.SetUint(uint64(uint32(n) * 0x85EBCA6B))
		default:
			panic(fmt.Sprintf("fill: unexpected %v", v.Type()))
		}
	})
	return p
}

var fillCounter int

// derived returns a copy of v with every scalar x replaced by 2x+1, as the shaders compute it.
func derived[T any](v T) T {
	out := reflect.New(reflect.TypeOf(v)).Elem()
	out.Set(reflect.ValueOf(v))
	if out.Kind() == reflect.Slice { // a copy of the elements, not of the slice header
		s := reflect.MakeSlice(out.Type(), out.Len(), out.Len())
		reflect.Copy(s, out)
		out.Set(s)
	}
	leaves("", out, func(_ string, v reflect.Value) {
		switch {
		case v.Type() == f16Type:
			v.SetUint(uint64(wgsl.F16FromFloat32(wgsl.F16(v.Uint()).Float32()*2 + 1)))
		case v.Kind() == reflect.Float32:
			v.SetFloat(float64(float32(v.Float())*2 + 1))
		case v.Kind() == reflect.Int32:
			v.SetInt(int64(int32(v.Int())*2 + 1))
		case v.Kind() == reflect.Uint32:
			v.SetUint(uint64(uint32(v.Uint())*2 + 1))
		}
	})
	return out.Interface().(T)
}

// compare returns a line for every scalar of got that differs from want, bit for bit.
func compare(name string, want, got reflect.Value) []string {
	var wants []reflect.Value
	leaves("", want, func(_ string, v reflect.Value) { wants = append(wants, v) })
	var diffs []string
	i := 0
	leaves(name, got, func(path string, g reflect.Value) {
		if i >= len(wants) {
			diffs = append(diffs, fmt.Sprintf("%s: got %v, want nothing", path, g.Interface()))
			return
		}
		w := wants[i]
		i++
		if bits(g) != bits(w) {
			diffs = append(diffs, fmt.Sprintf("%s: got %v (%#x), want %v (%#x)", path, g.Interface(), bits(g), w.Interface(), bits(w)))
		}
	})
	if i < len(wants) {
		diffs = append(diffs, fmt.Sprintf("%s: %d scalars missing", name, len(wants)-i))
	}
	return diffs
}

func bits(v reflect.Value) uint64 {
	switch v.Kind() {
	case reflect.Float32:
		return uint64(math.Float32bits(float32(v.Float())))
	case reflect.Int32:
		return uint64(uint32(v.Int()))
	}
	return v.Uint()
}

// paddingDiffs reports the padding bytes of b that lost the sentinel, as ranges.
func paddingDiffs(name, what string, b, mask []byte) []string {
	var diffs []string
	for i := 0; i < len(b); i++ {
		if mask[i] != 0 || b[i] == sentinel {
			continue
		}
		j := i
		for j+1 < len(b) && mask[j+1] == 0 && b[j+1] != sentinel {
			j++
		}
		diffs = append(diffs, fmt.Sprintf("%s: %s padding bytes %d..%d are % x, want the sentinel %#02x", name, what, i, j, b[i:j+1], sentinel))
		i = j
	}
	return diffs
}

// program is a compute shader and the parts it derives.
type program struct {
	// module is what spirv is made from, for the interpreter (interpcheck), which must
	// compute the same; nil for SPIR-V of another compiler.
	module   *interpcheck.Module
	spirv    []uint32
	entry    string
	bindings []wgsl.Binding // from the reflection: kinds, access modes, minimum sizes
	groups   uint32         // workgroups on x; 0 means 1
	spec     map[uint32][]byte
	parts    []part
}

// kind is the Vulkan descriptor kind of a buffer binding, from the table.
func kind(b *wgsl.Binding) (vulkan.BindingKind, error) {
	if b.Buffer == nil {
		return 0, fmt.Errorf("%s: a %s binding is not a buffer", b.Name, b.Type)
	}
	return vulkan.KindOf(b)
}

func binding(bs []wgsl.Binding, n uint32) *wgsl.Binding {
	for i := range bs {
		if bs[i].Group == 0 && bs[i].Binding == n {
			return &bs[i]
		}
	}
	return nil
}

// tableBindings lists the bindings of a generated table.
func tableBindings(s *wgsl.Shader) []wgsl.Binding {
	var bs []wgsl.Binding
	for _, g := range s.BindGroups {
		bs = append(bs, g.Entries...)
	}
	return bs
}

// bindingsOf is the binding table of a module compiled at test time, as the generated
// code's table would hold it.
func bindingsOf(m *wgslreflect.Module) []wgsl.Binding {
	var bs []wgsl.Binding
	for _, b := range m.Bindings {
		wb := wgsl.Binding{Group: uint32(b.Group), Binding: uint32(b.Binding), Name: b.Name, Type: b.Type.WGSL}
		if b.Buffer != nil {
			wb.Buffer = &wgsl.BufferBindingLayout{Type: wgsl.BufferBindingType(b.Buffer.Type), MinBindingSize: uint64(b.Buffer.MinBindingSize)}
		}
		bs = append(bs, wb)
	}
	return bs
}

// dispatch runs p once; the input buffers hold the parts' inputs and the output buffers the
// sentinel. It returns the contents of every binding afterwards.
func dispatch(t testing.TB, dev *vulkan.Device, p program) map[uint32][]byte {
	t.Helper()
	out, err := tryDispatch(t, dev, p)
	require.NoError(t, err)
	return out
}

// tryDispatch is dispatch with the driver's errors returned.
func tryDispatch(t testing.TB, dev *vulkan.Device, p program) (map[uint32][]byte, error) {
	t.Helper()
	run := vulkan.Run{SPIRV: p.spirv, Entry: p.entry, Spec: p.spec, Groups: [3]uint32{max(p.groups, 1), 1, 1}}
	add := func(n uint32, data []byte, runtimeSized bool) {
		b := binding(p.bindings, n)
		require.NotNil(t, b, "the reflection has no @group(0) @binding(%d)", n)
		k, err := kind(b)
		require.NoError(t, err)
		minSize := b.Buffer.MinBindingSize
		if runtimeSized {
			require.GreaterOrEqual(t, uint64(len(data)), minSize, "%s: buffer smaller than the minimum binding size", b.Name)
		} else {
			require.Equal(t, minSize, uint64(len(data)), "%s: the Go size differs from the reflection's minimum binding size", b.Name)
		}
		run.Bindings = append(run.Bindings, vulkan.Binding{Binding: n, Kind: k, Data: bytes.Clone(data), MinSize: int(minSize)})
	}
	for _, pt := range p.parts {
		add(pt.in, pt.input, pt.runtimeSized)
		add(pt.out, bytes.Repeat([]byte{sentinel}, len(pt.want)), pt.runtimeSized)
	}
	res, err := dev.Dispatch(run)
	if err != nil {
		return nil, err
	}
	if p.module != nil {
		interpcheck.Compare(t, *p.module, run, res)
	}
	out := map[uint32][]byte{}
	for _, b := range run.Bindings {
		out[b.Binding] = res.Bytes(0, b.Binding)
	}
	return out, nil
}

// diffs compares the buffers after a run with what each part expects: the input unchanged,
// every field of the output decoded by the Go code equal to the derived value, every padding
// byte still the sentinel, and, as a last resort, every byte.
func diffs(p program, bufs map[uint32][]byte) []string {
	var d []string
	for _, pt := range p.parts {
		in, out := bufs[pt.in], bufs[pt.out]
		if i := firstDiff(in, pt.input); i >= 0 {
			d = append(d, fmt.Sprintf("%s: the input buffer changed at byte %d", pt.name, i))
		}
		var pd []string
		pd = append(pd, pt.decode(out)...)
		pd = append(pd, paddingDiffs(pt.name, "output", out, pt.mask)...)
		if i := firstDiff(out, pt.want); len(pd) == 0 && i >= 0 {
			pd = append(pd, fmt.Sprintf("%s: output byte %d is %#02x, want %#02x", pt.name, i, out[i], pt.want[i]))
		}
		d = append(d, pd...)
	}
	return d
}

func firstDiff(a, b []byte) int {
	for i := range max(len(a), len(b)) {
		if i >= len(a) || i >= len(b) || a[i] != b[i] {
			return i
		}
	}
	return -1
}

// requireSame fails t with the differences, a few dozen at most.
func requireSame(t testing.TB, d []string) {
	t.Helper()
	if len(d) > 40 {
		d = append(d[:40], fmt.Sprintf("... and %d more", len(d)-40))
	}
	if len(d) > 0 {
		t.Fatalf("%d differences:\n%s", len(d), strings.Join(d, "\n"))
	}
}
