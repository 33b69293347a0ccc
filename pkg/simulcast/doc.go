// Package simulcast is the contract restreaming shares between the catalog,
// which keeps an event's outputs and checks a URL when a client saves it,
// and the live service, which checks it again before it dials and reports
// each output's state (docs/live.md, "Restreaming"): one home for the URL
// rule and the states, so the two services cannot drift.
package simulcast
