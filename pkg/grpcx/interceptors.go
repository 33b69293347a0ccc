package grpcx

import (
	"context"
	"fmt"
	"log/slog"
	"runtime/debug"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/logx"
)

// RequestIDHeader is the metadata key (and HTTP header) of the request id.
const RequestIDHeader = "x-request-id"

var toStatus = apperr.ToStatus

func recoverUnary(logger *slog.Logger) grpc.UnaryServerInterceptor {
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (resp any, err error) {
		defer func() {
			if r := recover(); r != nil {
				logger.ErrorContext(ctx, "panic in handler", "method", info.FullMethod,
					"panic", fmt.Sprint(r), "stack", string(debug.Stack()))
				err = status.Error(codes.Internal, "internal error")
			}
		}()
		return handler(ctx, req)
	}
}

func requestIDUnary() grpc.UnaryServerInterceptor {
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
		if md, ok := metadata.FromIncomingContext(ctx); ok {
			if v := md.Get(RequestIDHeader); len(v) > 0 {
				ctx = logx.WithRequestID(ctx, v[0])
			}
		}
		return handler(ctx, req)
	}
}

func logUnary(logger *slog.Logger) grpc.UnaryServerInterceptor {
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
		start := time.Now()
		resp, err := handler(ctx, req)
		code := status.Code(toStatus(err))
		attrs := []any{"method", info.FullMethod, "code", code.String(), "duration", time.Since(start)}
		switch code {
		case codes.Internal, codes.Unknown, codes.DataLoss:
			logger.ErrorContext(ctx, "rpc failed", append(attrs, "error", err)...)
		default:
			logger.DebugContext(ctx, "rpc", attrs...)
		}
		return resp, err
	}
}
