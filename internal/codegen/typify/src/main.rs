//! Rust types from a JSON Schema with the typify library, as cargo-typify
//! 0.8.0 makes them (its conversion, without its formatting step: rustc
//! reads the code as it is). Usage, as check.mjs calls cargo-typify:
//!
//!     protocheck-typify typify [--no-builder] INPUT -o OUTPUT
use std::process::ExitCode;

use typify::{TypeSpace, TypeSpaceSettings};

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1).peekable();
    if args.peek().map(String::as_str) == Some("typify") {
        args.next(); // as a cargo subcommand
    }
    let (mut input, mut output, mut builder) = (None, None, true);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--no-builder" | "-B" => builder = false,
            "-o" | "--output" => output = args.next(),
            _ if input.is_none() && !a.starts_with('-') => input = Some(a),
            _ => return fail(&format!("unknown argument {a:?} (usage: typify [--no-builder] INPUT -o OUTPUT)")),
        }
    }
    let (Some(input), Some(output)) = (input, output) else {
        return fail("usage: typify [--no-builder] INPUT -o OUTPUT");
    };
    let text = match std::fs::read_to_string(&input) {
        Ok(t) => t,
        Err(e) => return fail(&format!("{input}: {e}")),
    };
    let schema: schemars::schema::RootSchema = match serde_json::from_str(&text) {
        Ok(s) => s,
        Err(e) => return fail(&format!("{input}: not a JSON Schema: {e}")),
    };
    let mut settings = TypeSpaceSettings::default();
    settings.with_struct_builder(builder);
    let mut space = TypeSpace::new(&settings);
    if let Err(e) = space.add_root_schema(schema) {
        return fail(&format!("{input}: schema conversion failed: {e}"));
    }
    let code = format!(
        "#![allow(clippy::redundant_closure_call)]\n#![allow(clippy::needless_lifetimes)]\n#![allow(clippy::match_single_binding)]\n#![allow(clippy::clone_on_copy)]\n\n{}\n",
        space.to_stream()
    );
    if let Err(e) = std::fs::write(&output, code) {
        return fail(&format!("{output}: {e}"));
    }
    ExitCode::SUCCESS
}

fn fail(msg: &str) -> ExitCode {
    eprintln!("protocheck-typify: {msg}");
    ExitCode::from(2)
}
