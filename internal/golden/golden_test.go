package golden

import "testing"

func TestOff(t *testing.T) {
	t.Setenv(Env, "off")
	if !Off() {
		t.Error("WGSLGO_GOLDEN=off: Off() is false")
	}
	t.Setenv(Env, "")
	if Off() {
		t.Error("WGSLGO_GOLDEN unset: Off() is true")
	}
}
