package llhls_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/services/live/internal/llhls"
)

// answer is an HTTP response as a test reads it.
type answer struct {
	status int
	body   string
	at     time.Time
}

func get(t *testing.T, url string) answer {
	t.Helper()
	resp, err := http.Get(url) //nolint:gosec,noctx // the test's own server
	require.NoError(t, err)
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return answer{status: resp.StatusCode, body: string(body), at: time.Now()}
}

// getLater starts a request and returns where its answer will arrive.
func getLater(t *testing.T, url string) <-chan answer {
	out := make(chan answer, 1)
	go func() { out <- get(t, url) }()
	return out
}

// setup serves a muxer that has 1 s of the clip: segment 0 is in progress
// with parts 0 and 1 (frames 0-19); part 2 is next.
func setup(t *testing.T, cfg llhls.Config) (clip, *llhls.Muxer, string) {
	c := loadClip(t)
	m := newMuxer(t, c, cfg)
	c.feed(t, m, 0, time.Second)
	srv := httptest.NewServer(http.StripPrefix("/live/", m))
	t.Cleanup(srv.Close)
	return c, m, srv.URL + "/live/"
}

const partTarget = 334 * time.Millisecond

// TestBlockingReloadAnswersWhenThePartExists: a request for the next part
// blocks until it is written and is answered within one part duration
// after (the LL-HLS rule of issue 31), for every viewer waiting on it.
func TestBlockingReloadAnswersWhenThePartExists(t *testing.T) {
	c, m, url := setup(t, llhls.Config{})
	const viewers = 50
	var pending []<-chan answer
	for range viewers {
		pending = append(pending, getLater(t, url+"index.m3u8?_HLS_msn=0&_HLS_part=2"))
	}
	hint := getLater(t, url+"part2.mp4")
	select {
	case a := <-pending[0]:
		t.Fatalf("answered before the part existed: %d %s", a.status, a.body)
	case <-time.After(300 * time.Millisecond):
	}
	c.feed(t, m, time.Second, time.Second+time.Second/fps) // frame 30 ends part 2
	written := time.Now()
	for _, p := range pending {
		a := <-p
		require.Equal(t, http.StatusOK, a.status)
		assert.Contains(t, a.body, `URI="part2.mp4"`)
		assert.Contains(t, a.body, `#EXT-X-PRELOAD-HINT:TYPE=PART,URI="part3.mp4"`)
		assert.Less(t, a.at.Sub(written), partTarget)
	}
	a := <-hint
	require.Equal(t, http.StatusOK, a.status)
	part, err := m.Part(context.Background(), 2)
	require.NoError(t, err)
	assert.Equal(t, string(part), a.body, "the preload-hinted part is the part")
}

// TestBlockingReloadForASegment: _HLS_msn alone waits for the whole
// segment; a part number past a segment's last part is answered by the
// next segment's first.
func TestBlockingReloadForASegment(t *testing.T) {
	c, m, url := setup(t, llhls.Config{})
	whole := getLater(t, url+"index.m3u8?_HLS_msn=0")
	past := getLater(t, url+"index.m3u8?_HLS_msn=0&_HLS_part=7") // segment 0 has 6 parts
	c.feed(t, m, time.Second, 2*time.Second)
	select {
	case a := <-whole:
		t.Fatalf("answered before segment 0 was complete: %s", a.body)
	case a := <-past:
		t.Fatalf("answered before segment 0 was complete: %s", a.body)
	case <-time.After(200 * time.Millisecond):
	}
	c.feed(t, m, 2*time.Second, 2*time.Second+time.Second/fps) // the keyframe at 2 s ends segment 0
	for _, a := range []answer{<-whole, <-past} {
		require.Equal(t, http.StatusOK, a.status)
		assert.Contains(t, a.body, "seg0.mp4")
	}
}

