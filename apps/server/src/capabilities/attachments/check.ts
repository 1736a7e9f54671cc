import type { AttachmentType } from '@rs/shared'
import { ImageCheckError, inspectImage, sniffImageType } from '../../lib/image-upload'

/** Why an attachment was refused: not PDF/PNG/JPEG by its bytes, or broken or incomplete. */
export type AttachmentProblem = 'type' | 'broken'

export class AttachmentError extends Error {
  constructor(readonly problem: AttachmentProblem) {
    super(problem)
    this.name = 'AttachmentError'
  }
}

const latin1 = (bytes: Uint8Array, start: number, end: number) => Buffer.from(bytes.subarray(start, end)).toString('latin1')

/**
 * A PDF is whole when it starts with the %PDF-1.x/2.x header and its last kilobyte holds the
 * cross-reference pointer (startxref) and the end marker %%EOF: a cut-off download lacks them.
 */
export function isCompletePdf(bytes: Uint8Array): boolean {
  if (!/^%PDF-[12]\.\d/.test(latin1(bytes, 0, 8))) return false
  const tail = latin1(bytes, Math.max(0, bytes.length - 1024), bytes.length)
  const eof = tail.lastIndexOf('%%EOF')
  return eof >= 0 && tail.lastIndexOf('startxref', eof) >= 0
}

/**
 * The type of an attachment from its bytes (the name is not trusted): a complete PDF, or a PNG or
 * JPEG that passes the picture checks of lib/image-upload.ts. Throws AttachmentError.
 */
export async function checkAttachment(bytes: Uint8Array): Promise<AttachmentType> {
  if (latin1(bytes, 0, 5) === '%PDF-') {
    if (!isCompletePdf(bytes)) throw new AttachmentError('broken')
    return 'application/pdf'
  }
  const image = sniffImageType(bytes)
  if (image !== 'image/png' && image !== 'image/jpeg') throw new AttachmentError('type')
  try {
    await inspectImage(bytes, { maxSide: 12_000 })
  } catch (error) {
    if (error instanceof ImageCheckError) throw new AttachmentError(error.problem === 'notImage' ? 'type' : 'broken')
    throw error
  }
  return image
}

/** A file name safe to show and to send back: its last path part, at most `max` characters (its end kept). */
export function attachmentName(name: string, max: number): string {
  const base = name.split(/[\\/]/).pop()?.trim() || 'attachment'
  return base.length > max ? base.slice(base.length - max) : base
}
