import { TYPICAL_IMAGE_LIMITS } from '@rs/shared'
import type { Translate } from '../../../lib/i18n'

/** Image types a real typical image may have. */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const
const IMAGE_EXTENSIONS = /\.(png|jpe?g|webp)$/i

export interface PixelSize {
  width: number
  height: number
}

/** "1.5 MB" or "320 KB": a size for messages. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MB`
  return `${Math.max(1, Math.round(bytes / 1024))} KB`
}

/** Why a file cannot replace a sample by its type or byte size, or undefined. */
export function fileProblem(file: Pick<File, 'name' | 'size' | 'type'>, t: Translate): string | undefined {
  const isImage = file.type ? (IMAGE_TYPES as readonly string[]).includes(file.type) : IMAGE_EXTENSIONS.test(file.name)
  if (!isImage) return t('typicalImagePage.rules.badType', { name: file.name })
  if (file.size > TYPICAL_IMAGE_LIMITS.maxBytes)
    return t('typicalImagePage.rules.tooLarge', {
      name: file.name,
      size: formatBytes(file.size),
      max: formatBytes(TYPICAL_IMAGE_LIMITS.maxBytes),
    })
  return undefined
}

/** Why an image of this pixel size cannot replace a sample (a side over TYPICAL_IMAGE_LIMITS.maxSide), or undefined. */
export function pixelProblem(size: PixelSize, t: Translate): string | undefined {
  if (size.width > TYPICAL_IMAGE_LIMITS.maxSide || size.height > TYPICAL_IMAGE_LIMITS.maxSide)
    return t('typicalImagePage.rules.tooWide', { ...size, side: TYPICAL_IMAGE_LIMITS.maxSide })
  return undefined
}

/** Decodes the image's header in the browser to learn its pixel size; rejects when it is not a readable image. */
export async function readPixelSize(file: Blob): Promise<PixelSize> {
  if (typeof createImageBitmap === 'function') {
    const bitmap = await createImageBitmap(file)
    const size = { width: bitmap.width, height: bitmap.height }
    bitmap.close()
    return size
  }
  const url = URL.createObjectURL(file)
  try {
    return await new Promise<PixelSize>((resolve, reject) => {
      const image = new Image()
      image.onload = () => resolve({ width: image.naturalWidth, height: image.naturalHeight })
      image.onerror = () => reject(new Error('unreadable image'))
      image.src = url
    })
  } finally {
    URL.revokeObjectURL(url)
  }
}
