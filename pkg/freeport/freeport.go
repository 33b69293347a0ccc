package freeport

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"net"
	"os"
	"strconv"
	"strings"
)

// lowest is the first port drawn: well above the registered services a
// developer machine may run (PostgreSQL 5432, Mailpit 1025/8025, NATS 4222).
const lowest = 10000

// fallbackEphemeralStart is Linux's default start of the ephemeral range,
// for systems without /proc.
const fallbackEphemeralStart = 32768

// attempts bounds the draws for one port: a draw fails only when the port
// is taken, and few of 22,000 are.
const attempts = 100

// rangeFile holds the kernel's ephemeral range ("32768\t60999").
var rangeFile = "/proc/sys/net/ipv4/ip_local_port_range"

// Ports returns n distinct loopback ports nothing listens on now, below the
// kernel's ephemeral range.
func Ports(n int) ([]int, error) {
	highest := ephemeralStart() - 1
	if highest <= lowest {
		return nil, fmt.Errorf("freeport: the ephemeral range starts at %d: no ports below it", highest+1)
	}
	ports := make([]int, 0, n)
	taken := map[int]bool{}
	for len(ports) < n {
		port, err := draw(lowest, highest, taken)
		if err != nil {
			return nil, err
		}
		taken[port] = true
		ports = append(ports, port)
	}
	return ports, nil
}

// Port is Ports(1)[0].
func Port() (int, error) {
	ports, err := Ports(1)
	if err != nil {
		return 0, err
	}
	return ports[0], nil
}

// Addrs returns n distinct loopback addresses ("127.0.0.1:port") from Ports.
func Addrs(n int) ([]string, error) {
	ports, err := Ports(n)
	if err != nil {
		return nil, err
	}
	addrs := make([]string, n)
	for i, port := range ports {
		addrs[i] = net.JoinHostPort("127.0.0.1", strconv.Itoa(port))
	}
	return addrs, nil
}

// draw picks ports in [low, high] at random until one is not in taken and
// can be bound on loopback now.
func draw(low, high int, taken map[int]bool) (int, error) {
	for range attempts {
		port := low + rand.IntN(high-low+1) //nolint:gosec // G404: spreading draws, not a secret
		if taken[port] {
			continue
		}
		lis, err := net.Listen("tcp", net.JoinHostPort("127.0.0.1", strconv.Itoa(port)))
		if err != nil {
			continue
		}
		if err := lis.Close(); err != nil {
			return 0, fmt.Errorf("freeport: %w", err)
		}
		return port, nil
	}
	return 0, errors.New("freeport: no free port below the ephemeral range after 100 draws")
}

// ephemeralStart is where the kernel's ephemeral range begins.
func ephemeralStart() int {
	data, err := os.ReadFile(rangeFile)
	if err != nil {
		return fallbackEphemeralStart
	}
	fields := strings.Fields(string(data))
	if len(fields) != 2 {
		return fallbackEphemeralStart
	}
	start, err := strconv.Atoi(fields[0])
	if err != nil {
		return fallbackEphemeralStart
	}
	return start
}
