const isProduction = process.env.NODE_ENV === "production";

// On Vercel no disk outlives a request and the deployment's files are read-only: the embedded database
// cannot live there. Say so at build time, naming the variable, rather than fail on the first signup.
if (process.env.VERCEL === "1" && !process.env.DATABASE_URL?.trim()) {
  throw new Error(
    "DATABASE_URL is not set. On Vercel the site needs a PostgreSQL database: add DATABASE_URL (postgresql://user:password@host:5432/db) " +
      "to the project's Environment Variables for this environment, then build again.",
  );
}

/** Headers every response carries; pages get their Content-Security-Policy from proxy.ts. */
const securityHeaders = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Frame-Options", value: "DENY" },
  {
    key: "Permissions-Policy",
    value: "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
  },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
  ...(isProduction
    ? [{ key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains; preload" }]
    : []),
];

/**
 * The policy of a page requested with a body. The proxy never sees such a request (see its matcher), so it
 * cannot give it a nonce; no page takes a body, so nothing on such an answer needs to run: only the site's own
 * script files may, nothing inline. The rest is the site's policy as lib/csp.ts writes it for every page.
 */
const policyWithoutScripts = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "media-src 'self'",
  "worker-src 'self' blob:",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

/** @type {import('next').NextConfig} */
const nextConfig = {
  // Lets parallel builds (tests, benchmarks) use their own output folder.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  poweredByHeader: false,
  reactStrictMode: true,
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "bcryptjs"],
  // On Vercel (DATABASE_URL required, above) the embedded database is never opened, and Vercel resizes
  // images itself, so no function ships PGlite or sharp's libvips: every cold start would load them for
  // nothing. Elsewhere the traces keep them, for a self-hosted server that runs with the embedded database.
  ...(process.env.VERCEL === "1"
    ? {
        outputFileTracingExcludes: {
          "*": [
            "node_modules/@electric-sql/**",
            "node_modules/pglite-prisma-adapter/**",
            "node_modules/sharp/**",
            "node_modules/@img/**",
          ],
        },
      }
    : {}),
  images: { formats: ["image/avif", "image/webp"] },
  async rewrites() {
    return {
      // A leave link is both a page (GET: a "Remove me" button) and, for mail clients' one-click leave
      // (RFC 8058), a POST to the very same URL: a request with a body goes to the route handler, which caps
      // it. The proxy never sees it (see its matcher): Next would hold such a request until its whole body
      // had arrived, even one declared at 12 MB that never comes.
      beforeFiles: [
        // A request naming a server action goes to a route that refuses it quietly (the site has none).
        { source: "/:path*", has: [{ type: "header", key: "next-action" }], destination: "/api/no-server-actions" },
        ...["content-length", "transfer-encoding"].map((key) => ({
          source: "/waitlist/leave",
          has: [{ type: "header", key }],
          destination: "/api/waitlist/leave",
        })),
      ],
    };
  },
  async headers() {
    return [
      { source: "/:path*", headers: securityHeaders },
      // Pages asked for with a body, which the proxy does not see: they still carry a policy.
      ...["content-length", "transfer-encoding"].map((key) => ({
        source: "/((?!api/).*)",
        has: [{ type: "header", key }],
        headers: [{ key: "Content-Security-Policy", value: policyWithoutScripts }],
      })),
      // API answers are data, never a document: nothing in one may load or run, or be framed.
      {
        source: "/api/:path*",
        headers: [{ key: "Content-Security-Policy", value: "default-src 'none'; frame-ancestors 'none'" }],
      },
      // The pages the links in emails open, and the routes their forms post to, carry a token in their URL:
      // no Referer may take it to another request, another site or a CDN's log. These come after the
      // entry for every path, as the last matching entry sets a header.
      ...[
        "/waitlist/:path*",
        "/early-access",
        "/api/waitlist/confirm",
        "/api/waitlist/accept",
        "/api/waitlist/leave",
      ].map((source) => ({
        source,
        headers: [{ key: "Referrer-Policy", value: "no-referrer" }],
      })),
    ];
  },
};

export default nextConfig;
