import type OlMap from 'ol/Map'
import { unByKey } from 'ol/Observable'

/** Complete frames of every map of the page, counted together, so that a map made anew starts above any earlier one. */
let completeFrames = 0

/**
 * Marks on `element` (the map's container) whether the map has drawn everything it shows, for anyone
 * who waits for the map (the browser tests do): `data-render-state` is "rendering" after each frame
 * and "complete" after OpenLayers' `rendercomplete` (no tile or image loading, no animation);
 * `data-rendered` is the page-wide number of that complete frame, so a frame completed after an
 * action carries a higher number than any before it. Returns the function that stops marking.
 */
export function signalRenderState(map: OlMap, element: HTMLElement): () => void {
  let state = ''
  const mark = (next: 'rendering' | 'complete') => {
    if (next !== state) element.dataset.renderState = next
    state = next
  }
  const keys = [
    map.on('postrender', () => mark('rendering')),
    map.on('rendercomplete', () => {
      completeFrames += 1
      element.dataset.rendered = String(completeFrames)
      mark('complete')
    }),
  ]
  return () => {
    unByKey(keys)
    delete element.dataset.renderState
  }
}
