package wesl

import (
	"errors"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// FS reads the files of WESL packages by slash-separated paths. Paths may be relative (to
// the working directory, for OSFS) and may climb with "..": a dependency by path lives
// beside the package that names it.
type FS interface {
	ReadFile(name string) ([]byte, error)
	Stat(name string) (fs.FileInfo, error)
}

// OSFS is the operating system's file system.
type OSFS struct{}

func (OSFS) ReadFile(name string) ([]byte, error) { return os.ReadFile(filepath.FromSlash(name)) }

func (OSFS) Stat(name string) (fs.FileInfo, error) { return os.Stat(filepath.FromSlash(name)) }

// FromFS makes an FS of an io/fs file system (tests, embedded shaders): paths are cleaned
// and must stay inside it.
func FromFS(fsys fs.FS) FS { return iofs{fsys} }

type iofs struct{ fsys fs.FS }

var errOutside = errors.New("the path leaves the file system")

func (f iofs) clean(name string) (string, error) {
	name = path.Clean(name)
	if name == ".." || strings.HasPrefix(name, "../") || strings.HasPrefix(name, "/") {
		return "", errOutside
	}
	return name, nil
}

func (f iofs) ReadFile(name string) ([]byte, error) {
	name, err := f.clean(name)
	if err != nil {
		return nil, &fs.PathError{Op: "read", Path: name, Err: err}
	}
	return fs.ReadFile(f.fsys, name)
}

func (f iofs) Stat(name string) (fs.FileInfo, error) {
	name, err := f.clean(name)
	if err != nil {
		return nil, &fs.PathError{Op: "stat", Path: name, Err: err}
	}
	return fs.Stat(f.fsys, name)
}

// isDir reports whether name is a directory of fsys.
func isDir(fsys FS, name string) bool {
	info, err := fsys.Stat(name)
	return err == nil && info.IsDir()
}

// join joins slash paths like path.Join, but keeps a leading "./" out and ".." segments in.
func join(elem ...string) string {
	return path.Clean(path.Join(elem...))
}
