// Package spirvval runs spirv-val (from SPIRV-Tools, Debian package
// spirv-tools) over SPIR-V produced by tests.
//
// The module is piped to spirv-val's standard input, so calls need no temp
// files and are safe from parallel tests. On failure the error carries
// spirv-val's message and, when spirv-dis is installed, a listing of the
// module with line numbers, so the failing instruction can be found.
//
// The commands are found as internal/oracle finds them: set SPIRV_VAL or SPIRV_DIS to use
// binaries outside $PATH.
package spirvval

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/wgslgo/wgslgo/internal/oracle"
)

// Timeout bounds one spirv-val or spirv-dis run.
const Timeout = 2 * time.Minute

// Layout flags of spirv-val, for ValidateFlags and CheckFlags.
const (
	RelaxBlockLayout            = "--relax-block-layout"
	UniformBufferStandardLayout = "--uniform-buffer-standard-layout"
	ScalarBlockLayout           = "--scalar-block-layout"
	WorkgroupScalarBlockLayout  = "--workgroup-scalar-block-layout"
	SkipBlockLayout             = "--skip-block-layout"
	AllowLocalSizeID            = "--allow-localsizeid"
	RelaxLogicalPointer         = "--relax-logical-pointer"
	BeforeHLSLLegalization      = "--before-hlsl-legalization"
	RelaxStructStore            = "--relax-struct-store"
)

var (
	lookOnce       sync.Once
	valPath        string
	disPath        string
	valLookupError error
)

func look() {
	lookOnce.Do(func() {
		valPath, valLookupError = oracle.SpirvVal.Look()
		disPath, _ = oracle.SpirvDis.Look()
	})
}

// Available reports whether spirv-val can be run.
func Available() bool {
	look()
	return valLookupError == nil
}

// Error is a validation failure.
type Error struct {
	TargetEnv string
	Flags     []string
	Message   string // spirv-val's output
	Listing   string // spirv-dis listing with line numbers, if spirv-dis ran
}

func (e *Error) Error() string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "spirv-val --target-env %s", e.TargetEnv)
	for _, f := range e.Flags {
		sb.WriteString(" " + f)
	}
	sb.WriteString(" failed:\n" + strings.TrimRight(e.Message, "\n"))
	if e.Listing != "" {
		sb.WriteString("\nmodule:\n" + e.Listing)
	}
	return sb.String()
}

// Validate runs spirv-val --target-env targetEnv over words. targetEnv is
// any environment spirv-val knows ("vulkan1.0" ... "vulkan1.3",
// "vulkan1.1spv1.4", "spv1.0" ... "spv1.6"); "" picks the Vulkan
// environment matching the module's header version (see DefaultTargetEnv).
func Validate(words []uint32, targetEnv string) error {
	return ValidateFlags(words, targetEnv)
}

// ValidateFlags is Validate with extra spirv-val flags, such as
// ScalarBlockLayout.
func ValidateFlags(words []uint32, targetEnv string, flags ...string) error {
	look()
	if valLookupError != nil {
		return fmt.Errorf("spirvval: spirv-val not found (%s): %w", oracle.SpirvVal.Install, valLookupError)
	}
	if targetEnv == "" {
		targetEnv = DefaultTargetEnv(words)
	}
	args := append([]string{"--target-env", targetEnv}, flags...)
	args = append(args, "-")
	out, err := run(valPath, args, toBytes(words))
	if err == nil {
		return nil
	}
	if _, ok := err.(*exec.ExitError); !ok {
		return fmt.Errorf("spirvval: running spirv-val: %w", err)
	}
	return &Error{TargetEnv: targetEnv, Flags: flags, Message: string(out), Listing: Disassemble(words)}
}

// Disassemble returns spirv-dis's listing of words with line numbers, or ""
// if spirv-dis is not installed. If spirv-dis rejects the module, its error
// message is returned instead.
func Disassemble(words []uint32) string {
	look()
	if disPath == "" {
		return ""
	}
	out, err := run(disPath, []string{"--no-header", "--raw-id", "-"}, toBytes(words))
	if err != nil {
		return "spirv-dis: " + strings.TrimSpace(string(out))
	}
	var sb strings.Builder
	for i, l := range strings.Split(strings.TrimRight(string(out), "\n"), "\n") {
		fmt.Fprintf(&sb, "%4d  %s\n", i+1, l)
	}
	return sb.String()
}

// DefaultTargetEnv returns the Vulkan target environment that requires the
// SPIR-V version in words' header: "vulkan1.0" for 1.0, "vulkan1.1" for 1.3,
// "vulkan1.1spv1.4" for 1.4, "vulkan1.2" for 1.5, "vulkan1.3" for 1.6, and
// "spv1.x" for the others.
func DefaultTargetEnv(words []uint32) string {
	if len(words) < 2 {
		return "vulkan1.0"
	}
	major, minor := words[1]>>16&0xff, words[1]>>8&0xff
	if major == 1 {
		switch minor {
		case 0:
			return "vulkan1.0"
		case 3:
			return "vulkan1.1"
		case 4:
			return "vulkan1.1spv1.4"
		case 5:
			return "vulkan1.2"
		case 6:
			return "vulkan1.3"
		}
	}
	return fmt.Sprintf("spv%d.%d", major, minor)
}

// Check validates words for each target environment (none: the one
// matching the header, see DefaultTargetEnv) and fails t on the first
// error. Without spirv-val it skips the test, or fails it under CI=true
// (see internal/oracle).
func Check(t testing.TB, words []uint32, targetEnvs ...string) {
	t.Helper()
	CheckFlags(t, words, nil, targetEnvs...)
}

// CheckFlags is Check with extra spirv-val flags.
func CheckFlags(t testing.TB, words []uint32, flags []string, targetEnvs ...string) {
	t.Helper()
	if !Available() {
		oracle.SpirvVal.Require(t)
		return
	}
	if len(targetEnvs) == 0 {
		targetEnvs = []string{""}
	}
	for _, env := range targetEnvs {
		if err := ValidateFlags(words, env, flags...); err != nil {
			t.Fatal(err)
		}
	}
}

// Require skips t, or fails it under CI=true, when spirv-val is not installed: for tests
// that call Validate and want its error to be about the module.
func Require(t testing.TB) {
	t.Helper()
	if !Available() {
		oracle.SpirvVal.Require(t)
	}
}

func run(path string, args []string, stdin []byte) ([]byte, error) {
	ctx, cancel := context.WithTimeout(context.Background(), Timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, path, args...)
	cmd.Stdin = bytes.NewReader(stdin)
	var out bytes.Buffer
	cmd.Stdout = &out
	cmd.Stderr = &out
	err := cmd.Run()
	return out.Bytes(), err
}

func toBytes(words []uint32) []byte {
	b := make([]byte, 0, 4*len(words))
	for _, w := range words {
		b = binary.LittleEndian.AppendUint32(b, w)
	}
	return b
}
