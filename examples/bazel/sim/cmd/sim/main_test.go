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
}
