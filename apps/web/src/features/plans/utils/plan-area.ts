import type { AoiUpload, PlanArea, PlanItem } from '@rs/shared'
import type { MultiPolygon, Polygon } from 'geojson'

type AreaShape = Polygon | MultiPolygon
type DrawnArea = Extract<PlanArea, { mode: 'draw' }>

/**
 * An item's area while the form is open: regions chosen by the picker, a polygon drawn or typed, or
 * an uploaded file. Editing a drawn or uploaded item starts from its stored shape (`kept`: where it
 * came from, `itemId`: whose), which the server keeps exactly as stored unless it is replaced (the
 * map shows a simplified copy).
 */
export type AreaDraft =
  | { mode: 'region'; regionCodes: string[] }
  | { mode: 'draw'; geometry: AreaShape | null; kept?: 'draw' | 'shp'; itemId?: number }
  | { mode: 'shp'; upload: AoiUpload | null }

export type AreaMode = AreaDraft['mode']

/** An empty area of a mode. */
export function emptyArea(mode: AreaMode): AreaDraft {
  if (mode === 'region') return { mode, regionCodes: [] }
  if (mode === 'draw') return { mode, geometry: null }
  return { mode, upload: null }
}

/** The area of an item being edited. */
export function areaOfItem(item: Pick<PlanItem, 'id' | 'areaSource' | 'regionCodes' | 'geometry'>): AreaDraft {
  if (item.areaSource === 'region' && item.regionCodes.length > 0) return { mode: 'region', regionCodes: [...item.regionCodes] }
  return {
    mode: 'draw',
    geometry: (item.geometry as AreaShape | null) ?? null,
    kept: item.areaSource === 'shp' ? 'shp' : 'draw',
    itemId: item.id,
  }
}

/** The area as the check and the save send it; null while it is incomplete. */
export function toPlanArea(area: AreaDraft): PlanArea | null {
  if (area.mode === 'region') return area.regionCodes.length > 0 ? { mode: 'region', regionCodes: area.regionCodes } : null
  if (area.mode === 'draw') {
    if (area.kept && area.itemId !== undefined) return { mode: 'keep', itemId: area.itemId }
    return area.geometry ? { mode: 'draw', geometry: area.geometry as DrawnArea['geometry'] } : null
  }
  return area.upload ? { mode: 'shp', uploadId: area.upload.uploadId } : null
}

/** The shape to show on the form's map (a region is outlined by its code instead). */
export function areaShape(area: AreaDraft): AreaShape | null {
  if (area.mode === 'draw') return area.geometry
  if (area.mode === 'shp') return (area.upload?.geojson as AreaShape | undefined) ?? null
  return null
}

/** Adds a picked region; a region already chosen is not added twice. */
export function addRegion(area: AreaDraft, code: string): AreaDraft {
  if (area.mode !== 'region' || area.regionCodes.includes(code)) return area
  return { mode: 'region', regionCodes: [...area.regionCodes, code] }
}
