package ingest

import (
	"github.com/bluenviron/gortmplib"
	"github.com/bluenviron/gortmplib/pkg/amf0"
	"github.com/bluenviron/gortmplib/pkg/message"
)

// refuse tells an RTMP publisher why, as an onStatus error (ffmpeg logs
// its description; OBS shows a failed connection), before the connection
// is closed.
func refuse(sc *gortmplib.ServerConn, reason string) {
	_ = sc.Write(&message.CommandAMF0{
		ChunkStreamID:   5,
		MessageStreamID: 0x1000000,
		Name:            "onStatus",
		Arguments: []any{
			nil,
			amf0.Object{
				{Key: "level", Value: "error"},
				{Key: "code", Value: "NetStream.Publish.Unauthorized"},
				{Key: "description", Value: reason},
			},
		},
	})
}
