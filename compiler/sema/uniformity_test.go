package sema_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/compiler/sema"
	"github.com/wgslgo/wgslgo/compiler/syntax"
	"github.com/wgslgo/wgslgo/internal/oracle"
)

// A uniformityCase is a shader with its expected diagnostics written inline, as in the
// fixtures: `// ERROR "..."` or `// WARNING "..."` on the line of the call (or argument)
// the failure is reported at.
type uniformityCase struct {
	name string
	src  string
	// tintDisagrees, when set, says why Tint's verdict differs from the spec's.
	tintDisagrees string
}

const textureDecls = `
@group(0) @binding(0) var t: texture_2d<f32>;
@group(0) @binding(1) var s: sampler;
`

// specCases are the examples of the spec's "Uniformity" and "Diagnostic Filtering" sections.
var specCases = []uniformityCase{
	{name: "example1_invalid_textureSample", src: textureDecls + `
@fragment
fn main(@builtin(position) pos: vec4<f32>) {
  if (pos.x < 0.5) {
    // Invalid textureSample function call.
    _ = textureSample(t, s, pos.xy); // ERROR "'textureSample' must only be called from uniform control flow"
  }
}`},
	{name: "example1_moved_out_of_if", src: textureDecls + `
@fragment
fn main(@builtin(position) pos: vec4<f32>) {
  if (pos.x < 0.5) {
  }
  _ = textureSample(t, s, pos.xy);
}`},
	{name: "example2_function_variable", src: `
@group(0) @binding(0) var<storage, read_write> a: i32;
@group(0) @binding(1) var<uniform> b: i32;

@compute @workgroup_size(16,1,1)
fn main() {
  var x: i32;
  x = a;
  if x > 0 {
    // Invalid barrier function call.
    workgroupBarrier(); // ERROR "'workgroupBarrier' must only be called from uniform control flow"
  }
  x = b;
  if x < 0 {
    // Valid barrier function call.
    storageBarrier();
  }
}`},
	{name: "example3_composite_limitation", src: `
struct Inputs {
  @builtin(workgroup_id) wgid: vec3<u32>,
  @builtin(local_invocation_index) lid: u32
}

@compute @workgroup_size(16,1,1)
fn main(inputs: Inputs) {
  if inputs.wgid.x == 1 {
    workgroupBarrier(); // ERROR "workgroupBarrier"
  }
}`},
	{name: "example3_valid_alternative", src: `
@compute @workgroup_size(16,1,1)
fn main(@builtin(workgroup_id) wgid: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
  if wgid.x == 1 {
    workgroupBarrier();
  }
}`},
	{name: "example4_loop", src: `
@compute @workgroup_size(16,1,1)
fn main(@builtin(local_invocation_index) lid: u32) {
  for (var i = 0u; i < 10; i++) {
    workgroupBarrier(); // ERROR "workgroupBarrier"
    if (lid + i) > 7 {
      break;
    }
  }
}`},
	{name: "example5_user_function", src: `
fn scale(in1: f32, in2: f32) -> f32 {
  let v = in1 / in2;
  return v;
}
` + textureDecls + `
@fragment
fn main(@builtin(position) pos: vec4<f32>) {
  let tmp = scale(pos.x, 0.5);
  if tmp > 1.0 {
    _ = textureSample(t, s, pos.xy); // ERROR "textureSample"
  }
}`},
	{name: "pointer_desugaring_example", src: `
fn foo(p: ptr<function, array<f32, 4>>, i: i32) -> f32 {
  let p1 = p;
  var x = i;
  let p2 = &((*p1)[x]);
  x = 0;
  *p2 = 5;
  return (*p1)[x];
}
@compute @workgroup_size(1)
fn main() {
  var a: array<f32, 4>;
  _ = foo(&a, 1);
}`},
	{name: "range_filter_off_on_if_body", src: textureDecls + `
var<private> d: f32;
fn helper() -> vec4<f32> {
  if (d < 0.5) @diagnostic(off,derivative_uniformity) {
    return textureSample(t,s,vec2(0,0));
  }
  return vec4(0.0);
}`},
	{name: "global_filter_with_warning_range", src: `
diagnostic(off,derivative_uniformity);
` + textureDecls + `
var<private> d: f32;
fn helper() -> vec4<f32> {
  if (d < 0.5) {
    return textureSample(t,s,vec2(0,0));
  } else {
    @diagnostic(warning,derivative_uniformity) {
      return textureSample(t,s,vec2(0,0)); // WARNING "textureSample"
    }
  }
}`},
}

