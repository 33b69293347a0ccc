// Package streamkeys is the use cases of live events' stream keys: showing,
// rotating and revoking an event's key, and admitting a publisher that
// presents one (AuthorizePublish, with the plan's live limits).
//
// The key's format, its sealed form and the Ingest it is shown with stay in
// internal/catalog, because a video's own use cases issue an event's first
// key and show its ingest URL; this package changes keys afterwards. It
// reads and writes through its own Store, the methods it needs only, and
// commits each change with the event that audits it (internal/txn).
package streamkeys
