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
func BuildWgslc(root, dir string) (string, error) {
	bin := filepath.Join(dir, "wgslc")
	cmd := exec.Command("go", "build", "-o", bin, "./tools/wgslc")
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build ./tools/wgslc: %v\n%s", err, out)
	}
	return bin, nil
}
