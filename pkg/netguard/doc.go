// Package netguard says which network addresses and URLs a server-side
// request made for a client may reach (SSRF): the public internet only, not
// private, loopback, link-local, metadata or other special ranges. The
// transcoder's source fetcher checks every dialled address with Public; the
// hooks service checks webhook and S3 URLs with URLPolicy when they are
// saved, and its deliveries dial through the same check (Control).
package netguard
