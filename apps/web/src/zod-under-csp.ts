import * as z from 'zod/v4';

/**
 * What `zod` means in the built app (an alias in vite.config.ts): zod itself, set to interpret its parsers.
 * The server's Content-Security-Policy allows no eval, and zod otherwise probes `new Function` as each
 * object schema is built; the browser reports that probe as a `securitypolicyviolation` even though zod
 * catches the refusal. As every module that imports `zod` imports this one, the setting is made before
 * the contract builds its first schema, whatever chunk the bundler puts either in.
 */
z.config({ jitless: true });

export * from 'zod/v4';
export { z };
export default z;
