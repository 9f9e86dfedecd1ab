// Spec example "for loop with continue" (spec "Loop Statement", index.bs line 7737).

fn example() {
	var a: i32 = 2;
	let step: i32 = 1;
	for (var i: i32 = 0; i < 4; i += step) {
	  if (i % 2 == 0) { continue; }
	  a *= 2;
	}
}
