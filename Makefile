# protocheck — common tasks. `make help` lists them.
GO      ?= go
BIN     ?= bin/protocheck
GOFILES  = $(shell find . -name '*.go' -not -path './.cache/*' -not -path '*/node_modules/*' -not -path './bench/out/*')

.PHONY: help build test check schemas schemas-check generate versionfacts fmt-check vet example bench fuzz clean cli regress e2e corpus-check corpus-update dialect-ts-sdk codegen-deps codegen publish dist docs
# The pinned Claude Code CLIs: one folder per version under corpus/cli, each
# with an exact package.json and its package-lock.json; `make cli` installs
# them with `npm ci` (integrity-checked) under .cache/cli/<version>.
CLI_DIR      ?= .cache/cli
CLI_VERSIONS := $(notdir $(wildcard corpus/cli/*))
CLI_STAMPS   := $(CLI_VERSIONS:%=$(CLI_DIR)/%/.installed)

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  %-14s %s\n", $$1, $$2}'

# The version protocheck reports: the nearest tag and commit of the checkout.
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null)

build: ## build bin/protocheck
	$(GO) build -ldflags "-X github.com/protocheck/protocheck/internal/cli.version=$(VERSION)" -o $(BIN) ./cmd/protocheck

test: ## run the tests
	$(GO) test ./...

generate: ## regenerate protocol/zz_json.go and the schemas
	$(GO) generate ./protocol
	$(GO) run ./internal/gen/schemagen

schemas: generate ## regenerate the JSON Schemas under schemas/

schemas-check: ## fail when generated files are stale
	cd protocol && $(GO) run ../internal/gen/genjson -check
	$(GO) run ./internal/gen/versionfacts -check
	$(GO) run ./internal/gen/schemagen -check

# The version facts (protocol/zz_versions.go) follow from the captures and
# from internal/gen/versionfacts/sdk.json; VERSIONFACTS_WALK=1 first remakes
# sdk.json from the sdk.d.ts of the sampled releases (npm pack: network).
versionfacts: ## derive protocol/zz_versions.go from the captures and sdk.json (then run make schemas)
	$(GO) run ./internal/gen/versionfacts $(if $(VERSIONFACTS_WALK),-walk)

# The ts-sdk dialect is generated from sdk.d.ts of the Agent SDK pinned in
# corpus/dialects/tssdk/gen/package.json (bump it there, then npm install to
# refresh the lock). The platform binary is optional and not fetched.
dialect-ts-sdk: ## regenerate the ts-sdk dialect's schemas from the pinned sdk.d.ts (npm ci)
	cd corpus/dialects/tssdk/gen && npm ci --omit=optional --ignore-scripts --no-audit --no-fund --loglevel=error && node generate.mjs

# The code generators that check the published schemas (json-schema-to-
# typescript, quicktype, ajv, TypeScript), pinned in internal/codegen's
# package-lock.json and installed with npm ci.
CODEGEN_DIR   := internal/codegen
CODEGEN_STAMP := $(CODEGEN_DIR)/node_modules/.installed
# datamodel-code-generator (Python), pinned with its dependencies in
# internal/codegen/requirements.txt, in a venv named by the file's hash;
# cargo-typify (Rust), pinned by version and installed with its own
# Cargo.lock (--locked), built once into .cache (it compiles for minutes).
# go-jsonschema is run with go run at a pinned version (check.mjs).
CODEGEN_CACHE ?= $(CURDIR)/.cache/codegen
DCG_VENV      := $(CODEGEN_CACHE)/dcg-$(shell sha256sum $(CODEGEN_DIR)/requirements.txt | cut -c1-12)
DCG_STAMP     := $(DCG_VENV)/.installed
TYPIFY_VERSION := 0.8.0
TYPIFY        := $(CODEGEN_CACHE)/cargo-typify-$(TYPIFY_VERSION)/bin/cargo-typify
export PROTOCHECK_DCG    = $(DCG_VENV)/bin
export PROTOCHECK_TYPIFY = $(TYPIFY)
# The version of the schema package: by default the CLI version it describes.
PUBLISH_VERSION ?= $(shell sed -n 's/.*"cli_version": "\(.*\)".*/\1/p' schemas/index.json)

codegen-deps: $(CODEGEN_STAMP) $(DCG_STAMP) $(TYPIFY) ## install the pinned code generators (npm ci; a venv and cargo-typify under .cache/codegen)

$(DCG_STAMP): $(CODEGEN_DIR)/requirements.txt
	rm -rf $(DCG_VENV).tmp && python3 -m venv $(DCG_VENV).tmp
	$(DCG_VENV).tmp/bin/pip install --quiet --no-deps --disable-pip-version-check -r $(CODEGEN_DIR)/requirements.txt
	mv -T $(DCG_VENV).tmp $(DCG_VENV)
	touch $@

$(TYPIFY):
	cargo install --quiet --locked cargo-typify --version $(TYPIFY_VERSION) --root $(CODEGEN_CACHE)/cargo-typify-$(TYPIFY_VERSION).tmp
	mv $(CODEGEN_CACHE)/cargo-typify-$(TYPIFY_VERSION).tmp $(CODEGEN_CACHE)/cargo-typify-$(TYPIFY_VERSION)

$(CODEGEN_STAMP): $(CODEGEN_DIR)/package.json $(CODEGEN_DIR)/package-lock.json
	cd $(CODEGEN_DIR) && npm ci --no-audit --no-fund --ignore-scripts --loglevel=error
	touch $@

codegen: codegen-deps ## generate code from the schemas (TypeScript, Go, Python, Rust), check it on the captures, print the table; pack the release folder
	PROTOCHECK_CODEGEN=1 $(GO) test -count=1 -v -run 'Codegen|Publish' ./$(CODEGEN_DIR)

publish: schemas-check codegen-deps ## write the npm package of schemas and types to dist/schemas/<version> and pack it
	cd $(CODEGEN_DIR) && node publish.mjs --root $(CURDIR) --out $(CURDIR)/dist/schemas/$(PUBLISH_VERSION) --version $(PUBLISH_VERSION)
	cd dist/schemas/$(PUBLISH_VERSION) && npm pack --loglevel=error

# docs/rules.md is generated from the rule tables and the catalogue in
# internal/cli/rulecat.go; TestRuleCatalogueInSync fails when it is stale.
docs: ## regenerate docs/rules.md, the rule catalogue
	$(GO) run ./cmd/protocheck rules --format markdown > docs/rules.md.tmp && mv docs/rules.md.tmp docs/rules.md

fmt-check: ## fail when gofmt would change a file
	@out=$$(gofmt -l $(GOFILES)); if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi

vet: ## go vet
	$(GO) vet ./...

check: fmt-check vet schemas-check test ## everything CI runs

example: build ## build, then validate the bundled example transcripts
	$(BIN) version
	@echo; echo "The real CLI's output, captured offline for $(words $(wildcard corpus/captures/2.1.330/*.jsonl)) scenarios (corpus/captures/2.1.330):"
	$(BIN) validate corpus/captures/2.1.330
	@echo; echo "examples/broken.jsonl has a fault on every line; protocheck reports them and exits 1:"
	@$(BIN) validate examples/broken.jsonl || echo "(exit code $$?, as expected)"
	@echo; echo "Where each SDK's idea of the protocol (its dialect) breaks on the captures of every pinned CLI:"
	$(BIN) corpus run

bench: ## protocheck against ajv on a generated 200 MB file (5 paired rounds; BENCH_SCALING=1 for 10MB-1GB)
	bench/run.sh 5 200MB

fuzz: ## run each fuzz target for FUZZTIME (default 10m)
	$(GO) test ./validate -run '^$$' -fuzz '^FuzzCheckLine$$' -fuzztime $(or $(FUZZTIME),10m)
	$(GO) test ./validate -run '^$$' -fuzz '^FuzzRun$$' -fuzztime $(or $(FUZZTIME),10m)

cli: $(CLI_STAMPS) ## install the pinned Claude Code CLIs under .cache/cli (npm ci)

$(CLI_DIR)/%/.installed: corpus/cli/%/package.json corpus/cli/%/package-lock.json
	rm -rf $(CLI_DIR)/$*
	mkdir -p $(CLI_DIR)/$*
	cp corpus/cli/$*/package.json corpus/cli/$*/package-lock.json $(CLI_DIR)/$*/
	cd $(CLI_DIR)/$* && npm ci --no-audit --no-fund --ignore-scripts --loglevel=error
	touch $@

corpus-check: build ## check every dialect against the captures; fail on a divergence the ledger does not list
	$(BIN) corpus run --check > /dev/null

corpus-update: build ## rewrite corpus/dialects/ledger.txt and stats.txt (new divergences need FORCE=1)
	$(BIN) corpus run --update $(if $(FORCE),--force) > /dev/null

regress: build cli ## capture the corpus with the pinned CLIs and report drift
	$(BIN) corpus regress --cli-dir $(CLI_DIR)

e2e: cli ## the end-to-end tests that drive the real CLI
	PROTOCHECK_CLI_DIR=$(CURDIR)/$(CLI_DIR) $(GO) test -run 'E2E' -count=1 ./corpus

# Release archives: static binaries (CGO_ENABLED=0, -trimpath, the version
# linked in as for build) for every platform of internal/dist, packed as
# dist/protocheck_<version>_<os>_<arch>.tar.gz (.zip for windows), and
# dist/SHA256SUMS. DIST_PLATFORMS=linux/amd64,darwin/arm64 builds fewer.
dist: ## cross-build release archives and SHA256SUMS into dist/
	$(GO) run ./internal/dist -version $(VERSION) -out dist $(if $(DIST_PLATFORMS),-platforms $(DIST_PLATFORMS))
	$(GO) run ./internal/dist -verify dist

clean: ## remove build output
	rm -rf bin bench/out dist
