package server_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc/codes"

	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"
	eventsv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/events/v1"

	"github.com/vidhost/vidhost/pkg/grpcx/grpcxtest"
	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/pkg/plans"
	"github.com/vidhost/vidhost/pkg/principal"
)

// goLive makes event id live as the live service's live.started does.
func goLive(t *testing.T, b testBundle, id string) {
	t.Helper()
	b.report(t, natsx.SubjectLiveStarted, &eventsv1.LiveStarted{Meta: meta(b), VideoId: id,
		Outputs: []*eventsv1.MediaOutput{{Label: "HLS live", Path: "live/master.m3u8"}}})
	require.Equal(t, "live", getVideo(t, b, b.alice, id).GetStatus())
}

func keyOf(t *testing.T, b testBundle, p principal.Principal, id string) string {
	t.Helper()
	k, err := b.client.GetStreamKey(as(t, p), &catalogv1.GetStreamKeyRequest{VideoId: id})
	require.NoError(t, err)
	return k.GetKey()
}

// The pro plan allows one live event at once: a second event's publisher is
// refused with the reason, the live one keeps passing its rechecks, and the
// grant carries the plan's bitrate limit.
func TestAuthorizePublishKeepsToThePlansLiveLimits(t *testing.T) {
	t.Parallel()
	b := setup(t)
	live := liveClient(t, b)
	pro := b.alice
	pro.Plan = plans.Pro
	first := createEvent(t, b, pro).GetId()
	second := createEvent(t, b, pro).GetId()

	grant, err := live.AuthorizePublish(t.Context(), &catalogv1.AuthorizePublishRequest{Key: keyOf(t, b, pro, first)})
	require.NoError(t, err)
	assert.Equal(t, int64(6_000_000), grant.GetMaxBitrate(), "pro's ingest bitrate")
	goLive(t, b, first)

	_, err = live.AuthorizePublish(t.Context(), &catalogv1.AuthorizePublishRequest{Key: keyOf(t, b, pro, second)})
	grpcxtest.RequireStatus(t, err, codes.ResourceExhausted,
		"the account already has 1 live event(s), the most the pro plan allows at once: end one, or move to a larger plan")
	_, err = live.AuthorizePublish(t.Context(), &catalogv1.AuthorizePublishRequest{Key: keyOf(t, b, pro, first)})
	require.NoError(t, err, "the event already live passes its recheck")

	// The operator moves the account to enterprise: rotating the key (a
	// user call carrying the new plan) applies its limits.
	enterprise := b.alice
	enterprise.Plan = plans.Enterprise
	rotated, err := b.client.RotateStreamKey(as(t, enterprise), &catalogv1.RotateStreamKeyRequest{VideoId: second})
	require.NoError(t, err)
	grant, err = live.AuthorizePublish(t.Context(), &catalogv1.AuthorizePublishRequest{Key: rotated.GetKey()})
	require.NoError(t, err)
	assert.Equal(t, int64(20_000_000), grant.GetMaxBitrate())

	// Another account's live event does not count against alice's.
	bobPro := b.bob
	bobPro.Plan = plans.Pro
	bobs := createEvent(t, b, bobPro).GetId()
	_, err = live.AuthorizePublish(t.Context(), &catalogv1.AuthorizePublishRequest{Key: keyOf(t, b, bobPro, bobs)})
	require.NoError(t, err)
}

// A key issued before keys recorded the plan gets the cheapest plan with
// live streaming's limits.
func TestAuthorizePublishWithoutAPlanUsesTheCheapestLivePlan(t *testing.T) {
	t.Parallel()
	b := setup(t)
	live := liveClient(t, b)
	id := createEvent(t, b, b.alice).GetId() // b.alice's principal names no plan
	grant, err := live.AuthorizePublish(t.Context(), &catalogv1.AuthorizePublishRequest{Key: keyOf(t, b, b.alice, id)})
	require.NoError(t, err)
	assert.Equal(t, int64(6_000_000), grant.GetMaxBitrate())
}
