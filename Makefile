# protocheck — common tasks. `make help` lists them.
GO      ?= go
BIN     ?= bin/protocheck
GOFILES  = $(shell find . -name '*.go' -not -path './.cache/*' -not -path '*/node_modules/*' -not -path './bench/out/*')

.PHONY: harnesses codegen-deps-npm codegen-deps-python codegen-deps-rust codegen-deps-java tap-e2e-deps add-release cli-ladder help build test check schemas schemas-check generate versionfacts bundlefacts optionfacts argv-spawns argv-table zodfacts zod-docs evidence coverage fmt-check vet example bench bench-faults fuzz clean cli regress e2e corpus-check corpus-update dialect-ts-sdk codegen-deps codegen codegen-update publish dist docs
# The pinned Claude Code CLIs, the rungs of the release ladder: one folder
# per version under corpus/cli, each with an exact package.json and its
# package-lock.json; `make cli` installs those that `make regress` captures
# again (REGRESS_VERSIONS) with `npm ci` (integrity-checked) under
# .cache/cli/<version>, `make cli-ladder` every rung (the native releases
# are about 380 MB each). The committed captures of every rung are checked
# by the tests without installing anything.
CLI_DIR          ?= .cache/cli
CLI_VERSIONS     := $(notdir $(wildcard corpus/cli/*))
REGRESS_VERSIONS ?= 1.0.128 2.0.20 2.1.112 2.1.330
CLI_STAMPS       := $(REGRESS_VERSIONS:%=$(CLI_DIR)/%/.installed)

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  %-14s %s\n", $$1, $$2}'

# The version protocheck reports: the nearest tag and commit of the checkout.
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null)

build: ## build bin/protocheck
	$(GO) build -ldflags "-X github.com/protocheck/protocheck/internal/cli.version=$(VERSION)" -o $(BIN) ./cmd/protocheck

# go test's own output, then the tests that skipped and why
# (internal/testsum reads go test -json); TESTPKGS=./validate/... tests fewer;
# TESTJSON=file keeps go test's events (each test's elapsed time).
# go test starts the packages in the order it is given them, two at a time
# on two cores: the slowest (TESTFIRST, measured on a cold CI run) go first,
# so that no long one starts last and runs alone.
TESTFIRST := internal/cli reflect validate internal/gen/bundlefacts internal/conform/e2e internal/dist corpus/capture internal/gen/zodfacts internal/integrations internal/tap/e2e corpus/matrix internal/gen/optionfacts corpus/harness cmd/protocheck corpus/fixlist
TESTPKGS ?= $(foreach d,$(TESTFIRST),$(if $(wildcard $(d)/*_test.go),./$(d))) ./...
TESTJSON ?= /dev/null
test: ## run the tests, then list those that skipped and why (a package may take minutes on a loaded 2-core machine: 30 min, not 10)
	$(GO) build -o bin/testsum ./internal/testsum
	$(GO) test -json -timeout 30m $(TESTPKGS) | tee $(TESTJSON) | bin/testsum

generate: ## regenerate protocol/zz_evidence.go, protocol/zz_json.go and the schemas
	$(GO) run ./internal/gen/zodfacts -model
	$(GO) generate ./protocol
	$(GO) run ./internal/gen/schemagen

schemas: generate ## regenerate the JSON Schemas under schemas/

schemas-check: ## fail when generated files are stale
	$(GO) run ./internal/gen/zodfacts -model -check
	cd protocol && $(GO) run ../internal/gen/genjson -check
	$(GO) run ./internal/gen/versionfacts -check
	$(GO) run ./internal/gen/optionfacts -check
	$(GO) run ./internal/gen/schemagen -check

# The version facts (protocol/zz_versions.go) follow from the captures and
# from internal/gen/versionfacts/sdk.json; VERSIONFACTS_WALK=1 first remakes
# sdk.json from the sdk.d.ts of the sampled releases (npm pack: network).
versionfacts: ## derive protocol/zz_versions.go from the captures and sdk.json (then run make schemas)
	$(GO) run ./internal/gen/versionfacts $(if $(VERSIONFACTS_WALK),-walk)

# The members each CLI release's own JavaScript writes on the stream-json
# output (internal/gen/versionfacts/bundle.json): read from every CLI
# installed under .cache/cli (make cli) and the install folders in
# BUNDLEFACTS_DIRS; entries of releases not installed are kept.
bundlefacts: ## read the member names each installed CLI's bundle writes into bundle.json (node, npm ci)
	$(GO) run ./internal/gen/bundlefacts -cli-dir $(CLI_DIR) $(BUNDLEFACTS_DIRS)

# The command-line options of each CLI release (corpus/argv/options.json,
# embedded: protocheck schemas options, the argv check): read from every CLI
# installed under .cache/cli and the install folders in OPTIONFACTS_DIRS,
# each checked against the release's own --help; entries of releases not
# installed are kept. add-release runs exactly: make optionfacts
optionfacts: ## read each installed CLI's command-line options into corpus/argv/options.json (node, npm ci)
	$(GO) run ./internal/gen/optionfacts -cli-dir $(CLI_DIR) $(OPTIONFACTS_DIRS)

# The argv each real SDK's own spawn code gives the CLI (corpus/argv/
# spawns.json), recorded by the harnesses (make harnesses) against a
# stand-in CLI; then docs/argv.md, checked against every release's options.
argv-spawns: ## record the argv each installed harness SDK spawns the CLI with (corpus/argv/spawns.json)
	$(GO) run ./internal/gen/optionfacts -spawns
argv-table: ## regenerate docs/argv.md from the options and the recorded argv
	$(GO) run ./internal/gen/optionfacts -table

# The schemas (zod) each CLI release validates its messages with
# (internal/gen/versionfacts/zod.json): read from every CLI installed under
# .cache/cli and the install folders in ZODFACTS_DIRS; entries of releases
# not installed are kept. docs/zod.md compares them with the model and the
# captures.
zodfacts: ## read the schemas each installed CLI's bundle defines into zod.json (node, npm ci); then make evidence versionfacts schemas zod-docs
	$(GO) run ./internal/gen/zodfacts -cli-dir $(CLI_DIR) $(ZODFACTS_DIRS)

# The generated layer of the model (protocol/zz_evidence.go): the members
# zod.json, bundle.json and the captures show that the hand-written types
# lack. make generate (and so make schemas) runs it first.
evidence: ## regenerate protocol/zz_evidence.go from zod.json, bundle.json and the captures
	$(GO) run ./internal/gen/zodfacts -model

zod-docs: ## regenerate docs/zod.md: the CLI's own schemas against the model and the captures
	$(GO) run ./internal/gen/zodfacts -docs > docs/zod.md.tmp && mv docs/zod.md.tmp docs/zod.md

coverage: ## regenerate docs/coverage.md: bundle, captures and model side by side
	$(GO) run ./internal/gen/bundlefacts -coverage > docs/coverage.md.tmp && mv docs/coverage.md.tmp docs/coverage.md

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
# typify (Rust): the typify library crate driven by internal/codegen/typify
# (pinned in its Cargo.toml and Cargo.lock, built with --locked, about a
# minute of CPU cold; cargo install cargo-typify took minutes), built once
# into .cache under a name that hashes the driver's sources.
# go-jsonschema is run with go run at a pinned version (check.mjs).
CODEGEN_CACHE ?= $(CURDIR)/.cache/codegen
DCG_VENV      := $(CODEGEN_CACHE)/dcg-$(shell sha256sum $(CODEGEN_DIR)/requirements.txt | cut -c1-12)
DCG_STAMP     := $(DCG_VENV)/.installed
TYPIFY_SRC    := $(CODEGEN_DIR)/typify/Cargo.toml $(CODEGEN_DIR)/typify/Cargo.lock $(CODEGEN_DIR)/typify/src/main.rs
TYPIFY_DIR    := $(CODEGEN_CACHE)/typify-$(shell cat $(TYPIFY_SRC) | sha256sum | cut -c1-12)
TYPIFY        := $(TYPIFY_DIR)/protocheck-typify
# Java: jsonschema2pojo and Jackson, pinned in internal/codegen/java/pom.xml,
# copied with their dependencies by Maven (its local repository under
# .cache/codegen/m2) into a folder named by the pom's hash.
JAVA_LIB      := $(CODEGEN_CACHE)/java-$(shell sha256sum $(CODEGEN_DIR)/java/pom.xml | cut -c1-12)
JAVA_STAMP    := $(JAVA_LIB)/.installed
export PROTOCHECK_DCG    = $(DCG_VENV)/bin
export PROTOCHECK_TYPIFY = $(TYPIFY)
export PROTOCHECK_JAVA_LIB = $(JAVA_LIB)
# The version of the schema package: its own (internal/codegen/release.json).
PUBLISH_VERSION ?= $(shell sed -n 's/.*"version": "\(.*\)".*/\1/p' $(CODEGEN_DIR)/release.json)

codegen-deps: $(CODEGEN_STAMP) $(DCG_STAMP) $(TYPIFY) $(JAVA_STAMP) ## install the pinned code generators (npm ci; a venv, the typify driver and the Java jars under .cache/codegen)

# The same, one ecosystem each (.ci/run starts those that need no Debian
# package at once, and the others once apt-get is done).
codegen-deps-npm: $(CODEGEN_STAMP)
codegen-deps-python: $(DCG_STAMP)
codegen-deps-rust: $(TYPIFY)
codegen-deps-java: $(JAVA_STAMP)

# The venv's and the driver's names hash their sources, so a fresh checkout
# (new mtimes) reuses them: their sources are order-only prerequisites.
$(DCG_STAMP): | $(CODEGEN_DIR)/requirements.txt
	rm -rf $(DCG_VENV).tmp && python3 -m venv $(DCG_VENV).tmp
	$(DCG_VENV).tmp/bin/pip install --quiet --no-deps --disable-pip-version-check -r $(CODEGEN_DIR)/requirements.txt
	mv -T $(DCG_VENV).tmp $(DCG_VENV)
	touch $@

$(TYPIFY): | $(TYPIFY_SRC)
	CARGO_TARGET_DIR=$(CODEGEN_CACHE)/typify-target cargo build --quiet --release --locked --manifest-path $(CODEGEN_DIR)/typify/Cargo.toml
	mkdir -p $(TYPIFY_DIR)
	cp $(CODEGEN_CACHE)/typify-target/release/protocheck-typify $@.tmp && mv $@.tmp $@

$(JAVA_STAMP): | $(CODEGEN_DIR)/java/pom.xml
	rm -rf $(JAVA_LIB).tmp
	mvn -B -q -f $(CODEGEN_DIR)/java/pom.xml -Dmaven.repo.local=$(CODEGEN_CACHE)/m2 dependency:copy-dependencies -DoutputDirectory=$(JAVA_LIB).tmp
	mv -T $(JAVA_LIB).tmp $(JAVA_LIB)
	touch $@

$(CODEGEN_STAMP): $(CODEGEN_DIR)/package.json $(CODEGEN_DIR)/package-lock.json
	cd $(CODEGEN_DIR) && npm ci --no-audit --no-fund --ignore-scripts --loglevel=error
	touch $@

codegen: codegen-deps ## generate code from the schemas (TypeScript, Go, Python, Rust, Java), check it on the captures, print the table; pack the release folder
	PROTOCHECK_CODEGEN=1 $(GO) test -count=1 -v -timeout 60m -run 'Codegen|Publish' ./$(CODEGEN_DIR)

# add-release's codegen step: the same run, rewriting the ledger of losses
# (testdata/losses.txt) and docs/codegen.md's tables from it (a new rung
# moves their counts; review the diff).
codegen-update: codegen-deps ## rerun the code generators and rewrite internal/codegen/testdata/losses.txt and docs/codegen.md's tables
	@out=$$(mktemp -d) && trap 'rm -rf "$$out"' EXIT && cd $(CODEGEN_DIR) && node check.mjs --root $(CURDIR) --out "$$out" --update-losses --update-docs

# publish also writes the Python wheel and the Rust crate of the ready
# models (internal/codegen/models.mjs) to dist/models/<version>.
publish: schemas-check codegen-deps ## write the npm package of schemas and types to dist/schemas/<version> and pack it
	cd $(CODEGEN_DIR) && node publish.mjs --root $(CURDIR) --out $(CURDIR)/dist/schemas/$(PUBLISH_VERSION) --version $(PUBLISH_VERSION)
	cd dist/schemas/$(PUBLISH_VERSION) && npm pack --loglevel=error
	cd $(CODEGEN_DIR) && node models.mjs --root $(CURDIR) --build $(CURDIR)/dist/models/$(PUBLISH_VERSION)

# docs/rules.md is generated from the rule tables (validate.Rule and
# drift.DriftRule carry each rule's example and fix) by
# report.WriteRuleCatalogue; TestRuleCatalogueInSync fails when it is stale.
docs: ## regenerate docs/rules.md, the rule catalogue
	$(GO) run ./cmd/protocheck rules --format markdown > docs/rules.md.tmp && mv docs/rules.md.tmp docs/rules.md

fmt-check: ## fail when gofmt would change a file
	@out=$$(gofmt -l $(GOFILES)); if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi

vet: ## go vet
	$(GO) vet ./...

check: fmt-check vet schemas-check test ## gofmt, go vet, stale generated files, go test ./... (CI runs more: .ci/run)

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

bench-faults: ## protocheck against ajv allErrors on a 20 MB file per kind of fault (5 paired rounds; see bench/README.md)
	bench/faults.sh 5

fuzz: ## run each fuzz target for FUZZTIME (default 10m)
	$(GO) test ./validate -run '^$$' -fuzz '^FuzzCheckLine$$' -fuzztime $(or $(FUZZTIME),10m)
	$(GO) test ./validate -run '^$$' -fuzz '^FuzzRun$$' -fuzztime $(or $(FUZZTIME),10m)
	$(GO) test ./corpus/capture -run '^$$' -fuzz '^FuzzNormalize$$' -fuzztime $(or $(FUZZTIME),10m)
	$(GO) test ./internal/config -run '^$$' -fuzz '^FuzzParse$$' -fuzztime $(or $(FUZZTIME),10m)
	$(GO) test ./internal/report -run '^$$' -fuzz '^FuzzIgnore$$' -fuzztime $(or $(FUZZTIME),10m)
	$(GO) test ./internal/report -run '^$$' -fuzz '^FuzzLineHash$$' -fuzztime $(or $(FUZZTIME),10m)

cli: $(CLI_STAMPS) ## install the CLIs make regress captures (REGRESS_VERSIONS) under .cache/cli (npm ci)

cli-ladder: $(CLI_VERSIONS:%=$(CLI_DIR)/%/.installed) ## install every rung of the ladder under .cache/cli (npm ci; several GB)

# A new release as a rung of the ladder: pin, install, the bundle (zod,
# options) facts, captures, version facts, protocol.Version, schemas,
# coverage, ledger and stats, the strict check with the new facts, and the
# release report against the rung below in docs/releases/<version>.md; exit
# 1 names what a human must decide (go run, not bin/protocheck: VERSION here
# is the CLI's, not protocheck's, and the chain runs the tree's code).
add-release: ## add CLI release VERSION=x.y.z as a rung: the whole chain (npm, facts, captures, schemas, ledger, check); writes docs/releases/x.y.z.md; FROM=step resumes
	@test -n "$(VERSION)" -a "$(origin VERSION)" = "command line" || { echo "usage: make add-release VERSION=2.1.331"; exit 2; }
	$(GO) run ./cmd/protocheck corpus add-release $(VERSION) --cli-dir $(CLI_DIR) --report docs/releases/$(VERSION).md $(if $(FROM),--from $(FROM))

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
	$(BIN) corpus regress --cli-dir $(CLI_DIR) $(REGRESS_VERSIONS:%=--cli-version %)

# The Python SDK of protocheck tap's end-to-end tests (internal/tap/e2e), in
# a venv: every package pinned in its requirements files, built from source.
TAP_PY_VENV ?= .cache/tap-e2e/venv
TAP_PY_REQ  := internal/tap/e2e/testdata/py/requirements-build.txt internal/tap/e2e/testdata/py/requirements.txt
# The Go SDK is a module of its own (internal/tap/e2e/testdata/go, go.sum
# committed): downloaded (or found in the module cache) and its session
# program built once, so the test's own build is a cache hit.
tap-e2e-deps: $(TAP_PY_VENV)/.installed ## install the pinned Python and Go SDKs for the tap's end-to-end tests
	cd internal/tap/e2e/testdata/go && GOWORK=off GOFLAGS=-mod=readonly $(GO) build -o /dev/null .

$(TAP_PY_VENV)/.installed: $(TAP_PY_REQ)
	rm -rf $(TAP_PY_VENV)
	python3 -m venv $(TAP_PY_VENV)
	$(TAP_PY_VENV)/bin/pip install -q --disable-pip-version-check --no-deps -r internal/tap/e2e/testdata/py/requirements-build.txt
	$(TAP_PY_VENV)/bin/pip install -q --disable-pip-version-check --no-deps --no-build-isolation --no-binary claude-agent-sdk -r internal/tap/e2e/testdata/py/requirements.txt
	touch $@

e2e: cli ## the end-to-end tests that drive the real CLI
	PROTOCHECK_CLI_DIR=$(CURDIR)/$(CLI_DIR) $(GO) test -run 'E2E' -count=1 ./corpus/capture

# Release archives: static binaries (CGO_ENABLED=0, -trimpath, the version
# linked in as for build) for every platform of internal/dist, packed as
# dist/protocheck_<version>_<os>_<arch>.tar.gz (.zip for windows), and
# dist/SHA256SUMS. DIST_PLATFORMS=linux/amd64,darwin/arm64 builds fewer.
dist: ## cross-build release archives and SHA256SUMS into dist/
	$(GO) run ./internal/dist -version $(VERSION) -out dist $(if $(DIST_PLATFORMS),-platforms $(DIST_PLATFORMS))
	$(GO) run ./internal/dist -verify dist

clean: ## remove build output
	rm -rf bin bench/out dist

# HARNESS_LANGS=rust installs those of some languages only (.ci/run starts
# the Rust one once apt-get has installed cargo).
harnesses: ## install the pinned real-SDK harnesses under .cache/harness (corpus/harness/sdks)
	bash corpus/harness/sdks/install.sh $(HARNESS_LANGS)
