// Package k8s renders Vidhost's Kubernetes manifests (the kustomize base and
// overlays beside this file) with the kustomize Go API, pinned in go.mod, so
// `make manifests` and the tests need no kubectl, no network and no separate
// tool. The tests decode every rendered object strictly into the Kubernetes
// API types and check the deployment policy (README.md).
package k8s
