// Spec example "Increment and decrement" (spec "Increment and Decrement Statements", index.bs line 7520).

fn f() {
    var a: i32 = 20;
    a++;
    // Now a contains 21
    a--;
    // Now a contains 20
}
