// Command testreport reads `go test -json` on standard input for scripts/test.sh: it prints
// go test's output without the progress lines of -v, then the skip report (every skipped
// test with its message), and writes "PASSED FAILED SKIPPED" to the -counts file.
//
// Under CI=true a skip counts as a failure unless an entry of the allowlist (-allow, one
// regular expression a line, matched against the skip's message) covers it: the allowlist
// holds the few reasons CI's machine cannot meet, each documented there.
//
// Usage:
//
//	go test -json ./... 2>&1 | go run ./internal/testreport -allow scripts/allowed-skips.txt -counts FILE
package main

import (
	"flag"
	"fmt"
	"os"
	"regexp"
)

func main() {
	allowPath := flag.String("allow", "", "the allowlist of skip messages under CI=true")
	counts := flag.String("counts", "", `write "PASSED FAILED SKIPPED" to this file`)
	ci := flag.Bool("ci", os.Getenv("CI") == "true", "fail skips the allowlist does not cover (default: CI=true)")
	flag.Parse()
	if err := run(*allowPath, *counts, *ci); err != nil {
		fmt.Fprintln(os.Stderr, "testreport:", err)
		os.Exit(2)
	}
}

func run(allowPath, counts string, ci bool) error {
	var allow []*regexp.Regexp
	if allowPath != "" {
		var err error
		if allow, err = ReadAllowlist(allowPath); err != nil {
			return err
		}
	}
	r, err := Read(os.Stdin, os.Stdout, allow)
	if err != nil {
		return err
	}
	r.WriteFailures(os.Stdout)
	r.WriteSkips(os.Stdout, ci, allowPath)
	failed, skipped := r.Failed, len(r.Skips)
	if n := r.Disallowed(); ci && n > 0 {
		fmt.Printf("%d skipped tests are not allowed under CI=true (%s): counted as failures\n", n, allowPath)
		failed, skipped = failed+n, skipped-n
	}
	if counts != "" {
		return os.WriteFile(counts, fmt.Appendf(nil, "%d %d %d\n", r.Passed, failed, skipped), 0o644)
	}
	return nil
}
