package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"regexp"
	"sort"
	"strings"
)

// event is one line of `go test -json` (cmd/test2json's TestEvent), build events included.
type event struct {
	Action     string
	Package    string
	ImportPath string // build-output and build-fail events
	Test       string
	Output     string
}

// A Skip is a skipped test with its message.
type Skip struct {
	Package, Test string
	Reason        string // the test's output without the === and --- lines
	Allowed       bool   // an entry of the allowlist matches Reason
}

// A Failure is a failed test with the end of its own output (its subtests' is theirs).
type Failure struct {
	Package, Test string
	Tail          []string
}

// failureTail is how many lines of a failed test's output the failure summary repeats.
const failureTail = 12

// Report is what a `go test -json` run did.
type Report struct {
	Passed, Failed int
	Skips          []Skip
	// Failures are the failed tests, in the order they ended.
	Failures []Failure
	// BrokenPackages failed without a failing test: a build failure, a panic outside a
	// test, a timeout; each counts as one failure.
	BrokenPackages []string
}

// progress matches the lines of go test -v's output that only say where it is.
var progress = regexp.MustCompile(`^\s*(=== (RUN|PAUSE|CONT|NAME)|--- (PASS|SKIP): )|^PASS$`)

// Read reads the events of in, copies go test's output to out without the progress lines of
// -v (a test's output when it ends, a skipped test's in the skip report instead), and
// returns what happened. Lines that are not events (messages of the go command) are copied
// as they are.
func Read(in io.Reader, out io.Writer, allow []*regexp.Regexp) (*Report, error) {
	r := &Report{}
	type key struct{ pkg, test string }
	outputs := map[key][]string{}
	failedTests := map[string]bool{}
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		line := sc.Bytes()
		var e event
		if len(line) == 0 || line[0] != '{' || json.Unmarshal(line, &e) != nil {
			fmt.Fprintf(out, "%s\n", line)
			continue
		}
		k := key{e.Package, e.Test}
		switch e.Action {
		case "build-output":
			fmt.Fprint(out, e.Output)
		case "output":
			if e.Test != "" {
				outputs[k] = append(outputs[k], e.Output)
				continue
			}
			if !progress.MatchString(strings.TrimRight(e.Output, "\n")) {
				fmt.Fprint(out, e.Output)
			}
		case "pass", "fail":
			if e.Test == "" {
				if e.Action == "fail" && !failedTests[e.Package] {
					r.BrokenPackages = append(r.BrokenPackages, e.Package)
				}
				continue
			}
			var kept []string
			for _, l := range outputs[k] {
				if !progress.MatchString(strings.TrimRight(l, "\n")) {
					fmt.Fprint(out, l)
					kept = append(kept, strings.TrimRight(l, "\n"))
				}
			}
			if e.Action == "pass" {
				r.Passed++
			} else {
				r.Failed++
				failedTests[e.Package] = true
				r.Failures = append(r.Failures, Failure{Package: e.Package, Test: e.Test, Tail: kept[max(0, len(kept)-failureTail):]})
			}
			delete(outputs, k)
		case "skip":
			if e.Test == "" {
				continue // a package without tests
			}
			s := Skip{Package: e.Package, Test: e.Test, Reason: reason(outputs[k])}
			for _, re := range allow {
				if re.MatchString(s.Reason) {
					s.Allowed = true
					break
				}
			}
			r.Skips = append(r.Skips, s)
			delete(outputs, k)
		}
	}
	if err := sc.Err(); err != nil {
		return r, err
	}
	r.Failed += len(r.BrokenPackages)
	sort.Slice(r.Skips, func(i, j int) bool {
		a, b := r.Skips[i], r.Skips[j]
		return a.Package < b.Package || a.Package == b.Package && a.Test < b.Test
	})
	return r, nil
}

// reason is the message of a skipped test: its output without the === and --- lines.
func reason(lines []string) string {
	var sb strings.Builder
	for _, l := range lines {
		t := strings.TrimSpace(l)
		if strings.HasPrefix(t, "=== ") || strings.HasPrefix(t, "--- SKIP: ") {
			continue
		}
		sb.WriteString(l)
	}
	return strings.TrimRight(sb.String(), "\n")
}

// ReadAllowlist reads the allowlist: one regular expression a line, blank lines and lines
// starting with # aside.
func ReadAllowlist(path string) ([]*regexp.Regexp, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var res []*regexp.Regexp
	for i, l := range strings.Split(string(data), "\n") {
		l = strings.TrimSpace(l)
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		re, err := regexp.Compile(l)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", path, i+1, err)
		}
		res = append(res, re)
	}
	return res, nil
}

// WriteFailures prints the failure summary: every failed test with the last lines of its
// output, and every package that failed outside its tests, so that the end of a long log
// says what failed (the whole output of each is above, where it ended).
func (r *Report) WriteFailures(w io.Writer) {
	if len(r.Failures) == 0 && len(r.BrokenPackages) == 0 {
		return
	}
	fmt.Fprintf(w, "== failed tests: %d\n", len(r.Failures))
	for _, f := range r.Failures {
		fmt.Fprintf(w, "%s %s\n", f.Package, f.Test)
		for _, l := range f.Tail {
			fmt.Fprintf(w, "    %s\n", strings.TrimSpace(l))
		}
	}
	for _, p := range r.BrokenPackages {
		fmt.Fprintf(w, "%s failed outside its tests (build, panic or timeout): counted as one failure\n", p)
	}
}

// WriteSkips prints the skip report: every skipped test with its message. Under CI, skips
// the allowlist does not cover are marked, and they are failures.
func (r *Report) WriteSkips(w io.Writer, ci bool, allowlist string) {
	if len(r.Skips) == 0 {
		fmt.Fprintln(w, "== skipped tests: none")
		return
	}
	fmt.Fprintf(w, "== skipped tests: %d\n", len(r.Skips))
	for _, s := range r.Skips {
		mark := ""
		if ci && !s.Allowed {
			mark = fmt.Sprintf("  [not allowed under CI=true: no entry of %s matches]", allowlist)
		}
		fmt.Fprintf(w, "%s %s%s\n", s.Package, s.Test, mark)
		reason := s.Reason
		if reason == "" {
			reason = "(no message)"
		}
		for _, l := range strings.Split(reason, "\n") {
			fmt.Fprintf(w, "    %s\n", strings.TrimSpace(l))
		}
	}
}

// Disallowed counts the skips the allowlist does not cover.
func (r *Report) Disallowed() int {
	n := 0
	for _, s := range r.Skips {
		if !s.Allowed {
			n++
		}
	}
	return n
}
