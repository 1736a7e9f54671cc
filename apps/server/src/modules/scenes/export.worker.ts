import type { ExportFormat } from '@rs/shared'
import { type ExportFile, type ExportRecord, writeExport } from '../../capabilities/exports'
import { taskWithUserErrors } from '../../lib/workers/task'

/** Runs in a worker thread (lib/workers): writes an export file (up to 10,000 scenes) off the event loop. */
export const exportTask = taskWithUserErrors(
  async (input: { format: ExportFormat; records: ExportRecord[]; at: number }): Promise<ExportFile> =>
    writeExport(input.format, input.records, new Date(input.at)),
)

export const EXPORT_WORKER = new URL(import.meta.url).href
