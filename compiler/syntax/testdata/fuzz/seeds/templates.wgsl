const a = array<i32, select(2, 3, 1 > 0)>(1, 2, 3);
fn f() { let b = x < y && z > w; let c = A<B<<C>(1); let d = A<(B>=C)>(); let e = a[b<d]>(c); x = a<b>>c; }
alias T = ptr<function, array<vec4<f32>, 4>>;
