// Diagnostic filter validity: known severities, no conflicting filters for one range
// and rule, @diagnostic only where allowed (spec "diagnostic", "Diagnostic
// Filtering"). Unknown single-token rule names draw a warning.
diagnostic(off, derivative_uniformity);
diagnostic(error, derivative_uniformity); // ERROR "conflicting diagnostic directives for 'derivative_uniformity'"
diagnostic(off, subgroup_uniformity);
diagnostic(off, unknown_rule); // WARNING "unrecognized diagnostic rule 'unknown_rule'"
diagnostic(off, vendor.custom_rule);

@diagnostic(off, derivative_uniformity) @diagnostic(warning, derivative_uniformity) fn conflict() {} // ERROR "conflicting @diagnostic attributes for 'derivative_uniformity'"
@diagnostic(off, derivative_uniformity) @diagnostic(off, subgroup_uniformity) fn two_rules() {}
@diagnostic(bogus, derivative_uniformity) fn bad_severity() {} // ERROR "unknown diagnostic severity 'bogus' (want error, warning, info or off)"
@diagnostic(off, derivative_uniformity) var<private> on_var: i32; // ERROR "attribute '@diagnostic' is not valid on a variable"
struct S { @diagnostic(off, derivative_uniformity) m: i32 } // ERROR "attribute '@diagnostic' is not valid on a structure member"
fn on_param(@diagnostic(off, derivative_uniformity) p: i32) {} // ERROR "attribute '@diagnostic' is not valid on a parameter"
fn unknown_in_attr() { @diagnostic(warning, another_unknown) {} } // WARNING "unrecognized diagnostic rule 'another_unknown'"
