import { createHash } from 'node:crypto'

/**
 * Data that is already JSON text (a GeoJSON geometry straight from PostGIS, reference data
 * serialised once): bindRoute splices it into the answer envelope untouched, with no JSON.parse
 * and no second serialisation. The type parameter is the shape the text has, so a handler still
 * answers what its route's data schema describes (the contract and the OpenAPI document keep it);
 * a test parses such answers with that schema.
 */
export class JsonText<T = unknown> {
  /** Never set: carries T for the type checker only. */
  declare readonly shape?: T
  constructor(readonly json: string) {}
}

/** JSON text of a value of shape T, serialised by the caller (or by PostGIS). */
export function jsonText<T>(json: string): JsonText<T> {
  return new JsonText<T>(json)
}

/** The success envelope of SPEC.md §7 around JSON text, without parsing it. */
export function envelopeText(data: JsonText): string {
  return `{"code":0,"message":"success","data":${data.json}}`
}

/**
 * A finished answer, for a cache of answers: the whole success envelope encoded to bytes once, with
 * an ETag of those bytes and its Cache-Control. bindRoute sends the bytes as they are, or 304 when
 * the client's If-None-Match names the ETag.
 */
export class FinishedJson<T = unknown> {
  /** Never set: carries T for the type checker only. */
  declare readonly shape?: T
  readonly etag: string
  constructor(
    readonly body: Buffer,
    readonly cacheControl: string,
  ) {
    this.etag = `"${createHash('sha1').update(body).digest('base64url')}"`
  }
}

/** The envelope around JSON text as a finished answer (see FinishedJson). */
export function finishedJson<T>(data: JsonText<T>, cacheControl: string): FinishedJson<T> {
  return new FinishedJson<T>(Buffer.from(envelopeText(data), 'utf8'), cacheControl)
}
