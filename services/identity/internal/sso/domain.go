package sso

import (
	"bufio"
	_ "embed"
	"strings"
	"time"
)

// Domain is a provider's claim on one of its allowed domains. Only a
// verified claim routes single sign-on and keeps other accounts off the
// domain; a pending one does neither, so claiming a domain one does not
// control (another tenant's, gmail.com) achieves nothing.
type Domain struct {
	Name string
	// Token is the claim's secret-free proof value: the account shows it
	// in a DNS TXT record to prove it controls the domain.
	Token string
	// VerifiedTime is when the claim was verified; zero while pending.
	VerifiedTime time.Time
}

// Domain statuses, as the API shows them.
const (
	DomainPending  = "pending"
	DomainVerified = "verified"
)

// verifyRecordPrefix is the label the TXT record is published under.
const verifyRecordPrefix = "_vidhost-verify."

// Verified reports whether the claim counts.
func (d Domain) Verified() bool { return !d.VerifiedTime.IsZero() }

// Status is pending or verified.
func (d Domain) Status() string {
	if d.Verified() {
		return DomainVerified
	}
	return DomainPending
}

// RecordName is the DNS name of the TXT record that proves the claim.
func (d Domain) RecordName() string { return verifyRecordPrefix + d.Name }

// RecordValue is the text the TXT record must hold.
func (d Domain) RecordValue() string { return "vidhost-verify=" + d.Token }

//go:embed public_mail_domains.txt
var publicMailDomainList string

// publicMailDomains are the domains no account may claim: anyone can have
// an address there.
var publicMailDomains = func() map[string]bool {
	out := map[string]bool{}
	lines := bufio.NewScanner(strings.NewReader(publicMailDomainList))
	for lines.Scan() {
		if line := strings.TrimSpace(lines.Text()); line != "" && !strings.HasPrefix(line, "#") {
			out[line] = true
		}
	}
	return out
}()

// PublicMailDomain reports whether domain is a public mail provider's.
func PublicMailDomain(domain string) bool { return publicMailDomains[domain] }
