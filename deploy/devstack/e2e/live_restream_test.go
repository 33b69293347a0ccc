package e2e

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/simulcast/simulcasttest"
)

// restream is what the tests read of an event's output.
type restream struct {
	ID           string `json:"id"`
	Name         string `json:"name"`
	Enabled      bool   `json:"enabled"`
	StreamKeySet bool   `json:"stream_key_set"`
	Status       string `json:"status"`
	StatusReason string `json:"status_reason"`
}

// addRestream gives the event an output to receiver through /v2 (the
// devstack admits loopback outputs: VIDHOST_RESTREAM_ALLOW_LOOPBACK).
func addRestream(t *testing.T, key, eventID, name string, receiver *simulcasttest.Receiver) restream {
	t.Helper()
	var r restream
	mustOK(t, call(t, "POST", "/v2/videos/"+eventID+"/restreams", key, map[string]any{
		"name": name, "url": receiver.URL.String(), "stream_key": receiver.Key})).decode(t, &r)
	require.True(t, r.StreamKeySet)
	require.Equal(t, "idle", r.Status, "no publisher yet")
	return r
}

// waitRestream polls an output until its status is one of statuses.
func waitRestream(t *testing.T, key, eventID, id string, within time.Duration, statuses ...string) restream {
	t.Helper()
	deadline := time.Now().Add(within)
	var r restream
	for time.Now().Before(deadline) {
		mustOK(t, call(t, "GET", "/v2/videos/"+eventID+"/restreams/"+id, key, nil)).decode(t, &r)
		for _, s := range statuses {
			if r.Status == s {
				return r
			}
		}
		time.Sleep(200 * time.Millisecond)
	}
	t.Fatalf("restream %s is %s (%s), not %v, after %s", id, r.Status, r.StatusReason, statuses, within)
	return r
}

// exerciseRestreams runs while eventID is live with a publisher for at
// least 30 s more: both outputs given before the publisher connected go
// live; a receiver that dies shows its output in error (retrying) while
// the event and the other output go on; disabling the other output through
// /v2 stops it within seconds (the live service syncs its outputs at each
// key check) and it shows idle at once.
func exerciseRestreams(t *testing.T, key, eventID string, steady, dying *simulcasttest.Receiver, outs [2]restream) {
	t.Helper()
	for _, out := range outs {
		waitRestream(t, key, eventID, out.ID, 30*time.Second, "live")
	}
	dying.Kill()
	failed := waitRestream(t, key, eventID, outs[1].ID, 30*time.Second, "error")
	t.Logf("a dead receiver's output: %s", failed.StatusReason)
	assert.NotEmpty(t, failed.StatusReason)
	var event liveEvent
	mustOK(t, call(t, "GET", "/v2/videos/"+eventID, key, nil)).decode(t, &event)
	assert.Equal(t, "live", event.Status, "the ingest survives an output's death")
	assert.Equal(t, "live", waitRestream(t, key, eventID, outs[0].ID, time.Second, "live").Status, "the other output goes on")

	time.Sleep(3 * time.Second) // the steady receiver records a few seconds more
	var disabled restream
	mustOK(t, call(t, "PATCH", "/v2/videos/"+eventID+"/restreams/"+outs[0].ID, key, map[string]any{"enabled": false})).
		decode(t, &disabled)
	assert.Equal(t, "idle", disabled.Status, "a disabled output shows idle at once")
	stopped := time.Now()
	got := steady.Result(t) // returns once the output disconnected
	t.Logf("a disabled output stopped %s after the PATCH; its receiver recorded %.1f s (%v)",
		time.Since(stopped).Round(time.Millisecond), got.Seconds, got.Codecs)
	assert.ElementsMatch(t, []string{"h264", "aac"}, got.Codecs, "copied as published")
	assert.Greater(t, got.Seconds, 5.0)
}
