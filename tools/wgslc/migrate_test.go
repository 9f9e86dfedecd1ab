package main

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
)

const draftShader = `[[block]] struct B {
  [[offset(0)]] x : f32;
  [[offset(16)]] y : f32;
};
[[group(0), binding(0)]] var<storage> b : [[access(read_write)]] B;
[[builtin(local_invocation_index)]] var<in> li : u32;

[[stage(compute), workgroup_size(4)]]
fn main() -> void {
  b.x = f32(li);
}
`

func TestMigrate(t *testing.T) {
	in := writeFile(t, "old.wgsl", draftShader)
	var out, stderr bytes.Buffer
	code := run([]string{"--migrate", in}, &out, &stderr)
	assert.Equal(t, exitOK, code, stderr.String())
	assert.Empty(t, stderr.String())
	assert.Equal(t, `struct B {
  @size(16) x: f32,
  y: f32,
}

@group(0) @binding(0) var<storage, read_write> b: B;

@compute @workgroup_size(4)
fn main(@builtin(local_invocation_index) li: u32) {
  b.x = f32(li);
}
`, out.String())

	// The migrated shader compiles.
	modern := writeFile(t, "new.wgsl", out.String())
	code, msg := runWgslc(t, "--check", modern)
	assert.Equal(t, exitOK, code, msg)
}

func TestMigrateErrors(t *testing.T) {
	modern := writeFile(t, "modern.wgsl", "@compute @workgroup_size(1) fn main() {}\n")
	code, stderr := runWgslc(t, "--migrate", modern)
	assert.Equal(t, exitDiags, code)
	assert.Contains(t, stderr, "modern WGSL, not the 2021 draft")

	code, stderr = runWgslc(t, "--migrate", "--dialect=modern", modern)
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, stderr, "--migrate reads the 2021 draft dialect")

	invalid := writeFile(t, "invalid.wgsl", "[[stage(compute)]]\nfn main() -> void {\n  var x : u32 = 1;\n}\n")
	code, stderr = runWgslc(t, "--migrate", invalid)
	assert.Equal(t, exitDiags, code)
	assert.Contains(t, stderr, "invalid.wgsl:3:17: error: cannot use a value of type i32 as u32")

	unexpressible := writeFile(t, "late.wgsl", `[[block]] struct Late {
  [[offset(16)]] x : f32;
};
[[group(0), binding(0)]] var<storage> b : Late;
[[stage(compute)]]
fn main() -> void {
  b.x = 1.0;
}
`)
	var out bytes.Buffer
	var errb bytes.Buffer
	code = run([]string{"--migrate", unexpressible}, &out, &errb)
	assert.Equal(t, exitDiags, code)
	assert.Empty(t, out.String(), "nothing is printed when the migration fails")
	assert.Contains(t, errb.String(), "late.wgsl:2:5: error: [[offset(16)]] on the first member of 'Late' cannot be expressed in modern WGSL")
}
