package server_test

import (
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/encoding/protojson"

	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"
	eventsv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/events/v1"

	"github.com/vidhost/vidhost/pkg/grpcx/grpcxtest"
	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/pkg/plans"
	"github.com/vidhost/vidhost/pkg/timefmt"
	"github.com/vidhost/vidhost/services/catalog/internal/events"
)

// announceAccount publishes account.updated as identity does and waits
// until the catalog has taken it.
func announceAccount(t *testing.T, b testBundle, plan string, enabled bool, at time.Time) {
	t.Helper()
	data, err := protojson.Marshal(&eventsv1.AccountEvent{Meta: meta(b), AccountId: b.alice.AccountID,
		Plan: plan, Enabled: enabled, UpdatedTime: timefmt.FormatMicro(at)})
	require.NoError(t, err)
	publishAccountEvent(t, b, data)
}

func publishAccountEvent(t *testing.T, b testBundle, data []byte) {
	t.Helper()
	ack, err := b.js.Publish(t.Context(), natsx.SubjectAccountUpdated, data, jetstream.WithMsgID(ids.New()))
	require.NoError(t, err)
	consumer, err := b.js.Consumer(t.Context(), natsx.StreamNameAccounts, events.AccountsConsumerName)
	require.NoError(t, err)
	require.Eventually(t, func() bool {
		info, err := consumer.Info(t.Context())
		return err == nil && info.AckFloor.Stream >= ack.Sequence
	}, 15*time.Second, 10*time.Millisecond, "the catalog did not take account.updated %d", ack.Sequence)
}

// The operator's plan changes and disables (identity's account.updated)
// reach live admission without a key rotation: a publisher's next check
// gets the new plan's limits, a disabled account or a plan without live
// streaming is refused, and an announcement older than the last one
// changes nothing.
func TestAccountChangesReachLiveAdmission(t *testing.T) {
	t.Parallel()
	b := setup(t)
	live := liveClient(t, b)
	pro := b.alice
	pro.Plan = plans.Pro
	key := keyOf(t, b, pro, createEvent(t, b, pro).GetId())
	authorize := func() (*catalogv1.PublishGrant, error) {
		return live.AuthorizePublish(t.Context(), &catalogv1.AuthorizePublishRequest{Key: key})
	}
	grant, err := authorize()
	require.NoError(t, err)
	assert.Equal(t, int64(6_000_000), grant.GetMaxBitrate(), "the key's plan, pro")

	start := time.Now()
	announceAccount(t, b, plans.Enterprise, true, start)
	grant, err = authorize()
	require.NoError(t, err)
	assert.Equal(t, int64(20_000_000), grant.GetMaxBitrate(), "enterprise, announced")

	announceAccount(t, b, plans.Free, true, start.Add(-time.Second))
	grant, err = authorize()
	require.NoError(t, err)
	assert.Equal(t, int64(20_000_000), grant.GetMaxBitrate(), "an older announcement changes nothing")

	announceAccount(t, b, plans.Enterprise, false, start.Add(time.Second))
	_, err = authorize()
	grpcxtest.RequireStatus(t, err, codes.FailedPrecondition, "the account is disabled")

	// Garbage is set aside (dead-lettered); the next change still applies.
	publishAccountEvent(t, b, []byte(`{"account_id": 7}`))
	announceAccount(t, b, plans.Free, true, start.Add(2*time.Second))
	_, err = authorize()
	grpcxtest.RequireStatus(t, err, codes.FailedPrecondition, "the free plan does not include live streaming: move to a plan that does")

	// Another account's announcement is not alice's.
	bobPro := b.bob
	bobPro.Plan = plans.Pro
	_, err = live.AuthorizePublish(t.Context(), &catalogv1.AuthorizePublishRequest{Key: keyOf(t, b, bobPro, createEvent(t, b, bobPro).GetId())})
	require.NoError(t, err)
}