// ownCases cover each rule of the analysis.
var ownCases = []uniformityCase{
	// Statements.
	{name: "barrier_after_nonuniform_if", src: `
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var x = 0u;
  if lid > 3u { x = 1u; }
  workgroupBarrier();
}`},
	{name: "barrier_after_nonuniform_return", src: `
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  if lid > 3u { return; }
  workgroupBarrier(); // ERROR "workgroupBarrier"
}`},
	{name: "discard_keeps_uniformity", src: textureDecls + `
@fragment
fn main(@location(0) x: f32) -> @location(0) vec4f {
  if x > 0.5 { discard; }
  return textureSample(t, s, vec2f(x));
}`},
	{name: "else_if_chain", src: `
@group(0) @binding(0) var<uniform> u: u32;
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  if u == 0u {
    workgroupBarrier();
  } else if lid == 1u {
    workgroupBarrier(); // ERROR "workgroupBarrier"
  } else {
    storageBarrier(); // ERROR "storageBarrier"
  }
}`},
	{name: "variable_assigned_in_one_branch", src: `
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var x = 0u;
  if lid > 3u { x = 1u; } else { x = 1u; }
  if x > 0u { workgroupBarrier(); } // ERROR "workgroupBarrier"
}`},
	{name: "variable_reassigned_uniform", src: `
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var x = lid;
  x = 4u;
  if x > 0u { workgroupBarrier(); }
}`},
	{name: "partial_assignment_keeps_nonuniform", src: `
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var a: array<u32, 2>;
  a[0] = lid;
  a[1] = 0u;
  if a[1] > 0u { workgroupBarrier(); } // ERROR "workgroupBarrier"
}`},
	{name: "nonuniform_index_write", src: `
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var a = array<u32, 64>();
  a[lid] = 1u;
  if a[0] > 0u { workgroupBarrier(); } // ERROR "workgroupBarrier"
}`},
	{name: "compound_assignment_and_increment", src: `
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var x = lid;
  var y = 0u;
  y += 2u;
  y++;
  if y > 1u { workgroupBarrier(); }
  x += 1u;
  if x > 1u { storageBarrier(); } // ERROR "storageBarrier"
}`},
	{name: "let_pointer_write", src: `
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var x = 0u;
  let p = &x;
  *p = lid;
  if x > 0u { workgroupBarrier(); } // ERROR "workgroupBarrier"
}`},
	{name: "let_pointer_read", src: `
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var x = 0u;
  let p = &x;
  x = lid;
  if *p > 0u { workgroupBarrier(); } // ERROR "workgroupBarrier"
}`},
	{name: "switch_nonuniform_selector", src: `
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  switch lid {
    case 0u: { workgroupBarrier(); } // ERROR "workgroupBarrier"
    default: { }
  }
  workgroupBarrier();
}`},
	{name: "switch_assignment_flows_out", src: `
@group(0) @binding(0) var<uniform> u: u32;
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var x = 0u;
  switch u {
    case 0u: { x = lid; break; }
    default: { x = 1u; }
  }
  if x > 0u { workgroupBarrier(); } // ERROR "workgroupBarrier"
}`},
	{name: "while_nonuniform_condition_derivative", src: `
@fragment
fn main(@location(0) v: f32) -> @location(0) vec4f {
  var x = v;
  var d = 0.0;
  while x > 0.0 {
    d += dpdx(x); // ERROR "'dpdx' must only be called from uniform control flow"
    x -= 1.0;
  }
  return vec4f(d);
}`},
	{name: "for_loop_uniform_bound", src: `
@group(0) @binding(0) var<uniform> n: u32;
@compute @workgroup_size(64)
fn main() {
  for (var i = 0u; i < n; i++) {
    workgroupBarrier();
  }
}`},
	{name: "for_loop_nonuniform_counter_update", src: `
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  for (var i = 0u; i < 8u; i += 1u + lid) {
    workgroupBarrier(); // ERROR "workgroupBarrier"
  }
}`},
	{name: "loop_nonuniform_continue", src: `
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var i = 0u;
  loop {
    if i >= 4u { break; }
    i++;
    if lid == i { continue; }
    workgroupBarrier(); // ERROR "workgroupBarrier"
  }
}`},
	{name: "loop_break_if_nonuniform", src: `
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var i = 0u;
  loop {
    workgroupBarrier(); // ERROR "workgroupBarrier"
    continuing {
      i++;
      break if i > lid;
    }
  }
}`},
	{name: "loop_value_from_continuing", src: `
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var x = 0u;
  var i = 0u;
  loop {
    if x > 0u { workgroupBarrier(); } // ERROR "workgroupBarrier"
    continuing {
      x = lid;
      i++;
      break if i > 3u;
    }
  }
}`},
	{name: "continue_value_reaches_continuing", src: `
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var x = 0u;
  var i = 0u;
  loop {
    i++;
    x = lid;
    if i < 2u { continue; }
    x = 0u;
    continuing {
      if x > 0u { workgroupBarrier(); } // ERROR "workgroupBarrier"
      break if i > 3u;
    }
  }
}`},
	{name: "loop_exit_value", src: `
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var x = 0u;
  for (var i = 0u; i < 4u; i++) {
    if i == 2u { x = lid; break; }
  }
  if x > 0u { workgroupBarrier(); } // ERROR "workgroupBarrier"
}`},
	{name: "short_circuit_right_operand", src: `
fn f() -> bool { workgroupBarrier(); return true; } // ERROR "workgroupBarrier"
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  let a = lid > 3u && f();
  let b = true || f();
}`},

	// Sources of non-uniformity.
	{name: "module_scope_variables", src: `
@group(0) @binding(0) var<storage, read_write> rw: u32;
@group(0) @binding(1) var<storage, read> ro: u32;
@group(0) @binding(2) var<uniform> un: u32;
var<private> pr: u32;
var<workgroup> wg: u32;
const k = 3u;
override o: u32 = 2u;
@compute @workgroup_size(64)
fn main() {
  if ro > 0u { workgroupBarrier(); }
  if un > 0u { workgroupBarrier(); }
  if k > 0u { workgroupBarrier(); }
  if o > 0u { workgroupBarrier(); }
  if rw > 0u { workgroupBarrier(); } // ERROR "workgroupBarrier"
  if pr > 0u { storageBarrier(); } // ERROR "storageBarrier"
  if wg > 0u { textureBarrier(); } // ERROR "textureBarrier"
}`},
	{name: "builtin_values", src: `
@compute @workgroup_size(64)
fn main(@builtin(workgroup_id) wg: vec3u, @builtin(num_workgroups) nwg: vec3u,
        @builtin(global_invocation_id) gid: vec3u) {
  if wg.x + nwg.y > 0u { workgroupBarrier(); }
  if gid.x > 0u { workgroupBarrier(); } // ERROR "workgroupBarrier"
}`},
	{name: "atomic_result", src: `
var<workgroup> a: atomic<u32>;
@compute @workgroup_size(64)
fn main() {
  if atomicLoad(&a) > 3u { workgroupBarrier(); } // ERROR "workgroupBarrier"
}`},
	{name: "workgroupUniformLoad_is_uniform", src: `
var<workgroup> w: u32;
var<workgroup> arr: array<u32, 64>;
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  if workgroupUniformLoad(&w) > 3u { workgroupBarrier(); }
  if lid == 0u { w = 1u; }
  _ = workgroupUniformLoad(&arr[lid]); // ERROR "'workgroupUniformLoad' requires argument 0 to be uniform"
}`},
	{name: "workgroupUniformLoad_in_nonuniform_control_flow", src: `
var<workgroup> w: u32;
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  if lid == 0u { _ = workgroupUniformLoad(&w); } // ERROR "workgroupUniformLoad"
}`},
	{name: "textureLoad_read_write_storage", src: `
@group(0) @binding(0) var rw: texture_storage_2d<r32float, read_write>;
@group(0) @binding(1) var ro: texture_2d<f32>;
@compute @workgroup_size(8)
fn main() {
  if textureLoad(ro, vec2u(0), 0).x > 0.0 { workgroupBarrier(); }
  if textureLoad(rw, vec2u(0)).x > 0.0 { workgroupBarrier(); } // ERROR "workgroupBarrier"
}`},
	{name: "derivative_result_is_nonuniform", src: `
@fragment
fn main(@builtin(position) p: vec4f) -> @location(0) vec4f {
  let d = dpdx(1.0);
  if d > 0.0 { return vec4f(dpdy(1.0)); } // ERROR "dpdy"
  return vec4f();
}`},

	// Function tags.
	{name: "call_site_tag_three_levels", src: `
fn h() { workgroupBarrier(); } // ERROR "workgroupBarrier"
fn g() { h(); }
fn f() { g(); }
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  f();
  if lid > 2u {
    f();
  }
}`},
	{name: "parameter_tag_three_levels", src: `
fn h(x: u32) { if x > 3u { workgroupBarrier(); } } // ERROR "workgroupBarrier"
fn g(y: u32) { h(y * 2u); }
fn f(z: u32) { g(z + 1u); }
@group(0) @binding(0) var<uniform> u: u32;
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  f(u);
  f(lid);
}`},
	{name: "function_tag_return_value", src: `
fn id(x: u32) -> u32 { return x; }
fn nonuniform() -> u32 { var<function> v = 0u; return v + atomicLoad(&a); }
var<workgroup> a: atomic<u32>;
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  if id(3u) > 2u { workgroupBarrier(); }
  if id(lid) > 2u { workgroupBarrier(); } // ERROR "workgroupBarrier"
  if nonuniform() > 2u { storageBarrier(); } // ERROR "storageBarrier"
}`},
	{name: "return_in_nonuniform_control_flow", src: `
fn f(x: u32) -> u32 {
  if x > 3u { return 1u; }
  return 2u;
}
@group(0) @binding(0) var<uniform> u: u32;
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  if f(u) > 1u { workgroupBarrier(); }
  if f(lid) > 1u { workgroupBarrier(); } // ERROR "workgroupBarrier"
}`},

	// Pointer parameters.
	{name: "pointer_parameter_output", src: `
fn store(p: ptr<function, u32>, v: u32) { *p = v; }
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var x = 0u;
  store(&x, 5u);
  if x > 2u { workgroupBarrier(); }
  store(&x, lid);
  if x > 2u { workgroupBarrier(); } // ERROR "workgroupBarrier"
}`},
	{name: "pointer_parameter_may_become_nonuniform", src: `
@group(0) @binding(0) var<storage, read_write> buf: u32;
fn load(p: ptr<function, u32>) { *p = buf; }
@compute @workgroup_size(64)
fn main() {
  var x = 0u;
  load(&x);
  if x > 2u { workgroupBarrier(); } // ERROR "workgroupBarrier"
}`},
	{name: "pointer_parameter_untouched", src: `
fn peek(p: ptr<function, u32>) -> u32 { return *p; }
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var x = 7u;
  _ = peek(&x);
  if x > 2u { workgroupBarrier(); }
  var y = lid;
  if peek(&y) > 2u { workgroupBarrier(); } // ERROR "workgroupBarrier"
}`},
	{name: "pointer_parameter_contents_required", src: `
fn check(p: ptr<function, u32>) { if *p > 3u { workgroupBarrier(); } } // ERROR "workgroupBarrier"
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var a = 1u;
  check(&a);
  var b = lid;
  check(&b);
}`},
	{name: "pointer_parameter_partial_argument", src: `
fn zero(p: ptr<function, u32>) { *p = 0u; }
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var v = array<u32, 2>(lid, lid);
  zero(&v[0]);
  if v[1] > 0u { workgroupBarrier(); } // ERROR "workgroupBarrier"
  var w = lid;
  zero(&w);
  if w > 0u { workgroupBarrier(); }
}`},
	{name: "read_only_pointer_parameter", src: `
requires unrestricted_pointer_parameters;
@group(0) @binding(0) var<storage> buf: array<u32, 4>;
fn f(p: ptr<storage, u32, read>) { if *p > 3u { workgroupBarrier(); } }
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  f(&buf[lid]);
}`, tintDisagrees: "the spec makes loads through read-only pointer parameters outside the function address space uniform (\"Uniformity Rules for Expressions\"); Tint requires the pointer to be uniform"},
	{name: "read_write_pointer_parameter", src: `
requires unrestricted_pointer_parameters;
@group(0) @binding(0) var<storage, read_write> buf: u32;
fn f(p: ptr<storage, u32, read_write>) { if *p > 3u { workgroupBarrier(); } } // ERROR "workgroupBarrier"
@compute @workgroup_size(64)
fn main() {
  f(&buf);
}`},

	// Diagnostic filters.
	{name: "derivative_filter_off_global", src: `
diagnostic(off, derivative_uniformity);
` + textureDecls + `
@fragment
fn main(@location(0) x: f32) -> @location(0) vec4f {
  if x > 0.5 { return textureSample(t, s, vec2f(x)); }
  return vec4f();
}`},
	{name: "derivative_filter_does_not_cover_barriers", src: `
diagnostic(off, derivative_uniformity);
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  if lid > 3u { workgroupBarrier(); } // ERROR "workgroupBarrier"
}`},
	{name: "derivative_filter_warning_on_function", src: textureDecls + `
@diagnostic(warning, derivative_uniformity)
fn helper(x: f32) -> vec4f {
  if x > 0.5 { return textureSample(t, s, vec2f(x)); } // WARNING "textureSample"
  return vec4f();
}
@fragment
fn main(@location(0) x: f32) -> @location(0) vec4f { return helper(x); }`},
	{name: "derivative_filter_warning_on_statement", src: textureDecls + `
@fragment
fn main(@location(0) x: f32) -> @location(0) vec4f {
  var c = vec4f();
  @diagnostic(warning, derivative_uniformity) if x > 0.5 {
    c = textureSample(t, s, vec2f(x)); // WARNING "textureSample"
  }
  if x > 0.7 {
    c = textureSampleBias(t, s, vec2f(x), 1.0); // ERROR "textureSampleBias"
  }
  return c;
}`},
	{name: "derivative_filter_off_in_callee", src: textureDecls + `
@diagnostic(off, derivative_uniformity)
fn helper() -> vec4f { return textureSample(t, s, vec2f()); }
@fragment
fn main(@location(0) x: f32) -> @location(0) vec4f {
  if x > 0.5 { return helper(); }
  return vec4f();
}`},
	{name: "derivative_warning_in_callee_reported_in_caller", src: textureDecls + `
@diagnostic(warning, derivative_uniformity)
fn helper() -> vec4f { return textureSample(t, s, vec2f()); } // WARNING "textureSample"
@fragment
fn main(@location(0) x: f32) -> @location(0) vec4f {
  if x > 0.5 { return helper(); }
  return vec4f();
}`},

	// Subgroups: analyzed at subgroup uniformity scope.
	{name: "subgroup_nonuniform_control_flow", src: `
enable subgroups;
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32, @builtin(subgroup_invocation_id) sid: u32) {
  _ = subgroupAdd(1u);
  if lid > 3u { _ = subgroupAdd(1u); } // ERROR "'subgroupAdd' must only be called from subgroup uniform control flow"
  _ = subgroupShuffleUp(1u, sid); // ERROR "'subgroupShuffleUp' requires argument 1 to be uniform"
  _ = subgroupShuffleXor(1u, 2u);
}`},
	{name: "subgroup_filter_off", src: `
enable subgroups;
diagnostic(off, subgroup_uniformity);
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  if lid > 3u { _ = subgroupAdd(1u); }
  _ = subgroupShuffleDown(1u, lid);
}`},
	{name: "subgroup_results_at_workgroup_scope", src: `
enable subgroups;
@compute @workgroup_size(64)
fn main(@builtin(subgroup_size) size: u32) {
  if size > 3u { workgroupBarrier(); }
  if subgroupBroadcastFirst(size) > 3u { workgroupBarrier(); } // ERROR "workgroupBarrier"
  if subgroupBroadcastFirst(size) > 3u { _ = subgroupAdd(1u); }
}`},
}

