package wgslgen

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// showPath returns path p (relative to dir, or absolute) as messages print it: relative to
// userDir when it lies inside it, else absolute. With userDir "" the user works in dir, and
// p is shown as given, or relative to dir when it is an absolute path inside it.
//
// go generate runs wgslgen in the package's directory, while the user (and the go command's
// own "running wgslgen" line) is where go generate ran, often the module's root: paths
// relative to the package's directory would not open from there.
func showPath(dir, userDir, p string) string {
	abs := p
	if !filepath.IsAbs(abs) {
		abs = filepath.Join(dir, p)
	}
	if userDir != "" && filepath.Dir(userDir) == userDir {
		return abs // the root: unknown, or where the user is
	}
	base := userDir
	if base == "" {
		if !filepath.IsAbs(p) {
			return p
		}
		base = dir
	}
	if rel, err := filepath.Rel(base, abs); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return rel
	}
	if userDir == "" {
		return p
	}
	return abs
}

// generateDir returns the directory the user ran go generate in when go generate runs
// wgslgen (it sets $GOFILE), or "" otherwise. go generate runs its commands in the package's
// directory and passes no word of its own: the directory is that of the go command among
// wgslgen's ancestor processes, which Linux shows in /proc. Elsewhere, or when it cannot be
// found, it is the root directory, so that messages name files by absolute paths, which open
// from anywhere.
func generateDir() string {
	if os.Getenv("GOFILE") == "" {
		return ""
	}
	root := string(filepath.Separator)
	pid := os.Getppid()
	// go generate → (go tool or go run →) wgslgen: a few generations at most.
	for range 4 {
		if pid <= 1 {
			break
		}
		proc := filepath.Join("/proc", strconv.Itoa(pid))
		cmdline, err := os.ReadFile(filepath.Join(proc, "cmdline"))
		if err != nil {
			break
		}
		args := strings.Split(strings.TrimRight(string(cmdline), "\x00"), "\x00")
		if isGoGenerate(args) {
			if cwd, err := os.Readlink(filepath.Join(proc, "cwd")); err == nil {
				return cwd
			}
			break
		}
		if pid = parentPID(proc); pid == 0 {
			break
		}
	}
	return root
}

// isGoGenerate reports whether a command line is the go command's generate.
func isGoGenerate(args []string) bool {
	if len(args) < 2 || !strings.HasPrefix(filepath.Base(args[0]), "go") {
		return false
	}
	for _, a := range args[1:] {
		if !strings.HasPrefix(a, "-") {
			return a == "generate"
		}
	}
	return false
}

// parentPID returns the parent of the process whose /proc directory is proc, 0 when unknown.
func parentPID(proc string) int {
	stat, err := os.ReadFile(filepath.Join(proc, "stat"))
	if err != nil {
		return 0
	}
	// pid (comm) state ppid ...: comm may hold spaces and parentheses, the last ')' ends it.
	i := bytes.LastIndexByte(stat, ')')
	if i < 0 {
		return 0
	}
	fields := strings.Fields(string(stat[i+1:]))
	if len(fields) < 2 {
		return 0
	}
	ppid, err := strconv.Atoi(fields[1])
	if err != nil {
		return 0
	}
	return ppid
}
