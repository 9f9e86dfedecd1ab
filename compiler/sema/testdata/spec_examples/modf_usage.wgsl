// Spec example "modf usage" (spec "`modf`", index.bs line 16551).

fn example() {
	// Infers result type
	let fract_and_whole = modf(1.5);
	// Sets fract_only to 0.5
	let fract_only = modf(1.5).fract;
	// Sets whole_only to 1.0
	let whole_only = modf(1.5).whole;
}
