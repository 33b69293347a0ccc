// Package beacons turns the player's view beacons into enriched view events
// for the analytics service: it parses and checks a beacon, works out the
// embedding domain, the country (from a MaxMind-format database), the
// device and browser family, drops obvious bots, and publishes the events
// to JetStream in batches without ever blocking the request that brought
// them. The client address is used for the country lookup and then
// forgotten (docs/analytics.md).
package beacons
