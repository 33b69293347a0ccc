// Package leads is the use cases of leads: the answers viewers submit
// through a video's gate (Submit, from the public playback edge), which the
// account lists and erases. A lead holds personal data, so it is never
// announced on the bus; the audit log records only which lead was erased.
//
// The gates themselves are part of a video (internal/catalog). This package
// reads and writes through its own Store, the methods it needs only.
package leads
