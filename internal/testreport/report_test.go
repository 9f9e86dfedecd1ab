package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/internal/oracle"
)

// stream is `go test -json` output of three packages: a, whose tests pass, fail and skip
// (a subtest too); b, which panics outside its tests; c, which does not build.
const stream = `go: downloading example.com/x v1.0.0
{"Action":"start","Package":"a"}
{"Action":"run","Package":"a","Test":"TestPass"}
{"Action":"output","Package":"a","Test":"TestPass","Output":"=== RUN   TestPass\n"}
{"Action":"output","Package":"a","Test":"TestPass","Output":"    a_test.go:9: compared 14 structures\n"}
{"Action":"output","Package":"a","Test":"TestPass","Output":"--- PASS: TestPass (0.00s)\n"}
{"Action":"pass","Package":"a","Test":"TestPass"}
{"Action":"run","Package":"a","Test":"TestFail"}
{"Action":"output","Package":"a","Test":"TestFail","Output":"=== RUN   TestFail\n"}
{"Action":"output","Package":"a","Test":"TestFail","Output":"    a_test.go:12: want 1, got 2\n"}
{"Action":"output","Package":"a","Test":"TestFail","Output":"--- FAIL: TestFail (0.00s)\n"}
{"Action":"fail","Package":"a","Test":"TestFail"}
{"Action":"run","Package":"a","Test":"TestTools"}
{"Action":"output","Package":"a","Test":"TestTools","Output":"=== RUN   TestTools\n"}
{"Action":"output","Package":"a","Test":"TestTools","Output":"    a_test.go:20: naga is not installed (cargo install naga-cli)\n"}
{"Action":"output","Package":"a","Test":"TestTools","Output":"--- SKIP: TestTools (0.00s)\n"}
{"Action":"skip","Package":"a","Test":"TestTools"}
{"Action":"run","Package":"a","Test":"TestDevice"}
{"Action":"run","Package":"a","Test":"TestDevice/f16"}
{"Action":"output","Package":"a","Test":"TestDevice/f16","Output":"=== RUN   TestDevice/f16\n"}
{"Action":"output","Package":"a","Test":"TestDevice/f16","Output":"    a_test.go:30: the device lacks shaderFloat16\n"}
{"Action":"output","Package":"a","Test":"TestDevice/f16","Output":"        (lavapipe)\n"}
{"Action":"output","Package":"a","Test":"TestDevice/f16","Output":"    --- SKIP: TestDevice/f16 (0.00s)\n"}
{"Action":"skip","Package":"a","Test":"TestDevice/f16"}
{"Action":"output","Package":"a","Test":"TestDevice","Output":"--- PASS: TestDevice (0.00s)\n"}
{"Action":"pass","Package":"a","Test":"TestDevice"}
{"Action":"output","Package":"a","Output":"FAIL\n"}
{"Action":"output","Package":"a","Output":"FAIL\ta\t0.01s\n"}
{"Action":"fail","Package":"a"}
{"Action":"start","Package":"b"}
{"Action":"output","Package":"b","Output":"panic: init failed\n"}
{"Action":"output","Package":"b","Output":"FAIL\tb\t0.01s\n"}
{"Action":"fail","Package":"b"}
{"ImportPath":"c","Action":"build-output","Output":"c/c.go:3:1: syntax error\n"}
{"ImportPath":"c","Action":"build-fail"}
{"Action":"start","Package":"c"}
{"Action":"output","Package":"c","Output":"FAIL\tc [build failed]\n"}
{"Action":"fail","Package":"c"}
{"Action":"output","Package":"d","Output":"?   \td\t[no test files]\n"}
{"Action":"skip","Package":"d"}
`

func TestRead(t *testing.T) {
	allow := []*regexp.Regexp{regexp.MustCompile(`the device lacks shaderFloat16`)}
	var out bytes.Buffer
	r, err := Read(strings.NewReader(stream), &out, allow)
	require.NoError(t, err)
	assert.Equal(t, 2, r.Passed)
	assert.Equal(t, 3, r.Failed, "TestFail and the packages b and c")
	assert.Equal(t, []string{"b", "c"}, r.BrokenPackages)
	assert.Equal(t, []Skip{
		{Package: "a", Test: "TestDevice/f16", Reason: "    a_test.go:30: the device lacks shaderFloat16\n        (lavapipe)", Allowed: true},
		{Package: "a", Test: "TestTools", Reason: "    a_test.go:20: naga is not installed (cargo install naga-cli)"},
	}, r.Skips)
	assert.Equal(t, 1, r.Disallowed())
	assert.Equal(t, []Failure{{Package: "a", Test: "TestFail", Tail: []string{"    a_test.go:12: want 1, got 2", "--- FAIL: TestFail (0.00s)"}}}, r.Failures)
	assert.Equal(t, `go: downloading example.com/x v1.0.0
    a_test.go:9: compared 14 structures
    a_test.go:12: want 1, got 2
--- FAIL: TestFail (0.00s)
FAIL
FAIL	a	0.01s
panic: init failed
FAIL	b	0.01s
c/c.go:3:1: syntax error
FAIL	c [build failed]
?   	d	[no test files]
`, out.String())
}

