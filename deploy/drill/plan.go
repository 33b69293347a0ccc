package drill

import "time"

// Plan is one run of the drill: how many videos to upload, how much load,
// which faults in which order.
type Plan struct {
	// Uploads is the number of videos uploaded, spread before the faults.
	Uploads int
	// LoadWorkers make the steady API load.
	LoadWorkers int
	// Faults are killed one at a time, in order.
	Faults []FaultKind
	// Downtime is how long a killed part stays dead before its restart.
	Downtime time.Duration
	// Settle is the pause after a part is back before the next fault.
	Settle time.Duration
	// ReadyTimeout bounds the wait for every video to be ready at the end.
	ReadyTimeout time.Duration
}

// FullPlan is issue 20's drill: 30 uploads and every fault.
var FullPlan = Plan{Uploads: 30, LoadWorkers: 4, Faults: AllFaults, Downtime: 3 * time.Second,
	Settle: 3 * time.Second, ReadyTimeout: 15 * time.Minute}

// ShortPlan is what `go test ./...` runs: fewer uploads, shorter pauses
// and every fault but the catalog replica's, whose kill once made a gateway
// fail its catalog calls fast for a second (docs/scaling.md, "Cluster
// drill"; pkg/grpcx's reconnection now retries sooner): it stays in
// `make drill` until more runs show the gap closed. About two minutes on
// two CPUs.
var ShortPlan = Plan{Uploads: 6, LoadWorkers: 3, Faults: []FaultKind{NATSNode, WorkerMidJob, Gateway}, Downtime: time.Second,
	Settle: time.Second, ReadyTimeout: 8 * time.Minute}
