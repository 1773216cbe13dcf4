module github.com/protocheck/protocheck

go 1.26.8
