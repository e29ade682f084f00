/**
 * The site's Content-Security-Policy allows no eval, and zod must not even try it: when it builds its first object
 * schema it probes `new Function` to compile faster parsers, and the browser reports the blocked probe as a CSP
 * violation although zod catches it and falls back. zod keeps its settings on this global (so that every copy of it
 * shares them) and reads `jitless` there; setting it before the lazily loaded schemas chunk runs skips the probe.
 * Not `z.config()`: that would pull zod into the first load, which only forms need.
 */
const zodGlobal = globalThis as { __zod_globalConfig?: Record<string, unknown> };
zodGlobal.__zod_globalConfig ??= {};
zodGlobal.__zod_globalConfig.jitless = true;
