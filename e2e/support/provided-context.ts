/** Values the global setup hands to the test files through vitest's provide/inject. */
declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the server under test, e.g. http://127.0.0.1:41234 */
    baseUrl: string;
    /** JSON-lines file of every mail the server sent during the run (support/mail-catcher.ts). */
    mailLog: string;
    /** The browser the project's specs get: a desktop window, or a phone (the e2e-phone project). */
    device: 'desktop' | 'phone';
  }
}

export {};
