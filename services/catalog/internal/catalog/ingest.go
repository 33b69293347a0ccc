package catalog

import (
	"strings"

	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/pkg/secrets"
)

// Ingest is where publishers send live streams, and the Box stream keys
// are sealed with. RTMPBase is "rtmp://<host>:<port>/live", SRTBase
// "srt://<host>:<port>" (docs/live.md).
type Ingest struct {
	RTMPBase string
	SRTBase  string
	Box      secrets.Box
}

// rtmpURL is the RTMP ingest URL carrying key: OBS's server is RTMPBase,
// its stream key the last segment.
func (in Ingest) rtmpURL(key string) string {
	return strings.TrimRight(in.RTMPBase, "/") + "/" + key
}

// srtURL is the SRT ingest URL (caller mode) carrying key in the streamid,
// as "publish:<key>" (the form MediaMTX and ffmpeg users know). It is not
// escaped: ':' may stand in a query, a key is URL-safe, and ffmpeg 5.1
// passes the streamid on as written (publish%3A… would reach the live
// service, which decodes it too).
func (in Ingest) srtURL(key string) string {
	if in.SRTBase == "" {
		return ""
	}
	return strings.TrimRight(in.SRTBase, "/") + "?streamid=publish:" + key
}

// sealContext binds a sealed key to its row: copied to another event's
// row, it does not open.
func sealContext(accountID, videoID string) string {
	return "stream-key/" + accountID + "/" + videoID
}

// Seal returns the stored form of key for videoID.
func (in Ingest) Seal(p principal.Principal, videoID, key string) StoredStreamKey {
	accountID := p.AccountID
	return StoredStreamKey{
		VideoID: videoID, AccountID: accountID, Plan: p.Plan,
		Hash: HashStreamKey(key), Sealed: in.Box.Seal([]byte(key), sealContext(accountID, videoID)),
	}
}

// Show is stored as the interface shows it: in full when reveal, else
// with the secret redacted.
func (in Ingest) Show(stored StoredStreamKey, reveal bool) (StreamKey, error) {
	key := RedactedKey
	if reveal {
		plain, err := in.Box.Open(stored.Sealed, sealContext(stored.AccountID, stored.VideoID))
		if err != nil {
			return StreamKey{}, err
		}
		key = string(plain)
	}
	return StreamKey{
		VideoID: stored.VideoID, Key: key, RTMPURL: in.rtmpURL(key), SRTURL: in.srtURL(key),
		Revoked: stored.Revoked, Audit: stored.Audit,
	}, nil
}
