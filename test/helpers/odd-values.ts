/**
 * Hostile values a tool handler can throw or return, shared by the odd-throwable tests and the
 * fuzz suite. Each call builds fresh values (some are stateful, e.g. a revoked Proxy).
 */

function throwing(what: string): () => never {
  return () => {
    throw new Error(`${what} trap threw`);
  };
}

/** A Proxy every one of whose traps throws. */
export function hostileProxy(target: object = {}): object {
  return new Proxy(target, {
    get: throwing("get"),
    getPrototypeOf: throwing("getPrototypeOf"),
    has: throwing("has"),
    ownKeys: throwing("ownKeys"),
    getOwnPropertyDescriptor: throwing("getOwnPropertyDescriptor"),
    apply: throwing("apply"),
  });
}

/** An Error whose message, name, stack and cause getters all throw. */
export function errorWithThrowingGetters(): Error {
  const err = new Error("hidden");
  for (const key of ["stack", "message", "name", "cause"]) {
    Object.defineProperty(err, key, { get: throwing(key), configurable: true });
  }
  return err;
}

function revokedProxy(): object {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
}

function cyclic(): Record<string, unknown> {
  const a: Record<string, unknown> = { name: "cycle" };
  a.self = a;
  return a;
}

export function oddThrowables(): Record<string, unknown> {
  const nullProto = Object.create(null) as Record<string, unknown>;
  const nullProtoWithMessage = Object.assign(Object.create(null) as object, { message: "null-proto message", name: "Weird" });
  const messageObject = { message: { toString: throwing("toString") } };
  const ownMessage: Record<string, unknown> = { name: "Loop" };
  ownMessage.message = ownMessage;
  return {
    "a null-prototype object": nullProto,
    "a null-prototype object with a message": nullProtoWithMessage,
    "a Proxy whose traps throw": hostileProxy(),
    "a Proxy of an Error whose traps throw": hostileProxy(new Error("x")),
    "a revoked Proxy": revokedProxy(),
    "an Error whose getters throw": errorWithThrowingGetters(),
    "an object whose message cannot become a string": messageObject,
    "an object that is its own message": ownMessage,
    "a symbol": Symbol("boom"),
    undefined: undefined,
    null: null,
    "a BigInt": 12n,
    "a cyclic object": cyclic(),
    "a function": function named() {},
    "a huge string": "z".repeat(50_000),
    "an Error with a huge message": new Error("m".repeat(50_000)),
  };
}

export function oddResults(): Record<string, unknown> {
  return {
    "a symbol": Symbol("result"),
    undefined: undefined,
    "a BigInt": 7n,
    "a cyclic object": cyclic(),
    "a function": () => "nope",
    "a null-prototype object": Object.create(null),
    "a Proxy whose traps throw": hostileProxy(),
    "a revoked Proxy": revokedProxy(),
    "a multimodal envelope holding a BigInt": { _multimodal: true, content: [{ type: "text", text: 1n }] },
    "a multimodal envelope with a cycle": (() => {
      const part: Record<string, unknown> = { type: "text" };
      part.self = part;
      return { _multimodal: true, content: [part] };
    })(),
    "a multimodal envelope with a null part": { _multimodal: true, content: [null] },
    "a multimodal envelope with a part missing its type": { _multimodal: true, content: [{ text: "no type" }] },
    "a multimodal envelope with a function inside": { _multimodal: true, content: [{ type: "text", text: () => "x" }] },
    "a multimodal envelope that is a Proxy": new Proxy({ _multimodal: true, content: [] }, { get: (t, k) => (k === "content" ? hostileProxy([]) : Reflect.get(t, k)) }),
  };
}
