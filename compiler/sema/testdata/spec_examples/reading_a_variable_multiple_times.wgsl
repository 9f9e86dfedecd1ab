// Spec example "Reading a variable multiple times" (spec "`var` Declarations", index.bs line 5464).

fn example() {
	var x: f32 = 1.0;
	let y = x * x + x + 1;
}
