import VectorLayer from 'ol/layer/Vector'
import type OlMap from 'ol/Map'
import RenderEvent from 'ol/render/Event'
import VectorSource from 'ol/source/Vector'
import { describe, expect, it, vi } from 'vitest'
import { clampFraction, clipPolygon, createSwipe, fractionAfterKey, fractionAtPointer, swipeRect } from './swipe'

describe('the swipe divider', () => {
  it('splits a map into the left and right sides at its fraction of the width', () => {
    expect(swipeRect('left', 0.25, [800, 600])).toEqual([0, 0, 200, 600])
    expect(swipeRect('right', 0.25, [800, 600])).toEqual([200, 0, 800, 600])
    // the two sides meet without a gap or an overlap, at whole pixels
    expect(swipeRect('left', 1 / 3, [1000, 10])[2]).toBe(swipeRect('right', 1 / 3, [1000, 10])[0])
    expect(swipeRect('left', 1.5, [800, 600])).toEqual([0, 0, 800, 600])
    expect(swipeRect('right', -1, [800, 600])).toEqual([0, 0, 800, 600])
  })

  it('keeps its fraction within the map', () => {
    expect(clampFraction(-0.2)).toBe(0)
    expect(clampFraction(1.2)).toBe(1)
    expect(clampFraction(Number.NaN)).toBe(0.5)
  })

  it('turns a side into the canvas’s pixels (device pixel ratio 2)', () => {
    const double = (p: number[]) => p.map((v) => v * 2)
    expect(clipPolygon([200, 0, 800, 600], double)).toEqual([
      [400, 0],
      [1600, 0],
      [1600, 1200],
      [400, 1200],
    ])
  })

  it('follows the pointer across the map’s box', () => {
    expect(fractionAtPointer(150, 100, 400)).toBe(0.125)
    expect(fractionAtPointer(50, 100, 400)).toBe(0)
    expect(fractionAtPointer(900, 100, 400)).toBe(1)
    expect(fractionAtPointer(150, 100, 0)).toBe(0.5)
  })

  it('moves by the keyboard: arrows 1 % (10 % with Shift), Page keys 10 %, Home and End to the edges', () => {
    expect(fractionAfterKey(0.5, 'ArrowLeft')).toBe(0.49)
    expect(fractionAfterKey(0.5, 'ArrowRight')).toBe(0.51)
    expect(fractionAfterKey(0.5, 'ArrowRight', true)).toBe(0.6)
    expect(fractionAfterKey(0.5, 'PageDown')).toBe(0.4)
    expect(fractionAfterKey(0.995, 'ArrowUp')).toBe(1)
    expect(fractionAfterKey(0.3, 'Home')).toBe(0)
    expect(fractionAfterKey(0.3, 'End')).toBe(1)
    expect(fractionAfterKey(0.3, 'Enter')).toBeNull()
  })
})

describe('createSwipe', () => {
  function frame(layer: VectorLayer, type: 'prerender' | 'postrender', context: Partial<CanvasRenderingContext2D>) {
    const frameState = { size: [800, 600], pixelToCoordinateTransform: [1, 0, 0, 1, 0, 0], coordinateToPixelTransform: [1, 0, 0, 1, 0, 0] }
    // the render pixel of a CSS pixel is the inverse of the frame's transform applied to it: here the identity
    layer.dispatchEvent(new RenderEvent(type, [1, 0, 0, 1, 0, 0], frameState as never, context as CanvasRenderingContext2D))
  }
  const fakeContext = () => ({
    save: vi.fn(),
    restore: vi.fn(),
    beginPath: vi.fn(),
    moveTo: vi.fn(),
    lineTo: vi.fn(),
    closePath: vi.fn(),
    clip: vi.fn(),
    canvas: { width: 800, height: 600 } as HTMLCanvasElement,
  })

  it('clips each layer to its side before it draws and restores the canvas after', () => {
    const map = { render: vi.fn(), getSize: () => [800, 600] } as unknown as OlMap
    const left = new VectorLayer({ source: new VectorSource() })
    const right = new VectorLayer({ source: new VectorSource() })
    const clips: number[] = []
    const swipe = createSwipe(
      map,
      [
        { layer: left, side: 'left' },
        { layer: right, side: 'right' },
      ],
      { onClip: (x) => clips.push(x) },
    )
    swipe.setFraction(0.25)
    expect(map.render).toHaveBeenCalled()
    const a = fakeContext()
    frame(left, 'prerender', a)
    expect(a.save).toHaveBeenCalledOnce()
    expect(a.moveTo).toHaveBeenCalledWith(0, 0)
    expect(a.lineTo.mock.calls).toEqual([
      [200, 0],
      [200, 600],
      [0, 600],
    ])
    expect(a.clip).toHaveBeenCalledOnce()
    frame(left, 'postrender', a)
    expect(a.restore).toHaveBeenCalledOnce()

    const b = fakeContext()
    frame(right, 'prerender', b)
    expect(b.moveTo).toHaveBeenCalledWith(200, 0)
    expect(clips).toEqual([200, 200])

    // off: the layers draw whole; disposed: nothing listens any more
    swipe.setEnabled(false)
    const c = fakeContext()
    frame(left, 'prerender', c)
    expect(c.clip).not.toHaveBeenCalled()
    swipe.setEnabled(true)
    swipe.dispose()
    frame(left, 'prerender', c)
    expect(c.clip).not.toHaveBeenCalled()
  })
})
