import { forbiddenCharacter } from '@rs/shared'
import type { FastifyRequest } from 'fastify'

/**
 * Why a form could not be read: not multipart, body over the limits, a text field cut at its size
 * limit, or a control character in the file name, a field name or a field value.
 */
export type UploadFormProblem = 'notMultipart' | 'tooLarge' | 'fieldTooLong' | 'controlCharacter'

export class UploadFormError extends Error {
  constructor(readonly problem: UploadFormProblem) {
    super(problem)
    this.name = 'UploadFormError'
  }
}

export interface UploadedForm {
  file?: { filename: string; data: Buffer }
  fields: Record<string, string>
}

const LIMIT_CODES = new Set(['FST_REQ_FILE_TOO_LARGE', 'FST_FILES_LIMIT', 'FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT'])

/**
 * Reads a multipart form (parts in any order) whose limits were set where @fastify/multipart was
 * registered; the file is buffered only up to the file-size limit, then the read stops with
 * UploadFormError('tooLarge').
 */
export async function readUploadForm(request: FastifyRequest): Promise<UploadedForm> {
  if (!request.isMultipart()) throw new UploadFormError('notMultipart')
  const fields: Record<string, string> = {}
  let file: UploadedForm['file']
  try {
    for await (const part of request.parts()) {
      if (forbiddenCharacter(part.fieldname)) throw new UploadFormError('controlCharacter')
      if (part.type === 'file') {
        if (part.filename && forbiddenCharacter(part.filename)) throw new UploadFormError('controlCharacter')
        const data = await part.toBuffer()
        if (file) throw new UploadFormError('tooLarge')
        file = { filename: part.filename ?? '', data }
      } else {
        if (part.valueTruncated) throw new UploadFormError('fieldTooLong')
        const value = typeof part.value === 'string' ? part.value : String(part.value ?? '')
        if (forbiddenCharacter(value, { multiline: true })) throw new UploadFormError('controlCharacter')
        fields[part.fieldname] = value
      }
    }
  } catch (error) {
    if (error instanceof UploadFormError) throw error
    if (LIMIT_CODES.has((error as { code?: string }).code ?? '')) throw new UploadFormError('tooLarge')
    throw error
  }
  return { file, fields }
}
