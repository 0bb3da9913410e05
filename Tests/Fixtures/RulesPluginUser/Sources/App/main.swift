// The app's code; its rule file is checked by the RewriteRulesCheck plugin at build time.
print("built with checked rules")
