//go:build cgo && !nosrt

// C side of the binding: thin wrappers over libsrt (see libsrt.go).
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <srt/srt.h>

// Every call that can fail returns libsrt's error code through err in the
// same C call: srt_getlasterror is per OS thread, and a goroutine may move
// to another thread between two cgo calls.

#include "vidhost_srt.h"
#include "_cgo_export.h"

// The callback's opaque pointer carries the listener's number in the Go
// registry (hook.go), never a Go pointer.
static int vidhost_listen_hook(void* opaque, SRTSOCKET ns, int hsversion, const struct sockaddr* peer, const char* streamid) {
	return vidhostSRTListen((uintptr_t)opaque, ns, (struct sockaddr*)peer, (char*)streamid);
}

static int vidhost_fill_addr(const char* ip, int port, struct sockaddr_storage* ss, int* len) {
	memset(ss, 0, sizeof(*ss));
	struct sockaddr_in* in4 = (struct sockaddr_in*)ss;
	if (inet_pton(AF_INET, ip, &in4->sin_addr) == 1) {
		in4->sin_family = AF_INET;
		in4->sin_port = htons(port);
		*len = sizeof(*in4);
		return 0;
	}
	struct sockaddr_in6* in6 = (struct sockaddr_in6*)ss;
	if (inet_pton(AF_INET6, ip, &in6->sin6_addr) == 1) {
		in6->sin6_family = AF_INET6;
		in6->sin6_port = htons(port);
		*len = sizeof(*in6);
		return 0;
	}
	return -1;
}

// vidhost_addr writes the address sa as text into buf and returns its port
// (-1 for a family other than IPv4 and IPv6).
int vidhost_addr(const struct sockaddr* sa, char* buf, int len) {
	if (sa == NULL) return -1;
	if (sa->sa_family == AF_INET) {
		const struct sockaddr_in* in4 = (const struct sockaddr_in*)sa;
		inet_ntop(AF_INET, &in4->sin_addr, buf, len);
		return ntohs(in4->sin_port);
	}
	if (sa->sa_family == AF_INET6) {
		const struct sockaddr_in6* in6 = (const struct sockaddr_in6*)sa;
		inet_ntop(AF_INET6, &in6->sin6_addr, buf, len);
		return ntohs(in6->sin6_port);
	}
	return -1;
}

int vidhost_setint(SRTSOCKET s, SRT_SOCKOPT opt, int value, int* err) {
	if (srt_setsockflag(s, opt, &value, sizeof(value)) < 0) { *err = srt_getlasterror(NULL); return -1; }
	return 0;
}

int vidhost_setstring(SRTSOCKET s, SRT_SOCKOPT opt, const char* value, int* err) {
	if (srt_setsockflag(s, opt, value, strlen(value)) < 0) { *err = srt_getlasterror(NULL); return -1; }
	return 0;
}

int vidhost_streamid(SRTSOCKET s, char* buf, int len) {
	int n = len;
	if (srt_getsockflag(s, SRTO_STREAMID, buf, &n) < 0) return -1;
	return n;
}

SRTSOCKET vidhost_socket(int* err) {
	SRTSOCKET s = srt_create_socket();
	if (s == SRT_INVALID_SOCK) *err = srt_getlasterror(NULL);
	return s;
}

int vidhost_listen(SRTSOCKET s, const char* ip, int port, uintptr_t id, int* err) {
	struct sockaddr_storage ss; int len;
	if (vidhost_fill_addr(ip, port, &ss, &len) < 0) { *err = SRT_EINVPARAM; return -1; }
	if (srt_bind(s, (struct sockaddr*)&ss, len) < 0) { *err = srt_getlasterror(NULL); return -1; }
	if (srt_listen_callback(s, vidhost_listen_hook, (void*)id) < 0) { *err = srt_getlasterror(NULL); return -1; }
	if (srt_listen(s, 16) < 0) { *err = srt_getlasterror(NULL); return -1; }
	return 0;
}

int vidhost_local_port(SRTSOCKET s) {
	struct sockaddr_storage ss; int len = sizeof(ss);
	char buf[INET6_ADDRSTRLEN];
	if (srt_getsockname(s, (struct sockaddr*)&ss, &len) < 0) return -1;
	return vidhost_addr((struct sockaddr*)&ss, buf, sizeof(buf));
}

SRTSOCKET vidhost_accept(SRTSOCKET l, char* ip, int iplen, int* port, int* err) {
	struct sockaddr_storage ss; int len = sizeof(ss);
	SRTSOCKET s = srt_accept(l, (struct sockaddr*)&ss, &len);
	if (s == SRT_INVALID_SOCK) { *err = srt_getlasterror(NULL); return s; }
	*port = vidhost_addr((struct sockaddr*)&ss, ip, iplen);
	return s;
}

int vidhost_connect(SRTSOCKET s, const char* ip, int port, int* err, int* reject) {
	struct sockaddr_storage ss; int len;
	if (vidhost_fill_addr(ip, port, &ss, &len) < 0) { *err = SRT_EINVPARAM; return -1; }
	if (srt_connect(s, (struct sockaddr*)&ss, len) < 0) {
		*err = srt_getlasterror(NULL);
		*reject = srt_getrejectreason(s);
		return -1;
	}
	return 0;
}

int vidhost_recv(SRTSOCKET s, char* buf, int len, int* err) {
	int n = srt_recvmsg(s, buf, len);
	if (n < 0) *err = srt_getlasterror(NULL);
	return n;
}

int vidhost_send(SRTSOCKET s, const char* buf, int len, int* err) {
	int n = srt_sendmsg2(s, buf, len, NULL);
	if (n < 0) *err = srt_getlasterror(NULL);
	return n;
}
