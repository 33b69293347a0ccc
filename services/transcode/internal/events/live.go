package events

import (
	eventsv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/events/v1"

	"github.com/vidhost/vidhost/services/transcode/internal/liveclip"
)

// liveClip reads an instant clip's segments; Job.Validate checks them.
func liveClip(m *eventsv1.LiveSegments) *liveclip.Clip {
	c := &liveclip.Clip{EventVideoID: m.GetEventVideoId(), MasterPlaylist: m.GetMasterPlaylist()}
	for _, v := range m.GetVariants() {
		variant := liveclip.Variant{Playlist: v.GetPlaylist(), Init: v.GetInit()}
		for _, s := range v.GetSegments() {
			variant.Segments = append(variant.Segments, liveclip.Segment{Name: s.GetName(), Duration: s.GetDuration()})
		}
		c.Variants = append(c.Variants, variant)
	}
	return c
}

// liveSegments is the message of c.
func liveSegments(c liveclip.Clip) *eventsv1.LiveSegments {
	m := &eventsv1.LiveSegments{EventVideoId: c.EventVideoID, MasterPlaylist: c.MasterPlaylist}
	for _, v := range c.Variants {
		variant := &eventsv1.LiveVariant{Playlist: v.Playlist, Init: v.Init}
		for _, s := range v.Segments {
			variant.Segments = append(variant.Segments, &eventsv1.LiveSegment{Name: s.Name, Duration: s.Duration})
		}
		m.Variants = append(m.Variants, variant)
	}
	return m
}
