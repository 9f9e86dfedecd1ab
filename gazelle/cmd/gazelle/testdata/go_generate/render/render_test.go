package render_test

import (
	"testing"

	"example.com/app/render"
)

func TestShaders(t *testing.T) { _ = render.SkyShader }
