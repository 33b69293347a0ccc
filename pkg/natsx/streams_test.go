package natsx_test

import (
	"context"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/natstest"
	"github.com/vidhost/vidhost/pkg/natsx"
)

func TestEachSubjectLandsInItsStream(t *testing.T) {
	js := natstest.JetStream(t, natstest.Start(t))
	tests := []struct {
		subject, stream string
	}{
		{natsx.SubjectKeyDeleted, natsx.StreamNameIdentity},
		{natsx.SubjectUserCreated, natsx.StreamNameIdentity},
		{natsx.SubjectVideoCreated, natsx.StreamNameCatalog},
		{natsx.SubjectCategoryDeleted, natsx.StreamNameCatalog},
		{natsx.SubjectPlayerUpdated, natsx.StreamNameCatalog},
		{natsx.SubjectFolderCreated, natsx.StreamNameCatalog},
		{natsx.SubjectTranscodeJobs, natsx.StreamNameJobs},
		{natsx.SubjectTranscribeJobs, natsx.StreamNameJobs},
		{natsx.SubjectTranscodeProgress, natsx.StreamNameMedia},
		{natsx.SubjectTranscodeCompleted, natsx.StreamNameMedia},
		{natsx.SubjectTranscodeFailed, natsx.StreamNameMedia},
		{natsx.SubjectTranscribeCompleted, natsx.StreamNameMedia},
		{natsx.TranscribeCancelSubject("V1StGXR8_Z5jdHi6B-myT"), natsx.StreamNameCancels},
		{natsx.SubjectUploadCompleted, natsx.StreamNameUploads},
		{natsx.SubjectAnalyticsViews, natsx.StreamNameViews},
		{"audit.videos.create", natsx.StreamNameAudit},
		{natsx.DeadLetterSubject(natsx.SubjectVideoCreated), natsx.StreamNameDeadLetter},
		{natsx.SubjectServiceCreated, natsx.StreamNameHooks},
		{natsx.SubjectHookDeleted, natsx.StreamNameHooks},
	}
	for _, tt := range tests {
		t.Run(tt.subject, func(t *testing.T) {
			ack, err := js.Publish(t.Context(), tt.subject, []byte("{}"))
			require.NoError(t, err)
			assert.Equal(t, tt.stream, ack.Stream)
		})
	}
}

func TestEnsureStreamsIsIdempotent(t *testing.T) {
	js := natstest.JetStream(t, natstest.Start(t))
	require.NoError(t, natsx.EnsureStreams(t.Context(), js), "second run over existing streams")

	jobs, err := js.Stream(t.Context(), natsx.StreamNameJobs)
	require.NoError(t, err)
	info, err := jobs.Info(t.Context())
	require.NoError(t, err)
	assert.Equal(t, jetstream.WorkQueuePolicy, info.Config.Retention)
	assert.Equal(t, jetstream.FileStorage, info.Config.Storage)
	assert.Equal(t, 2*time.Minute, info.Config.Duplicates)
}

func TestRepublishedMessageIDIsDeduplicated(t *testing.T) {
	js := natstest.JetStream(t, natstest.Start(t))
	ctx := t.Context()

	first, err := js.Publish(ctx, natsx.SubjectVideoCreated, []byte("a"), jetstream.WithMsgID("evt-1"))
	require.NoError(t, err)
	again, err := js.Publish(ctx, natsx.SubjectVideoCreated, []byte("a"), jetstream.WithMsgID("evt-1"))
	require.NoError(t, err)

	assert.False(t, first.Duplicate)
	assert.True(t, again.Duplicate)
	assert.Equal(t, uint64(1), messageCount(ctx, t, js, natsx.StreamNameCatalog))
}

func TestAllStreamsReturnsCopies(t *testing.T) {
	all := natsx.AllStreams()
	require.Len(t, all, 12)
	all[0].Subjects[0] = "mutated.>"
	assert.NotEqual(t, "mutated.>", natsx.AllStreams()[0].Subjects[0])
}

func messageCount(ctx context.Context, t *testing.T, js jetstream.JetStream, stream string) uint64 {
	t.Helper()
	s, err := js.Stream(ctx, stream)
	require.NoError(t, err)
	info, err := s.Info(ctx)
	require.NoError(t, err)
	return info.State.Msgs
}

// A poison message lands once in DEADLETTER with its data, its original
// subject and the reason, however often it is dead-lettered.
func TestDeadLetterStoresThePoisonMessageOnce(t *testing.T) {
	js := natstest.JetStream(t, natstest.Start(t))
	_, err := js.Publish(t.Context(), natsx.SubjectTranscodeProgress, []byte(`{"poison":true}`))
	require.NoError(t, err)
	consumer, err := js.CreateConsumer(t.Context(), natsx.StreamNameMedia, jetstream.ConsumerConfig{AckPolicy: jetstream.AckExplicitPolicy})
	require.NoError(t, err)
	msg, err := consumer.Next(jetstream.FetchMaxWait(5 * time.Second))
	require.NoError(t, err)

	for range 2 { // a redelivery after a crash dead-letters it again
		require.NoError(t, natsx.DeadLetter(t.Context(), js, msg, "cannot decode"))
	}

	dead, err := js.Stream(t.Context(), natsx.StreamNameDeadLetter)
	require.NoError(t, err)
	info, err := dead.Info(t.Context())
	require.NoError(t, err)
	assert.Equal(t, uint64(1), info.State.Msgs, "stored once")
	stored, err := dead.GetLastMsgForSubject(t.Context(), natsx.DeadLetterSubject(natsx.SubjectTranscodeProgress))
	require.NoError(t, err)
	assert.Equal(t, `{"poison":true}`, string(stored.Data))
	assert.Equal(t, natsx.SubjectTranscodeProgress, stored.Header.Get(natsx.HeaderOriginalSubject))
	assert.Equal(t, "cannot decode", stored.Header.Get(natsx.HeaderDeadLetterError))
}
