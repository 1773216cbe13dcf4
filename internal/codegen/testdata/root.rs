// Decodes each line of the file argv[1] into the root type of typify's
// code (root.rs, written by check.mjs, names it Root) and encodes it again.
// Prints one JSON value per line: {"out": text} or {"err": message};
// check.mjs compares.
mod line;
mod root;

use serde_json::json;

fn main() {
    let file = std::env::args().nth(1).expect("usage: root LINES");
    let text = std::fs::read_to_string(file).expect("reading the lines");
    for l in text.split('\n').filter(|l| !l.is_empty()) {
        let r = serde_json::from_str::<root::Root>(l)
            .map_err(|e| e.to_string())
            .and_then(|v| serde_json::to_string(&v).map_err(|e| e.to_string()));
        match r {
            Ok(s) => println!("{}", json!({ "out": s })),
            Err(e) => println!("{}", json!({ "err": e })),
        }
    }
}
