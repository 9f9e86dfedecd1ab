package wgsl

// Strided is an array element whose stride exceeds the size of its type T: the value V followed
// by padding of type P, a byte array such as [12]byte. It is the shape of the elements of the
// 2021 draft's arrays with an explicit [[stride(n)]], e.g. Strided[float32, [12]byte] for
// [[stride(16)]] array<f32, 4>. The padding is a blank field, so keyed literals leave it zero.
type Strided[T, P any] struct {
	V T
	_ P
}
