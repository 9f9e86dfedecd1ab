package reflect

import _ "embed"

//go:embed schema.json
var schema []byte

// JSONSchema returns the JSON Schema (draft 2020-12) of the model Marshal writes, in a new
// slice.
func JSONSchema() []byte { return append([]byte(nil), schema...) }
