package upload

import (
	"context"
	"time"

	"github.com/vidhost/vidhost/pkg/audit"
	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/principal"
)

// NewUpload is what a client asks to upload.
type NewUpload struct {
	Name string
	// Size comes as a JSON number; validation accepts whole positive ones.
	Size      float64
	Transport Transport
}

// CreateUpload validates in, applies the account's switch and quotas, and
// records a pending upload. A PUT upload comes back with its presigned URL.
// The URL is signed before anything is stored, so a failure leaves nothing.
func (s *Service) CreateUpload(ctx context.Context, p principal.Principal, in NewUpload) (Upload, error) {
	if err := validateName(in.Name); err != nil {
		return Upload{}, err
	}
	size, err := validateSize(in.Size)
	if err != nil {
		return Upload{}, err
	}
	if err := checkTokenSize(p, size); err != nil {
		return Upload{}, err
	}
	limits, err := s.limitsFor(ctx, p)
	if err != nil {
		return Upload{}, err
	}
	if err := limits.allow(size); err != nil {
		return Upload{}, err
	}
	now := s.now()
	u, err := s.prepare(ctx, p.AccountID, in.Name, size, in.Transport, now)
	if err != nil {
		return Upload{}, err
	}
	u.TokenID = p.UploadToken
	var created Upload
	err = s.store.InTx(ctx, func(tx Tx) error {
		if err := tx.LockAccount(ctx, p.AccountID); err != nil {
			return err
		}
		if err := s.checkUsage(ctx, tx, p.AccountID, limits, size, now); err != nil {
			return err
		}
		if created, err = tx.InsertUpload(ctx, p.AccountID, p.ActorID, u); err != nil {
			return err
		}
		return tx.Audit(ctx, p, audit.EntityUploads, created.ID, audit.ActionCreate, auditFields(created))
	})
	s.announceQuotaReached(ctx, p, err)
	created.URL = u.URL
	return created, err
}

// auditFields are what the audit log records of an upload: never its
// presigned URL, which lets anyone holding it write the object.
func auditFields(u Upload) map[string]any {
	fields := map[string]any{"name": u.Name, "size": u.Size, "transport": u.Transport}
	if u.TokenID != "" {
		fields["token_id"] = u.TokenID // made by a browser with the actor's upload token
	}
	return fields
}

// prepare builds the pending upload and, for PUT, signs its URL.
func (s *Service) prepare(ctx context.Context, accountID, name string, size int64, transport Transport, now time.Time) (Upload, error) {
	u := Upload{
		ID: ids.New(), AccountID: accountID, Name: name, Size: size,
		Transport: transport, State: StatePending, ExpiresTime: now.Add(s.window(transport)),
	}
	var err error
	if u.Key, err = objectKey(accountID, u.ID, name); err != nil {
		return Upload{}, err
	}
	if transport != TransportPut {
		return u, nil
	}
	u.URL, err = s.objects.PresignPut(ctx, u.Key, size, s.opts.URLTTL)
	return u, err
}

// window is how long bytes may take to arrive by transport.
func (s *Service) window(transport Transport) time.Duration {
	if transport == TransportTus {
		return s.opts.TusTTL
	}
	return s.opts.URLTTL
}
