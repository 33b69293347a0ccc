// Package whip takes live publishers over WebRTC: the WebRTC-HTTP Ingestion
// Protocol (WHIP, RFC 9725) that browsers and OBS 30+ speak. A publisher
// POSTs an SDP offer with its stream key as a bearer token; the handler has
// the ingest admit the key (Ingest: the same admission, plan limits and
// one-publisher rule as RTMP and SRT), answers with the SDP answer and a
// session URL to DELETE, and hands the Session to the ingest, which reads
// H.264 and AAC access units from it like from any other source. What is
// WebRTC-specific stays here: ICE on one UDP port, RTP depacketizing, keyframe
// requests, Opus to AAC.
//
// # Why these choices
//
// Video must be H.264 (the source rendition is copied into HLS and sent to
// restreams as it is). An offer without H.264 is refused with 422 rather than
// transcoded: VP8 or VP9 would cost a full-size software encode per event
// on top of the 360p one, and every browser that does WebRTC sends H.264
// when asked (RTCRtpTransceiver.setCodecPreferences). Browsers send a
// keyframe only when asked, so the session asks (RTCP PLI) as the stream
// time crosses each segment boundary (keyframes.go): every HLS segment then
// starts with one, just after its 2 s mark.
//
// Audio arrives as Opus, which the ingest, the recording and RTMP
// restreams do not take, so each session runs a small ffmpeg that decodes it
// and encodes AAC (transcode.go): Go has no maintained Opus decoder, and the
// live pipeline re-encodes audio anyway. The Opus packets reach ffmpeg in
// MPEG-TS with their RTP times, so its resampler fills what was lost and
// the AAC stays on the video's clock.
//
// ICE is not trickled (PATCH answers 405, as RFC 9725 allows): the
// server's candidates are known at once (the UDP port's addresses, or the
// public ones an operator names for 1:1 NAT), and the browser reaches
// them; the browser's own candidates are learnt from its checks. Video and
// audio are aligned by when each track's first packet arrived, not by
// RTCP sender reports (which come after a second or more): the error is
// the difference of their encode and network delays, tens of
// milliseconds.
//
// # What the edge forwards
//
// The handler serves any path: POST to a path creates a session whose
// resource is that path plus "/" and the session id, and DELETE (or
// OPTIONS) on a path whose last element is a session id acts on it. So the
// gateway forwards, unchanged, to the live service's HTTP listener:
//
//   - POST /v2/videos/{id}/whip with the headers Authorization (the stream
//     key as "Bearer <key>"), Content-Type and Content-Length, and the body
//     (the SDP offer, at most 64 KiB); the answer's status, Content-Type,
//     Location, ETag and body go back as they are. Location is an absolute
//     path built from the forwarded path (/v2/videos/{id}/whip/{session}), so
//     it needs no rewriting when the path is forwarded as the publisher sent it;
//     a prefix the edge strips must be put back in front of it.
//   - DELETE /v2/videos/{id}/whip/{session}, with Authorization if present
//     (a bearer that is not the session's key is refused with 403); the
//     session id (256 random bits) is itself the capability to end it.
//   - OPTIONS on both, or the edge answers the CORS preflight itself: the
//     handler allows any origin (no cookies are involved: the credential is the
//     bearer) and exposes Location.
//
// On the edge's path the key must be the event of the path's {id}: a key
// of another video's event is refused with 403 (and its claim given back).
// Other paths (OBS's /whip) name no video: the key alone names the event,
// as in RTMP and SRT.
package whip
