// A fixture in the style of a cli.js bundle: the schema library is a
// namespace (q), schemas are bound lazily through a memo helper (W) and
// used as W's result called (Usage()). Written for the tests.
var W = (f) => { let c; return () => c ??= f(); };
var Usage = W(() => q.object({ input_tokens: q.number(), cache: q.number().nullable().optional() }));
var Init = W(() => q.object({ type: q.literal("system"), subtype: q.literal("init"), cwd: q.string(), usage: Usage(),
  tools: q.array(q.string()), mode: q.enum(["default", "plan"]).default("default"), session_id: q.string() }).describe("prose that is not kept"));
var Result = W(() => q.object({ type: q.literal("result"), subtype: q.enum(["error_max_turns", "error_during_execution"]),
  is_error: q.boolean(), session_id: q.string() }));
var Interrupt = W(() => q.object({ subtype: q.literal("interrupt") }));
var SetModel = W(() => q.object({ subtype: q.literal("set_model"), model: q.string().optional() }));
var Request = W(() => q.object({ type: q.literal("control_request"), request_id: q.string(), request: q.union([Interrupt(), SetModel()]) }));
var Allow = q.object({ behavior: q.literal("allow"), updatedInput: q.record(q.string(), q.unknown()).optional() });
var Deny = q.object({ behavior: q.literal("deny"), message: q.string() });
var Reply = q.union([Allow, Deny]);
var Base = q.object({ uuid: q.string(), session_id: q.string() });
var Rate = W(() => Base.extend({ type: q.literal("rate_limit_event"), info: q.object({ status: q.string(), resets: q.number() }).partial() }));
var Block = q.discriminatedUnion("type", [q.object({ type: q.literal("text"), text: q.string() }), q.object({ type: q.literal("image"), url: q.string() })]);
var User = W(() => q.object({ type: q.literal("user"), content: q.array(Block), session_id: q.string() }));
var Replay = W(() => User().extend({ isReplay: q.literal(true) }));
var Aside = W(() => q.object({ type: q.literal("brand_new_kind"), note: q.string(), session_id: q.string() }));
var Out = W(() => q.union([Init(), Result(), Request(), Rate(), User(), Replay(), Aside()]));
