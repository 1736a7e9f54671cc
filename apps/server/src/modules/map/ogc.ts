import type { MessageKey } from '@rs/shared'
import { t } from '../../lib/locale'
import { requestError, type TaskPool } from '../../lib/workers/pool'
import { escapeXml } from '../../lib/xml'

/** Which exception-report dialect a service answers with. */
export type OgcDialect = 'wms' | 'ows'

/**
 * A client error of an OGC request: answered as a WMS ServiceExceptionReport or an OWS 1.1
 * ExceptionReport with a Chinese message and a 4xx status, never as the JSON envelope.
 */
export class OgcError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly locator?: string,
    readonly status = 400,
  ) {
    super(message)
    this.name = 'OgcError'
  }

  static of(code: string, locator: string | undefined, key: MessageKey, params?: Record<string, string | number>, status = 400) {
    return new OgcError(code, t(key, params), locator, status)
  }
}

/** Shortens user text quoted back in a message. */
export function quote(value: string, max = 80): string {
  return value.length > max ? `${value.slice(0, max)}…` : value
}

export const XML_HEADER = '<?xml version="1.0" encoding="UTF-8"?>\n'

export function exceptionReport(dialect: OgcDialect, error: OgcError, version = dialect === 'wms' ? '1.3.0' : '2.0.0'): string {
  const locator = error.locator ? ` locator="${escapeXml(error.locator)}"` : ''
  if (dialect === 'wms') {
    return (
      `${XML_HEADER}<ServiceExceptionReport version="1.3.0" xmlns="http://www.opengis.net/ogc" ` +
      'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ' +
      'xsi:schemaLocation="http://www.opengis.net/ogc http://schemas.opengis.net/wms/1.3.0/exceptions_1_3_0.xsd">\n' +
      `  <ServiceException code="${escapeXml(error.code)}"${locator}>${escapeXml(error.message)}</ServiceException>\n` +
      '</ServiceExceptionReport>\n'
    )
  }
  return (
    `${XML_HEADER}<ows:ExceptionReport xmlns:ows="http://www.opengis.net/ows/1.1" ` +
    'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ' +
    'xsi:schemaLocation="http://www.opengis.net/ows/1.1 http://schemas.opengis.net/ows/1.1.0/owsExceptionReport.xsd" ' +
    `version="${escapeXml(version)}" xml:lang="zh-CN">\n` +
    `  <ows:Exception exceptionCode="${escapeXml(error.code)}"${locator}>\n` +
    `    <ows:ExceptionText>${escapeXml(error.message)}</ows:ExceptionText>\n` +
    '  </ows:Exception>\n' +
    '</ows:ExceptionReport>\n'
  )
}

/** Content type of the exception reports: WMS 1.3.0 names text/xml; OWS 1.1 application/xml. */
export function exceptionContentType(dialect: OgcDialect): string {
  return dialect === 'wms' ? 'text/xml; charset=utf-8' : 'application/xml; charset=utf-8'
}

/**
 * Runs a map task (drawing, tile cutting) in the worker pool and answers its failures as OGC
 * reports: over the budget 422 (ask for less), a full queue 503. `budget` is the time left for the
 * task and the whole request's budget that the message names.
 */
export async function runMapTask<T>(
  tasks: TaskPool,
  task: { module: string; fn: string; input: unknown },
  budget: { leftMs: number; seconds: number },
): Promise<T> {
  try {
    return await tasks.run<T>(task.module, task.fn, task.input, budget.leftMs)
  } catch (error) {
    throw requestError(
      error,
      () => OgcError.of('NoApplicableCode', undefined, 'ogc.errors.renderTimeout', { seconds: budget.seconds }, 422),
      () => OgcError.of('NoApplicableCode', undefined, 'ogc.errors.busy', undefined, 503),
    )
  }
}
