// Package fetch downloads a video source from an HTTP(S) URL to a local file
// without letting the URL reach inside our network (SSRF): the address of
// every connection, after DNS resolution and on every redirect, is checked
// against private, loopback, link-local and other non-public ranges. It
// bounds redirects, size, and time (overall, until headers, and while the
// body is idle), and never leaves a partial file behind.
package fetch
