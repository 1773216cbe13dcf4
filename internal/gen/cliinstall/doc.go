// Package cliinstall finds the JavaScript of an installed Claude Code CLI
// release and readies the pinned node tools that read it: what bundlefacts
// (the member names each output message is built with) and zodfacts (the
// schemas the CLI validates its messages with) share.
package cliinstall
