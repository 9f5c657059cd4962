/**
 * `zod` as the web app sees it (vite.config.ts aliases the bare specifier here): Zod with its JIT compiler
 * off before any schema is built. The server's CSP allows no eval, so Zod's probe for it (`new Function('')`,
 * caught) only reported a CSP violation (Lighthouse best practices). Setting it in one module that main.tsx
 * imports first is not enough: the bundler may place the contract's schemas in a chunk that runs earlier, so
 * every importer of `zod` goes through this module, which runs before its importers' bodies.
 */
import { config } from 'zod/v4';

config({ jitless: true });

export * from 'zod/v4';
export { default } from 'zod/v4';
