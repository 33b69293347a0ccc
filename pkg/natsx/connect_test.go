package natsx_test

import (
	"context"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/natstest"
	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/pkg/secrets"
)

func TestConnectionSurvivesServerRestart(t *testing.T) {
	store := t.TempDir()
	first := natstest.StartServer(t, store, -1)
	port := first.Addr().(*net.TCPAddr).Port
	js := natstest.JetStream(t, first.ClientURL())
	_, err := js.Publish(t.Context(), natsx.SubjectVideoCreated, []byte("before"))
	require.NoError(t, err)

	first.Shutdown()
	first.WaitForShutdown()
	natstest.StartServer(t, store, port)

	// The same connection reconnects by itself; the stream and its message
	// were kept in the store.
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
	defer cancel()
	ack, err := js.Publish(ctx, natsx.SubjectVideoCreated, []byte("after"))
	require.NoError(t, err)
	assert.Equal(t, uint64(2), ack.Sequence)
}

func TestStartEmbeddedHasJetStream(t *testing.T) {
	root := secrets.MustRoot(strings.Repeat("r", secrets.MinLength))
	users, err := natsx.ServerUsers(root)
	require.NoError(t, err)
	srv, err := natsx.StartEmbedded(t.TempDir(), "127.0.0.1", -1, users)
	require.NoError(t, err)
	defer srv.Shutdown()
	assert.True(t, srv.JetStreamEnabled())
	nc, err := natsx.Connect(natsx.Client{URL: srv.ClientURL(), Service: natsx.ServiceCatalog, Secret: strings.Repeat("r", secrets.MinLength)})
	require.NoError(t, err)
	defer nc.Close()
	js, err := jetstream.New(nc)
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_, err = js.AccountInfo(ctx)
	assert.NoError(t, err)
}

func TestStartEmbeddedRefusesAnOpenServerOffLoopback(t *testing.T) {
	_, err := natsx.StartEmbedded(t.TempDir(), "0.0.0.0", -1, nil)
	assert.ErrorContains(t, err, "needs users")
}
