package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/wgslgo/wgslgo/internal/runpattern"
	"github.com/wgslgo/wgslgo/internal/testrun"
)

const testUsage = `usage: wgslc test [-v] [-run REGEXP] FILE...

Runs the @test functions of the files on the CPU (compiler/interp), as go test runs Go
tests, each as a compute shader of one invocation, with the expectations of the package
wgsl_test (expect, expectEq, expectNear, expectWithin, expectUlp and their typed and vector
forms; see compiler/testlib/wgsl_test/package.wgsl). A WESL file, one that imports, is the
root module of its own program: it imports what it tests and the expectations it calls
(import package::colors::luminance; import wgsl_test::{expectEq, expectNear};). WGSL
files that import nothing are joined in order into one module, where every expectation is
visible. A failing expectation is reported at its position with its arguments.

-run takes a regular expression in the syntax of Go's package regexp, matched anywhere in a
test's name as go test -run matches it; Unicode classes (\p, \P) and \C are not supported.

Exit status: 0 when every test passes, 1 when one fails or the files have errors, 2 for
usage or I/O errors.

Flags:
`

// runTest is `wgslc test`.
func runTest(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("wgslc test", flag.ContinueOnError)
	fs.SetOutput(stderr)
	verbose := fs.Bool("v", false, "print each test as it runs, and those that pass")
	pattern := fs.String("run", "", "run only the tests whose names match `REGEXP`")
	fs.Usage = func() {
		fmt.Fprint(stderr, testUsage)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitOK
		}
		return exitUsage
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(stderr, "wgslc test: no input file")
		fs.Usage()
		return exitUsage
	}
	match, err := runpattern.Compile(*pattern)
	if err != nil {
		fmt.Fprintf(stderr, "wgslc test: -run: %v\n", err)
		return exitUsage
	}
	var files []testrun.File
	for _, name := range fs.Args() {
		text, err := os.ReadFile(name)
		if err != nil {
			fmt.Fprintf(stderr, "wgslc test: %v\n", err)
			return exitUsage
		}
		files = append(files, testrun.File{Name: name, Text: text})
	}
	suite, err := testrun.Compile(files...)
	if err != nil {
		fmt.Fprintln(stderr, testrun.Format(err))
		return exitDiags
	}
	ran, failed := 0, 0
	for _, test := range suite.Tests {
		if !match.MatchString(test.Name) {
			continue
		}
		ran++
		if *verbose {
			fmt.Fprintf(stdout, "=== RUN   %s\n", test.Name)
		}
		failures, err := suite.Run(test)
		var out strings.Builder
		for _, f := range failures {
			f.Print(&out)
		}
		if err != nil {
			fmt.Fprintln(&out, testrun.Format(err))
		}
		if len(failures) == 0 && err == nil {
			if *verbose {
				fmt.Fprintf(stdout, "--- PASS: %s\n", test.Name)
			}
			continue
		}
		failed++
		fmt.Fprintf(stdout, "--- FAIL: %s (%s)\n%s", test.Name, test.Pos, indent(out.String()))
	}
	switch {
	case ran == 0:
		fmt.Fprintf(stderr, "wgslc test: no @test function to run in %s\n", strings.Join(fs.Args(), ", "))
		return exitDiags
	case failed > 0:
		fmt.Fprintf(stdout, "FAIL: %d of %d tests failed\n", failed, ran)
		return exitDiags
	}
	fmt.Fprintf(stdout, "PASS: %d tests\n", ran)
	return exitOK
}

// indent indents each line of s by four spaces, as go test indents a test's output.
func indent(s string) string {
	lines := strings.SplitAfter(s, "\n")
	var b strings.Builder
	for _, l := range lines {
		if l != "" {
			b.WriteString("    " + l)
		}
	}
	return b.String()
}
