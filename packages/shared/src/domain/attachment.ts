/**
 * Attachments of the workflows (applications, 省部协同 requests): the types accepted, judged by the
 * file's bytes on the server (apps/server/src/capabilities/attachments), never by its name.
 */
export const ATTACHMENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const
export type AttachmentType = (typeof ATTACHMENT_TYPES)[number]

/** What a file picker offers for these types (the server judges the bytes again). */
export const ATTACHMENT_ACCEPT = '.pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg'
