package webgpu

import "runtime"

// The binding's TryX calls report a validation error through a callback object it takes from
// a sync.Pool and puts back without clearing the error: until the pool is emptied, the calls
// that get the object report the stale error, successful or not. The pool is emptied by two
// garbage collections, which try runs after every error, so that this package's next calls
// see their own outcome (a host's own TryX calls after a failure still see it: call
// runtime.GC twice after one).

// try returns the results of a TryX call, settling the binding's error pool after a failure.
func try[T any](v T, err error) (T, error) {
	if err != nil {
		settle()
	}
	return v, err
}

// settle empties the binding's pool of error callbacks (see try).
func settle() {
	runtime.GC()
	runtime.GC()
}
