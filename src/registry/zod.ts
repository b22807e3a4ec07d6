/**
 * `z` for tools, so a tool in `$QUIVER_HOME/tools` needs no zod install of its own. zod takes
 * ~150 ms to load, so `import { z } from "quiver"` hands out a stand-in that loads it on first
 * use: a process whose tools never touch `z` never pays for it. Loaded with require because a
 * tool calls `z.object(...)` synchronously at its top level.
 */
import { createRequire } from "node:module";
import type * as zod from "zod";

type Zod = typeof zod.z;

let loaded: Zod | undefined;

function load(): Zod {
  return (loaded ??= (createRequire(import.meta.url)("zod") as typeof zod).z);
}

export const z: Zod = new Proxy({} as Zod, {
  get: (_target, key) => Reflect.get(load(), key),
  has: (_target, key) => Reflect.has(load(), key),
  ownKeys: () => Reflect.ownKeys(load()),
  getOwnPropertyDescriptor: (_target, key) => {
    const descriptor = Reflect.getOwnPropertyDescriptor(load(), key);
    // A proxy may not report a property non-configurable that its (empty) target lacks.
    return descriptor === undefined ? undefined : { ...descriptor, configurable: true };
  },
});

/** The type-level half of `z` (`z.infer<typeof schema>` and friends). */
export declare namespace z {
  type infer<T> = zod.infer<T>;
  type input<T> = zod.input<T>;
  type output<T> = zod.output<T>;
  type ZodType = zod.ZodType;
  type ZodObject = zod.ZodObject;
}
