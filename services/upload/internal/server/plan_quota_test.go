package server_test

import (
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/encoding/protojson"

	eventsv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/events/v1"
	uploadv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/upload/v1"

	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/pkg/plans"
	"github.com/vidhost/vidhost/services/upload/app"
	"github.com/vidhost/vidhost/services/upload/internal/uploadtest"
)

const gib = 1 << 30

// uncapped runs the service as by default: no cap on the plans' quotas,
// and files as large as a plan's quota.
func uncapped(c *app.Config) {
	c.QuotaBytes = 0
	c.MaxFileBytes = 20 * gib
}

func TestTheQuotaIsThePlans(t *testing.T) {
	t.Parallel()
	b := uploadtest.Start(t, uploadtest.Local, uncapped)
	free, pro := b.Alice, b.Bob
	free.Plan, pro.Plan = plans.Free, plans.Pro

	create(t, b, free, "a.mp4", 10*gib)
	err := createErr(t, b, free, "b.mp4", 1)
	requireRefusal(t, err, codes.ResourceExhausted, "upload_quota_bytes",
		"this upload would take the account's uploads to 10737418241 bytes, over the free plan's quota of 10737418240 bytes")

	create(t, b, pro, "a.mp4", 11*gib)
	create(t, b, pro, "b.mp4", 11*gib)
}

func TestTheOperatorsQuotaAndCapWin(t *testing.T) {
	t.Parallel()
	t.Run("the account's own quota", func(t *testing.T) {
		b := uploadtest.Start(t, uploadtest.Local, uncapped)
		p := b.Alice
		p.Plan = plans.Enterprise
		setSettings(t, b, p, &uploadv1.SetAccountSettingsRequest{QuotaBytes: new(int64(1000))})
		requireRefusal(t, createErr(t, b, p, "a.mp4", 1001), codes.ResourceExhausted, "upload_quota_bytes",
			"this upload would take the account's uploads to 1001 bytes, over its quota of 1000 bytes")
	})
	t.Run("the service's cap", func(t *testing.T) {
		b := uploadtest.Start(t, uploadtest.Local, uncapped, func(c *app.Config) { c.QuotaBytes = 2 * gib })
		p := b.Alice
		p.Plan = plans.Pro
		requireRefusal(t, createErr(t, b, p, "a.mp4", 3*gib), codes.ResourceExhausted, "upload_quota_bytes",
			"this upload would take the account's uploads to 3221225472 bytes, over its quota of 2147483648 bytes")
	})
}

func TestQuotaReachedIsAnnouncedOnceAnHour(t *testing.T) {
	t.Parallel()
	b := uploadtest.Start(t, uploadtest.Local, uncapped)
	p := b.Alice
	p.Plan = plans.Free
	create(t, b, p, "a.mp4", 10*gib)
	for range 3 { // a client retrying in a loop
		requireRefusal(t, createErr(t, b, p, "b.mp4", 5), codes.ResourceExhausted, "upload_quota_bytes", "")
	}

	consumer, err := b.JS.OrderedConsumer(t.Context(), natsx.StreamNameUploads, jetstream.OrderedConsumerConfig{
		FilterSubjects: []string{natsx.SubjectUploadQuotaReached}})
	require.NoError(t, err)
	msg, err := consumer.Next(jetstream.FetchMaxWait(15 * time.Second)) // bounds a failure only
	require.NoError(t, err, "no event arrived")
	var event eventsv1.UploadQuotaReached
	require.NoError(t, protojson.Unmarshal(msg.Data(), &event))
	assert.Equal(t, p.AccountID, event.GetMeta().GetAccountId())
	assert.Equal(t, plans.Free, event.GetPlan())
	assert.Equal(t, int64(10*gib), event.GetQuotaBytes())
	assert.Equal(t, int64(10*gib), event.GetUsedBytes())
	assert.Equal(t, int64(5), event.GetRequestedBytes())
	assert.Equal(t, event.GetMeta().GetId(), msg.Headers().Get(jetstream.MsgIDHeader))

	require.Eventually(t, func() bool {
		var pending int
		err := b.Pool.QueryRow(t.Context(), "SELECT count(*) FROM outbox WHERE published_time IS NULL").Scan(&pending)
		return err == nil && pending == 0
	}, 15*time.Second, 20*time.Millisecond)
	_, err = consumer.Next(jetstream.FetchMaxWait(200 * time.Millisecond))
	assert.Error(t, err, "one event for three refusals")

	// An hour later the account hears again.
	_, err = b.Pool.Exec(t.Context(), "UPDATE quota_notices SET noticed_time = noticed_time - interval '61 minutes'")
	require.NoError(t, err)
	requireRefusal(t, createErr(t, b, p, "b.mp4", 5), codes.ResourceExhausted, "upload_quota_bytes", "")
	_, err = consumer.Next(jetstream.FetchMaxWait(15 * time.Second))
	assert.NoError(t, err, "a second event an hour later")
}