func TestWriteFailures(t *testing.T) {
	var out bytes.Buffer
	(&Report{}).WriteFailures(&out)
	assert.Empty(t, out.String(), "nothing failed: no summary")

	r, err := Read(strings.NewReader(stream), &bytes.Buffer{}, nil)
	require.NoError(t, err)
	r.WriteFailures(&out)
	assert.Equal(t, `== failed tests: 1
a TestFail
    a_test.go:12: want 1, got 2
    --- FAIL: TestFail (0.00s)
b failed outside its tests (build, panic or timeout): counted as one failure
c failed outside its tests (build, panic or timeout): counted as one failure
`, out.String())

	// A long output: its last lines only.
	var long strings.Builder
	for i := range 30 {
		fmt.Fprintf(&long, `{"Action":"output","Package":"p","Test":"TestLong","Output":"line %d\n"}`+"\n", i)
	}
	long.WriteString(`{"Action":"fail","Package":"p","Test":"TestLong"}` + "\n")
	r, err = Read(strings.NewReader(long.String()), &bytes.Buffer{}, nil)
	require.NoError(t, err)
	require.Len(t, r.Failures, 1)
	assert.Len(t, r.Failures[0].Tail, failureTail)
	assert.Equal(t, "line 29", r.Failures[0].Tail[failureTail-1])
}

func TestWriteSkips(t *testing.T) {
	r := &Report{Skips: []Skip{
		{Package: "a", Test: "TestDevice/f16", Reason: "    a_test.go:30: the device lacks shaderFloat16\n        (lavapipe)", Allowed: true},
		{Package: "a", Test: "TestTools", Reason: "    a_test.go:20: naga is not installed"},
		{Package: "a", Test: "TestQuiet"},
	}}
	var out bytes.Buffer
	r.WriteSkips(&out, false, "allow.txt")
	assert.Equal(t, `== skipped tests: 3
a TestDevice/f16
    a_test.go:30: the device lacks shaderFloat16
    (lavapipe)
a TestTools
    a_test.go:20: naga is not installed
a TestQuiet
    (no message)
`, out.String())

	out.Reset()
	r.WriteSkips(&out, true, "allow.txt")
	assert.Contains(t, out.String(), "a TestDevice/f16\n")
	assert.Contains(t, out.String(), "a TestTools  [not allowed under CI=true: no entry of allow.txt matches]\n")
	assert.Contains(t, out.String(), "a TestQuiet  [not allowed under CI=true: no entry of allow.txt matches]\n")

	out.Reset()
	(&Report{}).WriteSkips(&out, true, "allow.txt")
	assert.Equal(t, "== skipped tests: none\n", out.String())
}

func TestReadAllowlist(t *testing.T) {
	path := filepath.Join(t.TempDir(), "allow.txt")
	require.NoError(t, os.WriteFile(path, []byte("# why\n\n  lacks (storageInputOutput16)  \n# more\nsecond\n"), 0o644))
	res, err := ReadAllowlist(path)
	require.NoError(t, err)
	require.Len(t, res, 2)
	assert.Equal(t, "lacks (storageInputOutput16)", res[0].String())
	assert.Equal(t, "second", res[1].String())

	require.NoError(t, os.WriteFile(path, []byte("# why\n(unclosed\n"), 0o644))
	_, err = ReadAllowlist(path)
	assert.ErrorContains(t, err, "allow.txt:2: error parsing regexp")
}

// The allowlist the test script uses parses.
func TestProjectAllowlist(t *testing.T) {
	oracle.SkipUnderBazel(t, "reads ../../scripts/allowed-skips.txt")
	_, err := ReadAllowlist(filepath.Join("..", "..", "scripts", "allowed-skips.txt"))
	require.NoError(t, err)
}
