// Declarations of the binding's C side (vidhost_srt.c). Every call that can
// fail returns libsrt's error code through err in the same C call:
// srt_getlasterror is per OS thread, and a goroutine may move to another
// thread between two cgo calls.
#ifndef VIDHOST_SRT_H
#define VIDHOST_SRT_H

#include <stdint.h>
#include <netinet/in.h>
#include <srt/srt.h>

int vidhost_addr(const struct sockaddr* sa, char* buf, int len);
int vidhost_setint(SRTSOCKET s, SRT_SOCKOPT opt, int value, int* err);
int vidhost_setstring(SRTSOCKET s, SRT_SOCKOPT opt, const char* value, int* err);
int vidhost_streamid(SRTSOCKET s, char* buf, int len);
SRTSOCKET vidhost_socket(int* err);
int vidhost_listen(SRTSOCKET s, const char* ip, int port, uintptr_t id, int* err);
int vidhost_local_port(SRTSOCKET s);
SRTSOCKET vidhost_accept(SRTSOCKET l, char* ip, int iplen, int* port, int* err);
int vidhost_connect(SRTSOCKET s, const char* ip, int port, int* err, int* reject);
int vidhost_recv(SRTSOCKET s, char* buf, int len, int* err);
int vidhost_send(SRTSOCKET s, const char* buf, int len, int* err);

#endif
