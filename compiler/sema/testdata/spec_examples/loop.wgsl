// Spec example "loop" (spec "Loop Statement", index.bs line 7722).

fn example() {
	var a: i32 = 2;
	var i: i32 = 0;      // <1>
	loop {
	  if i >= 4 { break; }

	  a = a * 2;

	  i++;
	}
}
