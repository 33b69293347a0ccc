package upload

import (
	"context"
	"time"

	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/principal"
)

// TransportURL is a video source the transcode worker downloads from a URL
// itself. Its bytes never pass through this service, but they are the
// account's uploads all the same, so they obey the same switch and quotas:
// see ReserveURLSource.
const TransportURL Transport = "url"

// urlSourceName names the reservation's record (and key, never written).
const urlSourceName = "url-source"

// ReserveURLSource counts a URL source against p's account before its job is
// sent: it is refused like an upload (uploads disabled, too many in
// progress, quota full), and otherwise recorded as an upload in progress
// whose size is the most the download may take: the account's per-file
// limit, or what is left of its bytes quota if that is less. The catalog
// hands that size to the worker, which stops the download beyond it. The
// reservation counts towards the bytes quota and the concurrent uploads
// until its window (URLSourceTTL, the time a download may take) closes;
// then the sweeper releases it. It never appears in lists and never
// resolves.
func (s *Service) ReserveURLSource(ctx context.Context, p principal.Principal) (Upload, error) {
	limits, err := s.AccountSettings(ctx, p.AccountID)
	if err != nil {
		return Upload{}, err
	}
	if err := limits.allow(1); err != nil {
		return Upload{}, err
	}
	now := s.now()
	u := Upload{
		ID: ids.New(), AccountID: p.AccountID, Name: urlSourceName, Transport: TransportURL,
		State: StatePending, ExpiresTime: now.Add(s.window(TransportURL)),
	}
	u.Key = objectKey(p.AccountID, u.ID, urlSourceName)
	var reserved Upload
	err = s.store.InTx(ctx, func(tx Tx) error {
		if err := tx.LockAccount(ctx, p.AccountID); err != nil {
			return err
		}
		// At least one byte must fit; then the reservation takes what is left.
		if err := s.checkUsage(ctx, tx, p.AccountID, limits.Settings, 1, now); err != nil {
			return err
		}
		usage, err := tx.Usage(ctx, p.AccountID, now)
		if err != nil {
			return err
		}
		u.Size = min(limits.MaxFileBytes, limits.QuotaBytes-usage.Bytes)
		reserved, err = tx.InsertUpload(ctx, p.AccountID, p.ActorID, u)
		return err
	})
	return reserved, err
}

// urlSourceWindow is the default time a URL source's reservation counts:
// the transcode worker's default download timeout.
const urlSourceWindow = 2 * time.Hour
