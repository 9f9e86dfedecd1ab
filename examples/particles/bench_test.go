package particles

import (
	"encoding/binary"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/gen/wgsl"
)

// The benchmarks encode 1M SimParams (80 bytes each, a typical uniform layout: a vec3 with a
// scalar in its tail, a mat3x3, padding) into a destination buffer, as a program filling a
// mapped staging buffer does.
const benchCount = 1 << 20

type benchData struct {
	src      []SimParams
	raw, dst []byte
}

func newBenchData() *benchData {
	d := &benchData{src: make([]SimParams, benchCount)}
	for i := range d.src {
		d.src[i] = sampleParams()
		d.src[i].Count = uint32(i)
	}
	d.dst = make([]byte, benchCount*80)
	d.raw = make([]byte, len(d.dst))
	for i := range d.src {
		d.src[i].Encode(d.raw[80*i:])
	}
	return d
}

// copyBytes is the baseline: a plain copy of bytes already in the WGSL layout.
func (d *benchData) copyBytes(b *testing.B) {
	b.SetBytes(int64(len(d.dst)))
	for b.Loop() {
		copy(d.dst, d.raw)
	}
}

// zeroCopy copies the Go values' own memory: no encoding.
func (d *benchData) zeroCopy(b *testing.B) {
	b.SetBytes(int64(len(d.dst)))
	for b.Loop() {
		copy(d.dst, wgsl.SliceBytes(d.src))
	}
}

// portable encodes value by value, as on a big-endian host.
func (d *benchData) portable(b *testing.B) {
	b.SetBytes(int64(len(d.dst)))
	for b.Loop() {
		for i := range d.src {
			d.src[i].Encode(d.dst[80*i:])
		}
	}
}

func BenchmarkEncode1M(b *testing.B) {
	d := newBenchData()
	b.Run("copy", d.copyBytes)
	b.Run("zero-copy", d.zeroCopy)
	b.Run("portable", d.portable)
}

func BenchmarkDecode1M(b *testing.B) {
	d := newBenchData()
	out := make([]SimParams, benchCount)
	b.Run("zero-copy", func(b *testing.B) {
		b.SetBytes(int64(len(d.raw)))
		for b.Loop() {
			copy(wgsl.SliceBytes(out), d.raw)
		}
	})
	b.Run("portable", func(b *testing.B) {
		b.SetBytes(int64(len(d.raw)))
		for b.Loop() {
			for i := range out {
				out[i].Decode(d.raw[80*i:])
			}
		}
	})
}

// TestZeroCopyAliases: the zero-copy path of the benchmarks copies the Go values' own memory,
// which holds the WGSL bytes (those the portable encoder writes) and is the values' memory, not
// a copy of it. How fast it is against a plain copy is BenchmarkEncode1M's business.
func TestZeroCopyAliases(t *testing.T) {
	if !wgsl.LittleEndian {
		t.Skip("zero-copy views exist on little-endian hosts only")
	}
	d := &benchData{src: make([]SimParams, 3)}
	for i := range d.src {
		d.src[i] = sampleParams()
		d.src[i].Count = uint32(i)
	}
	view := wgsl.SliceBytes(d.src)
	require.Len(t, view, 3*80)
	require.Same(t, (*byte)(unsafe.Pointer(&d.src[0])), &view[0], "SliceBytes copied the values")
	for i := range d.src {
		enc := make([]byte, 80)
		d.src[i].Encode(enc)
		require.Equal(t, enc, view[80*i:80*i+80], "element %d: the memory is not the WGSL bytes", i)
		require.Same(t, (*byte)(unsafe.Pointer(&d.src[i])), &d.src[i].Bytes()[0], "Bytes copied element %d", i)
	}
	// A write through the view is a write to the value: count of element 2, at offset 64.
	binary.LittleEndian.PutUint32(view[2*80+64:], 0xdeadbeef)
	require.Equal(t, uint32(0xdeadbeef), d.src[2].Count)
}
