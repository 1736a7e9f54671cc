/**
 * The package capability: the one production of a package of scenes (an order's download, a
 * push's delivery): each generated scene's quicklook drawn in the promised work's pool, then the zip
 * with its SHA-256 manifest written there (package.worker.ts), tasks that fail from load tried again
 * with backoff. Modules hand it their scenes and where the zip goes; it answers size and checksum.
 */
import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { DEFAULT_LOAD_RETRY, type LoadRetry, retryUnderLoad, type TaskPool } from '../../lib/workers/pool'
import { PACKAGE_WORKER, type PackageInput, type PackageOutput, type PackageScene } from './package.worker'

export type { PackageInput, PackageOutput, PackageScene } from './package.worker'
export { sceneFiles, writePackage } from './package.worker'

/** What a package needs of the scenes module: a generated scene's quicklook PNG (handed in by modules/index.ts). */
export interface QuicklookSource {
  draw(input: {
    id: string
    cloudPercent: number
    footprint: string
    bbox: [number, number, number, number]
    size: number
  }): Promise<Uint8Array>
}

export interface PackageSettings {
  /** Side of the packaged quicklooks in px. */
  quicklookSize: number
  /** Budget of writing one package in the worker pool. */
  packageBudgetMs: number
  /** How a task that failed from load (timeout, full queue) is tried again (default DEFAULT_LOAD_RETRY). */
  loadRetry?: LoadRetry
}

export interface ProduceInput {
  /** The zip's path (its folder is made). */
  file: string
  /** The package's scenes in order, with the cloud share their quicklooks are drawn from. */
  items: Array<{ scene: PackageScene; cloudPercent: number }>
  /** What the manifest says the package is (e.g. { order: 12 }). */
  about: PackageInput['about']
  /** The README's message (default: an order's). */
  readme?: PackageInput['readme']
  /** Progress 0–90 while the quicklooks are drawn (every 5 points); the zip is the rest. */
  onProgress?: (percent: number) => Promise<void>
  /** Told of each task tried again after failing from load. */
  onRetry?: (what: string, error: unknown, tries: number, delayMs: number) => void
}

export interface Packages {
  produce(input: ProduceInput): Promise<PackageOutput>
}

export function createPackages(deps: { jobs: TaskPool; quicklooks: QuicklookSource; settings: PackageSettings }): Packages {
  const { settings } = deps
  return {
    async produce({ file, items, about, readme, onProgress, onRetry }) {
      const underLoad = <T>(what: string, attempt: () => Promise<T>) =>
        retryUnderLoad(attempt, settings.loadRetry ?? DEFAULT_LOAD_RETRY, (error, tries, delayMs) => onRetry?.(what, error, tries, delayMs))
      const quicklooks: Record<string, Uint8Array> = {}
      let lastProgress = -1
      for (const [i, { scene, cloudPercent }] of items.entries()) {
        if (scene.illustrative)
          quicklooks[scene.id] = await underLoad(`quicklook ${scene.id}`, () =>
            deps.quicklooks.draw({
              id: scene.id,
              cloudPercent,
              footprint: scene.footprint,
              bbox: scene.bbox,
              size: settings.quicklookSize,
            }),
          )
        // quicklooks are 90% of the work, the zip the rest
        const progress = Math.floor(((i + 1) / items.length) * 90)
        if (progress >= lastProgress + 5) {
          lastProgress = progress
          await onProgress?.(progress)
        }
      }
      await mkdir(path.dirname(file), { recursive: true })
      const input: PackageInput = { about, readme, file, scenes: items.map((item) => item.scene), quicklooks, at: Date.now() }
      return underLoad('package', () => deps.jobs.run<PackageOutput>(PACKAGE_WORKER, 'packageTask', input, settings.packageBudgetMs))
    },
  }
}
