import { describe, expect, it } from 'vitest'
import { picture, pngClaiming } from '../test/images'
import { ImageCheckError, inspectImage, isComplete, readImageHeader, sniffImageType } from './image-upload'

const problem = async (bytes: Uint8Array, maxSide = 8000) => {
  try {
    await inspectImage(bytes, { maxSide })
    return 'accepted'
  } catch (error) {
    if (error instanceof ImageCheckError) return error.problem
    throw error
  }
}

describe('image checks', () => {
  it.each(['png', 'jpeg', 'webp'] as const)('reads the type and size of a %s from its header and accepts it', async (type) => {
    const bytes = await picture(type, 64, 40)
    expect(sniffImageType(bytes)).toBe(`image/${type}`)
    expect(readImageHeader(bytes)).toEqual({ type: `image/${type}`, width: 64, height: 40 })
    expect(isComplete(bytes, `image/${type}`)).toBe(true)
    expect(await inspectImage(bytes, { maxSide: 8000 })).toEqual({ type: `image/${type}`, width: 64, height: 40 })
  })

  it('refuses text whatever the name says', async () => {
    expect(sniffImageType(Buffer.from('not a picture at all'))).toBeUndefined()
    expect(await problem(Buffer.from('not a picture at all'))).toBe('notImage')
    expect(await problem(Buffer.alloc(0))).toBe('notImage')
  })

  it.each(['png', 'jpeg', 'webp'] as const)('refuses a truncated %s (which a decoder would half show)', async (type) => {
    const bytes = await picture(type, 120, 80)
    const cut = bytes.subarray(0, Math.floor(bytes.length * 0.6))
    expect(isComplete(cut, `image/${type}`)).toBe(false)
    expect(await problem(cut)).toBe('corrupt')
  })

  it('refuses a PNG with a broken chunk checksum', async () => {
    const bytes = Buffer.from(await picture('png'))
    bytes[bytes.length - 20] = (bytes[bytes.length - 20] as number) ^ 0xff
    expect(await problem(bytes)).toBe('corrupt')
  })

  it('refuses a header claiming more pixels than allowed before decoding anything', async () => {
    const huge = pngClaiming(100_000, 100_000)
    expect(readImageHeader(huge)).toMatchObject({ width: 100_000, height: 100_000 })
    await expect(inspectImage(huge, { maxSide: 8000 })).rejects.toMatchObject({ problem: 'tooManyPixels', width: 100_000 })
    expect(await problem(await picture('png', 64, 40), 50)).toBe('tooManyPixels')
  })

  it('refuses a well-formed header whose data does not decode', async () => {
    expect(await problem(pngClaiming(30, 20))).toBe('corrupt')
  })
})
