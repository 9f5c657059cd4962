/**
 * A schema built on first use (issue #17 item 7). The web build wraps every top-level `Z…` schema of the contract
 * and the domain in lazySchema (vite.config.ts, lazyContractSchemas): building the ~1 000 schemas a signed-in page's
 * code declares took 150 ms of the main thread on a phone-class CPU before the page could render, for the dozen
 * it parses with. The stand-in forwards every operation to the real schema, built once, on the first access of any
 * property (parse, shape, optional, _zod…): Zod and the app see the same schema, only later.
 */
export function lazySchema<T extends object>(build: () => T): T {
  let built: T | undefined;
  const real = (): T => (built ??= build());
  // The target stays an empty, extensible object: Proxy invariants then allow every answer the real schema gives.
  return new Proxy({} as T, {
    get: (_target, key) => Reflect.get(real(), key),
    set: (_target, key, value) => Reflect.set(real(), key, value),
    has: (_target, key) => Reflect.has(real(), key),
    deleteProperty: (_target, key) => Reflect.deleteProperty(real(), key),
    ownKeys: () => Reflect.ownKeys(real()),
    getOwnPropertyDescriptor: (_target, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(real(), key);
      // Reported as configurable: a non-configurable property the empty target lacks would break the invariant.
      return descriptor === undefined ? undefined : { ...descriptor, configurable: true };
    },
    defineProperty: (_target, key, descriptor) => Reflect.defineProperty(real(), key, descriptor),
    getPrototypeOf: () => Reflect.getPrototypeOf(real()),
  });
}
