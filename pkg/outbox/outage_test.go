package outbox_test

import (
	"fmt"
	"net"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/natstest"
	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/pkg/outbox"
)

// While NATS is down the relay keeps rows and retries; after a new server
// comes up on the same store and port every message arrives exactly once,
// including one a previous relay had published just before dying (it is
// republished and deduplicated by its Msg-Id).
func TestNothingLostOrDuplicatedAcrossNATSOutage(t *testing.T) {
	store := t.TempDir()
	first := natstest.StartServer(t, store, -1)
	port := first.Addr().(*net.TCPAddr).Port
	f := setup(t, first.ClientURL())
	outbox.SetPublishTimeout(f.relay, 200*time.Millisecond)
	stopRelay := f.runRelay(t)

	f.enqueue(t, true, message("before-1"), message("before-2"))
	assert.Equal(t, []string{"before-1", "before-2"}, ids(f.receive(t, 2)))
	// Simulates a relay that published "crashed" and died before deleting it.
	_, err := f.js.Publish(t.Context(), natsx.SubjectVideoCreated, nil, jetstream.WithMsgID("crashed"))
	require.NoError(t, err)

	first.Shutdown()
	first.WaitForShutdown()
	var during []outbox.Message
	for i := range 5 {
		during = append(during, message(fmt.Sprintf("during-%d", i)))
	}
	f.enqueue(t, true, message("crashed"))
	f.enqueue(t, true, during...)
	f.log.waitFor(t, "round failed, retrying")
	assert.Equal(t, 6, f.pendingRows(t), "rows are kept while NATS is down")

	natstest.StartServer(t, store, port)

	got := ids(f.receive(t, 6))
	assert.Equal(t, []string{"crashed", "during-0", "during-1", "during-2", "during-3", "during-4"}, got)
	stopRelay()
	require.NoError(t, f.relay.Flush(t.Context()))
	assert.Zero(t, f.pendingRows(t))
	f.assertNoMoreMessages(t)
}

func message(id string) outbox.Message {
	return outbox.Message{ID: id, Subject: natsx.SubjectVideoCreated, Payload: []byte(id)}
}
