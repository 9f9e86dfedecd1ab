// Spec example "For to Loop transformation, with a condition: before" (spec "For Statement", index.bs line 7856).

fn example() {
	var a: i32 = 2;
	for (var i: i32 = 0; i < 4; i++) {
	  if a == 0 {
	    continue;
	  }
	  a = a + 2;
	}
}
