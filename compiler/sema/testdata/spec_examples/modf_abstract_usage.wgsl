// Spec example "modf abstract usage" (spec "`modf`", index.bs line 16628).

fn example() {
	// Infers result type
	const fract_and_whole = modf(1.5);
	// Sets fract_only to 0.5
	const fract_only = modf(1.5).fract;
	// Sets whole_only to 1.0
	const whole_only = modf(1.5).whole;
}
