// Package blobtest holds what tests of blob.Store need: RunContract, the
// behaviour every driver must share, StartVersityGW, a real S3-compatible
// server (one that checks signatures) for the S3 driver, and Counting, a
// store that counts how its callers read it.
package blobtest
