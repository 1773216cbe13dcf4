package dialects

import "embed"

// FS holds every built-in dialect's folder.
//
//go:embed README.md
//go:embed tssdk/dialect.json tssdk/schemas
//go:embed spec02/dialect.json spec02/schemas spec02/writes.json
//go:embed goat/dialect.json goat/schemas goat/writes.json
//go:embed tsdocs/dialect.json tsdocs/schemas tsdocs/writes.json
//go:embed python/dialect.json python/schemas python/writes.json
//go:embed rust/dialect.json rust/schemas rust/writes.json
//go:embed python0139/dialect.json python0139/schemas
var FS embed.FS

// Names lists the built-in dialects in report order, the wire excluded.
var Names = []string{"ts-sdk", "spec02", "goat", "ts-docs", "python", "rust", "python-0.1.39"}

// Dir returns the folder of FS that holds the dialect named name.
func Dir(name string) string {
	switch name {
	case "ts-sdk":
		return "tssdk"
	case "ts-docs":
		return "tsdocs"
	case "python-0.1.39":
		return "python0139"
	}
	return name
}
