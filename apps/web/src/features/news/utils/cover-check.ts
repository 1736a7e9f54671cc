import { NEWS_LIMITS } from '@rs/shared'
import type { Translate } from '../../../lib/i18n'

/** Image types a cover may have. */
export const COVER_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const
const COVER_EXTENSIONS = /\.(png|jpe?g|webp)$/i

/** "1.5 MB" or "320 KB": a size for messages. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MB`
  return `${Math.max(1, Math.round(bytes / 1024))} KB`
}

/** Why a file cannot be a cover (wrong type, over NEWS_LIMITS.coverMaxBytes), or undefined when it can. */
export function coverProblem(file: Pick<File, 'name' | 'size' | 'type'>, t: Translate): string | undefined {
  const isImage = file.type ? (COVER_TYPES as readonly string[]).includes(file.type) : COVER_EXTENSIONS.test(file.name)
  if (!isImage) return t('newsPage.coverBadType', { name: file.name })
  if (file.size > NEWS_LIMITS.coverMaxBytes)
    return t('newsPage.coverTooLarge', { name: file.name, size: formatBytes(file.size), max: formatBytes(NEWS_LIMITS.coverMaxBytes) })
  return undefined
}
