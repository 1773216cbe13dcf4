//! protocheck harness (protocol 1) for rusty_claw: each line goes through
//! the crate's own types as its client reads them (client.rs:735-800,
//! 1444): a control frame's body into the control types (a body that fails
//! is logged and dropped), anything else into its `Message` enum.
//! See docs/harness.md.
use std::io::{self, BufRead, Write};

use rusty_claw::control::messages::{ControlResponse, IncomingControlRequest};
use rusty_claw::messages::Message;
use rusty_claw::options::{ClaudeAgentOptions, ClaudeAgentOptionsBuilder, PermissionMode, SystemPrompt};
use serde_json::{json, Value};

/// The client's control routing: the body decodes (handled) or is dropped.
fn control<T: serde::de::DeserializeOwned>(body: Option<&Value>, what: &str) -> Value {
    match body.map(|b| serde_json::from_value::<T>(b.clone())) {
        Some(Ok(_)) => json!({"verdict": "handled", "as": what}),
        Some(Err(e)) => json!({"verdict": "dropped", "as": format!("{what} that fails to decode ({e}): logged")}),
        None => json!({"verdict": "dropped", "as": format!("{what} without a body")}),
    }
}

fn judge(line: &str) -> Value {
    let value: Value = match serde_json::from_str(line) {
        Ok(v) => v,
        Err(e) => return json!({"verdict": "rejected", "error": format!("transport: {e}")}),
    };
    match value.get("type").and_then(Value::as_str) {
        Some("control_response") => return control::<ControlResponse>(value.get("response"), "ControlResponse"),
        Some("control_request") => return control::<IncomingControlRequest>(value.get("request"), "IncomingControlRequest"),
        _ => {}
    }
    match serde_json::from_value::<Message>(value.clone()) {
        Ok(m) => {
            // The typed message written back: the members it kept.
            let back = serde_json::to_value(&m).unwrap_or(Value::Null);
            let (mut kept, mut lost) = (vec![], vec![]);
            if let (Some(line), Some(back)) = (value.as_object(), back.as_object()) {
                for k in line.keys() {
                    let typed = back.contains_key(k)
                        || back.values().any(|v| v.as_object().is_some_and(|o| o.contains_key(k)));
                    if typed { kept.push(k.clone()) } else { lost.push(k.clone()) }
                }
            }
            let name = format!("{m:?}");
            let name: String = name.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
            json!({"verdict": "accepted", "as": format!("Message::{name}"), "kept": kept, "lost": lost})
        }
        Err(e) => json!({"verdict": "rejected", "error": format!("MessageParse: {e}")}),
    }
}

/// One session per case, the client's own connect spawning the stand-in:
/// the defaults, then one option of ClaudeAgentOptionsBuilder each (those
/// that take plain values; callbacks, servers and hooks are not tried).
fn spawn(cli: &str, label: &str) -> Value {
    type Case = (&'static str, &'static str, fn(ClaudeAgentOptionsBuilder) -> ClaudeAgentOptionsBuilder);
    let cases: Vec<Case> = vec![
        ("", "", |b| b),
        ("system_prompt", "Custom(\"x\")", |b| b.system_prompt(SystemPrompt::Custom("x".into()))),
        ("system_prompt", "Preset{preset:\"claude_code\"}", |b| b.system_prompt(SystemPrompt::Preset { preset: "claude_code".into() })),
        ("append_system_prompt", "\"x\"", |b| b.append_system_prompt("x")),
        ("max_turns", "3", |b| b.max_turns(3)),
        ("model", "\"x\"", |b| b.model("x")),
        ("allowed_tools", "[\"Read\"]", |b| b.allowed_tools(vec!["Read".into()])),
        ("disallowed_tools", "[\"Bash\"]", |b| b.disallowed_tools(vec!["Bash".into()])),
        ("permission_mode", "AcceptEdits", |b| b.permission_mode(PermissionMode::AcceptEdits)),
        ("permission_prompt_tool_allowlist", "[\"Edit\"]", |b| b.permission_prompt_tool_allowlist(vec!["Edit".into()])),
        ("resume", "\"x\"", |b| b.resume("x")),
        ("continue_conversation", "true", |b| b.continue_conversation(true)),
        ("fork_session", "true", |b| b.fork_session(true)),
        ("session_name", "\"x\"", |b| b.session_name("x")),
        ("enable_file_checkpointing", "true", |b| b.enable_file_checkpointing(true)),
        ("setting_sources", "[\"user\"]", |b| b.setting_sources(vec!["user".into()])),
        ("output_format", "{\"type\":\"object\"}", |b| b.output_format(json!({"type": "object"}))),
        ("include_partial_messages", "true", |b| b.include_partial_messages(true)),
        ("betas", "[\"x\"]", |b| b.betas(vec!["x".into()])),
        ("max_budget_usd", "1.5", |b| b.max_budget_usd(1.5)),
        ("max_thinking_tokens", "1000", |b| b.max_thinking_tokens(1000)),
        ("add_dir", "\"/tmp\"", |b| b.add_dir("/tmp")),
        ("user", "\"x\"", |b| b.user("x")),
        ("fallback_model", "\"x\"", |b| b.fallback_model("x")),
        ("extra_arg", "(\"x-flag\", None)", |b| b.extra_arg("x-flag", None)),
    ];
    let rt = match tokio::runtime::Builder::new_current_thread().enable_all().build() {
        Ok(rt) => rt,
        Err(e) => return json!([{"label": "0", "option": "", "error": format!("tokio: {e}")}]),
    };
    let mut out = vec![];
    for (i, (name, value, set)) in cases.into_iter().enumerate() {
        let _ = std::fs::write(label, i.to_string());
        let options: ClaudeAgentOptions = set(ClaudeAgentOptions::builder().cli_path(cli)).build();
        let err = rt.block_on(async {
            let mut client = match rusty_claw::client::ClaudeClient::new(options) {
                Ok(c) => c,
                Err(e) => return format!("{e}"),
            };
            match tokio::time::timeout(std::time::Duration::from_secs(2), client.connect()).await {
                Ok(Ok(())) => String::new(),
                Ok(Err(e)) => format!("{e}"),
                Err(_) => "connect did not return within 2 s".to_string(),
            }
        });
        out.push(json!({"label": i.to_string(), "option": name, "value": value, "error": err}));
    }
    json!(out)
}

fn main() {
    let stdout = io::stdout();
    let mut out = stdout.lock();
    for line in io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        let Ok(req) = serde_json::from_str::<Value>(&line) else { continue };
        let kind = req["type"].as_str().unwrap_or("").to_string();
        let mut ans = match kind.as_str() {
            "hello" => json!({"protocol": 1, "sdk": "rusty_claw", "sdk_version": "0.1.0", "language": "rust", "capabilities": ["read", "spawn"]}),
            "read" => judge(req["line"].as_str().unwrap_or("")),
            "spawn" => json!({"cases": spawn(req["cli"].as_str().unwrap_or(""), req["label"].as_str().unwrap_or(""))}),
            _ => json!({"unsupported": true}),
        };
        ans["type"] = json!(kind);
        ans["id"] = req["id"].clone();
        let _ = writeln!(out, "{ans}");
        let _ = out.flush();
    }
}
