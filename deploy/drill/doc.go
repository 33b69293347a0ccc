// Package drill is the cluster drill of docs/scaling.md ("Cluster drill"):
// it runs Vidhost as a production cluster would on one machine, every part
// a separate OS process of the real binaries (a three-node NATS cluster with
// R3 streams, two replicas of each service behind a TCP balancer standing
// in for a Kubernetes Service, two gateways, three transcode workers, one
// PostgreSQL, an S3 server), puts it under load and uploads, kills parts
// with SIGKILL one at a time, restarts them and checks that nothing was
// lost, duplicated or left stuck. TestDrill runs it: a short form by
// default, the full one with VIDHOST_DRILL=full (`make drill`).
package drill
