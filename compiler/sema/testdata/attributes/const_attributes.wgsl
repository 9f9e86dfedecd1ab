// const-declarations take no attributes (spec "const Declarations", grammar
// global_value_decl); this is a syntax error.

@id(3) const id_on_const = 1; // ERROR "attributes are not allowed on const declarations"
