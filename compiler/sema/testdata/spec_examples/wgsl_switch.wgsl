// Spec example "WGSL Switch" (spec "Switch Statement", index.bs line 7635).
// With a declaration of generateValue added.

fn example() {
	var a : i32;
	let x : i32 = generateValue();
	switch x {
	  case 0: {      // The colon is optional
	    a = 1;
	  }
	  default {      // The default need not appear last
	    a = 2;
	  }
	  case 1, 2, {   // Multiple selector values can be used
	    a = 3;
	  }
	  case 3, {      // The trailing comma is optional
	    a = 4;
	  }
	  case 4 {
	    a = 5;
	  }
	}
}

fn generateValue() -> i32 { return 1; }
