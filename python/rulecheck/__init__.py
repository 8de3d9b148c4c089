"""rulecheck for Python: the `rulecheck` command (installed on PATH by this
package's wheel) and `rulecheck.protocol`, the request loop of the engine
protocol for adapters written in Python."""
