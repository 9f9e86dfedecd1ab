package wgslfuzz

import (
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
)

// ModuleRoot returns the root directory of the wgslgo module that holds the working directory.
func ModuleRoot() (string, error) {
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}").Output()
	if err != nil {
		return "", fmt.Errorf("go list -m: %w", err)
	}
	return strings.TrimSpace(string(out)), nil
}

// BuildWgslc builds the module's wgslc into dir and returns its path.
func BuildWgslc(root, dir string) (string, error) { return build(root, dir, "./tools/wgslc") }

// BuildRunner builds the module's cmd/spvrun, the device runner of the execution comparison,
// into dir and returns its path.
func BuildRunner(root, dir string) (string, error) {
	return build(root, dir, "./internal/wgslfuzz/cmd/spvrun")
}

func build(root, dir, pkg string) (string, error) {
	bin := filepath.Join(dir, filepath.Base(pkg))
	cmd := exec.Command("go", "build", "-o", bin, pkg)
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build %s: %v\n%s", pkg, err, out)
	}
	return bin, nil
}
