import { taskWithUserErrors } from '../../lib/workers/task'
import { type CoverageInput, type CoverageResult, computeCoverage } from './coverage'

/** Runs in a worker thread (lib/workers): the coverage analysis, GEOS and the set cover, off the event loop. */
export const coverageTask = taskWithUserErrors(async (input: CoverageInput): Promise<CoverageResult> => computeCoverage(input))

export const COVERAGE_WORKER = new URL(import.meta.url).href