func TestUniformity(t *testing.T) {
	tint := oracle.Tint.Optional(t)
	var agree, known, cases int
	for _, tc := range append(append([]uniformityCase(nil), specCases...), ownCases...) {
		t.Run(tc.name, func(t *testing.T) {
			cases++
			expect, err := parseAnnotations([]byte(tc.src))
			require.NoError(t, err)
			requireMatch(t, expect, checkErrorsAndWarnings(t, tc.src))
			if tint == "" {
				return
			}
			wantOK := true
			for _, e := range expect {
				wantOK = wantOK && e.severity != diag.Error
			}
			tintOK, out := tintVerdict(t, tint, tc.src)
			if tc.tintDisagrees != "" {
				assert.Equal(t, !wantOK, tintOK, "the case says Tint disagrees (%s); it no longer does", tc.tintDisagrees)
				known++
				return
			}
			if assert.Equal(t, wantOK, tintOK, "tint:\n%s", out) {
				agree++
			}
		})
	}
	if tint != "" {
		t.Logf("tint agrees on %d of %d uniformity cases; %d known disagreements", agree, cases, known)
	}
}

func checkErrorsAndWarnings(t *testing.T, src string) diag.List {
	t.Helper()
	f, diags := syntax.Parse(diag.NewFile("case.wgsl", []byte(src)), syntax.Options{})
	require.False(t, diags.HasErrors(), "%v", diags)
	_, diags = sema.Check(f, sema.Options{})
	var out diag.List
	for _, d := range diags {
		if d.Severity == diag.Error || d.Severity == diag.Warning {
			out = append(out, d)
		}
	}
	return out
}

