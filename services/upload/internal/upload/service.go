package upload

import (
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/blob"
	"github.com/vidhost/vidhost/pkg/ids"
)

// Options are the service's durations and default limits.
type Options struct {
	// URLTTL is the lifetime of a presigned PUT URL.
	URLTTL time.Duration
	// TusTTL is how long a tus upload may take to complete.
	TusTTL time.Duration
	// Retention is how long records (and unreferenced files) are kept.
	Retention time.Duration
	// Defaults apply to accounts without settings of their own.
	Defaults Settings
}

// Validate checks that the durations fit together: every upload's window
// must close well before the sweeper may remove its record.
func (o Options) Validate() error {
	var errs []error
	if o.URLTTL < time.Second || o.URLTTL > blob.MaxPresignTTL {
		errs = append(errs, fmt.Errorf("upload URL TTL must be from 1s to %s", blob.MaxPresignTTL))
	}
	if o.TusTTL <= 0 {
		errs = append(errs, errors.New("tus TTL must be positive"))
	}
	if o.Retention <= max(o.URLTTL, o.TusTTL)+settleGrace {
		errs = append(errs, errors.New("retention must be longer than the URL and tus TTLs"))
	}
	d := o.Defaults
	if d.MaxFileBytes < 1 || d.MaxConcurrent < 1 {
		errs = append(errs, errors.New("default max file bytes and max concurrent must be positive"))
	}
	if d.QuotaBytes < 0 {
		errs = append(errs, errors.New("quota bytes cap must be 0 (none) or positive"))
	}
	return errors.Join(errs...)
}

// Service runs the upload use cases. Callers (the gRPC and tus handlers)
// have already checked that the principal may read or write.
type Service struct {
	store   Store
	objects Objects
	staging Staging
	opts    Options
	logger  *slog.Logger
	now     func() time.Time
}

// NewService returns a Service. staging may be NoStaging{}.
func NewService(store Store, objects Objects, staging Staging, opts Options, logger *slog.Logger) *Service {
	return &Service{store: store, objects: objects, staging: staging, opts: opts, logger: logger, now: time.Now}
}

// checkID answers Not found for ids that cannot exist, without a query.
func checkID(id string) error {
	if !ids.Valid(id) {
		return apperr.ErrNotFound
	}
	return nil
}
