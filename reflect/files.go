package reflect

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"

	"github.com/protocheck/protocheck/internal/atomicfile"
	"github.com/protocheck/protocheck/protocol"
	"github.com/protocheck/protocheck/schemas"
)

// Files returns every generated file, keyed by its path under the schemas
// folder: index.json, and per profile the variant schemas and the union.
func (g *Generator) Files() (map[string][]byte, error) {
	files := make(map[string][]byte)
	for _, p := range Profiles {
		for _, v := range g.model.Variants {
			s, err := g.Variant(v, p)
			if err != nil {
				return nil, fmt.Errorf("%s %s: %w", p, v.Name, err)
			}
			if files[path.Join(string(p), FileName(v))], err = encode(s); err != nil {
				return nil, err
			}
		}
	}
	return files, g.addUnions(files, Profiles, true)
}

// SetFiles returns the files of a compact schema set, the form dialects
// use: index.json and, per profile given, the union schema alone, which
// holds every variant under $defs. Validators need nothing more.
func (g *Generator) SetFiles(profiles ...Profile) (map[string][]byte, error) {
	files := make(map[string][]byte)
	return files, g.addUnions(files, profiles, false)
}

// addUnions adds the union schema of each profile and the index to files.
func (g *Generator) addUnions(files map[string][]byte, profiles []Profile, perVariant bool) error {
	for _, p := range profiles {
		u, err := g.Union(p)
		if err != nil {
			return fmt.Errorf("%s union: %w", p, err)
		}
		if files[path.Join(string(p), UnionFile)], err = encode(u); err != nil {
			return err
		}
	}
	idx, err := encode(g.Index(profiles, perVariant))
	if err != nil {
		return err
	}
	files[schemas.IndexFile] = idx
	return nil
}

// Index returns the index of the generated files of the profiles given;
// with perVariant, each variant has a file of its own, else its entry names
// the union file, which defines it under $defs.
func (g *Generator) Index(profiles []Profile, perVariant bool) *schemas.Index {
	m := g.model
	idx := &schemas.Index{
		SchemaVersion: SchemaVersion,
		BaseID:        g.baseID,
		Union:         map[string]string{},
		SubtypePaths:  map[string]string{},
		Covers:        g.covers,
	}
	if m == protocol.Wire {
		idx.Protocol = schemas.Protocol{CLIVersion: protocol.Version, SDKVersion: protocol.SDKVersion}
	} else {
		idx.Dialect = m.Name
	}
	for _, p := range profiles {
		idx.Profiles = append(idx.Profiles, string(p))
		idx.Union[string(p)] = path.Join(string(p), UnionFile)
	}
	for _, v := range m.Variants {
		e := schemas.Variant{
			Name:      v.Name,
			Def:       VariantDef(v),
			Type:      v.Type,
			Direction: v.Direction.String(),
			Checked:   v.Checked,
			GoType:    v.GoType().Name(),
			Doc:       v.Doc,
			Files:     map[string]string{},
		}
		if v.Subtype != "" {
			e.Subtype = &v.Subtype
			idx.SubtypePaths[v.Type] = m.SubtypePath(v.Type)
		}
		if v.Marker != "" {
			e.Marker = &v.Marker
			e.MarkerValue = new(true)
		}
		for _, p := range profiles {
			file := UnionFile
			if perVariant {
				file = FileName(v)
			}
			e.Files[string(p)] = path.Join(string(p), file)
		}
		idx.Variants = append(idx.Variants, e)
	}
	for _, u := range m.Unions {
		e := schemas.Union{Name: u.Name, Key: u.Key, Def: g.DefName(u.Name)}
		for _, mb := range u.Members {
			e.Members = append(e.Members, mb.Value)
		}
		idx.Unions = append(idx.Unions, e)
	}
	return idx
}

// encode writes v as indented JSON with a trailing newline, without HTML
// escaping. Object keys of maps come out sorted, so output is stable.
func encode(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// Sync compares files with the folder dir. It returns the paths that differ:
// files to add or change, and *.json files in dir that are not generated. With
// write set, it also brings dir up to date.
func Sync(dir string, files map[string][]byte, write bool) (changed []string, err error) {
	for _, name := range slices.Sorted(maps.Keys(files)) {
		p := filepath.Join(dir, filepath.FromSlash(name))
		old, err := os.ReadFile(p)
		if err == nil && bytes.Equal(old, files[name]) {
			continue
		}
		changed = append(changed, name)
		if !write {
			continue
		}
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return nil, err
		}
		if err := atomicfile.WriteFile(p, files[name], 0o644); err != nil {
			return nil, err
		}
	}
	err = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(p) != ".json" {
			return err
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		if _, ok := files[filepath.ToSlash(rel)]; ok {
			return nil
		}
		changed = append(changed, filepath.ToSlash(rel))
		if write {
			return os.Remove(p)
		}
		return nil
	})
	slices.Sort(changed)
	return changed, err
}
