module github.com/vidhost/vidhost/bench

go 1.26

require (
	github.com/vidhost/vidhost/deploy/devstack v0.0.0
	github.com/vidhost/vidhost/gateway v0.0.0
	github.com/vidhost/vidhost/pkg v0.0.0
	github.com/vidhost/vidhost/proto/gen/go v0.0.0
	github.com/vidhost/vidhost/services/catalog v0.0.0
	github.com/vidhost/vidhost/services/identity v0.0.0
)

replace (
	github.com/vidhost/vidhost/deploy/devstack => ../deploy/devstack
	github.com/vidhost/vidhost/gateway => ../gateway
	github.com/vidhost/vidhost/pkg => ../pkg
	github.com/vidhost/vidhost/proto/gen/go => ../proto/gen/go
	github.com/vidhost/vidhost/services/catalog => ../services/catalog
	github.com/vidhost/vidhost/services/identity => ../services/identity
)
