package report

import (
	"slices"
	"testing"
	"unsafe"

	"example.com/wgslgo-bazel-example/pkgs/bloom"
)

func TestLines(t *testing.T) {
	want := []string{"shade.wesl: shade, Light 32 bytes", "bloom.wgsl: bloom, Light 32 bytes"}
	if got := Lines(); !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
	// Params: two Lights, then the threshold: 68 bytes, rounded to the struct's 16-byte
	// alignment.
	if size := unsafe.Sizeof(bloom.Params{}); size != 80 {
		t.Errorf("Params is %d bytes, want 80", size)
	}
}
