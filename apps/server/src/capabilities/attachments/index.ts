/**
 * The attachments capability: the one door to the files people attach to a workflow (applications,
 * 省部协同 requests). A file is judged by its bytes (a complete PDF, or a PNG or JPEG that passes
 * the picture checks), sized and named under the workflow's policy with its own Chinese refusals,
 * uploaded through one binder, kept in the workflow's own table (storeAttachment; a later issue moves
 * files to object storage behind one storage interface) and sent back as a download.
 */
export { type AcceptedAttachment, type AttachmentPolicy, acceptAttachment, attachmentSizeText } from './accept'
export { AttachmentError, type AttachmentProblem, attachmentName, checkAttachment, isCompletePdf } from './check'
export { bindAttachmentDownload, type StoredAttachment, sendAttachment } from './download'
export { type AttachmentTable, storeAttachment } from './store'
export { bindAttachmentUpload } from './upload'
