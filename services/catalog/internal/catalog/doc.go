// Package catalog is the catalog's domain: its resources (categories and
// players; videos and what hangs off them next), the rules their fields obey
// and the use cases that change them.
//
// Every change is validated here, then written through Store in one
// transaction together with the Event that announces it, so an event is
// published exactly when its change is committed. The package knows neither
// gRPC nor SQL: internal/server and internal/store adapt it to both.
package catalog
