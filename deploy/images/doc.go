// Package images holds the container images' Dockerfile and the test that
// proves, without a registry or a container runtime, what the images rely
// on: every static binary builds with CGO_ENABLED=0, links nothing, and
// answers --version as a non-root user in a root holding only CA
// certificates (the distroless static image's contents, minus tzdata).
package images