func tintVerdict(t *testing.T, tint, src string) (bool, string) {
	t.Helper()
	dir := t.TempDir()
	in := filepath.Join(dir, "case.wgsl")
	require.NoError(t, os.WriteFile(in, []byte(src), 0o644))
	out, err := exec.Command(tint, "-o", filepath.Join(dir, "out.wgsl"), in).CombinedOutput()
	return err == nil, string(out)
}

// TestUniformityNotes checks the explanation attached to a failure: the chain of calls down
// to the builtin, where control flow diverges and the non-uniform value.
func TestUniformityNotes(t *testing.T) {
	src := `fn g(x: u32) {
  if x > 3u {
    workgroupBarrier();
  }
}
fn f(y: u32) { g(y + 1u); }
fn h() { workgroupBarrier(); }
fn k() { h(); }
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  f(lid);
  if lid > 1u { k(); }
}`
	f, diags := syntax.Parse(diag.NewFile("notes.wgsl", []byte(src)), syntax.Options{})
	require.False(t, diags.HasErrors())
	_, diags = sema.Check(f, sema.Options{})
	require.Len(t, diags, 2, "%v", diags)
	describe := func(d *diag.Diagnostic) []string {
		out := []string{fmt.Sprintf("%d: %s", d.Position().Line, d.Message)}
		for _, n := range d.Notes {
			out = append(out, fmt.Sprintf("%d: %s", n.File.Position(n.Span.Start).Line, n.Message))
		}
		return out
	}
	assert.Equal(t, []string{
		"3: 'workgroupBarrier' must only be called from uniform control flow",
		"2: control flow depends on this possibly non-uniform 'if' condition",
		"2: parameter 'x' of 'g' may be non-uniform",
		"6: possibly non-uniform value passed here",
		"6: parameter 'y' of 'f' may be non-uniform",
		"11: possibly non-uniform value passed here",
		"11: builtin 'lid' of 'main' may be non-uniform",
	}, describe(diags[0]))
	assert.Equal(t, []string{
		"7: 'workgroupBarrier' must only be called from uniform control flow",
		"8: called by 'h' from 'k'",
		"12: called indirectly by 'k' from 'main'",
		"12: control flow depends on this possibly non-uniform 'if' condition",
		"12: builtin 'lid' of 'main' may be non-uniform",
	}, describe(diags[1]))
	assert.Equal(t, "", diags[0].Rule, "barriers have the unnamed, unfilterable rule")
}

