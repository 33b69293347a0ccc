// Package benchseam is what the benchmarks under bench/ need of the
// gateway's internal packages, which Go's internal rule keeps out of their
// reach: bench/delivery runs the real gateway (app.Run) over the playback
// edge's fake catalog and identity services and mints media tokens as the
// gateway does; bench/analytics turns player beacons into the messages the
// edge publishes on analytics.views with the edge's own code. The seam is a
// package of its own, outside internal/, so the benchmarks live under
// bench/ without anything in the gateway importing back up into a command;
// it wraps the fakes rather than exporting them, so the benchmarks see only
// the few calls they make.
package benchseam
