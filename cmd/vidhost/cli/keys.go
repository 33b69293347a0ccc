package cli

import (
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	vidhost "github.com/vidhost/vidhost/sdk/go"
)

// keyOut is an API key as printed; Value only right after its creation.
type keyOut struct{ *vidhost.APIKey }

func (k keyOut) human(w io.Writer) {
	fmt.Fprintf(w, "%s %q: %s, role %s\n", k.ID, k.Name, access(k.Permissions), k.Role)
	if k.Value != "" {
		fmt.Fprintf(w, "key (shown only now, keep it safe):\n%s\n", k.Value)
	}
}

// access names a key's permissions as the API defines them.
func access(permissions []string) string {
	if len(permissions) == 0 {
		return "read-write"
	}
	return "read-only (" + strings.Join(permissions, ",") + ")"
}

func (a *app) keysCommand() *cobra.Command {
	keys := group("keys", "List, create and delete API keys", "key")
	ls := &cobra.Command{
		Use: "ls", Aliases: []string{"list"}, Short: "List the account's API keys", Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			return a.report(withClient(a, func(cl *vidhost.Client) (result, error) {
				items, err := take(cl.Keys.List(c.Context(), nil), 0)
				return list[vidhost.APIKey]{Items: items, table: func(w io.Writer) {
					fmt.Fprintln(w, "ID\tNAME\tACCESS\tROLE\tCREATED")
					for _, k := range items {
						fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%s\n", k.ID, k.Name, access(k.Permissions), k.Role, k.CreatedTime)
					}
				}}, err
			}))
		},
	}
	var in vidhost.KeyCreate
	var readOnly bool
	create := &cobra.Command{
		Use: "create --name NAME [--role ROLE] [--read-only] [--ip ADDR]...", Short: "Create an API key (its value is shown once)", Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			in.Type, in.Permissions = "api", []string{}
			if readOnly {
				in.Permissions = []string{"fetch"}
			}
			if in.IPs == nil {
				in.IPs = []string{}
			}
			return a.report(withClient(a, func(cl *vidhost.Client) (result, error) {
				k, err := cl.Keys.Create(c.Context(), in)
				if err != nil {
					return nil, err
				}
				return keyOut{k}, nil
			}))
		},
	}
	create.Flags().StringVar(&in.Name, "name", "", "the key's name (1-50 characters)")
	create.Flags().StringVar(&in.Role, "role", "", "the key's role ceiling: viewer, uploader, admin or owner (default: your own)")
	create.Flags().BoolVar(&readOnly, "read-only", false, `read-only key (permissions ["fetch"])`)
	create.Flags().StringSliceVar(&in.IPs, "ip", nil, "accept the key only from this client address (repeatable)")
	_ = create.MarkFlagRequired("name")
	rm := &cobra.Command{
		Use: "rm KEY_ID...", Aliases: []string{"delete"}, Short: "Delete API keys", Args: cobra.MinimumNArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			return a.report(withClient(a, func(cl *vidhost.Client) (result, error) {
				return deleteAll(c.Context(), cl.Keys, args)
			}))
		},
	}
	keys.AddCommand(ls, create, rm)
	return keys
}
