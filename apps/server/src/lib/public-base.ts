import type { FastifyInstance } from 'fastify'

/**
 * The address capabilities documents link to: PUBLIC_BASE_URL when set, else the address the server
 * listens on (localhost for all interfaces, the configured port before it listens). Never the
 * request's Host header, which a client chooses.
 */
export function publicBase(app: FastifyInstance, configured: string | undefined, port: number): string {
  if (configured) return configured
  const addresses = app.addresses().filter((a) => typeof a === 'object')
  const address = addresses.find((a) => a.family === 'IPv4') ?? addresses[0]
  if (!address) return `http://localhost:${port}`
  const wildcard = address.address === '0.0.0.0' || address.address === '::'
  const host = wildcard ? 'localhost' : address.family === 'IPv6' ? `[${address.address}]` : address.address
  return `http://${host}:${address.port}`
}
