// The `rewrite` command-line tool. Subcommands arrive with their issues.
print("rewrite: not yet implemented")
