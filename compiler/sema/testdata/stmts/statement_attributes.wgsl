// @diagnostic is the only attribute a statement or a block may have (spec "Attributes":
// each attribute says where it applies); Tint reports the others too.

fn f() {
	@diagnostic(off, derivative_uniformity) if true {}
	@compute for (var i = 0; i < 2; i++) {} // ERROR "attribute '@compute' is not valid on a statement or block"
	@must_use loop { break; } // ERROR "attribute '@must_use' is not valid on a statement or block"
	@align(4) if true {} // ERROR "attribute '@align' is not valid on a statement or block"
	@compute switch 1 { default {} } // ERROR "attribute '@compute' is not valid on a statement or block"
	@vertex while false {} // ERROR "attribute '@vertex' is not valid on a statement or block"
	@compute { } // ERROR "attribute '@compute' is not valid on a statement or block"
	switch 1 @compute { default {} } // ERROR "attribute '@compute' is not valid on a statement or block"
	loop @compute { break; } // ERROR "attribute '@compute' is not valid on a statement or block"
	if true @fragment {} // ERROR "attribute '@fragment' is not valid on a statement or block"
	loop { continuing @compute { break if true; } } // ERROR "attribute '@compute' is not valid on a statement or block"
	@unknown_thing if true {} // ERROR "unknown attribute '@unknown_thing'"
}
