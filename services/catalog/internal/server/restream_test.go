package server_test

import (
	"strconv"
	"testing"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/fieldmaskpb"

	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"

	"github.com/vidhost/vidhost/pkg/grpcx/grpcxtest"
	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/pkg/plans"
	"github.com/vidhost/vidhost/pkg/principal"
)

const youtubeKey = "abcd-efgh-ijkl-mnop-qrst"

func onPlan(p principal.Principal, plan string) principal.Principal {
	p.Plan, p.LiveEnabled = plan, true
	return p
}

func createRestream(t *testing.T, b testBundle, p principal.Principal, videoID, name string) *catalogv1.Restream {
	t.Helper()
	r, err := b.client.CreateRestream(as(t, p), &catalogv1.CreateRestreamRequest{VideoId: videoID, Name: name,
		Url: "rtmps://a.rtmp.youtube.com/live2", StreamKey: youtubeKey})
	require.NoError(t, err)
	return r
}

// The key is write-only: no response, event or audit entry carries it, and
// only the live service's grant does.
func TestRestreamsKeepTheirKeyToThemselves(t *testing.T) {
	t.Parallel()
	b := setup(t)
	pro := onPlan(b.alice, plans.Pro)
	audit := b.auditEntries(t, "audit.restreams.>")
	event := createEvent(t, b, pro)

	created := createRestream(t, b, pro, event.GetId(), " YouTube ")
	assert.Equal(t, "YouTube", created.GetName(), "trimmed")
	assert.Equal(t, "rtmps://a.rtmp.youtube.com/live2", created.GetUrl())
	assert.True(t, created.GetStreamKeySet())
	assert.True(t, created.GetEnabled(), "enabled unless it says otherwise")
	assert.Equal(t, "idle", created.GetStatus())
	assert.NotContains(t, protoText(created), youtubeKey)

	entry := next(t, audit)
	assert.Contains(t, string(entry.Data()), `stream_key_set\":true`)
	assert.NotContains(t, string(entry.Data()), youtubeKey)

	got, err := b.client.GetRestream(as(t, pro), &catalogv1.GetRestreamRequest{VideoId: event.GetId(), Id: created.GetId()})
	require.NoError(t, err)
	assert.True(t, proto.Equal(created, got))
	list, err := b.client.ListRestreams(as(t, pro), &catalogv1.ListRestreamsRequest{VideoId: event.GetId()})
	require.NoError(t, err)
	require.Len(t, list.GetItems(), 1)
	assert.True(t, proto.Equal(created, list.GetItems()[0]))

	grant, err := liveClient(t, b).AuthorizePublish(t.Context(),
		&catalogv1.AuthorizePublishRequest{Key: keyOf(t, b, pro, event.GetId())})
	require.NoError(t, err)
	require.Len(t, grant.GetRestreams(), 1)
	assert.Equal(t, youtubeKey, grant.GetRestreams()[0].GetStreamKey(), "the live service gets the key in the clear")
	assert.Equal(t, created.GetUrl(), grant.GetRestreams()[0].GetUrl())
}

func TestRestreamUpdateAndDelete(t *testing.T) {
	t.Parallel()
	b := setup(t)
	pro := onPlan(b.alice, plans.Pro)
	live := liveClient(t, b)
	event := createEvent(t, b, pro)
	r := createRestream(t, b, pro, event.GetId(), "YouTube")
	update := func(paths []string, in *catalogv1.RestreamInput) (*catalogv1.Restream, error) {
		return b.client.UpdateRestream(as(t, pro), &catalogv1.UpdateRestreamRequest{VideoId: event.GetId(), Id: r.GetId(),
			Restream: in, UpdateMask: &fieldmaskpb.FieldMask{Paths: paths}})
	}

	changed, err := update([]string{"name", "url", "stream_key"},
		&catalogv1.RestreamInput{Name: "Twitch", Url: "rtmp://live.twitch.tv/app", StreamKey: "live_123_abc"})
	require.NoError(t, err)
	assert.Equal(t, "Twitch", changed.GetName())
	assert.Equal(t, "rtmp://live.twitch.tv/app", changed.GetUrl())
	key := keyOf(t, b, pro, event.GetId())
	grant, err := live.AuthorizePublish(t.Context(), &catalogv1.AuthorizePublishRequest{Key: key})
	require.NoError(t, err)
	assert.Equal(t, "live_123_abc", grant.GetRestreams()[0].GetStreamKey(), "the new key, sealed again")

	disabled, err := update([]string{"enabled"}, &catalogv1.RestreamInput{Enabled: proto.Bool(false)})
	require.NoError(t, err)
	assert.False(t, disabled.GetEnabled())
	assert.Equal(t, "Twitch", disabled.GetName(), "fields outside the mask are kept")
	grant, err = live.AuthorizePublish(t.Context(), &catalogv1.AuthorizePublishRequest{Key: key})
	require.NoError(t, err)
	assert.Empty(t, grant.GetRestreams(), "a disabled output is not sent the stream")

	noKey, err := update([]string{"stream_key"}, &catalogv1.RestreamInput{})
	require.NoError(t, err)
	assert.False(t, noKey.GetStreamKeySet(), "an empty key clears it")

	_, err = b.client.DeleteRestream(as(t, pro), &catalogv1.DeleteRestreamRequest{VideoId: event.GetId(), Id: r.GetId()})
	require.NoError(t, err)
	_, err = b.client.GetRestream(as(t, pro), &catalogv1.GetRestreamRequest{VideoId: event.GetId(), Id: r.GetId()})
	grpcxtest.RequireStatus(t, err, codes.NotFound, "Not found")
}

