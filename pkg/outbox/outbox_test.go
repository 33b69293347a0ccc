package outbox_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/natstest"
	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/pkg/outbox"
)

func TestCommittedMessageArrivesWithMsgID(t *testing.T) {
	f := setup(t, natstest.Start(t))
	f.runRelay(t)

	start := time.Now()
	f.enqueue(t, true, outbox.Message{ID: "evt-1", Subject: natsx.SubjectVideoCreated, Payload: []byte(`{"id":"v1"}`)})
	got := f.receive(t, 1)
	t.Logf("commit to delivery: %s", time.Since(start))

	assert.Equal(t, "evt-1", got[0].Headers().Get("Nats-Msg-Id"))
	assert.Equal(t, natsx.SubjectVideoCreated, got[0].Subject())
	assert.JSONEq(t, `{"id":"v1"}`, string(got[0].Data()))
}

func TestRolledBackMessageIsNeverPublished(t *testing.T) {
	f := setup(t, natstest.Start(t))

	f.enqueue(t, false, outbox.Message{ID: "rolled-back", Subject: natsx.SubjectVideoDeleted})
	f.enqueue(t, true, outbox.Message{ID: "committed", Subject: natsx.SubjectVideoCreated})
	require.NoError(t, f.relay.Flush(t.Context()))

	assert.Equal(t, []string{"committed"}, ids(f.receive(t, 1)))
	f.assertNoMoreMessages(t)
}

func TestFlushPublishesInOrderAcrossRoundsAndEmptiesTable(t *testing.T) {
	f := setup(t, natstest.Start(t))
	var msgs []outbox.Message
	var want []string
	for i := range 250 { // more than two rounds of 100
		id := fmt.Sprintf("evt-%03d", i)
		msgs = append(msgs, outbox.Message{ID: id, Subject: natsx.SubjectVideoUpdated, Payload: []byte(id)})
		want = append(want, id)
	}
	f.enqueue(t, true, msgs...)

	require.NoError(t, f.relay.Flush(t.Context()))

	assert.Equal(t, want, ids(f.receive(t, len(want))))
	assert.Zero(t, f.pendingRows(t))
	f.assertNoMoreMessages(t)
}

func TestEnqueueRejectsIncompleteMessages(t *testing.T) {
	f := setup(t, natstest.Start(t))
	tests := []struct {
		name string
		msg  outbox.Message
	}{
		{"no id", outbox.Message{Subject: natsx.SubjectVideoCreated}},
		{"no subject", outbox.Message{ID: "evt-1"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tx, err := f.pool.Begin(t.Context())
			require.NoError(t, err)
			defer tx.Rollback(t.Context()) //nolint:errcheck
			assert.Error(t, outbox.Enqueue(t.Context(), tx, tt.msg))
		})
	}
}
