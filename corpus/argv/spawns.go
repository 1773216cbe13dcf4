package argv

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"sync"
)

// SpawnsFile is the path of the argv the harness SDKs produced, relative
// to the repository's root.
const SpawnsFile = "corpus/argv/spawns.json"

//go:embed spawns.json
var spawnsJSON []byte

// PassThrough is the option name the harnesses give an SDK's "extra
// arguments" option (passed on to the CLI as it is): its refusal shows the
// pass-through works, and is no bug of the SDK.
const PassThrough = "x-flag"

// An SDK is the argv one real SDK's own spawn code gave the CLI: its
// harness (corpus/harness) drove it against a stand-in CLI that records
// argv, once with default options and once per option of the SDK's own
// options type that changes argv.
type SDK struct {
	// Harness names the harness (its row in the matrix); SDK, Version and
	// Language say what it runs.
	Harness  string `json:"harness"`
	SDK      string `json:"sdk"`
	Version  string `json:"version"`
	Language string `json:"language"`
	// Dialect names the dialect that models this SDK ("" : none).
	Dialect string `json:"dialect,omitempty"`
	// Spawns lists the argv produced, the defaults first.
	Spawns []Spawn `json:"spawns"`
}

// A Spawn is the argv of one set of options.
type Spawn struct {
	// Option names the option set as the SDK's options type spells it
	// ("" : every option at its default); Value shows the value set.
	Option string `json:"option"`
	Value  string `json:"value,omitempty"`
	// Argv is the CLI's arguments (without the program); nil when the SDK
	// spawned nothing, and Error says what it raised.
	Argv  []string `json:"argv"`
	Error string   `json:"error,omitempty"`
}

// SpawnsFacts is spawns.json.
type SpawnsFacts struct {
	SDKs []SDK `json:"sdks"`
}

var (
	spawnsOnce sync.Once
	spawns     []SDK
	spawnsErr  error
)

// Spawns lists the argv recorded per harness SDK.
func Spawns() ([]SDK, error) {
	spawnsOnce.Do(func() {
		var f SpawnsFacts
		if err := json.Unmarshal(spawnsJSON, &f); err != nil {
			spawnsErr = fmt.Errorf("%s: %w", SpawnsFile, err)
			return
		}
		spawns = f.SDKs
	})
	return spawns, spawnsErr
}
