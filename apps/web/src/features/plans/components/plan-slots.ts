import type { AoiUpload } from '@rs/shared'
import type { ReactNode } from 'react'
import type { DrawKind } from '../../../map/draw'

/**
 * What the plan screens take from other features, handed in by the route (features do not import
 * each other): the region picker (limited to a unit with `within`), a region's name, the area
 * upload (/api/aoi/upload) and the draw tools.
 */
export interface PlanSlots {
  regionPicker: (props: { value: string; onChange: (code: string) => void; within?: string }) => ReactNode
  regionName: (code: string) => ReactNode
  areaUpload: (props: { current: AoiUpload | null; onUploaded: (upload: AoiUpload) => void }) => ReactNode
  drawToolbar: (props: { active: DrawKind | null; onChoose: (kind: DrawKind) => void; onClear: () => void }) => ReactNode
}
