//go:build !linux

package peer

import "os"

// dropCache leaves the page cache alone where posix_fadvise is not called (not Linux).
func dropCache(*os.File) error { return nil }
