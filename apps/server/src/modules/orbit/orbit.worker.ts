import { type AreaShape, type FoundPass, findPasses, OrbitError, orbitFromTle, type PassSensor, prepareArea } from '@rs/shared'
import { taskWithUserErrors } from '../../lib/workers/task'

/** One member's orbit and sensors for the pass finder. */
export interface PassTaskTarget {
  noradId: number
  line1: string
  line2: string
  sensors: PassSensor[]
}

export interface PassTaskInput {
  targets: PassTaskTarget[]
  geometry: AreaShape
  startMs: number
  endMs: number
}

export interface PassTaskOutput {
  /** Passes per target, in the order given. */
  passes: FoundPass[][]
  /** NORAD numbers SGP4 could not use (decayed elements). */
  decayed: number[]
  propagations: number
  ms: number
}

/** Runs in a worker thread (lib/workers): the passes of every target over the area (packages/shared domain/orbit). */
export const passTask = taskWithUserErrors(async (input: PassTaskInput): Promise<PassTaskOutput> => {
  const started = performance.now()
  const area = prepareArea(input.geometry)
  const stats = { propagations: 0 }
  const decayed: number[] = []
  const passes = input.targets.map((t) => {
    try {
      return findPasses(orbitFromTle(t.line1, t.line2), area, t.sensors, input.startMs, input.endMs, stats)
    } catch (error) {
      if (error instanceof OrbitError) {
        decayed.push(t.noradId)
        return []
      }
      throw error
    }
  })
  return { passes, decayed, propagations: stats.propagations, ms: performance.now() - started }
})

export const ORBIT_WORKER = new URL(import.meta.url).href