// TestUniformityInfo checks the info severity, which the fixtures do not see.
func TestUniformityInfo(t *testing.T) {
	src := textureDecls + `
@fragment
fn main(@location(0) x: f32) -> @location(0) vec4f {
  var c = vec4f();
  @diagnostic(info, derivative_uniformity) { if x > 0.5 { c = textureSample(t, s, vec2f(x)); } }
  return c;
}`
	f, diags := syntax.Parse(diag.NewFile("info.wgsl", []byte(src)), syntax.Options{})
	require.False(t, diags.HasErrors())
	_, diags = sema.Check(f, sema.Options{})
	require.Len(t, diags, 1, "%v", diags)
	assert.Equal(t, diag.Info, diags[0].Severity)
	assert.Equal(t, "derivative_uniformity", diags[0].Rule)
	assert.Contains(t, diags[0].Message, "'textureSample' must only be called from uniform control flow")
}

// largeShader generates a module of about size bytes: functions with loops, ifs, switches,
// local variables, pointer parameters and calls to earlier functions, all uniform.
func largeShader(size int) string {
	var b strings.Builder
	b.WriteString(`@group(0) @binding(0) var<storage, read_write> out: array<f32>;
@group(0) @binding(1) var<uniform> params: vec4f;
@group(0) @binding(2) var tex: texture_2d<f32>;
@group(0) @binding(3) var smp: sampler;

fn bump(p: ptr<function, f32>, by: f32) { *p = *p + by; }

fn g0(x: f32, n: u32) -> f32 { return x * f32(n); }
`)
	i := 1
	for b.Len() < size {
		fmt.Fprintf(&b, `
fn g%[1]d(x: f32, n: u32) -> f32 {
  var acc = x;
  var arr: array<f32, 4>;
  for (var i = 0u; i < n; i++) {
    if acc > params.x {
      acc = acc * 0.5 + g%[2]d(acc, i);
    } else if acc < params.y {
      bump(&acc, 1.0);
    } else {
      arr[i %% 4u] = acc;
    }
    switch i %% 3u {
      case 0u: { acc += arr[0]; }
      case 1u, 2u: { acc -= sqrt(abs(acc)) + params.z; }
      default: { }
    }
  }
  var k = 0u;
  loop {
    k++;
    if k > n { break; }
    let t = acc * f32(k);
    acc = select(acc, t, t > 1.0 && acc < 100.0);
    continuing { break if k >= 8u; }
  }
  while acc > 1000.0 { acc = acc / 2.0; }
  return acc + g%[2]d(acc, n / 2u);
}
`, i, i-1)
		i++
	}
	fmt.Fprintf(&b, `
@compute @workgroup_size(64)
fn cs(@builtin(global_invocation_id) gid: vec3u) {
  workgroupBarrier();
  out[gid.x] = g%[1]d(params.w, 4u);
}

@fragment
fn fs(@location(0) uv: vec2f) -> @location(0) vec4f {
  let c = textureSample(tex, smp, uv);
  return c * g%[1]d(c.x, 3u);
}
`, i-1)
	return b.String()
}

func TestLargeShaderChecksCleanly(t *testing.T) {
	src := largeShader(20 << 10)
	f, diags := syntax.Parse(diag.NewFile("large.wgsl", []byte(src)), syntax.Options{})
	require.False(t, diags.HasErrors(), "%v", diags)
	_, diags = sema.Check(f, sema.Options{})
	require.Empty(t, diags, "%v", diags)
}

// BenchmarkCheckLarge parses and checks a generated 200 KB shader full of control flow and
// calls; the target is at least 5 MB/s.
func BenchmarkCheckLarge(b *testing.B) {
	src := []byte(largeShader(200 << 10))
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		f, diags := syntax.Parse(diag.NewFile("large.wgsl", src), syntax.Options{})
		if diags.HasErrors() {
			b.Fatal(diags)
		}
		if _, diags = sema.Check(f, sema.Options{}); len(diags) > 0 {
			b.Fatal(diags)
		}
	}
}
