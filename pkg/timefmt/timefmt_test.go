package timefmt

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

func TestFormat(t *testing.T) {
	paris := time.FixedZone("CET", 3600)
	assert.Equal(t, "2026-11-21T08:30:00.000Z", Format(time.Date(2026, 11, 21, 9, 30, 0, 0, paris)))
	assert.Equal(t, "2026-11-21T08:30:00.123Z", Format(time.Date(2026, 11, 21, 8, 30, 0, 123456789, time.UTC)))
	assert.Equal(t, "", Format(time.Time{}))
}

func TestFormatMicroKeepsPostgreSQLsPrecision(t *testing.T) {
	at := time.Date(2026, 11, 21, 8, 30, 0, 123456000, time.UTC)
	assert.Equal(t, "2026-11-21T08:30:00.123456Z", FormatMicro(at))
	back, err := time.Parse(MicroLayout, FormatMicro(at))
	assert.NoError(t, err)
	assert.True(t, back.Equal(at))
}
