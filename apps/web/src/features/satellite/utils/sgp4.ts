/*
 * The SGP4 functions of satellite.js 7.1.0, taken from the package's own modules. Its index also
 * re-exports a WebAssembly bulk propagator whose pthread build starts a module worker with top-level
 * await; Vite's default worker format ('iife') cannot bundle that, so `import … from 'satellite.js'`
 * fails the web build even though those parts are never used. With `worker: { format: 'es' }` in
 * apps/web/vite.config.ts the named imports from 'satellite.js' build as well (and tree-shake to the
 * same ~25 kB); until then this file reaches past the package's "exports" map to the plain modules.
 */
export { twoline2satrec } from '../../../../../../node_modules/satellite.js/dist/io.js'
export type { SatRec } from '../../../../../../node_modules/satellite.js/dist/propagation/SatRec.js'
export { gstime, propagate } from '../../../../../../node_modules/satellite.js/dist/propagation.js'
export { degreesLat, degreesLong, eciToGeodetic } from '../../../../../../node_modules/satellite.js/dist/transforms.js'
