package e2e

import (
	"net/http"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/gateway/web/browsertest"
	"github.com/vidhost/vidhost/pkg/speechtest"
)

// transcribe is a Transcribe as /v2 shows it.
type transcribe struct {
	ID       string `json:"id"`
	VideoID  string `json:"video_id"`
	Language string `json:"language"`
	Label    string `json:"label"`
	Kind     string `json:"kind"`
	Status   string `json:"status"`
	Progress int    `json:"progress"`
	TrackID  string `json:"track_id"`
	Error    string `json:"error"`
}

// The done-when of transcribes: a 30 s video of flite speech is uploaded
// and transcoded by a real worker, POST /v2/transcribes makes the same
// worker recognise it with pocketsphinx, the transcribe ends ready, its
// track is listed on the video, its URL serves WebVTT whose cues hold the
// spoken words, and the player in headless Chromium offers it as a
// subtitle option and loads its cues. About 15 s on two cores.
func TestTranscribeThroughTheSuite(t *testing.T) {
	t.Parallel() // on a suite of its own (suites_test.go)
	fixture, err := speechtest.Make(t.Context(), t.TempDir())
	require.NoError(t, err, "flite and ffmpeg (make deps-test installs them)")
	withSuite(t, newSuite(t, 1), "local", func() {
		data, err := os.ReadFile(fixture.Video)
		require.NoError(t, err)
		ref, _ := uploadForVideo(t, "speech.mp4", data)
		pending := createVideo(t, map[string]any{"name": "Spoken", "input": ref, "privacy": "public"})
		assertTranscribeRefusals(t, pending.ID)
		v := waitReady(t, pending.ID)

		var created transcribe
		start := time.Now()
		mustOK(t, call(t, "POST", "/v2/transcribes", ownerOf(t),
			map[string]any{"video_id": v.ID, "language": "en-US", "label": "English (automatic)"})).decode(t, &created)
		assert.Equal(t, "queued", created.Status)
		assert.Equal(t, "subtitles", created.Kind)
		done := waitTranscribed(t, created.ID)
		require.NotEmpty(t, done.TrackID)
		assert.Equal(t, 100, done.Progress)

		track := trackOf(t, v.ID, done.TrackID)
		assert.Equal(t, "en", track.Language, "the tag's base language")
		assert.Equal(t, "English (automatic)", track.Label)
		assert.Equal(t, "subtitles", track.Kind)
		status, body := fetchMedia(t, track.URL)
		require.Equal(t, http.StatusOK, status, track.URL)
		cues := parseCues(t, string(body))
		require.NotEmpty(t, cues, "%s", body)
		share := recognised(cues, fixture.Reference)
		assert.GreaterOrEqual(t, share, 0.5, "at least half the spoken words are in the cues: %q", cues)
		t.Logf("POST to ready: %s; %d cues; %.0f%% of the spoken words heard", time.Since(start).Round(10*time.Millisecond), len(cues), 100*share)

		assertPlayerOffersTrack(t, v.ID, track.Label)

		// A ready transcribe is removed; its track stays on the video.
		mustOK(t, call(t, "DELETE", "/v2/transcribes/"+done.ID, ownerOf(t), nil))
		mustFail(t, call(t, "GET", "/v2/transcribes/"+done.ID, ownerOf(t), nil), http.StatusNotFound, "Not found")
		trackOf(t, v.ID, done.TrackID)

		assertCancelHoldsTheSlot(t, v.ID)
	})
}

// assertCancelHoldsTheSlot is issue 26 #8 through the suite: a transcribe
// cancelled right after it was created is cancelling until the worker
// reports, and the account's next one does not start before: at every read
// the next is never processing or ready while the first is cancelling. The
// worker stops the first, which ends cancelled with no track; the next then
// runs to ready.
func assertCancelHoldsTheSlot(t *testing.T, videoID string) {
	t.Helper()
	request := map[string]any{"video_id": videoID, "language": "en-US", "label": "Cancelled"}
	var first, second transcribe
	mustOK(t, call(t, "POST", "/v2/transcribes", ownerOf(t), request)).decode(t, &first)
	mustOK(t, call(t, "DELETE", "/v2/transcribes/"+first.ID, ownerOf(t), nil))
	request["label"] = "After the cancel"
	mustOK(t, call(t, "POST", "/v2/transcribes", ownerOf(t), request)).decode(t, &second)
	deadline := time.Now().Add(3 * time.Minute)
	for {
		// The next is read first: had it started, the first was settled in
		// the transaction that started it, so the read after shows that.
		var a, b transcribe
		mustOK(t, call(t, "GET", "/v2/transcribes/"+second.ID, ownerOf(t), nil)).decode(t, &b)
		mustOK(t, call(t, "GET", "/v2/transcribes/"+first.ID, ownerOf(t), nil)).decode(t, &a)
		require.Contains(t, []string{"cancelling", "cancelled"}, a.Status, "the cancelled one: %+v", a)
		if a.Status == "cancelling" {
			require.Equal(t, "queued", b.Status, "the next waits while the cancelled job may run")
		}
		if a.Status == "cancelled" && b.Status == "ready" {
			assert.Empty(t, a.TrackID)
			return
		}
		require.NotEqual(t, "error", b.Status, "the next failed: %s", b.Error)
		require.True(t, time.Now().Before(deadline), "not settled within 3 minutes: %+v %+v", a, b)
		time.Sleep(250 * time.Millisecond)
	}
}

