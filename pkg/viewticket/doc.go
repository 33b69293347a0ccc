// Package viewticket issues and verifies view tickets: the short-lived,
// signed proof of one player page load that the playback edge's /collect
// requires before it counts a view (docs/analytics.md). A ticket names the
// video, its account, the Player and the embedding page's origin, and
// carries a random id the analytics service counts once per replay window.
package viewticket
