package main_test

import (
	"bytes"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/protobuf/encoding/protojson"

	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"
	eventsv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/events/v1"

	"github.com/vidhost/vidhost/pkg/gobuild"
	"github.com/vidhost/vidhost/pkg/natstest"
	"github.com/vidhost/vidhost/pkg/natsx"
)

// TestTheExampleConsumerPrintsEvents builds the example, runs it against a
// NATS server signed in as the consumer user, and publishes events as the
// catalog does (one twice, as a redelivery would): it prints each once.
func TestTheExampleConsumerPrintsEvents(t *testing.T) {
	dir, err := gobuild.Build(t.Context(), gobuild.Options{}, "./examples/eventconsumer")
	require.NoError(t, err)
	bin := filepath.Join(dir, "eventconsumer")

	url := natstest.Start(t)
	js := natstest.JetStream(t, url) // creates the streams, as the services do at start
	publish := func(subject, eventID, msgID, videoID, status string) {
		event, err := protojson.Marshal(&eventsv1.VideoEvent{
			Meta:  &eventsv1.EventMeta{Id: eventID, AccountId: "acct-1", OccurredTime: "2026-11-24T18:00:00.000Z"},
			Video: &catalogv1.Video{Id: videoID, Status: status},
		})
		require.NoError(t, err)
		msg := nats.NewMsg(subject)
		msg.Data, msg.Header = event, nats.Header{nats.MsgIdHdr: []string{msgID}}
		_, err = js.PublishMsg(t.Context(), msg)
		require.NoError(t, err)
	}
	publish(natsx.SubjectVideoReady, "evt-1", "evt-1", "video-1", "ready")
	// The same event again past JetStream's window: the consumer drops it by meta.id.
	publish(natsx.SubjectVideoReady, "evt-1", "evt-1-again", "video-1", "ready")
	publish(natsx.SubjectTranscodeJobs, "job-1", "job-1", "video-1", "") // internal: not on CATALOG
	publish(natsx.SubjectVideoDeleted, "evt-2", "evt-2", "video-1", "ready")

	var stdout, stderr bytes.Buffer
	cmd := exec.CommandContext(t.Context(), bin, "-url", url, "-max", "2", "-durable", "test")
	cmd.Env = append(cmd.Environ(), "VIDHOST_NATS_NKEY_SEED="+natstest.Settings(t, natsx.ServiceConsumer).NkeySeed)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	done := make(chan error, 1)
	go func() { done <- cmd.Run() }()
	select {
	case err := <-done:
		require.NoError(t, err, "stderr: %s", stderr.String())
	case <-time.After(30 * time.Second):
		_ = cmd.Process.Kill()
		t.Fatalf("the consumer did not print an event; stderr: %s", stderr.String())
	}
	assert.Equal(t, "video.ready id=evt-1 account=acct-1 video=video-1 status=ready\n"+
		"video.deleted id=evt-2 account=acct-1 video=video-1 status=ready\n", stdout.String())
}
