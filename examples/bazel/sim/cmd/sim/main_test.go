package main

import (
	"strings"
	"testing"
	"unsafe"

	"example.com/wgslgo-bazel-example/sim/kernels"
)

func TestDescribe(t *testing.T) {
	got := strings.Join(describe(), "\n")
	for _, want := range []string{"integrate.wgsl: step, workgroup 128", "collide.wgsl: bounce, workgroup 128", "histogram.wgsl: histogram, workgroup 64"} {
		if !strings.Contains(got, want) {
			t.Errorf("%q missing from\n%s", want, got)
		}
	}
	// Bins: an atomic total and 16 atomic counts.
	if size := unsafe.Sizeof(kernels.Bins{}); size != 68 {
		t.Errorf("Bins is %d bytes, want 68", size)
	}
	// ranges.wgsl has no entry point: its types and constants, and no SPIR-V.
	if size := unsafe.Sizeof(kernels.Range{}); size != 16 {
		t.Errorf("Range is %d bytes, want 16", size)
	}
	if kernels.RangesBinCount != 16 || kernels.RangesShader.SPIRV != nil || len(kernels.RangesShader.EntryPoints) != 0 {
		t.Errorf("RangesShader: bin count %d, %d bytes of SPIR-V, entry points %v; want 16, none, none",
			kernels.RangesBinCount, len(kernels.RangesShader.SPIRV), kernels.RangesShader.EntryPoints)
	}
}
