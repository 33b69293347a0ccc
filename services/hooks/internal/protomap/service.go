package protomap

import (
	hooksv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/hooks/v1"

	"github.com/vidhost/vidhost/pkg/timefmt"
	"github.com/vidhost/vidhost/services/hooks/internal/hooks"
)

// Service returns s as a message with the fields of its type and no
// credential.
func Service(s hooks.Target) *hooksv1.Service {
	m := &hooksv1.Service{
		Id:          s.ID,
		Name:        s.Name,
		Type:        s.Type,
		CreatedBy:   s.CreatedBy,
		CreatedTime: timefmt.Format(s.CreatedTime),
		UpdatedBy:   s.UpdatedBy,
		UpdatedTime: timefmt.Format(s.UpdatedTime),
	}
	switch s.Type {
	case hooks.TypeWebhook:
		m.Url = &s.URL
	case hooks.TypeVidhost:
		m.BaseUrl = &s.BaseURL
	case hooks.TypeS3:
		m.Endpoint, m.Region, m.Bucket, m.Prefix = &s.Endpoint, &s.Region, &s.Bucket, &s.Prefix
	}
	return m
}

// ServiceWithSecret is Service with the webhook's signing secret: only for
// the responses of create and rotate_secret.
func ServiceWithSecret(s hooks.Target) *hooksv1.Service {
	m := Service(s)
	if s.Type == hooks.TypeWebhook {
		m.Secret = &s.Credentials.Secret
	}
	return m
}

// ServiceValues returns the client-settable fields of m (nil: none), the
// values of an update.
func ServiceValues(m *hooksv1.Service) hooks.Target {
	return hooks.Target{
		Name: m.GetName(), Type: m.GetType(), URL: m.GetUrl(), BaseURL: m.GetBaseUrl(),
		Endpoint: m.GetEndpoint(), Region: m.GetRegion(), Bucket: m.GetBucket(), Prefix: m.GetPrefix(),
		Credentials: hooks.Credentials{
			APIKey: m.GetApiKey(), AccessKeyID: m.GetAccessKeyId(), SecretAccessKey: m.GetSecretAccessKey(),
		},
	}
}

// NewService returns the service a create request describes.
func NewService(in *hooksv1.CreateServiceRequest) hooks.Target {
	return hooks.Target{
		Name: in.GetName(), Type: in.GetType(), URL: in.GetUrl(), BaseURL: in.GetBaseUrl(),
		Endpoint: in.GetEndpoint(), Region: in.GetRegion(), Bucket: in.GetBucket(), Prefix: in.GetPrefix(),
		Credentials: hooks.Credentials{
			APIKey: in.GetApiKey(), AccessKeyID: in.GetAccessKeyId(), SecretAccessKey: in.GetSecretAccessKey(),
		},
	}
}
