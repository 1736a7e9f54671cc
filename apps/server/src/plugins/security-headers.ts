import helmet from '@fastify/helmet'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

export interface SecurityHeaderOptions {
  /** The portal is served over TLS: send Strict-Transport-Security and upgrade insecure requests. */
  hsts: boolean
  /** A Tianditu key is configured: its WMTS tiles (https://t0–t7.tianditu.gov.cn) may load. */
  tianditu: boolean
  /** Origins of other configured tile layers (the province's aerospace imagery of 本地数据). */
  tileOrigins?: string[]
}

const TIANDITU = 'https://*.tianditu.gov.cn'

/**
 * The Content-Security-Policy the portal works under (e2e/security-headers.spec.ts opens the pages
 * in Chromium and fails on any violation):
 * - scripts only from the portal itself; 'wasm-unsafe-eval' for satellite.js's WebAssembly;
 * - style-src 'unsafe-inline': antd's CSS-in-JS writes <style> elements and OpenLayers inline styles;
 * - images: the portal (charts and typical images as SVG <img>), data: and blob: (canvas exports,
 *   image previews), Tianditu tiles when a key is set, the origin of a configured tile layer;
 * - workers from the portal or blob:; no plugins, no framing (frame-ancestors 'none').
 */
export function contentSecurityPolicy(options: SecurityHeaderOptions): Record<string, string[] | null> {
  const remoteImages = [...(options.tianditu ? [TIANDITU] : []), ...(options.tileOrigins ?? [])]
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', ...remoteImages],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", ...remoteImages],
    workerSrc: ["'self'", 'blob:'],
    objectSrc: ["'none'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    scriptSrcAttr: ["'none'"],
    // on a plain-http intranet host this would send every request of the page to https
    upgradeInsecureRequests: options.hsts ? [] : null,
  }
}

/**
 * Security headers on every answer (pages, API, map services) through @fastify/helmet: the CSP
 * above, nosniff, X-Frame-Options DENY, Referrer-Policy strict-origin-when-cross-origin, HSTS only
 * when the HSTS setting says the portal is served over TLS. Routes that set their own CSP (pictures:
 * lib/send-picture.ts) keep theirs. The OGC services under /map are meant for other sites' map
 * clients, so their answers may be embedded cross-origin.
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, options: SecurityHeaderOptions) => {
    await app.register(helmet, {
      contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(options) },
      crossOriginEmbedderPolicy: false,
      crossOriginOpenerPolicy: { policy: 'same-origin' },
      crossOriginResourcePolicy: { policy: 'same-origin' },
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      strictTransportSecurity: options.hsts ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    })
    app.addHook('onRequest', async (request, reply) => {
      if (request.url.startsWith('/map/')) reply.header('cross-origin-resource-policy', 'cross-origin')
    })
  },
  { name: 'rs-security-headers', fastify: '5.x' },
)
