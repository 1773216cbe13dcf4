package schemas

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/protocheck/protocheck/internal/atomicfile"
)

// UnionName names the union schema where a variant's name is taken (SchemaFile,
// ShowNames).
const UnionName = "protocol"

// HasProfile reports whether profile is one of the index's profiles.
func (idx *Index) HasProfile(profile string) bool { return slices.Contains(idx.Profiles, profile) }

// SchemaFile returns the file in FS of the schema of the variant named
// name ("result.success", or "result/success") in profile, or of the union
// when name is UnionName; ok is false when no variant has that name.
func (idx *Index) SchemaFile(name, profile string) (file string, ok bool) {
	if name == UnionName {
		return idx.Union[profile], true
	}
	v := idx.Lookup(strings.ReplaceAll(name, "/", "."))
	if v == nil {
		return "", false
	}
	return v.Files[profile], true
}

// ShowNames are the names SchemaFile takes: UnionName, then every variant's.
func (idx *Index) ShowNames() []string {
	names := []string{UnionName}
	for _, v := range idx.Variants {
		names = append(names, v.Name)
	}
	return names
}

// PrintVariants prints the variants as a table: name, discriminators and
// direction.
func PrintVariants(w io.Writer, variants []Variant) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "NAME\tTYPE\tSUBTYPE\tDIRECTION")
	for _, v := range variants {
		sub := "-"
		if v.Subtype != nil {
			sub = *v.Subtype
		}
		if v.Marker != nil {
			sub = *v.Marker + "=true"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", v.Name, v.Type, sub, v.Direction)
	}
	return tw.Flush()
}

// Export writes the files of FS into dir, laid out as in FS: every file,
// or with profile not "" the index and that profile's folder alone. It
// replaces files of the same names (each written atomically) and returns
// how many it wrote.
func Export(dir, profile string) (int, error) {
	n := 0
	err := fs.WalkDir(FS, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		if profile != "" && p != IndexFile && !strings.HasPrefix(p, profile+"/") {
			return nil
		}
		data, err := fs.ReadFile(FS, p)
		if err != nil {
			return err
		}
		dst := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		n++
		return atomicfile.WriteFile(dst, data, 0o644)
	})
	return n, err
}
