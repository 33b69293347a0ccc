package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	vidhost "github.com/vidhost/vidhost/sdk/go"
)

// client calls the suite's REST interface through the Go SDK, and fetches
// the edge's playlists and segments.
type client struct{ api *vidhost.Client }

func (c client) createEvent() (*vidhost.Video, error) {
	return c.api.Videos.Create(context.Background(), map[string]any{"name": "Bench", "type": "event"})
}

// waitLive polls the event until it is live and returns its playlist URL.
func (c client) waitLive(id string, within time.Duration) (string, error) {
	deadline := time.Now().Add(within)
	for time.Now().Before(deadline) {
		e, err := c.api.Videos.Get(context.Background(), id)
		if err != nil {
			return "", err
		}
		if e.Status == "live" && len(e.Outputs) > 0 {
			return e.Outputs[0].URL, nil
		}
		time.Sleep(50 * time.Millisecond)
	}
	return "", fmt.Errorf("event %s not live within %s", id, within)
}

// outputURL returns the URL of the event's output labelled label.
func (c client) outputURL(id, label string) (string, error) {
	e, err := c.api.Videos.Get(context.Background(), id)
	if err != nil {
		return "", err
	}
	for _, o := range e.Outputs {
		if o.Label == label {
			return o.URL, nil
		}
	}
	return "", fmt.Errorf("event %s has no output %q", id, label)
}

// firstSegment fetches the master playlist, its last variant (the 360p
// rung) and that variant's first segment; it returns the variant's URL.
func (c client) firstSegment(master string, within time.Duration) (string, error) {
	deadline := time.Now().Add(within)
	for time.Now().Before(deadline) {
		if variant, err := c.segmentOf(master); err == nil {
			return variant, nil
		}
		time.Sleep(50 * time.Millisecond)
	}
	return "", errors.New("no segment fetched")
}

func (c client) segmentOf(master string) (string, error) {
	body, err := get(master)
	if err != nil {
		return "", err
	}
	uris := uriLines(body)
	if len(uris) == 0 {
		return "", errors.New("empty master")
	}
	variant := resolve(master, uris[len(uris)-1])
	playlist, err := get(variant)
	if err != nil {
		return "", err
	}
	segments := uriLines(playlist)
	if len(segments) == 0 {
		return "", errors.New("no segment yet")
	}
	_, err = get(resolve(variant, segments[0]))
	return variant, err
}

// newest is what a player fetching the playlist sees of its newest
// segment: its EXT-X-PROGRAM-DATE-TIME, and where it starts in the stream
// (the sum of the EXTINF before it: the playlist lists every segment of a
// run shorter than the DVR window).
func (c client) newest(playlist string) (pdt time.Time, streamStart time.Duration, ok bool) {
	body, err := get(playlist)
	if err != nil {
		return time.Time{}, 0, false
	}
	var elapsed time.Duration
	for line := range strings.Lines(body) {
		line = strings.TrimSpace(line)
		if v, found := strings.CutPrefix(line, "#EXT-X-PROGRAM-DATE-TIME:"); found {
			if t, err := time.Parse("2006-01-02T15:04:05.000-0700", v); err == nil {
				pdt = t
			}
		}
		if v, found := strings.CutPrefix(line, "#EXTINF:"); found {
			seconds, _ := strconv.ParseFloat(strings.TrimSuffix(v, ","), 64)
			streamStart, elapsed = elapsed, elapsed+time.Duration(seconds*float64(time.Second))
		}
	}
	return pdt, streamStart, !pdt.IsZero()
}

func get(u string) (string, error) {
	resp, err := http.Get(u) //nolint:gosec,noctx // the suite's own edge
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK {
		return "", fmt.Errorf("%s: %d", u, resp.StatusCode)
	}
	return string(body), err
}

func uriLines(playlist string) []string {
	var out []string
	for line := range strings.Lines(playlist) {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
			out = append(out, line)
		}
	}
	return out
}

func resolve(base, ref string) string {
	b, err := url.Parse(base)
	if err != nil {
		return ref
	}
	r, err := url.Parse(ref)
	if err != nil {
		return ref
	}
	return b.ResolveReference(r).String()
}
