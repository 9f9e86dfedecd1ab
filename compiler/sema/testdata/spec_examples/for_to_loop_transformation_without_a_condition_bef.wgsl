// Spec example "For to Loop transformation, without a condition: before" (spec "For Statement", index.bs line 7893).

fn example() {
	var a: i32 = 2;
	for (var i: i32 = 0; ; i++) {
	  if a == 0 {
	    continue;
	  }
	  if i == 4 { break; }
	  a = a + 2;
	}
}
