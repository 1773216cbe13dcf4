// A fixture in the style of a native build's chunk that defines the schema
// helpers one by one, each exported under a short name; the kind is read
// from a class's type getter (through its superclass) or from a
// definition object. Written for the tests.
class Base { constructor(p) { this.p = p; } optional() { return this; } }
class Str extends Base { get type() { return "string"; } }
class Email extends Str {}
class Obj extends Base { constructor(s, t) { super(t); this.s = s; } get type() { return "object"; } }
class Lit extends Base { get type() { return "literal"; } }
class En extends Base { get type() { return "enum"; } }
class Arr extends Base { get type() { return "array"; } }
class Num extends Base {}
function s(e) { return new Str(e); }
function em(e) { return new Email(e); }
function o(e, t) { return new Obj(e, t); }
function l(e, t) { return new Lit(Array.isArray(e) ? e : [e], t); }
function n(e, t) { return new En(e, t); }
function a(e, t) { return new Arr(e, t); }
function mk(C, e) { return new C({ type: "number", ...e }); }
function nu(e) { return mk(Num, e); }
export { s as r, o as c, l as x, n as U, a as I, nu as E, em as M };
