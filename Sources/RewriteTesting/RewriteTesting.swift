/// Test support for apps that use RewriteKit: a loopback HTTP server and helpers.
public enum RewriteTesting {}
