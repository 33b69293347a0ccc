// Package restreams is the use cases of a live event's restreams: the other
// platforms (YouTube, Twitch, a customer's own server) the live service
// sends the event's stream to as it arrives (docs/live.md, "Restreaming").
//
// An output's stream key is another platform's secret: it is sealed at
// rest with a secrets.Box (purpose restream-key, bound to the account,
// event and output, so a seal copied onto another row does not open), the
// interface shows only whether one is set, and only the live service gets
// it back, in the grant of a publisher that may go live (Targets). Its URL
// follows pkg/simulcast's rule (rtmp or rtmps, no private address: the
// same SSRF rule as hooks), checked here when saved and again by the live
// service when it dials. The live service reports each output's state
// (ReportStatus); an event that is not live shows every output idle.
package restreams
