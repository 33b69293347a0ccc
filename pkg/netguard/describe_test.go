package netguard

import (
	"context"
	"crypto/x509"
	"errors"
	"fmt"
	"net"
	"net/url"
	"os"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
)

// What the network says names the installation's DNS server and internal
// addresses; what Describe says names none of them.
func TestDescribeHidesTheInstallationsNetwork(t *testing.T) {
	get := func(err error) error { return &url.Error{Op: "Get", URL: "http://media.example.com/v.mp4", Err: err} }
	dial := func(err error) error {
		return &net.OpError{Op: "dial", Net: "tcp", Addr: &net.TCPAddr{IP: net.IPv4(10, 1, 2, 3), Port: 80},
			Err: os.NewSyscallError("connect", err)}
	}
	tests := []struct {
		name string
		err  error
		want string
	}{
		{"no such host", get(&net.DNSError{Err: "no such host", Name: "nothing.invalid", Server: "10.255.255.53:53", IsNotFound: true}), ReasonUnresolved},
		{"dns timeout", get(&net.DNSError{Err: "i/o timeout", Name: "slow.example", Server: "10.0.0.2:53", IsTimeout: true}), ReasonUnresolved},
		{"refused", get(dial(syscall.ECONNREFUSED)), ReasonRefused},
		{"unreachable", get(dial(syscall.EHOSTUNREACH)), ReasonUnreachable},
		{"reset", get(&net.OpError{Op: "read", Net: "tcp", Err: os.NewSyscallError("read", syscall.ECONNRESET)}), ReasonClosed},
		{"closed early", get(fmt.Errorf("malformed: %w", errors.New("EOF"))), ReasonFailed},
		{"deadline", get(context.DeadlineExceeded), ReasonTimeout},
		{"certificate", get(x509.UnknownAuthorityError{}), ReasonCertificate},
		{"other", errors.New("lookup x on 10.0.0.2:53: server misbehaving"), ReasonFailed},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Describe(tt.err)
			assert.Equal(t, tt.want, got)
			assert.NotContains(t, got, "10.")
		})
	}
}

func TestPublicErrorKeepsItsCause(t *testing.T) {
	cause := &net.DNSError{Err: "no such host", Name: "x.invalid", Server: "10.0.0.2:53"}
	err := fmt.Errorf("copy: %w", &PublicError{Message: "webhook: " + Describe(cause), Cause: cause})
	assert.Equal(t, "copy: webhook: the host name could not be resolved", err.Error())
	var dnsErr *net.DNSError
	assert.ErrorAs(t, err, &dnsErr)
}
