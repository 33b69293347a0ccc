package natstest_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/natstest"
	"github.com/vidhost/vidhost/pkg/natsx"
)

func TestStartAndConnect(t *testing.T) {
	url := natstest.Start(t)
	nc := natstest.Connect(t, url)
	sub, err := nc.SubscribeSync("ping")
	require.NoError(t, err)
	require.NoError(t, nc.Publish("ping", []byte("pong")))
	msg, err := sub.NextMsg(5 * time.Second)
	require.NoError(t, err)
	assert.Equal(t, "pong", string(msg.Data))
}

func TestEachTestGetsItsOwnServer(t *testing.T) {
	assert.NotEqual(t, natstest.Start(t), natstest.Start(t))
}

func TestJetStreamHasTheStreams(t *testing.T) {
	js := natstest.JetStream(t, natstest.Start(t))
	names := js.StreamNames(t.Context())
	var got []string
	for name := range names.Name() {
		got = append(got, name)
	}
	require.NoError(t, names.Err())
	var want []string
	for _, stream := range natsx.AllStreams() {
		want = append(want, stream.Name)
	}
	assert.Contains(t, got, "CATALOG")
	assert.ElementsMatch(t, want, got, "every stream of natsx, no other")
}
