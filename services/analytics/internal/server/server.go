package server

import (
	"context"

	"google.golang.org/grpc"
	"google.golang.org/protobuf/types/known/structpb"

	"github.com/vidhost/vidhost/pkg/principal"
	analyticsv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/analytics/v1"
	"github.com/vidhost/vidhost/services/analytics/internal/views"
)

// Server implements analyticsv1.AnalyticsServiceServer.
type Server struct {
	analyticsv1.UnimplementedAnalyticsServiceServer
	reports views.Reports
}

// New returns a server reading reports.
func New(reports views.Reports) *Server { return &Server{reports: reports} }

// Register adds the server to a gRPC server.
func (s *Server) Register(registrar grpc.ServiceRegistrar) {
	analyticsv1.RegisterAnalyticsServiceServer(registrar, s)
}

// GetViews reports the caller's account's views, or an experience metric,
// by one dimension.
func (s *Server) GetViews(ctx context.Context, in *analyticsv1.GetViewsRequest) (*analyticsv1.GetViewsResponse, error) {
	p, err := principal.Require(ctx)
	if err != nil {
		return nil, err
	}
	report, err := views.ParseReport(views.ReportParams{
		Type: in.GetType(), Dimension: in.GetDimension(), Metric: in.GetMetric(), Start: in.GetStart(), End: in.GetEnd(),
		Filter: in.GetFilter(), By: in.GetBy(), Limit: in.GetLimit(),
	})
	if err != nil {
		return nil, err
	}
	rows, err := s.reports.Report(ctx, p.AccountID, report)
	if err != nil {
		return nil, err
	}
	items := make([]*structpb.Struct, len(rows))
	for i, row := range rows {
		value := row.Value
		if report.Metric == views.MetricViews {
			value = float64(row.Views)
		}
		items[i] = &structpb.Struct{Fields: map[string]*structpb.Value{
			report.Dimension: structpb.NewStringValue(row.Key),
			report.Metric:    structpb.NewNumberValue(value),
		}}
	}
	return &analyticsv1.GetViewsResponse{Items: items}, nil
}
