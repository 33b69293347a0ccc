package server_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"

	"github.com/vidhost/vidhost/pkg/grpcx"
	"github.com/vidhost/vidhost/pkg/grpcx/grpcxtest"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/pkg/roles"
)

// liveClient calls the catalog as the live service does.
func liveClient(t *testing.T, b testBundle) catalogv1.CatalogServiceClient {
	t.Helper()
	conn, err := grpcx.Dial(b.addr, grpcx.CallerCredentials(root, grpcx.Live))
	require.NoError(t, err)
	t.Cleanup(func() { _ = conn.Close() })
	return catalogv1.NewCatalogServiceClient(conn)
}

func createEvent(t *testing.T, b testBundle, p principal.Principal) *catalogv1.Video {
	t.Helper()
	p.LiveEnabled = true
	v, err := b.client.CreateVideo(as(t, p), &catalogv1.CreateVideoRequest{Name: "Show", Type: proto.String("event")})
	require.NoError(t, err)
	return v
}

func TestStreamKeyShownInFullOnlyToWriters(t *testing.T) {
	t.Parallel()
	b := setup(t)
	created := b.events(t, "video.created")
	event := createEvent(t, b, b.alice)
	full, err := b.client.GetStreamKey(as(t, b.alice), &catalogv1.GetStreamKeyRequest{VideoId: event.GetId()})
	require.NoError(t, err)
	announced := next(t, created)
	assert.NotContains(t, string(announced.Data()), full.GetKey(), "events (and the hooks fed by them) never carry the key")
	assert.Equal(t, "rtmp://127.0.0.1:1935/live/"+full.GetKey(), full.GetRtmpUrl())
	assert.Equal(t, event.GetInput(), full.GetRtmpUrl(), "the event's input is its RTMP ingest URL")
	assert.False(t, full.GetRevoked())

	readOnly := b.alice
	readOnly.ReadOnly = true
	viewer := b.alice
	viewer.ActorType, viewer.Role = principal.ActorUser, roles.Viewer
	for name, p := range map[string]principal.Principal{"read-only key": readOnly, "viewer": viewer} {
		t.Run(name, func(t *testing.T) {
			k, err := b.client.GetStreamKey(as(t, p), &catalogv1.GetStreamKeyRequest{VideoId: event.GetId()})
			require.NoError(t, err)
			assert.Equal(t, "[redacted]", k.GetKey())
			assert.NotContains(t, k.GetRtmpUrl(), full.GetKey())
			v, err := b.client.GetVideo(as(t, p), &catalogv1.GetVideoRequest{Id: event.GetId()})
			require.NoError(t, err)
			assert.Equal(t, "rtmp://127.0.0.1:1935/live/[redacted]", v.GetInput())
		})
	}
}

func TestStreamKeyRotateAndRevoke(t *testing.T) {
	t.Parallel()
	b := setup(t)
	live := liveClient(t, b)
	event := createEvent(t, b, b.alice)
	first, err := b.client.GetStreamKey(as(t, b.alice), &catalogv1.GetStreamKeyRequest{VideoId: event.GetId()})
	require.NoError(t, err)

	grant, err := live.AuthorizePublish(t.Context(), &catalogv1.AuthorizePublishRequest{Key: first.GetKey()})
	require.NoError(t, err)
	assert.Equal(t, event.GetId(), grant.GetVideoId())
	assert.Equal(t, b.alice.AccountID, grant.GetAccountId())

	_, err = b.client.RevokeStreamKey(as(t, b.alice), &catalogv1.RevokeStreamKeyRequest{VideoId: event.GetId()})
	require.NoError(t, err)
	_, err = live.AuthorizePublish(t.Context(), &catalogv1.AuthorizePublishRequest{Key: first.GetKey()})
	grpcxtest.RequireStatus(t, err, codes.Unauthenticated, "the stream key was revoked; rotate it to go live again")

	second, err := b.client.RotateStreamKey(as(t, b.alice), &catalogv1.RotateStreamKeyRequest{VideoId: event.GetId()})
	require.NoError(t, err)
	assert.NotEqual(t, first.GetKey(), second.GetKey())
	assert.False(t, second.GetRevoked())
	_, err = live.AuthorizePublish(t.Context(), &catalogv1.AuthorizePublishRequest{Key: first.GetKey()})
	grpcxtest.RequireStatus(t, err, codes.Unauthenticated, "unknown stream key")
	_, err = live.AuthorizePublish(t.Context(), &catalogv1.AuthorizePublishRequest{Key: second.GetKey()})
	require.NoError(t, err)
}

func TestStreamKeyRefusals(t *testing.T) {
	t.Parallel()
	b := setup(t)
	live := liveClient(t, b)
	event := createEvent(t, b, b.alice)
	vod := createVideo(t, b, b.alice, "Vod")

	tests := []struct {
		name string
		call func() error
		code codes.Code
		msg  string
	}{
		{"a vod has no key", func() error {
			_, err := b.client.GetStreamKey(as(t, b.alice), &catalogv1.GetStreamKeyRequest{VideoId: vod.GetId()})
			return err
		}, codes.NotFound, "Not found"},
		{"a vod's key cannot be rotated into being", func() error {
			_, err := b.client.RotateStreamKey(as(t, b.alice), &catalogv1.RotateStreamKeyRequest{VideoId: vod.GetId()})
			return err
		}, codes.NotFound, "Not found"},
		{"another account's event", func() error {
			_, err := b.client.GetStreamKey(as(t, b.bob), &catalogv1.GetStreamKeyRequest{VideoId: event.GetId()})
			return err
		}, codes.NotFound, "Not found"},
		{"another account cannot revoke", func() error {
			_, err := b.client.RevokeStreamKey(as(t, b.bob), &catalogv1.RevokeStreamKeyRequest{VideoId: event.GetId()})
			return err
		}, codes.NotFound, "Not found"},
		{"a malformed key", func() error {
			_, err := live.AuthorizePublish(t.Context(), &catalogv1.AuthorizePublishRequest{Key: "nope"})
			return err
		}, codes.Unauthenticated, "unknown stream key"},
		{"a well-formed unknown key", func() error {
			_, err := live.AuthorizePublish(t.Context(), &catalogv1.AuthorizePublishRequest{Key: "vhlive_" + "A123456789012345678901234567890123456789012"})
			return err
		}, codes.Unauthenticated, "unknown stream key"},
		{"the gateway may not authorize publishers", func() error {
			key, err := b.client.GetStreamKey(as(t, b.alice), &catalogv1.GetStreamKeyRequest{VideoId: event.GetId()})
			require.NoError(t, err)
			_, err = b.client.AuthorizePublish(t.Context(), &catalogv1.AuthorizePublishRequest{Key: key.GetKey()})
			return err
		}, codes.PermissionDenied, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.call()
			if tt.msg == "" {
				require.Error(t, err)
				assert.Equal(t, tt.code, status.Code(err), err)
				return
			}
			grpcxtest.RequireStatus(t, err, tt.code, tt.msg)
		})
	}
}
