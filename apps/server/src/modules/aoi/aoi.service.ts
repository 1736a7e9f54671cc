import { AOI_LIMITS, type AoiUpload } from '@rs/shared'
import { ApiError } from '../../lib/errors'
import { type AoiLimits, parseAoiFile } from './aoi.files'
import type { AoiRepository, AoiRow } from './aoi.repository'

function toAnswer(row: AoiRow): AoiUpload {
  return {
    uploadId: row.id,
    name: row.fileName,
    featureCount: row.featureCount,
    vertexCount: row.vertexCount,
    areaKm2: Math.round(row.areaKm2 * 1000) / 1000,
    bbox: row.bbox.map(Number) as AoiUpload['bbox'],
    geojson: JSON.parse(row.geojson),
    notices: row.notices,
    createdAt: new Date(row.createdAt).toISOString(),
  }
}

/** Upload rules: parse defensively, then store in one statement; nothing is written on failure. */
export function createAoiService(repo: AoiRepository, limits: AoiLimits = AOI_LIMITS) {
  return {
    async upload(input: { fileName: string; data: Uint8Array; userId: number | null }): Promise<AoiUpload> {
      const fileName = input.fileName.replace(/^.*[\\/]/, '').slice(0, 200)
      const parsed = await parseAoiFile(fileName, input.data, limits)
      const row = await repo.insert({ userId: input.userId, fileName, ...parsed })
      if (!row) throw ApiError.of(400, 'aoi.errors.invalidGeometry')
      return toAnswer(row)
    },

    async get(id: string): Promise<AoiUpload> {
      const row = await repo.findById(id)
      if (!row) throw ApiError.of(404, 'aoi.errors.notFound')
      return toAnswer(row)
    },
  }
}

export type AoiService = ReturnType<typeof createAoiService>
