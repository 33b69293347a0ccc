module github.com/vidhost/vidhost/services/transcode

go 1.26.0

require (
	github.com/stretchr/testify v1.12.1
	github.com/vidhost/vidhost/pkg v0.0.0
	github.com/vidhost/vidhost/proto/gen/go v0.0.0
)

require go.yaml.in/yaml/v3 v3.0.5 // indirect

replace (
	github.com/vidhost/vidhost/pkg => ../../pkg
	github.com/vidhost/vidhost/proto/gen/go => ../../proto/gen/go
)
