//! protocheck harness (protocol 1) for rusty_claw: each line goes through
//! the crate's own types as its client reads them (client.rs:735-800,
//! 1444): a control frame's body into the control types (a body that fails
//! is logged and dropped), anything else into its `Message` enum.
//! See docs/harness.md.
use std::io::{self, BufRead, Write};

use rusty_claw::control::messages::{ControlResponse, IncomingControlRequest};
use rusty_claw::messages::Message;
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

fn main() {
    let stdout = io::stdout();
    let mut out = stdout.lock();
    for line in io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        let Ok(req) = serde_json::from_str::<Value>(&line) else { continue };
        let kind = req["type"].as_str().unwrap_or("").to_string();
        let mut ans = match kind.as_str() {
            "hello" => json!({"protocol": 1, "sdk": "rusty_claw", "sdk_version": "0.1.0", "language": "rust", "capabilities": ["read"]}),
            "read" => judge(req["line"].as_str().unwrap_or("")),
            _ => json!({"unsupported": true}),
        };
        ans["type"] = json!(kind);
        ans["id"] = req["id"].clone();
        let _ = writeln!(out, "{ans}");
        let _ = out.flush();
    }
}
