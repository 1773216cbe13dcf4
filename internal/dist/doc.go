// Command dist cross-builds protocheck's release archives: a static binary
// (CGO_ENABLED=0, -trimpath) per platform, packed with README.md as
// dist/protocheck_<version>_<os>_<arch>.tar.gz (.zip for windows), and a
// SHA256SUMS file in the format of sha256sum(1). `make dist` runs it.
//
// Archives are reproducible: their entries are sorted, owned by root and
// dated SOURCE_DATE_EPOCH (or -date); with the same Go toolchain and source
// the same bytes come out.
//
//	go run ./internal/dist -version v1.2.3 [-out dist] [-platforms linux/amd64,...]
//	go run ./internal/dist -verify dist
package main
