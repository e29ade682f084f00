/**
 * The console's Content-Security-Policy allows no eval, and zod must not even try it: when it builds its first
 * object schema it probes `new Function` to compile faster parsers, and the browser reports the blocked probe as a
 * CSP violation although zod catches it. zod reads `jitless` from this global (shared by every copy of it); set
 * before the endpoint table loads, it skips the probe (apps/web/src/app/no-eval.ts does the same for the site).
 */
const zodGlobal = globalThis as { __zod_globalConfig?: Record<string, unknown> };
zodGlobal.__zod_globalConfig ??= {};
zodGlobal.__zod_globalConfig.jitless = true;
