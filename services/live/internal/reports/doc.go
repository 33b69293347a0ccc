// Package reports publishes the live service's reports to the catalog:
// live.started when an event's stream is playable, live.ended when its
// publisher is gone (stream MEDIA, which the catalog consumes).
package reports
