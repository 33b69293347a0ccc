package server_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/protobuf/encoding/protojson"

	uploadv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/upload/v1"

	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/services/upload/internal/uploadtest"
)

func TestResolvingACompleteUploadPublishesUploadCompletedOnce(t *testing.T) {
	t.Parallel()
	b := uploadtest.Start(t, uploadtest.Local)
	u := create(t, b, b.Alice, "a.mp4", 10)
	require.Equal(t, http.StatusOK, put(t, u.GetUrl(), randomBytes(t, 10)))

	for range 2 {
		_, err := resolve(t, b, b.Alice, u.GetId(), uploadv1.UploadKind_UPLOAD_KIND_VIDEO)
		require.NoError(t, err)
	}

	consumer, err := b.JS.OrderedConsumer(t.Context(), natsx.StreamNameUploads, jetstream.OrderedConsumerConfig{})
	require.NoError(t, err)
	msg, err := consumer.Next(jetstream.FetchMaxWait(15 * time.Second)) // bounds a failure only
	require.NoError(t, err, "no event arrived")
	assert.Equal(t, natsx.SubjectUploadCompleted, msg.Subject())
	var event uploadv1.UploadEvent
	require.NoError(t, protojson.Unmarshal(msg.Data(), &event))
	assert.Equal(t, u.GetId(), event.GetUpload().GetId())
	assert.Equal(t, b.Alice.AccountID, event.GetMeta().GetAccountId())
	assert.Equal(t, "alice-key", event.GetMeta().GetActorId())
	assert.Equal(t, event.GetMeta().GetId(), msg.Headers().Get(jetstream.MsgIDHeader))

	// Once the outbox is empty everything committed has been published.
	require.Eventually(t, func() bool {
		var pending int
		err := b.Pool.QueryRow(t.Context(), "SELECT count(*) FROM outbox WHERE published_time IS NULL").Scan(&pending)
		return err == nil && pending == 0
	}, 15*time.Second, 20*time.Millisecond)
	info, err := b.JS.Stream(t.Context(), natsx.StreamNameUploads)
	require.NoError(t, err)
	state, err := info.Info(t.Context())
	require.NoError(t, err)
	assert.Equal(t, uint64(1), state.State.Msgs, "the second resolve found it complete already")
}
