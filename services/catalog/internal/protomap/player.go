package protomap

import (
	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"

	"github.com/vidhost/vidhost/pkg/timefmt"
	"github.com/vidhost/vidhost/services/catalog/internal/catalog"
)

// Player returns p as a message.
func Player(p catalog.Player) *catalogv1.Player {
	return &catalogv1.Player{
		Id:           p.ID,
		Name:         p.Name,
		Analytics:    p.Analytics,
		Autoplay:     p.Autoplay,
		Muted:        p.Muted,
		Playsinline:  p.Playsinline,
		Preload:      p.Preload,
		ShowName:     p.ShowName,
		ShowDuration: p.ShowDuration,
		Controls:     p.Controls,
		Colour:       p.Colour,
		Quality:      p.Quality,
		Track:        p.Track,
		CreatedBy:    p.CreatedBy,
		CreatedTime:  timefmt.Format(p.CreatedTime),
		UpdatedBy:    p.UpdatedBy,
		UpdatedTime:  timefmt.Format(p.UpdatedTime),
	}
}

// PlayerValues returns the client-settable fields of m (nil: none), the
// values of an update.
func PlayerValues(m *catalogv1.Player) catalog.Player {
	return catalog.Player{
		Name:         m.GetName(),
		Analytics:    m.GetAnalytics(),
		Autoplay:     m.GetAutoplay(),
		Muted:        m.GetMuted(),
		Playsinline:  m.GetPlaysinline(),
		Preload:      m.GetPreload(),
		ShowName:     m.GetShowName(),
		ShowDuration: m.GetShowDuration(),
		Controls:     m.GetControls(),
		Colour:       m.GetColour(),
		Quality:      m.GetQuality(),
		Track:        m.GetTrack(),
	}
}

// PlayerInput returns a create request as the domain's input, keeping
// which optional fields were sent.
func PlayerInput(in *catalogv1.CreatePlayerRequest) catalog.PlayerInput {
	return catalog.PlayerInput{
		Name:         in.GetName(),
		Analytics:    in.Analytics,
		Autoplay:     in.Autoplay,
		Muted:        in.Muted,
		Playsinline:  in.Playsinline,
		Preload:      in.Preload,
		ShowName:     in.ShowName,
		ShowDuration: in.ShowDuration,
		Controls:     in.GetControls(),
		Colour:       in.Colour,
		Quality:      in.Quality,
		Track:        in.Track,
	}
}
