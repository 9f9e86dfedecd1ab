// @diagnostic is the only attribute a statement or a block may have (spec "Attributes":
// each attribute says where it applies); Tint reports the others too.

fn f() {
	@diagnostic(off, derivative_uniformity) if true {}
	@compute for (var i = 0; i < 2; i++) {} // ERROR `^attribute '@compute' is not valid on a statement or block$`
	@must_use loop { break; } // ERROR `^attribute '@must_use' is not valid on a statement or block$`
	@align(4) if true {} // ERROR `^attribute '@align' is not valid on a statement or block$`
	@compute switch 1 { default {} } // ERROR "'@compute' is not valid"
	@vertex while false {} // ERROR "'@vertex' is not valid"
	@compute { } // ERROR "'@compute' is not valid"
	switch 1 @compute { default {} } // ERROR "'@compute' is not valid"
	loop @compute { break; } // ERROR "'@compute' is not valid"
	if true @fragment {} // ERROR "'@fragment' is not valid"
	loop { continuing @compute { break if true; } } // ERROR "'@compute' is not valid"
	@unknown_thing if true {} // ERROR `^unknown attribute '@unknown_thing'$`
}
