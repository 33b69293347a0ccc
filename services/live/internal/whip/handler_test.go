package whip_test

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/services/live/internal/whip"
	"github.com/vidhost/vidhost/services/live/internal/whip/whiptest"
)

// The handler's own rules, with an ingest that admits every key but
// "vhlive_refused" and keeps the sessions it is handed (no media flows:
// the ingest package's tests publish streams).

type fakeIngest struct {
	mu        sync.Mutex
	published []*whip.Session
	cancelled int
}

func (f *fakeIngest) Admit(_ context.Context, key string) (whip.Admission, error) {
	if key == "vhlive_refused" {
		return nil, &whip.Rejection{Status: http.StatusForbidden, Reason: "unknown stream key"}
	}
	return admission{f}, nil
}

type admission struct{ f *fakeIngest }

func (a admission) Publish(s *whip.Session) {
	a.f.mu.Lock()
	defer a.f.mu.Unlock()
	a.f.published = append(a.f.published, s)
}

func (a admission) Cancel() {
	a.f.mu.Lock()
	defer a.f.mu.Unlock()
	a.f.cancelled++
}

// VideoID: every key is the event of video vid_1.
func (a admission) VideoID() string { return "vid_1" }

func (f *fakeIngest) counts() (published, cancelled int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.published), f.cancelled
}

func setup(t *testing.T, maxSessions int) (*whip.Handler, *fakeIngest, string) {
	t.Helper()
	udp, err := net.ListenPacket("udp4", "127.0.0.1:0")
	require.NoError(t, err)
	in := &fakeIngest{}
	h, err := whip.New(whip.Config{UDP: udp, MaxSessions: maxSessions}, in)
	require.NoError(t, err)
	web := httptest.NewServer(h)
	t.Cleanup(func() {
		web.Close()
		assert.NoError(t, h.Close())
		_ = udp.Close()
	})
	return h, in, web.URL + "/whip"
}

func TestAnOfferIsAnsweredWithItsSessionsURL(t *testing.T) {
	h, in, endpoint := setup(t, 0)
	answer, err := whiptest.Offer(t.Context(), endpoint, "vhlive_key", "video/H264")
	require.NoError(t, err)
	assert.Equal(t, http.StatusCreated, answer.Status, answer.Body)
	assert.Regexp(t, `^/whip/[A-Za-z0-9_-]{43}$`, answer.Location, "256 random bits")
	assert.Contains(t, answer.Body, "a=candidate:", "candidates gathered before the answer")
	assert.Contains(t, answer.Body, "H264")
	published, _ := in.counts()
	assert.Equal(t, 1, published)
	assert.Equal(t, 1, h.Sessions())

	status := do(t, http.MethodDelete, endpoint+answer.Location[len("/whip"):], "")
	assert.Equal(t, http.StatusOK, status)
	assert.Zero(t, h.Sessions(), "the session is gone")
}

// A refusal after the admission (the offer's codecs) gives the claim back.
func TestARefusedOfferGivesItsAdmissionBack(t *testing.T) {
	_, in, endpoint := setup(t, 0)
	answer, err := whiptest.Offer(t.Context(), endpoint, "vhlive_key", "video/AV1")
	require.NoError(t, err)
	assert.Equal(t, http.StatusUnprocessableEntity, answer.Status)
	assert.Contains(t, answer.Body, "no H.264 video (it offers AV1)")
	published, cancelled := in.counts()
	assert.Zero(t, published)
	assert.Equal(t, 1, cancelled)

	answer, err = whiptest.Offer(t.Context(), endpoint, "vhlive_refused", "video/H264")
	require.NoError(t, err)
	assert.Equal(t, http.StatusForbidden, answer.Status)
	assert.Equal(t, "unknown stream key\n", answer.Body)
}

// The edge's route names a video: a key of another video's event is
// refused there, and the claim given back.
func TestTheEdgesPathMustNameTheKeysVideo(t *testing.T) {
	_, in, endpoint := setup(t, 0)
	base := strings.TrimSuffix(endpoint, "/whip")
	answer, err := whiptest.Offer(t.Context(), base+"/v2/videos/vid_2/whip", "vhlive_key", "video/H264")
	require.NoError(t, err)
	assert.Equal(t, http.StatusForbidden, answer.Status)
	assert.Contains(t, answer.Body, "another video's live event")
	_, cancelled := in.counts()
	assert.Equal(t, 1, cancelled)

	answer, err = whiptest.Offer(t.Context(), base+"/v2/videos/vid_1/whip", "vhlive_key", "video/H264")
	require.NoError(t, err)
	assert.Equal(t, http.StatusCreated, answer.Status, answer.Body)
	assert.Regexp(t, `^/v2/videos/vid_1/whip/[A-Za-z0-9_-]{43}$`, answer.Location)
}

func TestSessionsAreBounded(t *testing.T) {
	_, _, endpoint := setup(t, 1)
	answer, err := whiptest.Offer(t.Context(), endpoint, "vhlive_key", "video/H264")
	require.NoError(t, err)
	require.Equal(t, http.StatusCreated, answer.Status)
	answer, err = whiptest.Offer(t.Context(), endpoint, "vhlive_other", "video/H264")
	require.NoError(t, err)
	assert.Equal(t, http.StatusServiceUnavailable, answer.Status)
	assert.Contains(t, answer.Body, "as many WebRTC publishers as it takes")
}

func TestMethodsAndCORS(t *testing.T) {
	_, _, endpoint := setup(t, 0)
	req, err := http.NewRequestWithContext(t.Context(), http.MethodOptions, endpoint, nil)
	require.NoError(t, err)
	req.Header.Set("Origin", "https://dashboard.example")
	req.Header.Set("Access-Control-Request-Method", "POST")
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	_ = resp.Body.Close()
	assert.Equal(t, http.StatusNoContent, resp.StatusCode)
	assert.Equal(t, "*", resp.Header.Get("Access-Control-Allow-Origin"))
	assert.Contains(t, resp.Header.Get("Access-Control-Allow-Headers"), "Authorization")
	assert.Equal(t, "Location", resp.Header.Get("Access-Control-Expose-Headers"))
	assert.Equal(t, "application/sdp", resp.Header.Get("Accept-Post"))

	assert.Equal(t, http.StatusMethodNotAllowed, do(t, http.MethodPatch, endpoint+"/x", ""), "no trickle ICE")
	assert.Equal(t, http.StatusMethodNotAllowed, do(t, http.MethodGet, endpoint, ""))
	assert.Equal(t, http.StatusNotFound, do(t, http.MethodDelete, endpoint+"/nope", ""))
	big := make([]byte, 70<<10)
	answer, err := whiptest.Post(t.Context(), endpoint, "vhlive_key", "application/sdp", string(big))
	require.NoError(t, err)
	assert.Equal(t, http.StatusRequestEntityTooLarge, answer.Status)
}

func do(t *testing.T, method, url, key string) int {
	t.Helper()
	req, err := http.NewRequestWithContext(t.Context(), method, url, nil)
	require.NoError(t, err)
	if key != "" {
		req.Header.Set("Authorization", "Bearer "+key)
	}
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	_ = resp.Body.Close()
	return resp.StatusCode
}
