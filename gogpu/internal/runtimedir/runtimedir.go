// Package runtimedir gives gogpu/wgpu the XDG_RUNTIME_DIR it wants in the module's tests.
package runtimedir

import "os"

// Ensure sets XDG_RUNTIME_DIR to a new temporary directory when it is unset: gogpu/wgpu
// prints an error line on every run without one, headless or not.
func Ensure() error {
	if os.Getenv("XDG_RUNTIME_DIR") != "" {
		return nil
	}
	dir, err := os.MkdirTemp("", "gogpu-runtime-")
	if err != nil {
		return err
	}
	return os.Setenv("XDG_RUNTIME_DIR", dir)
}