func TestBlockingReloadRefusals(t *testing.T) {
	_, _, url := setup(t, llhls.Config{BlockTimeout: 200 * time.Millisecond})
	tests := []struct {
		name, query string
		status      int
	}{
		{"a segment more than two past the last complete", "_HLS_msn=2", http.StatusBadRequest},
		{"a part past the advance part limit", "_HLS_msn=0&_HLS_part=12", http.StatusBadRequest},
		{"a part of the next segment past the limit", "_HLS_msn=1&_HLS_part=9", http.StatusBadRequest},
		{"a part without a segment", "_HLS_part=1", http.StatusBadRequest},
		{"a malformed number", "_HLS_msn=x", http.StatusBadRequest},
		{"an unknown skip", "_HLS_skip=NO", http.StatusBadRequest},
		{"a part nobody writes within the timeout", "_HLS_msn=0&_HLS_part=2", http.StatusServiceUnavailable},
		{"a part already written", "_HLS_msn=0&_HLS_part=1", http.StatusOK},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := get(t, url+"index.m3u8?"+tt.query)
			assert.Equal(t, tt.status, a.status, a.body)
		})
	}
}

func TestBlockingRequestEndsWithItsContext(t *testing.T) {
	_, m, _ := setup(t, llhls.Config{})
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := m.Playlist(ctx, llhls.PlaylistRequest{Block: true, MSN: 0, HasPart: true, Part: 2})
	require.ErrorIs(t, err, context.DeadlineExceeded)
	assert.Less(t, time.Since(start), time.Second)
	_, err = m.Part(ctx, 2)
	require.ErrorIs(t, err, context.DeadlineExceeded)
}

// TestCloseAnswersWaitingRequests: once the stream ends nothing more will
// come, so waiting playlist requests get the final playlist at once and
// the hinted part is gone.
func TestCloseAnswersWaitingRequests(t *testing.T) {
	_, m, url := setup(t, llhls.Config{})
	waiting := getLater(t, url+"index.m3u8?_HLS_msn=1&_HLS_part=3")
	time.Sleep(100 * time.Millisecond)
	require.NoError(t, m.Close())
	a := <-waiting
	require.Equal(t, http.StatusOK, a.status)
	assert.True(t, strings.HasSuffix(a.body, "#EXT-X-ENDLIST\n"), a.body)
	assert.NotContains(t, a.body, "PRELOAD-HINT")
	// The last frames made part 2, the end of segment 0; nothing follows.
	assert.Equal(t, http.StatusOK, get(t, url+"part2.mp4").status)
	assert.Equal(t, http.StatusNotFound, get(t, url+"part3.mp4").status)
	assert.Equal(t, http.StatusOK, get(t, url+"seg0.mp4").status)
}

func TestServesByName(t *testing.T) {
	_, m, url := setup(t, llhls.Config{})
	tests := []struct {
		name   string
		status int
		typ    string
	}{
		{"index.m3u8", http.StatusOK, "application/vnd.apple.mpegurl"},
		{"init.mp4", http.StatusOK, "video/mp4"},
		{"part0.mp4", http.StatusOK, "video/mp4"},
		{"part1.mp4", http.StatusOK, "video/mp4"},
		{"part9.mp4", http.StatusNotFound, ""}, // not the hinted part: nobody should ask
		{"part01.mp4", http.StatusNotFound, ""},
		{"seg0.mp4", http.StatusNotFound, ""}, // in progress: standard players never see it listed
		{"other.txt", http.StatusNotFound, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp, err := http.Get(url + tt.name) //nolint:gosec,noctx // the test's own server
			require.NoError(t, err)
			defer resp.Body.Close()
			assert.Equal(t, tt.status, resp.StatusCode)
			if tt.typ != "" {
				assert.Equal(t, tt.typ, resp.Header.Get("Content-Type"))
			}
		})
	}
	assert.Equal(t, m.Init(), []byte(get(t, url+"init.mp4").body))
}

// TestConcurrentViewersShareOneState runs readers and the writer at once
// (go test -race sees any unguarded state).
func TestConcurrentViewersShareOneState(t *testing.T) {
	c, m, url := setup(t, llhls.Config{})
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for msn := uint64(0); msn < 3; msn++ {
				a := get(t, url+"index.m3u8?_HLS_msn="+itoa(msn))
				assert.Equal(t, http.StatusOK, a.status)
				assert.Equal(t, http.StatusOK, get(t, url+"seg"+itoa(msn)+".mp4").status)
			}
		})
	}
	c.feed(t, m, time.Second, 8*time.Second)
	wg.Wait()
}
