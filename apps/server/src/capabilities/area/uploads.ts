import { AOI_LIMITS, type AoiUpload } from '@rs/shared'
import type { AuditActor, AuditRecorder } from '../../lib/audit'
import { ApiError } from '../../lib/errors'
import { notices } from '../../lib/locale'
import type { AoiLimits } from '../../lib/vector-files'
import { requestError, type TaskPool } from '../../lib/workers/pool'
import type { AreaRepository, UploadRow } from './area.repository'
import { AREA_WORKER, type PreparedUpload } from './area.worker'

function toAnswer(row: UploadRow): AoiUpload {
  return {
    uploadId: row.id,
    name: row.fileName,
    featureCount: row.featureCount,
    vertexCount: row.vertexCount,
    areaKm2: Math.round(row.areaKm2 * 1000) / 1000,
    bbox: row.bbox.map(Number) as AoiUpload['bbox'],
    geojson: JSON.parse(row.geojson),
    // stored as message keys (older rows: Chinese text, answered as it is)
    notices: notices(row.notices),
    createdAt: new Date(row.createdAt).toISOString(),
  }
}

/** One upload: the file as it came, who sent it (null: a visitor) and from where. */
export interface UploadInput {
  fileName: string
  data: Uint8Array
  actor: AuditActor | null
  ip: string
}

/**
 * The upload store (aoi_upload): the file is read and its area repaired in a worker thread within
 * a time budget (over it: 422, the thread is ended), then the valid area is stored in one
 * statement; nothing is written on failure. Every outcome goes to the audit log.
 */
export function createAreaUploads(repo: AreaRepository, tasks: TaskPool, audit: AuditRecorder, limits: AoiLimits = AOI_LIMITS) {
  async function store(fileName: string, data: Uint8Array, userId: number | null): Promise<AoiUpload> {
    let prepared: PreparedUpload
    try {
      prepared = await tasks.run<PreparedUpload>(
        AREA_WORKER,
        'prepareUpload',
        { fileName, data, limits },
        limits.maxProcessingSeconds * 1000,
      )
    } catch (error) {
      throw requestError(error, () => ApiError.of(422, 'aoi.errors.tooComplex', { seconds: limits.maxProcessingSeconds }))
    }
    const row = await repo.insertUpload({ userId, fileName, ...prepared })
    if (!row) throw ApiError.of(400, 'aoi.errors.invalidGeometry')
    return toAnswer(row)
  }

  return {
    /** One upload by a visitor (actor null) or a user; its outcome, refused or stored, goes to the audit log. */
    async upload(input: UploadInput): Promise<AoiUpload> {
      const fileName = input.fileName.replace(/^.*[\\/]/, '').slice(0, 200)
      const record = (outcome: 'success' | 'failure', detail: Record<string, unknown>) =>
        audit.record({
          actor: input.actor,
          ip: input.ip,
          action: 'aoiUpload',
          target: fileName,
          outcome,
          detail: { bytes: input.data.length, ...detail },
        })
      try {
        const answer = await store(fileName, input.data, input.actor?.userId ?? null)
        await record('success', { uploadId: answer.uploadId })
        return answer
      } catch (error) {
        await record('failure', { status: error instanceof ApiError ? error.status : 500 })
        throw error
      }
    },

    /** A stored upload; 404 for an unknown id. */
    async get(id: string): Promise<AoiUpload> {
      const row = await repo.uploadById(id)
      if (!row) throw ApiError.of(404, 'aoi.errors.notFound')
      return toAnswer(row)
    },
  }
}

export type AreaUploads = ReturnType<typeof createAreaUploads>
