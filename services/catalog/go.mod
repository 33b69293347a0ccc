module github.com/vidhost/vidhost/services/catalog

go 1.26

require (
	github.com/vidhost/vidhost/pkg v0.0.0
	github.com/vidhost/vidhost/proto/gen/go v0.0.0
)

replace (
	github.com/vidhost/vidhost/pkg => ../../pkg
	github.com/vidhost/vidhost/proto/gen/go => ../../proto/gen/go
)
