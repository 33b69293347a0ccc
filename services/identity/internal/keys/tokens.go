package keys

import (
	"context"

	"github.com/vidhost/vidhost/pkg/audit"
	"github.com/vidhost/vidhost/pkg/principal"
)

// MintedToken is a token the gateway minted with a key (docs/tokens.md),
// as the audit log records it: never the token itself.
type MintedToken struct {
	ID           string
	Type         string
	MaxSizeBytes int64
	VideoID      string
	ExpiresTime  string
}

// RecordToken writes the audit entry of a minted token. Tokens live in the
// gateway alone; the entry is their only trace until one is used.
func (s *Service) RecordToken(ctx context.Context, p principal.Principal, t MintedToken) error {
	fields := map[string]any{"type": t.Type, "expires_time": t.ExpiresTime}
	if t.MaxSizeBytes > 0 {
		fields["max_size_bytes"] = t.MaxSizeBytes
	}
	if t.VideoID != "" {
		fields["video_id"] = t.VideoID
	}
	return s.store.InTx(ctx, func(tx Tx) error {
		return tx.Audit(ctx, p, audit.EntityTokens, t.ID, audit.ActionCreate, fields)
	})
}
