module github.com/protocheck/protocheck/internal/tap/e2e/testdata/go

go 1.26

require github.com/severity1/claude-agent-sdk-go v0.6.12
