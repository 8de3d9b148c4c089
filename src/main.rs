//! The `rulecheck` command; everything it does lives in the library.
fn main() -> std::process::ExitCode {
    rulecheck::cli::main()
}
