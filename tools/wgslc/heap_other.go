//go:build !linux

package main

// hugePageHeap is a no-op where transparent huge pages cannot be requested.
func hugePageHeap(int) {}
