// Package netguard says which network addresses and URLs a server-side
// request made for a client may reach (SSRF): the public internet only, not
// private, loopback, link-local, metadata or other special ranges. The
// transcoder's source fetcher checks every dialled address with Public; the
// hooks service checks webhook and S3 URLs with URLPolicy when they are
// saved (reading numeric hosts such as 0x7f000001 as the address they spell,
// HostAddr), and its deliveries dial through the same check (Control). When
// such a request fails, Describe words the failure for the client without
// the installation's DNS server or addresses.
package netguard
