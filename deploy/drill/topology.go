package drill

// Topology is how many of each part the cluster runs.
type Topology struct {
	NATSNodes int
	// Replicas of identity, catalog, upload, hooks and analytics each.
	Replicas int
	Gateways int
	Workers  int
}

// FullTopology is the drill of issue 20: three NATS servers, two of each
// service and gateway, three transcode workers.
var FullTopology = Topology{NATSNodes: 3, Replicas: 2, Gateways: 2, Workers: 3}

// replicated are the services behind a balancer, two replicas each in
// FullTopology; identity comes first (its first replica bootstraps the
// owner account).
var replicated = []string{"identity", "upload", "catalog", "hooks", "analytics"}

// grpcAddrEnv is each service's listen variable.
var grpcAddrEnv = map[string]string{
	"identity":  "VIDHOST_IDENTITY_GRPC_ADDR",
	"catalog":   "VIDHOST_CATALOG_GRPC_ADDR",
	"upload":    "VIDHOST_UPLOAD_GRPC_ADDR",
	"hooks":     "VIDHOST_HOOKS_GRPC_ADDR",
	"analytics": "VIDHOST_ANALYTICS_GRPC_ADDR",
	"transcode": "VIDHOST_TRANSCODE_GRPC_ADDR",
}
