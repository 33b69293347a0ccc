package media

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestTeeSlave(t *testing.T) {
	assert.Equal(t, "[f=mp4:onfail=abort]/out/mp4/720p.mp4", teeSlave([]string{"f=mp4", "onfail=abort"}, "/out/mp4/720p.mp4"))
	assert.Equal(t, `[f=mp4]/tmp/it\'s \| odd\[1\]\:x`, teeSlave([]string{"f=mp4"}, "/tmp/it's | odd[1]:x"))
	assert.Equal(t, `[f=mp4]C\\dir`, teeSlave([]string{"f=mp4"}, `C\dir`))
}
