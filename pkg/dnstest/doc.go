// Package dnstest runs a small authoritative DNS server for tests, built on
// github.com/miekg/dns: TXT records set by the test, served over UDP and
// TCP on a free loopback port, so a service given its address (identity's
// VIDHOST_DNS_RESOLVER) resolves exactly what the test published.
package dnstest
