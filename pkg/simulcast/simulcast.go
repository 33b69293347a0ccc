package simulcast

import (
	"errors"
	"net/url"

	"github.com/vidhost/vidhost/pkg/netguard"
)

// Schemes are an output's: the RTMP ingest every platform offers, plain or
// over TLS.
var Schemes = []string{"rtmp", "rtmps"}

// URLPolicy is the rule for an output's server URL: rtmp or rtmps, no user,
// password, query or fragment (the stream key is a field of its own, sealed
// at rest), and no private, loopback or link-local address (the same SSRF
// rule as hooks; a name is resolved and checked again when the live service
// dials). allowLoopback admits this machine, for the devstack's receivers.
func URLPolicy(allowLoopback bool) netguard.URLPolicy {
	return netguard.URLPolicy{Schemes: Schemes, NoQuery: true, AllowLoopback: allowLoopback}
}

// Parse checks raw with URLPolicy and returns it parsed; the error is the
// rule it breaks, worded to follow the field's name ("must be an rtmp or
// rtmps URL").
func Parse(raw string, allowLoopback bool) (*url.URL, error) {
	if rule := URLPolicy(allowLoopback).Check(raw); rule != "" {
		return nil, errors.New(rule)
	}
	return url.Parse(raw)
}

// State is where an output stands, as the live service reports it and the
// interface shows it.
type State string

// An output is Idle while its event has no publisher (or the output is
// disabled), Connecting until its server accepted the publish, Live while
// the stream flows, and Error (with a reason) between a failure and the
// next attempt.
const (
	Idle       State = "idle"
	Connecting State = "connecting"
	Live       State = "live"
	Error      State = "error"
)

// Valid reports whether s is one of the states.
func (s State) Valid() bool {
	switch s {
	case Idle, Connecting, Live, Error:
		return true
	}
	return false
}
