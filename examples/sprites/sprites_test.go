package sprites

import (
	"image"
	"image/color"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestCheck is the examples' check of a blank picture and unmoved sprites: it must find both.
func TestCheck(t *testing.T) {
	start, _, _, _ := Scene()
	img := image.NewRGBA(image.Rect(0, 0, Size, Size))
	img.SetRGBA(0, 0, color.RGBA{A: 255})
	diffs, checked := Check(start, img, 90)
	assert.Greater(t, checked, len(start)/2)
	assert.GreaterOrEqual(t, len(diffs), len(start)+checked, "every sprite and every centre")
}
