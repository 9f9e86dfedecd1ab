// Command stamp runs a check and records that it passed, for Bazel actions that only check: an
// action must write an output to be cached, and a checker such as `wgslc -check` writes
// nothing when the input is good.
//
//	stamp OUT CMD [ARG...]
//
// stamp runs CMD with its standard output and error passed through. When CMD succeeds, stamp
// writes what CMD printed on standard error (its warnings, usually nothing) to OUT, so that the
// stamp changes when the warnings do; otherwise it exits with CMD's status and writes nothing.
package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) < 2 {
		fmt.Fprintln(stderr, "usage: stamp OUT CMD [ARG...]")
		return 2
	}
	out, name, cmdArgs := args[0], args[1], args[2:]
	var warnings bytes.Buffer
	cmd := exec.Command(name, cmdArgs...)
	cmd.Stdout = stdout
	cmd.Stderr = io.MultiWriter(stderr, &warnings)
	if err := cmd.Run(); err != nil {
		var exit *exec.ExitError
		if errors.As(err, &exit) && exit.ExitCode() > 0 {
			return exit.ExitCode()
		}
		fmt.Fprintf(stderr, "stamp: %v\n", err)
		return 2
	}
	if err := os.WriteFile(out, warnings.Bytes(), 0o644); err != nil {
		fmt.Fprintf(stderr, "stamp: %v\n", err)
		return 2
	}
	return 0
}
