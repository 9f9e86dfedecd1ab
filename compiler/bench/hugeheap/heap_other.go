//go:build !linux

package hugeheap

// Prepare is a no-op where transparent huge pages cannot be requested.
func Prepare(int) {}
