package store

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/vidhost/vidhost/gateway/internal/idempotency"
	"github.com/vidhost/vidhost/gateway/internal/idempotency/store/db"
)

// Store implements idempotency.Store over a pool whose search_path is the
// gateway's schema.
type Store struct{ q *db.Queries }

var _ idempotency.Store = Store{}

// New returns a Store using pool.
func New(pool *pgxpool.Pool) Store { return Store{q: db.New(pool)} }

// methodsSeparator joins backend method names in one column: gRPC full
// method names never hold a comma.
const methodsSeparator = ","

// Claim inserts the record, or takes over an expired or abandoned one.
func (s Store) Claim(ctx context.Context, c idempotency.Claim) (bool, error) {
	locked := c.LockedUntil
	_, err := s.q.ClaimKey(ctx, db.ClaimKeyParams{AccountID: c.AccountID, Principal: c.Principal, Key: c.Key,
		RequestHash: c.RequestHash, LockedUntil: &locked, Now: c.Now, ExpiresTime: c.ExpiresTime})
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return false, nil
	case err != nil:
		return false, fmt.Errorf("claim idempotency key: %w", err)
	}
	return true, nil
}

// Get returns the record of the principal's key.
func (s Store) Get(ctx context.Context, scope idempotency.Scope) (idempotency.Record, error) {
	row, err := s.q.GetKey(ctx, db.GetKeyParams{AccountID: scope.AccountID, Principal: scope.Principal, Key: scope.Key})
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return idempotency.Record{}, idempotency.ErrNotFound
	case err != nil:
		return idempotency.Record{}, fmt.Errorf("get idempotency key: %w", err)
	}
	record := idempotency.Record{RequestHash: row.RequestHash}
	if row.Status.Valid {
		record.Response = &idempotency.Response{Status: int(row.Status.Int32), ContentType: row.ContentType,
			Body: row.ResponseBody, Methods: splitMethods(row.BackendMethods)}
	}
	return record, nil
}

func splitMethods(joined string) []string {
	if joined == "" {
		return nil
	}
	return strings.Split(joined, methodsSeparator)
}

// Save stores the answer of the claim's request.
func (s Store) Save(ctx context.Context, c idempotency.Claim, r idempotency.Response) error {
	body := r.Body
	if body == nil {
		body = []byte{}
	}
	err := s.q.SaveResponse(ctx, db.SaveResponseParams{
		Status:      pgtype.Int4{Int32: int32(r.Status), Valid: true}, //nolint:gosec // an HTTP status code
		ContentType: r.ContentType, ResponseBody: body, BackendMethods: strings.Join(r.Methods, methodsSeparator),
		AccountID: c.AccountID, Principal: c.Principal, Key: c.Key, RequestHash: c.RequestHash,
	})
	if err != nil {
		return fmt.Errorf("save idempotency answer: %w", err)
	}
	return nil
}

// Release deletes the claim's unanswered record.
func (s Store) Release(ctx context.Context, c idempotency.Claim) error {
	err := s.q.ReleaseKey(ctx, db.ReleaseKeyParams{AccountID: c.AccountID, Principal: c.Principal, Key: c.Key,
		RequestHash: c.RequestHash})
	if err != nil {
		return fmt.Errorf("release idempotency key: %w", err)
	}
	return nil
}

// Forget deletes the claim's answered record.
func (s Store) Forget(ctx context.Context, c idempotency.Claim) error {
	err := s.q.ForgetAnswer(ctx, db.ForgetAnswerParams{AccountID: c.AccountID, Principal: c.Principal, Key: c.Key,
		RequestHash: c.RequestHash})
	if err != nil {
		return fmt.Errorf("forget idempotency answer: %w", err)
	}
	return nil
}

// Sweep deletes up to batch records expired at now.
func (s Store) Sweep(ctx context.Context, now time.Time, batch int) (int64, error) {
	n, err := s.q.SweepExpired(ctx, db.SweepExpiredParams{Now: now, Batch: int32(min(batch, 1<<20))}) //nolint:gosec // bounded above
	if err != nil {
		return 0, fmt.Errorf("sweep idempotency keys: %w", err)
	}
	return n, nil
}
