import type { SceneArea } from '@rs/shared'
import type { Geometry } from 'geojson'
import { fetchAoi } from '../../features/aoi/api/fetch-aoi'
import { SELECT_MODE, type SelectMode, useSelectStore } from '../../features/aoi/state/select-store'

const MODE_OF: Record<SceneArea['mode'], SelectMode> = {
  region: SELECT_MODE.REGION,
  extent: SELECT_MODE.EXTENT,
  shp: SELECT_MODE.SHP,
  draw: SELECT_MODE.DRAW,
  file: SELECT_MODE.FILE,
}

/** Puts an area read from the address into the select store; SHP areas are fetched (their outline is shown). */
export async function hydrateArea(area: SceneArea): Promise<void> {
  const store = useSelectStore.getState()
  store.setSelectMode(MODE_OF[area.mode])
  if (area.mode === 'region') store.setRegion(area.regionCode)
  else if (area.mode === 'extent') store.setExtent(area.bbox)
  else if (area.mode === 'draw') store.setDrawn(area.geometry as Geometry)
  else if (area.mode === 'file') store.setFileList({ uploadId: area.uploadId, report: null })
  else {
    try {
      useSelectStore.getState().setShp(await fetchAoi(area.uploadId))
    } catch {
      // gone or expired: the area stays empty and the address follows
    }
  }
}

/** Opens an uploaded area (an automatic login's geojsonId) as the SHP area; an unknown one changes nothing. */
export async function openUpload(uploadId: string): Promise<void> {
  try {
    const aoi = await fetchAoi(uploadId)
    useSelectStore.getState().setSelectMode(SELECT_MODE.SHP)
    useSelectStore.getState().setShp(aoi)
  } catch {
    // gone, expired or another person's: the area stays as it was
  }
}
