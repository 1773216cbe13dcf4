// Decodes each line of the file argv[1] with the protocheck-protocol crate,
// installed as its user gets it (a path dependency on the unpacked .crate
// that cargo package wrote), and encodes it again. Prints one JSON value
// per line: {"out": text, "model": the variant's name} or {"err": message};
// check.mjs compares.
use serde_json::json;

fn main() {
    let file = std::env::args().nth(1).expect("usage: models_root LINES");
    let text = std::fs::read_to_string(file).expect("reading the lines");
    for l in text.split('\n').filter(|l| !l.is_empty()) {
        match protocheck_protocol::decode(l) {
            Ok(line) => match protocheck_protocol::encode(&line) {
                Ok(s) => println!("{}", json!({ "out": s, "model": line.kind().unwrap_or("(unknown)") })),
                Err(e) => println!("{}", json!({ "err": e.to_string() })),
            },
            Err(e) => println!("{}", json!({ "err": e.to_string() })),
        }
    }
}
