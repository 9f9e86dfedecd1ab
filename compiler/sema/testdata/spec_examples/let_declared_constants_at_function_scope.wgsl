// Spec example "let-declared constants at function scope" (spec "`let` Declarations", index.bs line 5282).

fn example() {
	// 'blockSize' denotes the i32 value 1024.
	let blockSize: i32 = 1024;

	// 'row_size' denotes the u32 value 16u.  The type is inferred.
	let row_size = 16u;
}
