// Spec example "for loop" (spec "Loop Statement", index.bs line 7713).

fn example() {
	var a: i32 = 2;
	for (var i: i32 = 0; i < 4; i++) {
	  a *= 2;
	}
}
