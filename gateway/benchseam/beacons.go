package benchseam

import (
	"time"

	"github.com/nats-io/nats.go"

	"github.com/vidhost/vidhost/gateway/internal/beacons"
	"github.com/vidhost/vidhost/gateway/internal/playback"
	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/viewticket"
)

// The player's beacon body and the edge's view of its sender, as
// gateway/internal/beacons has them: bench/analytics fills them in as a
// player and /collect would.
type (
	// Beacon is a beacon's JSON body, decoded.
	Beacon = beacons.Beacon
	// Experience is a beacon's experience figures.
	Experience = beacons.Experience
	// RenditionFigure is a heartbeat's figures for one rendition height.
	RenditionFigure = beacons.RenditionFigure
	// Client is the browser, operating system and device of a User-Agent.
	Client = beacons.Client
	// Ticket is a verified view ticket.
	Ticket = viewticket.Ticket
)

// ClientOf is what the edge reads of userAgent.
func ClientOf(userAgent string) Client { return beacons.ClientOf(userAgent) }

// ViewMessage is the message the edge publishes on analytics.views for
// beacon, sent under ticket by a client in country and kept at at: its
// figures bounded as /collect bounds them, the event built and encoded by
// the edge's own code, with a new event id. A beacon /collect would drop
// for its figures (an unknown error class) is an error.
func ViewMessage(beacon Beacon, ticket Ticket, country string, client Client, at time.Time) (*nats.Msg, error) {
	if _, err := beacon.Clamp(beacon.Event); err != nil {
		return nil, err
	}
	return beacons.Message(playback.ViewEventOf(ids.New(), beacon, ticket, ticket.PlayerID, country, client, at))
}
