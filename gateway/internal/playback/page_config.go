package playback

import (
	"path"
	"strconv"
	"strings"

	"github.com/vidhost/vidhost/gateway/web"
	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"
)

// mediaURLs turns paths in a video's media folder into the URLs a player
// fetches: <base>/<video_id>/<path>, plus ?token= for private videos.
type mediaURLs struct{ base string }

func (m mediaURLs) url(videoID, filePath string, g grant) string {
	if filePath == "" {
		return ""
	}
	u := m.base + "/" + videoID + "/" + filePath
	if g.token != "" {
		u += "?" + TokenParam + "=" + g.token
	}
	return u
}

// videoConfig is what the player gets of v.
func (m mediaURLs) videoConfig(v *catalogv1.PlaybackVideo, g grant) web.VideoConfig {
	id := v.GetVideoId()
	config := web.VideoConfig{
		ID: id, Name: v.GetName(), Duration: v.GetDuration(),
		Sources:   m.sources(v, g),
		Poster:    m.url(id, v.GetThumbnailPath(), g),
		SpriteVTT: m.url(id, v.GetSpriteIndexPath(), g),
		Spherical: v.GetSpherical(), Projection: v.GetProjection(), Privacy: v.GetPrivacy(),
		Width: int(v.GetWidth()), Height: int(v.GetHeight()),
		Tracks:   make([]web.Track, 0, len(v.GetTracks())),
		Chapters: chapters(v.GetChapters()),
		Cards:    cards(v.GetCards()),
		Gates:    gates(v.GetGates()),
		Hotspots: hotspots(v.GetHotspots()),
	}
	for _, t := range v.GetTracks() {
		config.Tracks = append(config.Tracks, web.Track{Kind: t.GetKind(), Label: t.GetLabel(), Language: t.GetLanguage(), URL: m.url(id, t.GetUrl(), g)})
	}
	return config
}

// sources picks the first output of each kind by its file extension.
func (m mediaURLs) sources(v *catalogv1.PlaybackVideo, g grant) web.Sources {
	var s web.Sources
	for _, out := range v.GetOutputs() {
		target := map[string]*string{".m3u8": &s.HLS, ".mpd": &s.DASH, ".mp4": &s.MP4}[strings.ToLower(path.Ext(out.GetPath()))]
		if target != nil && *target == "" {
			*target = m.url(v.GetVideoId(), out.GetPath(), g)
		}
	}
	return s
}

func playable(s web.Sources) bool { return s.HLS != "" || s.DASH != "" || s.MP4 != "" }

// chapters converts "HH:MM:SS" starts to seconds, skipping any that do not
// parse (the catalog validates them; this is only defence).
func chapters(in []*catalogv1.Chapter) []web.Chapter {
	out := make([]web.Chapter, 0, len(in))
	for _, c := range in {
		if seconds, ok := timecodeSeconds(c.GetStart()); ok {
			out = append(out, web.Chapter{Name: c.GetName(), Start: float64(seconds)})
		}
	}
	return out
}

func timecodeSeconds(timecode string) (int, bool) {
	parts := strings.Split(timecode, ":")
	if len(parts) != 3 {
		return 0, false
	}
	var hms [3]int
	for i, part := range parts {
		n, err := strconv.Atoi(part)
		if err != nil || n < 0 || (i > 0 && n > 59) {
			return 0, false
		}
		hms[i] = n
	}
	return hms[0]*3600 + hms[1]*60 + hms[2], true
}

func cards(in []*catalogv1.Card) []web.Card {
	out := make([]web.Card, 0, len(in))
	for _, c := range in {
		out = append(out, web.Card{ID: c.GetId(), Name: c.GetName(), At: int(c.GetAt()), Until: int(c.GetUntil()), Skip: c.GetSkip(),
			TopText: c.GetTopText(), BottomText: c.GetBottomText(), Link: c.GetLink(), LinkText: c.GetLinkText(), Icon: c.GetIcon()})
	}
	return out
}

func gates(in []*catalogv1.Gate) []web.Gate {
	out := make([]web.Gate, 0, len(in))
	for _, g := range in {
		out = append(out, web.Gate{ID: g.GetId(), Name: g.GetName(), At: int(g.GetAt()), Skip: g.GetSkip(),
			TopText: g.GetTopText(), BottomText: g.GetBottomText(), CheckboxText: g.GetCheckboxText(), Fields: g.GetFields()})
	}
	return out
}

func hotspots(in []*catalogv1.Hotspot) []web.Hotspot {
	out := make([]web.Hotspot, 0, len(in))
	for _, h := range in {
		out = append(out, web.Hotspot{ID: h.GetId(), Name: h.GetName(), At: int(h.GetAt()), Until: int(h.GetUntil()),
			X: h.GetX(), Y: h.GetY(), Pitch: h.GetPitch(), Yaw: h.GetYaw(), Link: h.GetLink(), Opacity: h.GetOpacity(), Target: h.GetTarget()})
	}
	return out
}
