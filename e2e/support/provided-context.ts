/** Values the global setup hands to the test files through vitest's provide/inject. */
declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * One server per worker (support/test-server.ts picks this worker's): its origin, e.g.
     * http://127.0.0.1:41234, and the JSON-lines file of every mail it sent (support/mail-catcher.ts).
     */
    servers: Array<{ baseUrl: string; mailLog: string }>;
    /** The browser the project's specs get: a desktop window, or a phone (the e2e-phone project). */
    device: 'desktop' | 'phone';
  }
}

export {};
