package upload

import (
	"context"

	"github.com/vidhost/vidhost/pkg/principal"
)

// AccountSettings returns the effective settings of an account.
func (s *Service) AccountSettings(ctx context.Context, accountID string) (AccountSettings, error) {
	stored, err := s.store.GetSettings(ctx, accountID)
	if err != nil {
		return AccountSettings{}, err
	}
	return effective(accountID, stored, s.opts.Defaults), nil
}

// SetAccountSettings stores the account's choices in c and returns the
// effective settings. Uploads already made are not affected; the new limits
// apply to the next CreateUpload.
func (s *Service) SetAccountSettings(ctx context.Context, p principal.Principal, accountID string, c SettingsChange) (AccountSettings, error) {
	if err := c.validate(); err != nil {
		return AccountSettings{}, err
	}
	var stored StoredSettings
	err := s.store.InTx(ctx, func(tx Tx) error {
		var err error
		stored, err = tx.SaveSettings(ctx, accountID, p.ActorID, c)
		return err
	})
	if err != nil {
		return AccountSettings{}, err
	}
	return effective(accountID, stored, s.opts.Defaults), nil
}
