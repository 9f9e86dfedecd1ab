// Spec example "abstract frexp usage" (spec "`frexp`", index.bs line 16141).

fn example() {
	// Infers result type
	const fraction_and_exponent = frexp(1.5);
	// Sets fraction_only to 0.75
	const fraction_only = frexp(1.5).fract;
}
