// Diagnostic filter validity: known severities, no conflicting filters for one range
// and rule, @diagnostic only where allowed (spec "diagnostic", "Diagnostic
// Filtering"). Unknown single-token rule names draw a warning.
diagnostic(off, derivative_uniformity);
diagnostic(error, derivative_uniformity); // ERRORx "conflict|derivative_uniformity"
diagnostic(off, subgroup_uniformity);
diagnostic(off, unknown_rule); // WARNINGx "unknown|unrecognized|unknown_rule"
diagnostic(off, vendor.custom_rule);

@diagnostic(off, derivative_uniformity) @diagnostic(warning, derivative_uniformity) fn conflict() {} // ERRORx "conflict|derivative_uniformity|duplicate"
@diagnostic(off, derivative_uniformity) @diagnostic(off, subgroup_uniformity) fn two_rules() {}
@diagnostic(bogus, derivative_uniformity) fn bad_severity() {} // ERRORx "severity|bogus|error|warning|info|off"
@diagnostic(off, derivative_uniformity) var<private> on_var: i32; // ERRORx "diagnostic|attribute|not allowed|cannot|only"
struct S { @diagnostic(off, derivative_uniformity) m: i32 } // ERRORx "diagnostic|attribute|not allowed|cannot|only"
fn on_param(@diagnostic(off, derivative_uniformity) p: i32) {} // ERRORx "diagnostic|attribute|not allowed|cannot|only|expected"
fn unknown_in_attr() { @diagnostic(warning, another_unknown) {} } // WARNINGx "unknown|unrecognized|another_unknown"
