// Package pg opens PostgreSQL connection pools and applies migrations for a
// service that owns one schema ("one schema per service").
//
// Every connection of a pool from Open has its search_path set to the
// service's schema, so service SQL stays unqualified and a test can isolate
// itself by using a fresh random schema. Migrate applies goose SQL migrations
// inside that schema, keeping goose's version table there as well.
package pg
