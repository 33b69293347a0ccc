// Package events consumes the playback edge's view events from the VIEWS
// stream in batches and hands each batch to the store in one transaction;
// the batch is acknowledged only once stored, and storing is idempotent,
// so a crash at any point loses and double-counts nothing.
package events
