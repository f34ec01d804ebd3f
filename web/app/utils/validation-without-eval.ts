/**
 * The validation library compiles an object schema's parser with `new Function` when the page
 * lets it, and finds out by trying once, at the first object schema a page builds. Our pages'
 * Content-Security-Policy forbids `eval`, so that try is refused, and the browser reports the
 * refusal on every page that validates a form (a staff page, the order page). Telling the
 * library up front to parse without compiling makes no such try; it is how it parses after the
 * refusal anyway. Only in the browser: on the server, compiled parsers are allowed and faster.
 *
 * root.tsx imports this first, so it runs before any module builds a schema. It writes the
 * settings object the library shares through `globalThis` (what its `config()` writes) rather
 * than importing the library: that import would make every page that hydrates load and run the
 * library before anything else, where most load it later or not at all. The journeys that count
 * what the CSP refused on every page fail if this stops working.
 */
const shared = globalThis as { __zod_globalConfig?: { jitless?: boolean } }
if (typeof document !== 'undefined') (shared.__zod_globalConfig ??= {}).jitless = true
