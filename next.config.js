// @ts-check
const fs = require('node:fs');
const path = require('node:path');

/**
 * Turbopack compiles nothing outside its root. A git worktree whose node_modules is a symlink to
 * another checkout's needs a root above both; in an ordinary checkout this is the project itself.
 */
function workspaceRoot() {
  const modules = path.join(__dirname, 'node_modules');
  const real = fs.existsSync(modules) ? fs.realpathSync(modules) : modules;
  let root = __dirname;
  while (!real.startsWith(root + path.sep)) root = path.dirname(root);
  return root;
}

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  // Several dev servers can run side by side from one checkout, each with its own build directory.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  turbopack: { root: workspaceRoot() },
  // The app's own files; tests and scripts are type-checked by `npm run typecheck`.
  // The whole suite (scripts/test-all.sh) has type-checked every file with tsc just before it
  // builds, so it skips the build's second, narrower check; every other build keeps it.
  typescript: { tsconfigPath: 'tsconfig.build.json', ignoreBuildErrors: process.env.BUILD_TYPES_CHECKED === '1' },
  // Packages that load WASM, native code or derive paths from their own files at run time
  // must be required from node_modules, not bundled (STACK-NOTES pitfalls 3–5).
  serverExternalPackages: ['oidc-provider', '@electric-sql/pglite', 'pg', 'drizzle-orm', 'sharp', 'file-type', 'solc'],
  async rewrites() {
    // The provider sets the interaction cookie on /interaction/<uid>; the form posts must stay
    // under that path for the browser to send it, so they are rewritten to API routes.
    return [
      { source: '/interaction/:uid/:action', destination: '/api/interaction/:uid/:action' },
      { source: '/openapi.json', destination: '/api/openapi' },
      // The issuer's did:web document: at the host's root, or under APP_URL's path when it has one.
      { source: '/.well-known/did.json', destination: '/api/vc/did' },
      { source: '/did.json', destination: '/api/vc/did' },
    ];
  },
  async redirects() {
    // Links built without a language (SPEC §2: a designer page's IP rows open /{role}/ip/…) land
    // on the default language; a user whose stored language is en is then sent to /en by the shell.
    return [
      {
        source: '/:section(holder|designer|licensee|sys|profile|apply|help|terms|terms-designer|terms-licensee)/:rest*',
        destination: '/jp/:section/:rest*',
        permanent: false,
      },
    ];
  },
  async headers() {
    return [
      {
        source: '/:path*',
        headers: [
          { key: 'X-Content-Type-Options', value: 'nosniff' },
          // Same-origin framing only: the contract pages show their PDF in an iframe.
          { key: 'X-Frame-Options', value: 'SAMEORIGIN' },
          { key: 'Content-Security-Policy', value: "frame-ancestors 'self'; base-uri 'self'" },
          { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
          { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
          { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=()' },
        ],
      },
    ];
  },
};

module.exports = nextConfig;
