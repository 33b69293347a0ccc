// Package catalog is the catalog's domain: its resources (categories,
// players, videos with their cards, gates, hotspots, chapters, tracks and
// thumbnail, folders, the leads viewers submit through gates), the rules
// their fields obey and the use cases that change them, including the
// transcode reports that move a video towards ready.
//
// Every change is validated here, then written through Store in one
// transaction together with the Event that announces it, so an event is
// published exactly when its change is committed. Files a client uploads
// for a video (tracks, thumbnails) are checked, stored through ObjectStore
// before that transaction and deleted again if it fails. The package knows
// neither gRPC nor SQL: internal/server and internal/store adapt it to both.
package catalog
