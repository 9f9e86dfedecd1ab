// Spec example "WGSL Switch with default combined" (spec "Switch Statement", index.bs line 7659).
// With a declaration of generateValue added.

fn example() {
	const c = 2;
	var a : i32;
	let x : i32 = generateValue();
	switch x {
	  case 0: {
	    a = 1;
	  }
	  case 1, c {       // Const-expression can be used in case selectors
	    a = 3;
	  }
	  case 3, default { // The default keyword can be used with other clauses
	    a = 4;
	  }
	}
}

fn generateValue() -> i32 { return 1; }
