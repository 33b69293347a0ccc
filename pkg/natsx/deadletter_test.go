package natsx_test

import (
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/natstest"
	"github.com/vidhost/vidhost/pkg/natsx"
)

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
