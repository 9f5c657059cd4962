/**
 * Zod without its JIT compiler. The server's CSP allows no eval (script-src 'self'), so Zod's probe for it
 * (`new Function('')`, caught) only ever failed — and reported a CSP violation on every page (Chrome's
 * Issues panel; Lighthouse best practices). Parsing is the same without the probe.
 * Zod reads the setting when an object schema is built, so this runs before the contract loads: main.tsx
 * imports it first, and api-client.ts too, which puts it in the built chunk that holds Zod and the contract.
 */
import { config } from 'zod';

config({ jitless: true });
