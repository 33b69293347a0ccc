// Package alerts watches the viewing experience of every video hour by
// hour and announces an hour that went badly (video.experience_degraded,
// docs/analytics.md, "Alerts"): the rule (thresholds and the fewest plays
// judged), the watcher that judges each hour once it is over and its
// beacons are stored, and the storage it needs. It imports neither SQL nor
// NATS.
package alerts
