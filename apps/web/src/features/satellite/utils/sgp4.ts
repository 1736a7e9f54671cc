/** The SGP4 functions of satellite.js the satellite pages use (named imports, so the rest tree-shakes away). */
export { degreesLat, degreesLong, eciToGeodetic, gstime, propagate, type SatRec, twoline2satrec } from 'satellite.js'
