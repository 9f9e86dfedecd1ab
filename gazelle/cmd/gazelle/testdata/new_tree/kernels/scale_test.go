package kernels

import "testing"

// The package's own test: it needs the generated declarations.
func TestTable(t *testing.T) {
	if ScaleShader.Scale().Name != "scale" {
		t.Fatal("entry point")
	}
}
