// Package httpx holds what the suite's HTTP servers share: timeouts that
// bound every request while letting long uploads and downloads run as long
// as bytes keep moving.
package httpx
