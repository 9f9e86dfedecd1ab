// Spec example "WGSL Valid loop break-if from a continuing clause" (spec "Break-If Statement", index.bs line 8004).

fn example() {
	var a: i32 = 2;
	var i: i32 = 0;
	loop {
	  let step: i32 = 1;

	  if i % 2 == 0 { continue; }

	  a = a * 2;

	  continuing {
	    i = i + step;
	    break if i >= 4;
	  }
	}
}
