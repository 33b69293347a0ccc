package protomap

import (
	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"

	"github.com/vidhost/vidhost/pkg/timefmt"
	"github.com/vidhost/vidhost/services/catalog/internal/catalog"
	"github.com/vidhost/vidhost/services/catalog/internal/streamkeys"
)

// StreamKey maps a stream key as the domain shows it (the secret already
// redacted for read-only principals).
func StreamKey(k catalog.StreamKey) *catalogv1.StreamKey {
	return &catalogv1.StreamKey{
		VideoId:     k.VideoID,
		Key:         k.Key,
		RtmpUrl:     k.RTMPURL,
		SrtUrl:      k.SRTURL,
		Revoked:     k.Revoked,
		CreatedBy:   k.CreatedBy,
		CreatedTime: timefmt.Format(k.CreatedTime),
		UpdatedBy:   k.UpdatedBy,
		UpdatedTime: timefmt.Format(k.UpdatedTime),
	}
}

// PublishGrant maps what a publisher may publish to.
func PublishGrant(g streamkeys.PublishGrant) *catalogv1.PublishGrant {
	return &catalogv1.PublishGrant{VideoId: g.VideoID, AccountId: g.AccountID, Record: g.Record, MaxBitrate: g.MaxBitrate}
}
