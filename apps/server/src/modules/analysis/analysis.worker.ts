import type { Locale } from '@rs/shared'
import { withLocale } from '../../lib/locale'
import type { AnalysisSatelliteRow, PlannedMissionRow } from './analysis.repository'
import { buildAnalysisPages } from './analysis.service'
import { type Built, withCharts } from './chart-images'

/**
 * Runs in a worker thread (lib/workers): the analysis pages and their chart images from the loaded
 * rows, in one language (a thread has no request: the language comes with the task). Drawing every
 * chart takes a few hundred milliseconds of CPU, which would otherwise hold the event loop when the
 * server starts listening.
 */
export function buildAnalysis(input: { sats: AnalysisSatelliteRow[]; plans: PlannedMissionRow[]; locale: Locale }): Built {
  return withLocale(input.locale, () => withCharts(buildAnalysisPages(input.sats, input.plans)))
}

/** Generous: the work is ours, not a request's (about 0.3 s on this machine), but a busy machine must not fail it. */
export const ANALYSIS_BUILD_BUDGET_MS = 60_000

export const ANALYSIS_WORKER = new URL(import.meta.url).href
