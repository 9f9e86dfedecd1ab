// Command spirvcheck runs a WGSL tool in a Bazel action and checks that the SPIR-V it wrote is
// the SPIR-V the target declared. Bazel wants an action's outputs before it runs, and whether
// a shader has SPIR-V is known only from compiling it: a module without entry points (a file
// of shared structures) has none. So wgslgo's rules take the shaders without entry points from
// their no_spirv attribute (which wgslgo's Gazelle extension fills in), and this command
// says which shader belongs in it, or out of it, when the attribute is wrong.
//
//	spirvcheck [-spirv SRC=FILE]... [-no-spirv SRC=FILE]... [-reflected SRC=FILE.json]... CMD [ARG...]
//
// spirvcheck runs CMD with its standard output and error passed through; when CMD fails,
// spirvcheck exits with its status. When it succeeds:
//   - each -spirv FILE, the SPIR-V of SRC, must have been written: else SRC has no entry
//     points, and must be listed in no_spirv;
//   - each -no-spirv FILE, where CMD writes the SPIR-V of SRC if it has any, must not have been
//     written: else SRC has entry points, and must come out of no_spirv;
//   - each -reflected FILE.json, the reflection of a SRC of no_spirv, must list no entry point:
//     else SRC must come out of no_spirv.
//
// Each error names SRC and the attribute, and spirvcheck exits with status 1.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"

	"github.com/wgslgo/wgslgo/compiler/reflect"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// pairs is a repeatable SRC=FILE flag.
type pairs [][2]string

func (p *pairs) String() string { return fmt.Sprint(*p) }

func (p *pairs) Set(s string) error {
	src, file, ok := strings.Cut(s, "=")
	if !ok || src == "" || file == "" {
		return fmt.Errorf("want SRC=FILE, not %q", s)
	}
	*p = append(*p, [2]string{src, file})
	return nil
}

func run(args []string, stdout, stderr io.Writer) int {
	var spirv, noSPIRV, reflected pairs
	fs := flag.NewFlagSet("spirvcheck", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Var(&spirv, "spirv", "`SRC=FILE`: FILE, the SPIR-V of SRC, must be written (repeatable)")
	fs.Var(&noSPIRV, "no-spirv", "`SRC=FILE`: FILE, the SPIR-V of SRC, must not be written (repeatable)")
	fs.Var(&reflected, "reflected", "`SRC=FILE.json`: the reflection of SRC must list no entry point (repeatable)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: spirvcheck [-spirv SRC=FILE]... [-no-spirv SRC=FILE]... [-reflected SRC=FILE.json]... CMD [ARG...]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return 2
	}
	cmd := exec.Command(fs.Arg(0), fs.Args()[1:]...)
	cmd.Stdout, cmd.Stderr = stdout, stderr
	if err := cmd.Run(); err != nil {
		var exit *exec.ExitError
		if errors.As(err, &exit) && exit.ExitCode() > 0 {
			return exit.ExitCode()
		}
		fmt.Fprintf(stderr, "spirvcheck: %v\n", err)
		return 2
	}
	code := 0
	fail := func(src, format string, args ...any) {
		fmt.Fprintf(stderr, "%s: error: "+format+"\n", append([]any{src}, args...)...)
		code = 1
	}
	const hasEntryPoints = "the module has entry points, so it has SPIR-V: take it out of the target's no_spirv attribute"
	for _, p := range spirv {
		if _, err := os.Stat(p[1]); errors.Is(err, os.ErrNotExist) {
			fail(p[0], "the module has no entry point, so no SPIR-V (a file of shared structures): list it in the target's no_spirv attribute")
		}
	}
	for _, p := range noSPIRV {
		if _, err := os.Stat(p[1]); err == nil {
			fail(p[0], hasEntryPoints)
		}
	}
	for _, p := range reflected {
		data, err := os.ReadFile(p[1])
		if err != nil {
			fmt.Fprintf(stderr, "spirvcheck: %v\n", err)
			return 2
		}
		m, err := reflect.Unmarshal(data)
		if err != nil {
			fmt.Fprintf(stderr, "spirvcheck: %s: %v\n", p[1], err)
			return 2
		}
		if len(m.EntryPoints) > 0 {
			fail(p[0], hasEntryPoints)
		}
	}
	return code
}
