package main

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestTestCommand(t *testing.T) {
	lib := "../../wgsltest/testdata/lib.wgsl"
	tests := "../../wgsltest/testdata/lib_test.wgsl"
	var out, errb bytes.Buffer
	code := run([]string{"test", "-v", lib, tests}, &out, &errb)
	assert.Equal(t, exitOK, code, errb.String())
	assert.Contains(t, out.String(), "=== RUN   smootherstepQuarter\n--- PASS: smootherstepQuarter\n")
	assert.Contains(t, out.String(), "PASS: 4 tests\n")

	failing := writeFile(t, "failing_test.wgsl", "@test fn wrong() {\n  expectEq(hash(0u), 1u);\n}\n")
	out.Reset()
	errb.Reset()
	code = run([]string{"test", "-run", "wrong|Ends", lib, failing}, &out, &errb)
	assert.Equal(t, exitDiags, code)
	assert.Contains(t, out.String(), "--- FAIL: wrong (")
	assert.Contains(t, out.String(), "failing_test.wgsl:2:3: error: expectEq failed: actual 0u, expected 1u\n      expectEq(hash(0u), 1u);\n      ^")
	assert.Contains(t, out.String(), "FAIL: 1 of 1 tests failed\n")

	bad := writeFile(t, "bad_test.wgsl", "@test fn f() { expect(1u); }\n")
	out.Reset()
	errb.Reset()
	code = run([]string{"test", bad}, &out, &errb)
	assert.Equal(t, exitDiags, code)
	assert.Contains(t, errb.String(), "bad_test.wgsl:1:23: error:")

	code, stderr := runWgslc(t, "test")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, stderr, "no input file")
}
