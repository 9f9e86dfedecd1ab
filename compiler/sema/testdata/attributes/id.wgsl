// @id on overrides: a non-negative i32/u32 const-expression, unique, at most 65535
// (spec "id", "override Declarations").

const base = 10;
@id(0) override a: i32;
@id(base) override b: f32;
@id(base + 1) override c: u32;
@id(65535u) override d: bool;
@id(0x20i) override e = 1.5;

@id(base) override collide: i32; // ERROR "@id(10) is already used by another override"
@id(65536) override too_big: i32; // ERROR "@id must be at most 65535, got 65536"
@id(-1) override negative: i32; // ERROR "attribute '@id' must not be negative, got -1"
@id(true) override not_int: i32; // ERROR "attribute '@id' needs an integer argument, not bool"
@id(a) override not_const: i32; // ERROR "attribute '@id' needs a const-expression argument"
