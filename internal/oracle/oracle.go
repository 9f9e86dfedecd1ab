// Package oracle gives tests what they need from outside the project: the reference
// compilers (naga, tint), SPIRV-Tools (spirv-val, spirv-dis, spirv-as), the Vulkan headers
// and the shared reference texts (the WGSL spec). The Vulkan device and its validation
// layer go through Missing too (see internal/vulkan.Require).
//
// Every test that needs one of them asks here, and the answer is the same everywhere: when
// it is absent the test skips, except under CI=true, where it fails. CI's machine has all
// of them (scripts/test.sh installs what Debian packages), so a test that would compare
// against an oracle can never pass there without comparing.
//
// A skip must never depend on the result under test: a test reaches Missing only for
// something it needs before it can check anything.
package oracle

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// CI reports whether the tests run under CI=true, where every oracle is required.
func CI() bool { return os.Getenv("CI") == "true" }

// Missing ends t for want of something from outside the project that it needs: it skips t,
// or fails it under CI=true. The message says what is missing and how to get it.
func Missing(t testing.TB, format string, args ...any) {
	t.Helper()
	msg := fmt.Sprintf(format, args...)
	if CI() {
		t.Fatalf("%s (required under CI=true)", msg)
	}
	t.Skip(msg)
}

// A Tool is an external program a test compares with or runs the project's output through.
type Tool struct {
	Name    string // the command
	Env     string // a variable that may name the command's path instead of $PATH
	Install string // how to install it
}

// The oracles' commands.
var (
	Naga     = Tool{Name: "naga", Env: "NAGA", Install: "cargo install naga-cli"}
	Tint     = Tool{Name: "tint", Env: "TINT", Install: "build it from Dawn's sources"}
	SpirvVal = Tool{Name: "spirv-val", Env: "SPIRV_VAL", Install: "Debian: apt-get install spirv-tools"}
	SpirvDis = Tool{Name: "spirv-dis", Env: "SPIRV_DIS", Install: "Debian: apt-get install spirv-tools"}
	SpirvAs  = Tool{Name: "spirv-as", Env: "SPIRV_AS", Install: "Debian: apt-get install spirv-tools"}
	SpirvOpt = Tool{Name: "spirv-opt", Env: "SPIRV_OPT", Install: "Debian: apt-get install spirv-tools"}
)

// Look returns the path of the command: $Env when set, else the command found on $PATH.
func (x Tool) Look() (string, error) {
	name := x.Name
	if p := os.Getenv(x.Env); p != "" {
		name = p
	}
	return exec.LookPath(name)
}

// Require returns the path of the command, or ends t as Missing does.
func (x Tool) Require(t testing.TB) string {
	t.Helper()
	p, err := x.Look()
	if err != nil {
		Missing(t, "%s is not installed (%s)", x.Name, x.Install)
	}
	return p
}

// Optional is Require for a comparison that comes on top of what t checks anyway: outside
// CI a missing command is logged and Optional returns "", so the rest of t still runs;
// under CI=true it fails t.
func (x Tool) Optional(t testing.TB) string {
	t.Helper()
	p, err := x.Look()
	if err != nil {
		if CI() {
			t.Fatalf("%s is not installed (%s) (required under CI=true)", x.Name, x.Install)
		}
		t.Logf("%s is not installed (%s): not compared", x.Name, x.Install)
		return ""
	}
	return p
}

// VulkanHeader returns the path of a header of the Vulkan headers (Debian: libvulkan-dev),
// such as "vulkan_core.h", or ends t as Missing does.
func VulkanHeader(t testing.TB, name string) string {
	t.Helper()
	p := filepath.Join("/usr/include/vulkan", name)
	if _, err := os.Stat(p); err != nil {
		Missing(t, "the Vulkan headers are not installed (Debian: apt-get install libvulkan-dev): %v", err)
	}
	return p
}

// ReferenceEnv names the directory of the shared reference texts when they are not in a
// shared/reference directory above the test's package directory.
const ReferenceEnv = "WGSLGO_REFERENCE"

// Reference returns the path of a file of the shared reference texts (rel is slash-separated,
// such as "wgsl/index.bs"): $WGSLGO_REFERENCE/rel when the variable is set, else
// shared/reference/rel in the nearest directory above the package directory that has it. It
// ends t as Missing does when the file is not there.
func Reference(t testing.TB, rel string) string {
	t.Helper()
	p, err := LookReference(rel)
	if err != nil {
		Missing(t, "%v", err)
	}
	return p
}

// LookReference is Reference without a test.
func LookReference(rel string) (string, error) {
	if dir := os.Getenv(ReferenceEnv); dir != "" {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if _, err := os.Stat(p); err != nil {
			return "", fmt.Errorf("the reference text %s is not in $%s: %v", rel, ReferenceEnv, err)
		}
		return p, nil
	}
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		p := filepath.Join(dir, "shared", "reference", filepath.FromSlash(rel))
		if _, err := os.Stat(p); err == nil {
			return p, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("the reference text shared/reference/%s is not above the package directory (set $%s to its directory)", rel, ReferenceEnv)
		}
		dir = parent
	}
}

// UnderBazel reports whether the test runs in a Bazel sandbox, which holds the package's
// own files and declared data only.
func UnderBazel() bool { return os.Getenv("TEST_SRCDIR") != "" }

// SkipUnderBazel skips t in a Bazel sandbox, which lacks what t needs (why says what);
// outside one, t runs, and fails if what it needs is missing. Under Bazel the test runs
// outside CI's check of skips, and go test runs it in full.
func SkipUnderBazel(t testing.TB, why string) {
	t.Helper()
	if UnderBazel() {
		t.Skip(strings.TrimSpace(why) + ", which a Bazel sandbox does not have")
	}
}

// GoCommand returns the go command, for a test that runs it on temporary modules built
// against this module's source tree: such a test skips in -short mode (it is slow) and
// under Bazel (whose sandbox has no source tree); with neither, a missing go command is
// Missing.
func GoCommand(t testing.TB, what string) string {
	t.Helper()
	if testing.Short() {
		t.Skipf("%s with the go command; skipped in -short mode", what)
	}
	if os.Getenv("TEST_SRCDIR") != "" {
		t.Skipf("%s with the go command against this module's source tree, which a Bazel sandbox does not have", what)
	}
	for _, p := range []string{filepath.Join(runtime.GOROOT(), "bin", "go"), "go"} {
		if path, err := exec.LookPath(p); err == nil {
			return path
		}
	}
	Missing(t, "no go command")
	return ""
}