// The live service's reports show while the event is live; an event that
// is not live shows its outputs idle whatever was reported last.
func TestRestreamStatusesFollowTheLiveService(t *testing.T) {
	t.Parallel()
	b := setup(t)
	pro := onPlan(b.alice, plans.Pro)
	live := liveClient(t, b)
	event := createEvent(t, b, pro)
	r := createRestream(t, b, pro, event.GetId(), "YouTube")
	report := func(status, reason string) {
		t.Helper()
		_, err := live.ReportRestreamStatus(t.Context(), &catalogv1.ReportRestreamStatusRequest{AccountId: pro.AccountID,
			VideoId: event.GetId(), Id: r.GetId(), Status: status, Reason: reason})
		require.NoError(t, err)
	}
	get := func() *catalogv1.Restream {
		t.Helper()
		got, err := b.client.GetRestream(as(t, pro), &catalogv1.GetRestreamRequest{VideoId: event.GetId(), Id: r.GetId()})
		require.NoError(t, err)
		return got
	}

	report("error", "the server refused the connection")
	assert.Equal(t, "idle", get().GetStatus(), "not live yet")
	goLive(t, b, event.GetId())
	got := get()
	assert.Equal(t, "error", got.GetStatus())
	assert.Equal(t, "the server refused the connection", got.GetStatusReason())
	assert.NotEmpty(t, got.GetStatusTime())
	report("live", "ignored unless in error")
	assert.Equal(t, "live", get().GetStatus())
	assert.Empty(t, get().GetStatusReason())

	_, err := live.ReportRestreamStatus(t.Context(), &catalogv1.ReportRestreamStatusRequest{AccountId: pro.AccountID,
		VideoId: event.GetId(), Id: r.GetId(), Status: "offline"})
	grpcxtest.RequireStatus(t, err, codes.InvalidArgument, "status must be idle, connecting, live or error")
	_, err = live.ReportRestreamStatus(t.Context(), &catalogv1.ReportRestreamStatusRequest{AccountId: b.bob.AccountID,
		VideoId: event.GetId(), Id: r.GetId(), Status: "error", Reason: "forged"})
	require.NoError(t, err, "a report naming another account changes nothing")
	assert.Equal(t, "live", get().GetStatus())
}

func TestRestreamRefusals(t *testing.T) {
	t.Parallel()
	b := setup(t)
	pro := onPlan(b.alice, plans.Pro)
	event := createEvent(t, b, pro)
	vod := createVideo(t, b, pro, "Vod")
	create := func(p principal.Principal, videoID, url, key string) error {
		_, err := b.client.CreateRestream(as(t, p), &catalogv1.CreateRestreamRequest{VideoId: videoID, Name: "Out",
			Url: url, StreamKey: key})
		return err
	}
	const youtube = "rtmps://a.rtmp.youtube.com/live2"
	readOnly := pro
	readOnly.ReadOnly = true
	tests := []struct {
		name string
		err  error
		code codes.Code
		msg  string
	}{
		{"a vod has no restreams", create(pro, vod.GetId(), youtube, ""), codes.NotFound, "Not found"},
		{"another account's event", create(onPlan(b.bob, plans.Pro), event.GetId(), youtube, ""), codes.NotFound, "Not found"},
		{"not rtmp", create(pro, event.GetId(), "https://a.rtmp.youtube.com/live2", ""), codes.InvalidArgument,
			"url must be an rtmp or rtmps URL"},
		{"a private address", create(pro, event.GetId(), "rtmp://10.0.0.8/live", ""), codes.InvalidArgument,
			"url must not point at a private, loopback or link-local address"},
		{"loopback (production)", create(pro, event.GetId(), "rtmp://127.0.0.1:1935/live", ""), codes.InvalidArgument,
			"url must not point at a private, loopback or link-local address"},
		{"a key in the URL", create(pro, event.GetId(), youtube+"?key=secret", ""), codes.InvalidArgument,
			"url must not carry a query or fragment"},
		{"a key with a space", create(pro, event.GetId(), youtube, "two words"), codes.InvalidArgument,
			"stream_key must be printable ASCII without spaces (the key the platform shows)"},
		{"a plan without restreams", create(onPlan(b.alice, plans.Free), event.GetId(), youtube, ""), codes.PermissionDenied,
			"a live event with more than 0 restreams requires the pro plan or higher"},
		{"a read-only key", create(readOnly, event.GetId(), youtube, ""), codes.PermissionDenied, "this API key is read-only"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { grpcxtest.RequireStatus(t, tt.err, tt.code, tt.msg) })
	}

	for i := range plans.All()[1].MaxRestreams {
		require.NoError(t, create(pro, event.GetId(), youtube, "key-"+strconv.Itoa(i)))
	}
	grpcxtest.RequireStatus(t, create(pro, event.GetId(), youtube, ""), codes.PermissionDenied,
		"a live event with more than 5 restreams requires the enterprise plan or higher")
}

// auditEntries returns a consumer of the AUDIT stream's subjects matching
// filter, from the first message on.
func (b testBundle) auditEntries(t *testing.T, filter string) jetstream.Consumer {
	t.Helper()
	consumer, err := b.js.OrderedConsumer(t.Context(), natsx.StreamNameAudit,
		jetstream.OrderedConsumerConfig{FilterSubjects: []string{filter}})
	require.NoError(t, err)
	return consumer
}

func protoText(m proto.Message) string {
	data, _ := proto.Marshal(m)
	return string(data)
}
