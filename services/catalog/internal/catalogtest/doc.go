// Package catalogtest holds the assertions the catalog domain's packages
// (catalog, leads, transcribes) share in their unit tests.
package catalogtest
