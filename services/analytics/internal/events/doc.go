// Package events consumes the playback edge's view events from the VIEWS
// stream in batches, splits each batch by viewer among concurrent storers
// and hands each part to the store in one transaction; a part is
// acknowledged only once stored, and storing is idempotent, so a crash at
// any point loses and double-counts nothing. It also says how far the
// events are stored (StoredThrough), which the experience alerts wait for,
// and encodes their video.experience_degraded events.
package events
