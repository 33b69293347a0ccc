// Package views is the analytics service's domain: view events as the
// playback edge publishes them, the replay rule that decides which plays
// count as views, and the storage interface (Store) a PostgreSQL store
// implements today and a columnar store could implement for very large
// installations (docs/analytics.md).
package views
