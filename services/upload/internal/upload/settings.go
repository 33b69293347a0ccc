package upload

import (
	"time"

	"github.com/vidhost/vidhost/pkg/apperr"
)

// Settings are an account's upload switch and limits.
type Settings struct {
	UploadsEnabled bool
	// MaxFileBytes is the largest size of one upload.
	MaxFileBytes int64
	// QuotaBytes bounds the sum of the sizes of the account's live uploads
	// (pending or complete). As a default it is the service's cap on the
	// plans' quotas, 0 for none (VIDHOST_UPLOAD_QUOTA_BYTES).
	QuotaBytes int64
	// QuotaPlan names the plan QuotaBytes comes from; empty when the
	// operator set the account's own quota, or the cap applies.
	QuotaPlan string
	// MaxConcurrent bounds the uploads whose bytes may still arrive.
	MaxConcurrent int32
}

// Limits on what an operator may set: sizes a JSON number holds exactly,
// and a concurrency that cannot exhaust the service by itself.
const (
	maxSettingBytes      = maxExactSize
	maxSettingConcurrent = 10000
)

// StoredSettings are an account's own choices: a nil field uses the
// service's default, so changing a default reaches every account that did
// not choose.
type StoredSettings struct {
	UploadsEnabled *bool
	MaxFileBytes   *int64
	QuotaBytes     *int64
	MaxConcurrent  *int32
	Audit
}

// AccountSettings are the effective settings of an account.
type AccountSettings struct {
	AccountID string
	Settings
	// UpdatedBy and UpdatedTime are empty while the account has no choices.
	UpdatedBy   string
	UpdatedTime time.Time
}

// SettingsChange holds the settings to change; nil fields stay as they are.
type SettingsChange struct {
	UploadsEnabled *bool
	MaxFileBytes   *int64
	QuotaBytes     *int64
	MaxConcurrent  *int32
}

func (c SettingsChange) validate() error {
	switch {
	case c.UploadsEnabled == nil && c.MaxFileBytes == nil && c.QuotaBytes == nil && c.MaxConcurrent == nil:
		return apperr.InvalidField("request", "must change at least one field")
	case c.MaxFileBytes != nil && (*c.MaxFileBytes < 1 || *c.MaxFileBytes > maxSettingBytes):
		return apperr.InvalidField("max_file_bytes", "must be from 1 to %d", int64(maxSettingBytes))
	case c.QuotaBytes != nil && (*c.QuotaBytes < 1 || *c.QuotaBytes > maxSettingBytes):
		return apperr.InvalidField("quota_bytes", "must be from 1 to %d", int64(maxSettingBytes))
	case c.MaxConcurrent != nil && (*c.MaxConcurrent < 1 || *c.MaxConcurrent > maxSettingConcurrent):
		return apperr.InvalidField("max_concurrent", "must be from 1 to %d", maxSettingConcurrent)
	}
	return nil
}

// effective fills the account's unset choices from defaults.
func effective(accountID string, stored StoredSettings, defaults Settings) AccountSettings {
	s := defaults
	if stored.UploadsEnabled != nil {
		s.UploadsEnabled = *stored.UploadsEnabled
	}
	if stored.MaxFileBytes != nil {
		s.MaxFileBytes = *stored.MaxFileBytes
	}
	if stored.QuotaBytes != nil {
		s.QuotaBytes = *stored.QuotaBytes
	}
	if stored.MaxConcurrent != nil {
		s.MaxConcurrent = *stored.MaxConcurrent
	}
	return AccountSettings{AccountID: accountID, Settings: s, UpdatedBy: stored.UpdatedBy, UpdatedTime: stored.UpdatedTime}
}
