package playback

import (
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"

	"github.com/vidhost/vidhost/pkg/liveorigin"
)

// maxLowLatencyPlaylist bounds an LL-HLS media playlist read to be
// rewritten; a 60 s window with its parts is about 10 KB.
const maxLowLatencyPlaylist = 1 << 20

// lowLatencyRoute is where the edge serves a live event's LL-HLS stream:
// /media/<video>/live/ll/<stream>/<file>, beside the LL master playlist
// (live/ll/master.m3u8), which the blob store holds like any playlist.
const lowLatencyRoute = "/media/{video_id}/" + liveorigin.Folder + "/{stream}/{file}"

// serveLowLatency serves GET and HEAD of a file of a live event's LL-HLS
// stream (docs/live.md), which only the live service instance running the
// event has, in memory. Every request (playlist, part, segment, init)
// passes the video's rules as any media does (a viewer JWT, the session
// cookie or a media token), then goes to that instance; a private
// event's playlist gets the token written into its part, preload hint,
// map and segment URIs. Playlists are never cached (each answers one
// moment of the stream, a blocked one the arrival of a part); parts and
// segments, whose names are never reused, are cached as segments are.
func (h *Handler) serveLowLatency(w http.ResponseWriter, r *http.Request) {
	setCORS(w.Header())
	stream, file := r.PathValue("stream"), r.PathValue("file")
	if h.live == nil || !liveorigin.ValidStream(stream) || !liveorigin.ValidFile(file) {
		w.Header().Set("Cache-Control", "no-store")
		http.Error(w, "Not found", http.StatusNotFound)
		return
	}
	v, g, err := h.lookup(r, true)
	if err != nil {
		h.refuseMedia(w, r, err)
		return
	}
	playlist := file == liveorigin.PlaylistName
	method := r.Method
	if playlist {
		method = http.MethodGet // its length changes with the token: read it whole
	}
	resp, err := h.live.get(r, v, stream, file, method)
	if err != nil {
		if r.Context().Err() == nil { // else the viewer left: no one to answer
			h.refuseMedia(w, r, err)
		}
		return
	}
	defer resp.Body.Close()
	header := w.Header()
	header.Set("X-Content-Type-Options", "nosniff")
	switch {
	case resp.StatusCode != http.StatusOK:
		h.lowLatencyRefused(w, r, resp)
	case playlist:
		h.writeLowLatencyPlaylist(w, r, resp, g)
	default:
		header.Set("Content-Type", "video/mp4")
		header.Set("Cache-Control", cacheControl(kindSegment, g.token != ""))
		if size := resp.Header.Get("Content-Length"); size != "" {
			header.Set("Content-Length", size)
		}
		w.WriteHeader(http.StatusOK)
		if r.Method != http.MethodHead {
			_, _ = io.Copy(w, resp.Body) // the viewer may leave mid-way
		}
	}
}

func (h *Handler) writeLowLatencyPlaylist(w http.ResponseWriter, r *http.Request, resp *http.Response, g grant) {
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxLowLatencyPlaylist+1))
	if err == nil && len(body) > maxLowLatencyPlaylist {
		err = fmt.Errorf("the playlist is larger than %d bytes", maxLowLatencyPlaylist)
	}
	if err != nil {
		h.refuseMedia(w, r, fmt.Errorf("%w: LL-HLS playlist: %w", errUpstream, err))
		return
	}
	if g.token != "" {
		body = rewriteHLS(body, TokenParam+"="+g.token)
	}
	header := w.Header()
	header.Set("Content-Type", "application/vnd.apple.mpegurl")
	header.Set("Cache-Control", "no-store")
	header.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		_, _ = w.Write(body) //nolint:gosec // a playlist from our live service, served as mpegurl with nosniff, never HTML
	}
}

// lowLatencyRefused answers what the live service refused: a file that
// does not exist (yet, or any more) is 404, a request too far ahead of
// the live edge 400 with the packager's reason, a wait that timed out
// (the publisher stalled) 503, as the packager says them (RFC 8216bis);
// anything else is the live service failing, 503 like any backend's.
func (h *Handler) lowLatencyRefused(w http.ResponseWriter, r *http.Request, resp *http.Response) {
	w.Header().Set("Cache-Control", "no-store")
	switch resp.StatusCode {
	case http.StatusNotFound:
		http.Error(w, "Not found", http.StatusNotFound)
	case http.StatusBadRequest:
		reason, _ := io.ReadAll(io.LimitReader(resp.Body, 200))
		http.Error(w, strings.TrimSpace(string(reason)), http.StatusBadRequest)
	case http.StatusServiceUnavailable:
		w.Header().Set("Retry-After", "1")
		http.Error(w, "not ready: try again", http.StatusServiceUnavailable)
	default:
		h.refuseMedia(w, r, fmt.Errorf("%w: the live service answered %s", errUpstream, resp.Status))
	}
}
