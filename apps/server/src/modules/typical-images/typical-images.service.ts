import { LANGUAGE_PARAM, TYPICAL_IMAGE_KEYS, TYPICAL_IMAGE_LIMITS, type TypicalImage, type TypicalImageKey } from '@rs/shared'
import { type AuditRecorder, actorOf, type Caller } from '../../lib/audit'
import { ApiError } from '../../lib/errors'
import { ImageCheckError, inspectImage } from '../../lib/image-upload'
import { currentLocale } from '../../lib/locale'
import { CONTENT_DATE, typicalImageContent } from './typical-images.content'
import { illustration } from './typical-images.illustration'
import type { TypicalImageRow, TypicalImagesRepository } from './typical-images.repository'

const MB = 1024 * 1024

export const IMAGE_PATH = '/api/satellite/typical-images/image'

/** A sample in the caller's language; an illustration's address names an English caller's language (an image is fetched without the header). */
function toAnswer(key: TypicalImageKey, row: TypicalImageRow | undefined): TypicalImage {
  const locale = currentLocale()
  const content = typicalImageContent(key, locale)
  const real = row?.hasImage === true
  const version = real ? `r${new Date(row.updatedAt).getTime()}` : illustration(key).version
  const lang = !real && locale === 'en-US' ? `&${LANGUAGE_PARAM}=en` : ''
  return {
    key,
    slug: content.slug,
    satellite: content.satellite,
    sensor: content.sensor,
    title: content.title,
    shows: content.shows,
    howTaken: content.howTaken,
    imageUrl: `${IMAGE_PATH}?key=${key}&v=${version}${lang}`,
    illustration: !real,
    credit: real ? row.credit : null,
    updatedAt: new Date(row?.updatedAt ?? CONTENT_DATE).toISOString(),
  }
}

function imageError(error: ImageCheckError): ApiError {
  if (error.problem === 'notImage') return ApiError.of(415, 'typicalImage.errors.notImage')
  if (error.problem === 'tooManyPixels')
    return ApiError.of(400, 'typicalImage.errors.tooManyPixels', {
      width: error.width,
      height: error.height,
      max: TYPICAL_IMAGE_LIMITS.maxSide,
    })
  return ApiError.of(400, 'typicalImage.errors.corrupt')
}

/** The typical-image samples: illustrations by default, an operator's real image when uploaded. */
export function createTypicalImagesService(repo: TypicalImagesRepository, audit: AuditRecorder) {
  return {
    async list(): Promise<TypicalImage[]> {
      const rows = new Map((await repo.all()).map((r) => [r.key, r]))
      return TYPICAL_IMAGE_KEYS.map((key) => toAnswer(key, rows.get(key)))
    },

    /** Checks the credit and the whole picture before anything is written. */
    async replace(key: TypicalImageKey, input: { data: Buffer; credit: string | undefined }, by: Caller): Promise<TypicalImage> {
      const credit = (input.credit ?? '').trim()
      if (!credit) throw ApiError.of(400, 'typicalImage.creditRequired')
      if ([...credit].length > TYPICAL_IMAGE_LIMITS.maxCreditChars)
        throw ApiError.of(400, 'typicalImage.creditTooLong', { max: TYPICAL_IMAGE_LIMITS.maxCreditChars })
      if (input.data.length === 0) throw ApiError.of(400, 'typicalImage.errors.noFile')
      if (input.data.length > TYPICAL_IMAGE_LIMITS.maxBytes)
        throw ApiError.of(413, 'typicalImage.errors.tooLarge', { size: `${TYPICAL_IMAGE_LIMITS.maxBytes / MB} MB` })
      let info: Awaited<ReturnType<typeof inspectImage>>
      try {
        info = await inspectImage(input.data, { maxSide: TYPICAL_IMAGE_LIMITS.maxSide })
      } catch (error) {
        if (error instanceof ImageCheckError) throw imageError(error)
        throw error
      }
      await repo.replace(key, { data: input.data, type: info.type, width: info.width, height: info.height, credit }, by.userId)
      await audit.record({
        actor: actorOf(by),
        ip: by.ip,
        action: 'typicalImageReplace',
        target: `typical-image:${key}`,
        detail: { bytes: input.data.length, type: info.type, width: info.width, height: info.height, credit },
      })
      return toAnswer(key, await repo.find(key))
    },

    async restore(key: TypicalImageKey, by: Caller): Promise<TypicalImage> {
      await repo.restore(key, by.userId)
      await audit.record({ actor: actorOf(by), ip: by.ip, action: 'typicalImageRestore', target: `typical-image:${key}` })
      return toAnswer(key, await repo.find(key))
    },

    /** The picture to serve: the real image, or the SVG illustration; version = the v of imageUrl. */
    async picture(key: TypicalImageKey): Promise<{ data: Buffer | string; type: string; version: string }> {
      const row = await repo.image(key)
      if (row) return { data: row.image, type: row.contentType, version: `r${new Date(row.updatedAt).getTime()}` }
      const drawn = illustration(key)
      return { data: drawn.svg, type: 'image/svg+xml; charset=utf-8', version: drawn.version }
    },
  }
}

export type TypicalImagesService = ReturnType<typeof createTypicalImagesService>
