package netguard

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"io"
	"net"
	"os"
	"syscall"
)

// Reasons a request to a client's URL failed, in words safe to show that
// client. The network's own messages are not: they name the installation's
// DNS server ("lookup x on 10.0.0.2:53"), the addresses a name resolved to
// inside its network, and the local end of the connection.
const (
	ReasonUnresolved  = "the host name could not be resolved"
	ReasonRefused     = "the server refused the connection"
	ReasonTimeout     = "the server did not answer in time"
	ReasonClosed      = "the server closed the connection"
	ReasonUnreachable = "the server could not be reached"
	ReasonCertificate = "the server's TLS certificate is not valid"
	ReasonTLS         = "the TLS handshake with the server failed"
	ReasonFailed      = "the request failed"
)

// Describe says why an outbound request failed (err from an http.Client or
// a dial) in one of the Reason words, never the error's own text: the
// caller logs err itself. Refusals by this package's dial guard are the
// caller's to word first, with its own blocked error.
func Describe(err error) string {
	var (
		dnsErr  *net.DNSError
		certErr *tls.CertificateVerificationError
		unknown x509.UnknownAuthorityError
		host    x509.HostnameError
		invalid x509.CertificateInvalidError
		record  tls.RecordHeaderError
		alert   tls.AlertError
		netErr  net.Error
	)
	switch {
	case errors.As(err, &dnsErr):
		return ReasonUnresolved
	case errors.Is(err, syscall.ECONNREFUSED):
		return ReasonRefused
	case errors.Is(err, context.DeadlineExceeded), errors.Is(err, os.ErrDeadlineExceeded),
		errors.As(err, &netErr) && netErr.Timeout():
		return ReasonTimeout
	case errors.Is(err, syscall.ECONNRESET), errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF),
		errors.Is(err, syscall.EPIPE):
		return ReasonClosed
	case errors.Is(err, syscall.EHOSTUNREACH), errors.Is(err, syscall.ENETUNREACH):
		return ReasonUnreachable
	case errors.As(err, &certErr), errors.As(err, &unknown), errors.As(err, &host), errors.As(err, &invalid):
		return ReasonCertificate
	case errors.As(err, &record), errors.As(err, &alert):
		return ReasonTLS
	}
	return ReasonFailed
}

// PublicError is an error whose message is safe to show the client whose
// URL failed (Describe's words), keeping the cause for the log and for
// errors.Is.
type PublicError struct {
	Message string
	Cause   error
}

func (e *PublicError) Error() string { return e.Message }
func (e *PublicError) Unwrap() error { return e.Cause }

// Detail is what to log for err: the cause of the PublicError in its
// chain, whose message the client saw instead, or else err itself.
func Detail(err error) error {
	var public *PublicError
	if errors.As(err, &public) && public.Cause != nil {
		return public.Cause
	}
	return err
}
