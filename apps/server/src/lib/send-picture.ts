import type { FastifyReply, FastifyRequest } from 'fastify'

/** Whether an If-None-Match header names this ETag (a list, a weak form of it, or *). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false
  return header.split(',').some((tag) => {
    const t = tag.trim()
    return t === '*' || t === etag || t === `W/${etag}`
  })
}

/**
 * Cache-Control of a picture whose address carries its version (?v=…): the current version may
 * be kept for good, any other address is checked again.
 */
export function versionedCaching(askedVersion: string | undefined, version: string): string {
  return askedVersion === version ? 'public, max-age=31536000, immutable' : 'no-cache'
}

/**
 * Sends a picture the portal serves (stored covers and images, drawn SVGs) with the headers every
 * one of them needs: no script may run or load (an SVG's own style element aside), no sniffing,
 * its version as ETag and 304 when the browser already has it.
 */
export function sendPicture(
  request: FastifyRequest,
  reply: FastifyReply,
  picture: { data: Buffer | string; type: string; version: string },
  cacheControl: string,
) {
  const etag = `"${picture.version}"`
  reply
    .header('content-type', picture.type)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
    .header('etag', etag)
    .header('cache-control', cacheControl)
  if (matchesEtag(request.headers['if-none-match'], etag)) return reply.status(304).send()
  return reply.send(picture.data)
}
