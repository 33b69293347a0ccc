package sourcehttp

import (
	"net"
)

// sendBuffer bounds each connection's socket send buffer, which Linux
// would otherwise grow to megabytes on loopback. ffmpeg asks for the rest
// of the file from each offset it seeks to and leaves the connection at
// its next seek or when it has what it needs: whatever the buffers held by
// then was read from the store for nothing. 64 KiB (the kernel doubles
// it) is still far faster than an encode reads.
const sendBuffer = 64 << 10

// listen is a listener on a free port of the loopback address (nothing
// off this machine can connect) whose connections send through a small
// buffer.
func listen() (net.Listener, error) {
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	return smallBuffers{lis}, nil
}

type smallBuffers struct{ net.Listener }

func (l smallBuffers) Accept() (net.Conn, error) {
	conn, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	if tcp, ok := conn.(*net.TCPConn); ok {
		_ = tcp.SetWriteBuffer(sendBuffer) // a hint: a larger buffer costs bytes read, not correctness
	}
	return conn, nil
}
