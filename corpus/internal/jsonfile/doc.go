// Package jsonfile decodes hand-written JSON files (scenarios, fake model
// scripts) strictly: unknown members and trailing data are errors, and every
// error names the file, line and column.
package jsonfile
