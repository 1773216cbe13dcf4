module github.com/protocheck/protocheck/corpus/harness/sdks/go

go 1.26

require (
	github.com/lancekrogers/claude-code-go v0.1.0
	github.com/severity1/claude-agent-sdk-go v0.6.12
)
