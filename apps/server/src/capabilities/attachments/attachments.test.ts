import { describe, expect, it } from 'vitest'
import { picture, SMALL_PDF } from '../../test/images'
import { acceptAttachment, attachmentName, checkAttachment, isCompletePdf } from '.'

const POLICY = {
  maxBytes: 1024 * 1024,
  nameMax: 12,
  messages: {
    required: 'apply.errors.attachmentRequired',
    tooLarge: 'apply.errors.attachmentTooLarge',
    type: 'apply.errors.attachmentType',
    broken: 'apply.errors.attachmentBroken',
  },
} as const

describe('the attachment check', () => {
  it('knows a whole PDF from a cut one', () => {
    expect(isCompletePdf(SMALL_PDF)).toBe(true)
    expect(isCompletePdf(SMALL_PDF.subarray(0, SMALL_PDF.length - 8))).toBe(false)
    expect(isCompletePdf(Buffer.from('%PDF-x'))).toBe(false)
  })

  it('types a file by its bytes, not its name', async () => {
    expect(await checkAttachment(SMALL_PDF)).toBe('application/pdf')
    expect(await checkAttachment(await picture('png'))).toBe('image/png')
    expect(await checkAttachment(await picture('jpeg'))).toBe('image/jpeg')
    await expect(checkAttachment(await picture('webp'))).rejects.toMatchObject({ problem: 'type' })
    await expect(checkAttachment(Buffer.from('PK\u0003\u0004 a zip'))).rejects.toMatchObject({ problem: 'type' })
  })

  it('keeps the last path part of a name, cut from the front to the longest allowed', () => {
    expect(attachmentName('C:\\docs\\申请函.pdf', 120)).toBe('申请函.pdf')
    expect(attachmentName('/tmp/a/very-long-name.pdf', 12)).toBe('ong-name.pdf')
    expect(attachmentName('  ', 12)).toBe('attachment')
  })
})

describe('acceptAttachment', () => {
  it('answers each refusal with the policy’s own Chinese message and status', async () => {
    await expect(acceptAttachment({ filename: 'a.pdf', data: Buffer.alloc(1024 * 1024 + 1) }, POLICY)).rejects.toMatchObject({
      status: 413,
      message: '附件过大，最大 1 MB',
    })
    await expect(acceptAttachment({ filename: 'a.txt', data: Buffer.from('plain text') }, POLICY)).rejects.toMatchObject({
      status: 415,
      message: '附件只能是 PDF、PNG 或 JPEG 文件',
    })
    await expect(acceptAttachment({ filename: 'a.pdf', data: SMALL_PDF.subarray(0, 40) }, POLICY)).rejects.toMatchObject({ status: 400 })
  })

  it('gives the checked name, type and bytes', async () => {
    const accepted = await acceptAttachment({ filename: 'dir/letter-2026.pdf', data: SMALL_PDF }, POLICY)
    expect(accepted).toMatchObject({ fileName: 'ter-2026.pdf', contentType: 'application/pdf' })
    expect(accepted.data.equals(SMALL_PDF)).toBe(true)
  })
})
