package dnstest

import (
	"errors"
	"fmt"
	"net"
	"strings"
	"sync"
	"time"

	"github.com/miekg/dns"
)

// Server answers TXT and A questions from its records; every other name or
// type is NXDOMAIN or an empty answer.
type Server struct {
	// Addr is host:port of both listeners (UDP and TCP).
	Addr string

	mu      sync.Mutex
	records map[string][]string // fully qualified lower-case name -> TXT strings
	hosts   map[string]net.IP   // fully qualified lower-case name -> its IPv4 address (A)
	servers []*dns.Server
}

// Start serves on a free loopback port until Close.
func Start() (*Server, error) {
	udp, tcp, err := listenPair()
	if err != nil {
		return nil, err
	}
	s := &Server{Addr: udp.LocalAddr().String(), records: map[string][]string{}, hosts: map[string]net.IP{}}
	s.servers = []*dns.Server{
		{PacketConn: udp, Handler: dns.HandlerFunc(s.answer)},
		{Listener: tcp, Handler: dns.HandlerFunc(s.answer)},
	}
	started := make(chan error, len(s.servers))
	for _, srv := range s.servers {
		srv.NotifyStartedFunc = func() { started <- nil }
		go func() {
			if err := srv.ActivateAndServe(); err != nil {
				started <- err
			}
		}()
	}
	for range s.servers {
		select {
		case err := <-started:
			if err != nil {
				_ = s.Close()
				return nil, err
			}
		case <-time.After(10 * time.Second):
			_ = s.Close()
			return nil, errors.New("dnstest: the server did not start")
		}
	}
	return s, nil
}

// listenPair listens on one loopback port for both UDP and TCP. The UDP
// port is free for UDP only: another process (a parallel test package)
// may hold it for TCP, so a taken pair is given back and another tried.
func listenPair() (net.PacketConn, net.Listener, error) {
	var lastErr error
	for range 20 {
		udp, err := net.ListenPacket("udp", "127.0.0.1:0")
		if err != nil {
			return nil, nil, err
		}
		tcp, err := net.Listen("tcp", udp.LocalAddr().String())
		if err == nil {
			return udp, tcp, nil
		}
		_ = udp.Close()
		lastErr = err
	}
	return nil, nil, fmt.Errorf("dnstest: no loopback port free for both UDP and TCP: %w", lastErr)
}

// SetTXT publishes one TXT record of name for each value, replacing those
// before; no values removes them.
func (s *Server) SetTXT(name string, values ...string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	key := dns.Fqdn(strings.ToLower(name))
	if len(values) == 0 {
		delete(s.records, key)
		return
	}
	s.records[key] = append([]string(nil), values...)
}

// SetA publishes name's IPv4 address, so a resolver pointed here (an ACME
// server validating a test domain) reaches a test server.
func (s *Server) SetA(name string, ip net.IP) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.hosts[dns.Fqdn(strings.ToLower(name))] = ip.To4()
}

// Close stops the server.
func (s *Server) Close() error {
	var errs []error
	for _, srv := range s.servers {
		errs = append(errs, srv.Shutdown())
	}
	return errors.Join(errs...)
}

// answer replies to one query.
func (s *Server) answer(w dns.ResponseWriter, req *dns.Msg) {
	reply := new(dns.Msg)
	reply.SetReply(req)
	reply.Authoritative = true
	if len(req.Question) == 1 {
		q := req.Question[0]
		s.mu.Lock()
		values, ok := s.records[strings.ToLower(q.Name)]
		ip, isHost := s.hosts[strings.ToLower(q.Name)]
		s.mu.Unlock()
		switch {
		case isHost && q.Qtype == dns.TypeA:
			reply.Answer = append(reply.Answer, &dns.A{
				Hdr: dns.RR_Header{Name: q.Name, Rrtype: dns.TypeA, Class: dns.ClassINET, Ttl: 0}, A: ip})
		case isHost:
			// Another type of a known host: an empty answer, not NXDOMAIN.
		case !ok:
			reply.Rcode = dns.RcodeNameError
		case q.Qtype == dns.TypeTXT:
			// One record per value, as a zone with several TXT records.
			for _, v := range values {
				reply.Answer = append(reply.Answer, &dns.TXT{
					Hdr: dns.RR_Header{Name: q.Name, Rrtype: dns.TypeTXT, Class: dns.ClassINET, Ttl: 0}, Txt: []string{v}})
			}
		}
	}
	_ = w.WriteMsg(reply)
}
