package upload

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

func TestSettingsChangeValidation(t *testing.T) {
	tests := []struct {
		change  SettingsChange
		message string
	}{
		{SettingsChange{}, "request must change at least one field"},
		{SettingsChange{MaxFileBytes: new(int64(0))}, "max_file_bytes must be from 1 to 9007199254740992"},
		{SettingsChange{MaxFileBytes: new(int64(1<<53 + 1))}, "max_file_bytes must be from 1 to 9007199254740992"},
		{SettingsChange{QuotaBytes: new(int64(0))}, "quota_bytes must be from 1 to 9007199254740992"},
		{SettingsChange{MaxConcurrent: new(int32(0))}, "max_concurrent must be from 1 to 10000"},
		{SettingsChange{MaxConcurrent: new(int32(10001))}, "max_concurrent must be from 1 to 10000"},
	}
	for _, tt := range tests {
		assert.EqualError(t, tt.change.validate(), tt.message)
	}
	assert.NoError(t, SettingsChange{UploadsEnabled: new(false)}.validate())
}

func TestEffectiveSettingsFillDefaults(t *testing.T) {
	defaults := Settings{UploadsEnabled: true, MaxFileBytes: 100, QuotaBytes: 1000, MaxConcurrent: 3}
	assert.Equal(t, AccountSettings{AccountID: "a", Settings: defaults}, effective("a", StoredSettings{}, defaults))

	got := effective("a", StoredSettings{UploadsEnabled: new(false), QuotaBytes: new(int64(5))}, defaults)
	assert.Equal(t, Settings{UploadsEnabled: false, MaxFileBytes: 100, QuotaBytes: 5, MaxConcurrent: 3}, got.Settings)
}

func TestLimits(t *testing.T) {
	s := Settings{UploadsEnabled: true, MaxFileBytes: 100, QuotaBytes: 1000, MaxConcurrent: 2}
	assert.NoError(t, s.allow(100))
	assert.EqualError(t, s.allow(101), "size is larger than this account's limit of 100 bytes per file")
	assert.EqualError(t, Settings{}.allow(1), "uploads are disabled for this account")
	assert.NoError(t, s.fits(Usage{InProgress: 1, Bytes: 900}, 100))
	assert.ErrorContains(t, s.fits(Usage{InProgress: 2}, 1), "2 uploads in progress")
	assert.ErrorContains(t, s.fits(Usage{Bytes: 901}, 100), "to 1001 bytes, over its quota of 1000 bytes")
}

func TestOptionsValidate(t *testing.T) {
	ok := Options{URLTTL: 15 * time.Minute, TusTTL: 24 * time.Hour, Retention: 7 * 24 * time.Hour,
		Defaults: Settings{MaxFileBytes: 1, QuotaBytes: 1, MaxConcurrent: 1}}
	assert.NoError(t, ok.Validate())
	short := ok
	short.Retention = 24 * time.Hour
	assert.ErrorContains(t, short.Validate(), "retention must be longer than the URL and tus TTLs")
	long := ok
	long.URLTTL = 8 * 24 * time.Hour
	assert.ErrorContains(t, long.Validate(), "upload URL TTL must be from 1s to")
}
