// Spec example "For to Loop transformation, without a condition: after" (spec "For Statement", index.bs line 7908).

fn example() {
	var a: i32 = 2;
	{ // Introduce new scope for loop variable i
	  var i: i32 = 0;
	  loop {
	    // Note: Desugaring does not introduce an if clause here.

	    if a == 0 {
	      continue;
	    }
	    if i == 4 { break; }
	    a = a + 2;

	    continuing {
	      i++;
	    }
	  }
	}
}
