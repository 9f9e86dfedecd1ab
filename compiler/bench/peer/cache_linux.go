package peer

import (
	"os"
	"syscall"
)

// dropCache asks the kernel to drop f's pages from the page cache (posix_fadvise
// POSIX_FADV_DONTNEED; f's data must be synced first, dirty pages stay).
func dropCache(f *os.File) error {
	const fadvDontNeed = 4
	if _, _, errno := syscall.Syscall6(syscall.SYS_FADVISE64, f.Fd(), 0, 0, fadvDontNeed, 0, 0); errno != 0 {
		return errno
	}
	return nil
}
