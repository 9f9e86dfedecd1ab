// Spec example "frexp usage" (spec "`frexp`", index.bs line 16053).

fn example() {
	// Infers result type
	let fraction_and_exponent = frexp(1.5);
	// Sets fraction_only to 0.75
	let fraction_only = frexp(1.5).fract;
}
