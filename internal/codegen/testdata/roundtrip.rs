// Round trip through quicktype's Rust (serde): each line of the input is
// "TypeName<TAB>json"; codecs.rs (written by check.mjs) decodes it into the
// generated type and encodes it again. The members before and after are
// compared. The last line printed is the report check.mjs reads.
mod codecs;
mod line;

use serde_json::{json, Value};
use std::collections::BTreeSet;

fn paths(v: &Value, at: &str, out: &mut BTreeSet<String>) {
    match v {
        Value::Array(a) => {
            for (i, e) in a.iter().enumerate() {
                paths(e, &format!("{}/{}", at, i), out);
            }
        }
        Value::Object(m) => {
            for (k, c) in m {
                let p = format!("{}/{}", at, k);
                out.insert(p.clone());
                paths(c, &p, out);
            }
        }
        _ => {}
    }
}

fn main() {
    let file = std::env::args().nth(1).expect("usage: roundtrip LINES");
    let text = std::fs::read_to_string(file).expect("reading the lines");
    let (mut ok, mut added) = (0, 0);
    let (mut failed, mut lost_lines) = (Vec::new(), Vec::new());
    for (i, entry) in text.split('\n').filter(|l| !l.is_empty()).enumerate() {
        let (name, line) = entry.split_once('\t').expect("a tab");
        let again = match codecs::codec(name, line) {
            Ok(s) => s,
            Err(e) => {
                failed.push(json!([i, e]));
                continue;
            }
        };
        let (mut before, mut after) = (BTreeSet::new(), BTreeSet::new());
        paths(&serde_json::from_str(line).unwrap(), "", &mut before);
        paths(&serde_json::from_str(&again).unwrap(), "", &mut after);
        let lost: Vec<&String> = before.difference(&after).collect();
        added += after.difference(&before).count();
        if lost.is_empty() {
            ok += 1;
        } else {
            lost_lines.push(json!([i, lost]));
        }
    }
    println!("{}", json!({"compiled": true, "ok": ok, "failed": failed, "lost": lost_lines, "added": added}));
}
