# protocheck — common tasks. `make help` lists them.
GO      ?= go
BIN     ?= bin/protocheck
GOFILES := $(shell git ls-files '*.go' 2>/dev/null)

.PHONY: help build test check schemas schemas-check generate fmt-check vet example bench fuzz clean

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  %-14s %s\n", $$1, $$2}'

build: ## build bin/protocheck
	$(GO) build -o $(BIN) ./cmd/protocheck

test: ## run the tests
	$(GO) test ./...

generate: ## regenerate protocol/zz_json.go and the schemas
	$(GO) generate ./protocol
	$(GO) run ./internal/schemagen

schemas: generate ## regenerate the JSON Schemas under schemas/

schemas-check: ## fail when generated files are stale
	cd protocol && $(GO) run ./internal/genjson -check
	$(GO) run ./internal/schemagen -check

fmt-check: ## fail when gofmt would change a file
	@out=$$(gofmt -l $(GOFILES)); if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi

vet: ## go vet
	$(GO) vet ./...

check: fmt-check vet schemas-check test ## everything CI runs

example: build ## build, then validate the bundled example transcripts
	$(BIN) version
	$(BIN) validate examples/session.jsonl
	@echo; echo "examples/broken.jsonl has a fault on every line; protocheck reports them and exits 1:"
	-$(BIN) validate examples/broken.jsonl

bench: ## protocheck against ajv on a generated 200 MB file (5 paired rounds; BENCH_SCALING=1 for 10MB-1GB)
	bench/run.sh 5 200MB

fuzz: ## run each fuzz target for FUZZTIME (default 10m)
	$(GO) test ./validate -run '^$$' -fuzz '^FuzzCheckLine$$' -fuzztime $(or $(FUZZTIME),10m)
	$(GO) test ./validate -run '^$$' -fuzz '^FuzzRun$$' -fuzztime $(or $(FUZZTIME),10m)

clean: ## remove build output
	rm -rf bin bench/out