// waitTranscribed polls a transcribe until it is ready (failing fast on
// error).
func waitTranscribed(t *testing.T, id string) transcribe {
	t.Helper()
	deadline := time.Now().Add(3 * time.Minute)
	for time.Now().Before(deadline) {
		var tr transcribe
		mustOK(t, call(t, "GET", "/v2/transcribes/"+id, ownerOf(t), nil)).decode(t, &tr)
		require.NotEqual(t, "error", tr.Status, "transcribe failed: %s", tr.Error)
		if tr.Status == "ready" {
			return tr
		}
		time.Sleep(250 * time.Millisecond)
	}
	t.Fatalf("transcribe %s not ready within 3 minutes", id)
	return transcribe{}
}

// trackOf finds the track id among the video's tracks.
func trackOf(t *testing.T, videoID, id string) attachedTrack {
	t.Helper()
	var v videoFiles
	mustOK(t, call(t, "GET", "/v2/videos/"+videoID, ownerOf(t), nil)).decode(t, &v)
	for _, track := range v.Tracks {
		if track.ID == id {
			return track
		}
	}
	t.Fatalf("track %s is not among the video's tracks %v", id, v.Tracks)
	return attachedTrack{}
}

// cueTiming is a WebVTT cue timing line (hours optional).
var cueTiming = regexp.MustCompile(`^(?:\d{2,}:)?\d{2}:\d{2}\.\d{3} --> (?:\d{2,}:)?\d{2}:\d{2}\.\d{3}`)

// parseCues reads a WebVTT file's cue texts, requiring its signature and
// a timing line before every cue.
func parseCues(t *testing.T, vtt string) []string {
	t.Helper()
	blocks := strings.Split(strings.ReplaceAll(vtt, "\r\n", "\n"), "\n\n")
	require.True(t, strings.HasPrefix(blocks[0], "WEBVTT"), "signature: %q", blocks[0])
	var cues []string
	for _, block := range blocks[1:] {
		lines := strings.Split(strings.TrimSpace(block), "\n")
		if lines[0] == "" {
			continue
		}
		timing := 0
		if !cueTiming.MatchString(lines[0]) {
			timing = 1 // a cue identifier first
		}
		require.Greater(t, len(lines), timing+1, "a cue with text: %q", block)
		require.Regexp(t, cueTiming, lines[timing], "timing line of %q", block)
		cues = append(cues, strings.Join(lines[timing+1:], " "))
	}
	return cues
}

// recognised is the share of the reference's distinct words found in the
// cues.
func recognised(cues []string, reference string) float64 {
	heard := map[string]bool{}
	for _, word := range words(strings.Join(cues, " ")) {
		heard[word] = true
	}
	spoken := map[string]bool{}
	for _, word := range words(reference) {
		spoken[word] = true
	}
	found := 0
	for word := range spoken {
		if heard[word] {
			found++
		}
	}
	return float64(found) / float64(max(len(spoken), 1))
}

func words(text string) []string {
	return strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return (r < 'a' || r > 'z') && r != '\''
	})
}

// assertPlayerOffersTrack opens the video's embed page in headless
// Chromium: the captions menu lists the track, and the browser's own
// WebVTT parser loads its cues once it is chosen.
func assertPlayerOffersTrack(t *testing.T, videoID, label string) {
	t.Helper()
	tab := browsertest.NewTab(t)
	browsertest.Open(t, tab, suiteOf(t).URL+"/embed/"+videoID)
	items := browsertest.Poll[[]string](t, tab, `(() => {
	  const items = [...document.querySelectorAll('.vjs-subs-caps-button .vjs-menu-item .vjs-menu-item-text')].map((i) => i.textContent.trim());
	  return items.length > 1 && items;
	})()`)
	assert.Contains(t, items, label, "the subtitles menu offers the track")
	cues := browsertest.Poll[int](t, tab, `(() => {
	  const player = document.querySelector('.video-js').player;
	  const track = Array.from(player.textTracks()).find((tt) => tt.label === `+jsString(label)+`);
	  if (!track) return 0;
	  if (track.mode === 'disabled') track.mode = 'hidden';
	  return track.cues ? track.cues.length : 0;
	})()`)
	assert.Positive(t, cues, "Chromium parsed the track's cues")
}

// jsString quotes s for a JavaScript expression.
func jsString(s string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, `'`, `\'`).Replace(s) + "'"
}

// assertTranscribeRefusals checks the envelope of refused requests: a bad
// field is a 400 naming it, an unknown video a 404, a video still being
// transcoded a 409.
func assertTranscribeRefusals(t *testing.T, transcodingID string) {
	t.Helper()
	body := func(videoID, language, label string) map[string]any {
		return map[string]any{"video_id": videoID, "language": language, "label": label}
	}
	mustFail(t, call(t, "POST", "/v2/transcribes", ownerOf(t), body(transcodingID, "english", "English")),
		http.StatusBadRequest, `language must be a BCP 47 tag with a region, such as "en-US" (one of: en-US)`)
	mustFail(t, call(t, "POST", "/v2/transcribes", ownerOf(t), body(transcodingID, "fr-FR", "Français")),
		http.StatusBadRequest, "language must be one of: en-US")
	mustFail(t, call(t, "POST", "/v2/transcribes", ownerOf(t), body(transcodingID, "en-US", "")),
		http.StatusBadRequest, "label must be 1-50 characters")
	mustFail(t, call(t, "POST", "/v2/transcribes", ownerOf(t), body("AAAAAAAAAAAAAAAAAAAAA", "en-US", "English")),
		http.StatusNotFound, "Not found")
	mustFail(t, call(t, "POST", "/v2/transcribes", ownerOf(t), body(transcodingID, "en-US", "English")),
		http.StatusConflict, "video must be ready to transcribe")
}
