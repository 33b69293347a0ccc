// Package beacons turns the player's view beacons into enriched view events
// for the analytics service: it parses and checks a beacon, clamps its
// viewing-experience figures to what a page could have measured, works out
// the embedding domain, the country (from a MaxMind-format database), the
// device, browser and operating system families, drops obvious bots, and
// publishes the events to JetStream in batches without ever blocking the
// request that brought them. The client address is used for the country
// lookup and then forgotten (docs/analytics.md).
//
// The User-Agent is parsed with github.com/mileusna/useragent: pure Go, no
// dependencies, no regular-expression file to load or keep in step (the
// uap-go port needs its YAML of regexes and a few microseconds a parse; the
// module proxy serves no tagged release of it), maintained, and about a
// microsecond a beacon. Its families are mapped to a short fixed list, so a
// made-up header adds no report bucket.
package beacons
