import { AOI_LIMITS, normalmetaDetail, normalmetaQuery, normalmetaUnion, normalmetaUpload, type UploadType } from '@rs/shared'
import type { FastifyInstance } from 'fastify'
import { actorOf } from '../../lib/audit'
import { ApiError } from '../../lib/errors'
import { bindRoute } from '../../lib/route'
import { bindUploadRoute } from '../../lib/upload-route'
import type { ScenesService } from './scenes.service'

/** The portal's image query under /api/normalmeta (SPEC §7): query, union, detail and the FILE/SHP upload. Public, rate-limited. */
export function registerNormalmetaRoutes(app: FastifyInstance, scenes: ScenesService, options: { uploadsPerMinute: number }) {
  bindRoute(app, normalmetaQuery, async ({ body }) => scenes.searchJson(body), { rateLimit: { max: 300, timeWindow: '1 minute' } })

  bindRoute(app, normalmetaUnion, async ({ body }) => scenes.unionArea(body.ids), { rateLimit: { max: 300, timeWindow: '1 minute' } })

  bindRoute(app, normalmetaDetail, async ({ query }) => scenes.detailJson(query.id), { rateLimit: { max: 600, timeWindow: '1 minute' } })

  bindUploadRoute(
    app,
    normalmetaUpload,
    {
      // the larger of the two kinds (an area file); a list is held to ARCHIVE_LIMITS.maxListBytes by the service
      maxBytes: AOI_LIMITS.maxUploadBytes,
      fields: 4,
      rateLimit: { max: options.uploadsPerMinute, timeWindow: '1 minute' },
      messages: { noFile: 'archive.upload.noFile', tooLarge: 'archive.upload.tooLarge' },
    },
    async ({ file, fields, user, request }) => {
      const input = { fileName: file.filename || 'upload', data: file.data, actor: user ? actorOf(user) : null, ip: request.ip }
      if (fields.kind === 'shp') return scenes.uploadShp(input)
      if (fields.kind !== 'file') throw ApiError.of(400, 'archive.upload.badKind')
      const uploadType = Number(fields.uploadType)
      if (uploadType !== 1 && uploadType !== 2 && uploadType !== 3) throw ApiError.of(400, 'archive.upload.badUploadType')
      return scenes.uploadList({ ...input, uploadType: uploadType as UploadType })
    },
  )
}
