import type { AttachmentType, MessageKey } from '@rs/shared'
import { ApiError } from '../../lib/errors'
import { AttachmentError, attachmentName, checkAttachment } from './check'

const MB = 1024 * 1024

/** A workflow's rule for its attachments: the largest file, the longest name and its own Chinese refusals. */
export interface AttachmentPolicy {
  maxBytes: number
  nameMax: number
  messages: {
    /** 400 / 415: no file, an empty one or not a multipart form. */
    required: MessageKey
    /** 413, with {size} (e.g. "5 MB"). */
    tooLarge: MessageKey
    /** 415: not a PDF, PNG or JPEG by its bytes. */
    type: MessageKey
    /** 400: a PDF, PNG or JPEG that is cut off or broken. */
    broken: MessageKey
  }
}

/** An attachment that passed the checks, ready to be stored: its shown name, its type by content, its bytes. */
export interface AcceptedAttachment {
  fileName: string
  contentType: AttachmentType
  data: Buffer
}

/** The size of a policy's largest file as the refusal names it ("5 MB"). */
export const attachmentSizeText = (policy: Pick<AttachmentPolicy, 'maxBytes'>) => `${policy.maxBytes / MB} MB`

/**
 * Checks an uploaded file against a workflow's policy before anything is stored: size (413), type by
 * content (415) and completeness (400), each with the workflow's own Chinese message; the name is
 * cut to its last path part.
 */
export async function acceptAttachment(file: { filename: string; data: Buffer }, policy: AttachmentPolicy): Promise<AcceptedAttachment> {
  if (file.data.length > policy.maxBytes) throw ApiError.of(413, policy.messages.tooLarge, { size: attachmentSizeText(policy) })
  try {
    const contentType = await checkAttachment(file.data)
    return { fileName: attachmentName(file.filename, policy.nameMax), contentType, data: file.data }
  } catch (error) {
    if (error instanceof AttachmentError)
      throw error.problem === 'type' ? ApiError.of(415, policy.messages.type) : ApiError.of(400, policy.messages.broken)
    throw error
  }
}
