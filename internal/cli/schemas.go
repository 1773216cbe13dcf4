package cli

import (
	"context"
	"fmt"
	"io/fs"
	"strings"

	"github.com/spf13/cobra"

	"github.com/protocheck/protocheck/validate"

	"github.com/protocheck/protocheck/schemas"
)

const flagProfile = "profile"

const schemasLong = `List, print and export the JSON Schemas (draft 2020-12) that protocheck
validates against. There is one schema per message variant and profile, plus
protocol.schema.json, the union of all variants: an anyOf of references to
them, each pinning "type" and its subtype with const (protocheck reads it as
a dispatch on those). index.json lists the variants.

Profiles:
  tolerant  allows members and kinds the protocol does not define: what a
            consumer of the CLI's output must accept (the default)
  strict    forbids them: for checking what an SDK itself writes`

func newSchemasCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "schemas",
		Short: "List, print and export the protocol's JSON Schemas",
		Long:  schemasLong,
		Args:  noArgs,
	}
	cmd.AddCommand(newSchemasListCmd(), newSchemasShowCmd(), newSchemasExportCmd(), newSchemasWindowCmd(), newSchemasOptionsCmd())
	return cmd
}

type schemasListOptions struct {
	format string
}

const schemasListLong = `List every message variant: its name, discriminators and direction
("cli" for what the CLI prints, "sdk" for what an SDK writes to it, "both").

Examples:
  protocheck schemas list
  protocheck schemas list --format json | jq -r '.[].name'`

func newSchemasListCmd() *cobra.Command {
	var opts schemasListOptions
	cmd := &cobra.Command{
		Use:   "list",
		Short: "List the message variants",
		Long:  schemasListLong,
		Args:  noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runSchemasList(cmd.Context(), streamsOf(cmd), opts)
		},
	}
	addFormatFlag(cmd, &opts.format)
	return cmd
}

func runSchemasList(ctx context.Context, st streams, opts schemasListOptions) error {
	format, err := parseFormat(opts.format)
	if err != nil {
		return err
	}
	idx, err := schemas.LoadIndex()
	if err != nil {
		return err
	}
	if format == validate.FormatJSON {
		return writeJSON(st.stdout, idx.Variants)
	}
	return schemas.PrintVariants(st.stdout, idx.Variants)
}

type schemasShowOptions struct {
	profile string
}

const schemasShowLong = `Print the schema of one variant, named as in 'protocheck schemas list'
("result.success", or "result/success"), or "protocol" for the union.

Examples:
  protocheck schemas show result.success
  protocheck schemas show control_request/can_use_tool --profile strict
  protocheck schemas show protocol > protocol.schema.json`

func newSchemasShowCmd() *cobra.Command {
	var opts schemasShowOptions
	cmd := &cobra.Command{
		Use:   "show <variant>",
		Short: "Print the schema of one variant",
		Long:  schemasShowLong,
		Args:  exactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runSchemasShow(cmd.Context(), streamsOf(cmd), args[0], opts)
		},
	}
	cmd.Flags().StringVar(&opts.profile, flagProfile, "tolerant", "schema profile: tolerant or strict")
	return cmd
}

func runSchemasShow(ctx context.Context, st streams, name string, opts schemasShowOptions) error {
	idx, err := schemas.LoadIndex()
	if err != nil {
		return err
	}
	if err := checkProfile(idx, opts.profile); err != nil {
		return err
	}
	file, ok := idx.SchemaFile(name, opts.profile)
	if !ok {
		return usagef("no variant %q; run 'protocheck schemas list' for the names", name)
	}
	data, err := fs.ReadFile(schemas.FS, file)
	if err != nil {
		return err
	}
	_, err = st.stdout.Write(data)
	return err
}

type schemasExportOptions struct {
	profile string
}

const schemasExportLong = `Write the schemas into a folder, laid out as in the schemas package:
index.json, and one folder per profile holding a <variant>.schema.json per
variant and protocol.schema.json. Without --profile both profiles are
written. Existing files of the same names are replaced.

Examples:
  protocheck schemas export ./schemas
  protocheck schemas export ./out --profile strict`

func newSchemasExportCmd() *cobra.Command {
	var opts schemasExportOptions
	cmd := &cobra.Command{
		Use:   "export <dir>",
		Short: "Write the schemas into a folder",
		Long:  schemasExportLong,
		Args:  exactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runSchemasExport(cmd.Context(), streamsOf(cmd), args[0], opts)
		},
	}
	cmd.Flags().StringVar(&opts.profile, flagProfile, "", "export only this profile: tolerant or strict")
	return cmd
}

func runSchemasExport(ctx context.Context, st streams, dir string, opts schemasExportOptions) error {
	idx, err := schemas.LoadIndex()
	if err != nil {
		return err
	}
	if opts.profile != "" {
		if err := checkProfile(idx, opts.profile); err != nil {
			return err
		}
	}
	n, err := schemas.Export(dir, opts.profile)
	if err != nil {
		return err
	}
	fmt.Fprintf(st.stderr, "wrote %d files to %s\n", n, dir)
	return nil
}

func checkProfile(idx *schemas.Index, profile string) error {
	if !idx.HasProfile(profile) {
		return usagef("--%s %q: want one of %s", flagProfile, profile, strings.Join(idx.Profiles, ", "))
	}
	return nil
}
