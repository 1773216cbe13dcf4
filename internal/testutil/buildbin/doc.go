// Package buildbin builds the protocheck command for the tests that run it
// as a user does (a binary on disk, started as a process): once per test
// binary, into a temporary folder that the caller removes.
package buildbin
