package server_test

import (
	"context"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	hooksv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/hooks/v1"

	"github.com/vidhost/vidhost/pkg/gobuild"
	"github.com/vidhost/vidhost/pkg/grpcx"
	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/natstest"
	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/pkg/pgtest"
	"github.com/vidhost/vidhost/pkg/principal"
)

// TestDeliveriesSurviveSIGKILL runs the hooks binary with a short retry
// schedule and lease; the receiver fails the first 3 attempts of every
// delivery, and the process is killed with SIGKILL while deliveries are in
// flight, then started again: every delivery ends succeeded, each id is
// handled by the receiver, none is lost. A few seconds.
func TestDeliveriesSurviveSIGKILL(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds and kills the hooks binary")
	}
	const videos = 40
	binDir, err := gobuild.Build(t.Context(), gobuild.Options{}, "./services/hooks/cmd/hooks")
	require.NoError(t, err)
	bin := filepath.Join(binDir, "hooks")

	db := pgtest.Schema(t)
	natsURL := natstest.Start(t)
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := lis.Addr().String()
	require.NoError(t, lis.Close())
	env := append(os.Environ(),
		"VIDHOST_DATABASE_URL="+db.URL, "VIDHOST_HOOKS_DB_SCHEMA="+db.Schema, "VIDHOST_NATS_URL="+natsURL,
		"VIDHOST_INTERNAL_SECRET="+secret, "VIDHOST_NATS_NKEY_SEED="+natstest.Settings(t, natsx.ServiceHooks).NkeySeed,
		"VIDHOST_HOOKS_GRPC_ADDR="+addr, "VIDHOST_HOOKS_ALLOW_HTTP=true", "VIDHOST_HOOKS_ALLOW_LOOPBACK=true",
		"VIDHOST_HOOKS_RETRY_SCHEDULE=50ms,50ms,50ms,50ms,50ms", "VIDHOST_HOOKS_DELIVERY_POLL=50ms",
		"VIDHOST_HOOKS_DELIVERY_TIMEOUT=1s", "VIDHOST_HOOKS_DELIVERY_LEASE=2s", "VIDHOST_LOG_LEVEL=warn")
	start := func() *exec.Cmd {
		cmd := exec.Command(bin)
		cmd.Env, cmd.Stdout, cmd.Stderr = env, t.Output(), t.Output()
		require.NoError(t, cmd.Start())
		return cmd
	}
	proc := start()
	t.Cleanup(func() { _ = proc.Process.Kill(); _ = proc.Wait() })

	conn, err := grpcx.Dial(addr, grpcx.CallerCredentials(root, grpcx.Gateway))
	require.NoError(t, err)
	t.Cleanup(func() { _ = conn.Close() })
	client := hooksv1.NewHooksServiceClient(conn)
	alice := principal.Principal{AccountID: ids.New(), ActorID: "alice-key"}
	var service *hooksv1.Service
	require.Eventually(t, func() bool { // the process is up
		service, err = client.CreateService(as(t, alice), &hooksv1.CreateServiceRequest{Name: "Receiver", Type: "webhook", Url: "http://127.0.0.1:9/in"})
		return err == nil
	}, 20*time.Second, 50*time.Millisecond)
	r := newReceiver(t, service.GetSecret(), 3)
	r.allowRepeat = true
	url := r.URL
	_, err = client.UpdateService(as(t, alice), &hooksv1.UpdateServiceRequest{Id: service.GetId(),
		Service: &hooksv1.Service{Url: &url}, UpdateMask: fieldMask("url")})
	require.NoError(t, err)
	_, err = client.CreateHook(as(t, alice), &hooksv1.CreateHookRequest{Name: "All", Event: "video.created", Service: service.GetId(), Action: "videos.insert"})
	require.NoError(t, err)

	harness := natstest.JetStream(t, natsURL)
	b := deliveryBundle{testBundle: testBundle{db: db}, js: func(subject string, data []byte, msgID string) {
		_, err := harness.PublishMsg(t.Context(), natsMsg(subject, data, msgID))
		require.NoError(t, err)
	}}
	for range videos {
		b.publishVideo(t, alice, ids.New(), nil, 5)
	}
	pool := db.Pool(t)
	count := func(query string) int {
		var n int
		require.NoError(t, pool.QueryRow(context.Background(), query).Scan(&n))
		return n
	}
	// Mid-run: some deliveries succeeded, others are between attempts.
	require.Eventually(t, func() bool {
		return count("SELECT count(*) FROM deliveries WHERE status = 'succeeded'") >= videos/4
	}, 20*time.Second, 5*time.Millisecond)
	require.NoError(t, proc.Process.Signal(syscall.SIGKILL))
	_ = proc.Wait()
	killedAt := count("SELECT count(*) FROM deliveries WHERE status = 'succeeded'")
	t.Logf("SIGKILL with %d of %d deliveries succeeded", killedAt, videos)
	require.Less(t, killedAt, videos, "killed mid-run")

	proc = start()
	require.Eventually(t, func() bool {
		return count("SELECT count(*) FROM deliveries WHERE status = 'succeeded'") == videos
	}, 30*time.Second, 20*time.Millisecond, "every delivery ends succeeded")
	assert.Equal(t, videos, count("SELECT count(*) FROM deliveries"), "one delivery per video")
	rows, err := pool.Query(context.Background(), "SELECT id FROM deliveries")
	require.NoError(t, err)
	var stored []string
	for rows.Next() {
		var id string
		require.NoError(t, rows.Scan(&id))
		stored = append(stored, id)
	}
	require.NoError(t, rows.Err())
	r.mu.Lock()
	defer r.mu.Unlock()
	handled := make([]string, 0, len(r.succeeded))
	for id := range r.succeeded {
		handled = append(handled, id)
		assert.GreaterOrEqual(t, r.attempts[id], 4, "three failures first")
	}
	assert.ElementsMatch(t, stored, handled, "each delivery id succeeded at the receiver, none lost")
	assert.Empty(t, r.bad)
	t.Logf("%d successes sent again after the kill, dropped by the receiver on their id", r.repeats)
}
