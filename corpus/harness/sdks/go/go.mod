module github.com/protocheck/protocheck/corpus/harness/sdks/go

go 1.26

require github.com/lancekrogers/claude-code-go v0.1.0
