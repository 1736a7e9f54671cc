import type { Messages } from '../zh-CN'

/** en-US words of the archive's coverage analysis, exports and footprint tiles; every key of archiveCoverageZh. */
export const archiveCoverageEn: Messages['archiveCoverage'] = {
  regionLevel: { province: 'Province', city: 'City', county: 'County' },
  export: {
    fileBase: 'image-search-results',
    sheet: 'Scenes',
    columns: {
      id: 'Scene id',
      satellite: 'Satellite',
      sensor: 'Sensor',
      acquiredAt: 'Acquired (Beijing time)',
      cloudPercent: 'Cloud cover (%)',
      resolutionM: 'Resolution (m)',
      productLevel: 'Product level',
      orbit: 'Orbit',
      path: 'Path',
      row: 'Row',
      direction: 'Pass direction',
      offNadirDeg: 'Off-nadir angle (°)',
      fileName: 'File name',
      dataStatus: 'Data status',
      areaKm2: 'Area (km²)',
      footprint: 'Footprint (WKT)',
    },
    direction: { ascending: 'Ascending', descending: 'Descending' },
  },
  tiles: {
    layer: 'Footprints of the search results',
    fields: {
      id: 'Scene id',
      satellite: 'Satellite',
      sensor: 'Sensor',
      cloud: 'Cloud cover (%)',
      time: 'Acquired (UTC, ISO 8601)',
    },
  },
  errors: {
    fileArea:
      'A file-list search has no area, so coverage cannot be analysed; choose the area by region, extent, drawing or vector upload instead',
    tooComplex: 'The coverage analysis did not finish within {seconds} s; narrow the area or use fewer scenes and try again',
    exportTooSlow: 'The export did not finish within {seconds} s; export fewer scenes and try again',
    badTileToken: 'The footprint layer’s query token is invalid or expired (valid {minutes} minutes); please search again',
    noScenes: 'No scenes match to export; adjust the search',
  },
}
