package server_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/plans"
	"github.com/vidhost/vidhost/pkg/principal"
	uploadv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/upload/v1"
	"github.com/vidhost/vidhost/services/upload/app"
	"github.com/vidhost/vidhost/services/upload/internal/uploadtest"
)

func usage(t *testing.T, b *uploadtest.Bundle, p principal.Principal) *uploadv1.UploadUsage {
	t.Helper()
	got, err := b.Client.GetUploadUsage(as(t, p), &uploadv1.GetUploadUsageRequest{})
	require.NoError(t, err)
	return got
}

// GET /v2/account/uploads counts what the quota check counts, against the
// quota CreateUpload would apply: the plan's, the operator's for the
// account, or the service's cap.
func TestUploadUsageIsWhatTheQuotaCounts(t *testing.T) {
	t.Parallel()
	b := uploadtest.Start(t, uploadtest.Local, uncapped)
	p := b.Alice
	p.Plan = plans.Pro
	create(t, b, p, "a.mp4", 1000)
	create(t, b, p, "b.mp4", 24)
	create(t, b, b.Bob, "other.mp4", 5000)

	got := usage(t, b, p)
	pro, _ := plans.Lookup(plans.Pro)
	assert.Equal(t, int64(1024), got.GetBytes(), "Bob's upload is not Alice's")
	assert.Equal(t, int32(2), got.GetInProgress())
	assert.Equal(t, pro.UploadQuotaBytes, got.GetQuotaBytes())
	assert.Equal(t, plans.Pro, got.GetQuotaPlan())
	assert.True(t, got.GetUploadsEnabled())

	setSettings(t, b, p, &uploadv1.SetAccountSettingsRequest{QuotaBytes: new(int64(4096)), UploadsEnabled: new(false)})
	got = usage(t, b, p)
	assert.Equal(t, int64(4096), got.GetQuotaBytes(), "the operator's quota for the account")
	assert.Empty(t, got.GetQuotaPlan())
	assert.False(t, got.GetUploadsEnabled())

	capped := uploadtest.Start(t, uploadtest.Local, uncapped, func(c *app.Config) { c.QuotaBytes = 2 * gib })
	q := capped.Alice
	q.Plan = plans.Enterprise
	got = usage(t, capped, q)
	assert.Equal(t, int64(2*gib), got.GetQuotaBytes(), "the service's cap")
	assert.Zero(t, got.GetBytes())
}
