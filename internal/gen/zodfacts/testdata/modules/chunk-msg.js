// The messages of the native-style fixture: helpers imported (one under
// another name), a memo helper of its own. Written for the tests.
import { r, c, x as lit, U, I, E, M } from "./chunk-lib.js";
var p = (f) => { let v; return () => v ??= f(); };
var Info = p(() => c({ type: lit("system"), subtype: lit("informational"), content: r(), level: U(["info", "warning"]),
  count: E().optional(), tags: I(r()), mail: M(), session_id: r(), uuid: r() }));
var Keep = p(() => c({ type: lit("keep_alive") }));
