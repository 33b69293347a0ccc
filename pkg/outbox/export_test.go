package outbox

import "time"

// SetPublishTimeout lets tests make a NATS outage fail publishes quickly.
func SetPublishTimeout(r *Relay, d time.Duration) { r.publishTimeout = d }
