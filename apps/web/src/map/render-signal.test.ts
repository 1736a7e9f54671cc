import type OlMap from 'ol/Map'
import Observable from 'ol/Observable'
import { describe, expect, it } from 'vitest'
import { signalRenderState } from './render-signal'

// OpenLayers' map is an Observable: its frames are events, dispatched here by hand
const fakeMap = () => new Observable()
const fakeElement = () => ({ dataset: {} as DOMStringMap }) as HTMLElement

describe('signalRenderState', () => {
  it('marks each frame as rendering and a rendercomplete as complete, numbered', () => {
    const map = fakeMap()
    const element = fakeElement()
    signalRenderState(map as unknown as OlMap, element)
    expect(element.dataset.renderState).toBeUndefined()
    map.dispatchEvent('postrender')
    expect(element.dataset).toMatchObject({ renderState: 'rendering' })
    expect(element.dataset.rendered).toBeUndefined()
    map.dispatchEvent('rendercomplete')
    const first = Number(element.dataset.rendered)
    expect(element.dataset.renderState).toBe('complete')
    // a new frame (a move, a layer changed) is not complete until its own rendercomplete
    map.dispatchEvent('postrender')
    expect(element.dataset).toMatchObject({ renderState: 'rendering', rendered: String(first) })
    map.dispatchEvent('rendercomplete')
    expect(element.dataset).toMatchObject({ renderState: 'complete', rendered: String(first + 1) })
  })

  it('numbers complete frames across the maps of the page, so a map made anew starts above an earlier one', () => {
    const [a, b] = [fakeMap(), fakeMap()]
    const [first, second] = [fakeElement(), fakeElement()]
    signalRenderState(a as unknown as OlMap, first)
    a.dispatchEvent('rendercomplete')
    signalRenderState(b as unknown as OlMap, second)
    b.dispatchEvent('rendercomplete')
    expect(Number(second.dataset.rendered)).toBeGreaterThan(Number(first.dataset.rendered))
  })

  it('stops marking and forgets the state once stopped', () => {
    const map = fakeMap()
    const element = fakeElement()
    const stop = signalRenderState(map as unknown as OlMap, element)
    map.dispatchEvent('rendercomplete')
    stop()
    expect(element.dataset.renderState).toBeUndefined()
    map.dispatchEvent('postrender')
    expect(element.dataset.renderState).toBeUndefined()
  })
})
