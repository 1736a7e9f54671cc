import type BaseLayer from 'ol/layer/Base'
import type Layer from 'ol/layer/Layer'
import type OlMap from 'ol/Map'
import { unByKey } from 'ol/Observable'
import { getRenderPixel } from 'ol/render'
import type RenderEvent from 'ol/render/Event'

/*
 * The swipe (卷帘) of the year comparison: a vertical divider across the map at a fraction of its
 * width; one year's layers are drawn only left of it, the other year's only right of it. Pure maths
 * first (tested without a browser), then the OpenLayers wiring: each layer clips its canvas in
 * `prerender` and restores it in `postrender`.
 */

export type SwipeSide = 'left' | 'right'

/** A fraction kept within 0–1 (NaN: the middle). */
export function clampFraction(fraction: number): number {
  if (Number.isNaN(fraction)) return 0.5
  return Math.min(1, Math.max(0, fraction))
}

/** The rectangle of one side in CSS pixels of a map of `size` [width, height]: [x0, y0, x1, y1]. */
export function swipeRect(side: SwipeSide, fraction: number, size: readonly [number, number]): [number, number, number, number] {
  const [width, height] = size
  const x = Math.round(width * clampFraction(fraction))
  return side === 'left' ? [0, 0, x, height] : [x, 0, width, height]
}

/**
 * The clip polygon of a rectangle in the canvas's own pixels, by the map's pixel conversion (device
 * pixel ratio, rotation): top-left, top-right, bottom-right, bottom-left.
 */
export function clipPolygon(rect: readonly [number, number, number, number], toRender: (pixel: number[]) => number[]): number[][] {
  const [x0, y0, x1, y1] = rect
  return [toRender([x0, y0]), toRender([x1, y0]), toRender([x1, y1]), toRender([x0, y1])]
}

/** The divider's fraction for a pointer at `clientX` over a box starting at `left` and `width` wide. */
export function fractionAtPointer(clientX: number, left: number, width: number): number {
  return width > 0 ? clampFraction((clientX - left) / width) : 0.5
}

/** Keyboard steps of the divider: an arrow moves it 1 % (10 % with Shift), Page keys 10 %, Home and End to the edges. */
export function fractionAfterKey(fraction: number, key: string, isShift = false): number | null {
  const step = isShift ? 0.1 : 0.01
  const moves: Record<string, number> = {
    ArrowLeft: fraction - step,
    ArrowDown: fraction - step,
    ArrowRight: fraction + step,
    ArrowUp: fraction + step,
    PageDown: fraction - 0.1,
    PageUp: fraction + 0.1,
    Home: 0,
    End: 1,
  }
  const next = moves[key]
  return next === undefined ? null : Math.round(clampFraction(next) * 1000) / 1000
}

/** The swipe's hold on a map: the sides of its layers and where the divider stands. */
export interface Swipe {
  /** Moves the divider and redraws. */
  setFraction(fraction: number): void
  fraction(): number
  /** Turns clipping on (the divider shown) or off (every layer drawn whole). */
  setEnabled(isEnabled: boolean): void
  /** Stops clipping and lets go of the layers. */
  dispose(): void
}

/**
 * Clips each layer to its side of the divider; layers without a side are drawn whole. The layers
 * keep opacity 1 (OpenLayers draws a translucent vector layer on a canvas of its own after
 * `postrender`, past the clip): translucency goes into their styles. `onClip` hears
 * the divider's x in CSS pixels each time a layer is clipped (the page marks it for whoever checks).
 */
export function createSwipe(
  map: OlMap,
  sides: ReadonlyArray<{ layer: BaseLayer; side: SwipeSide }>,
  options: { fraction?: number; onClip?: (x: number) => void } = {},
): Swipe {
  let at = clampFraction(options.fraction ?? 0.5)
  let isEnabled = true
  const keys = sides.flatMap(({ layer, side }) => {
    const rendered = layer as Layer
    return [
      rendered.on('prerender', (event: RenderEvent) => {
        const context = event.context as CanvasRenderingContext2D | undefined
        if (!context || !isEnabled) return
        const size = (event.frameState?.size ?? map.getSize() ?? [0, 0]) as [number, number]
        const rect = swipeRect(side, at, size)
        options.onClip?.(side === 'left' ? rect[2] : rect[0])
        const polygon = clipPolygon(rect, (pixel) => getRenderPixel(event, pixel))
        context.save()
        context.beginPath()
        for (const [i, [x, y]] of polygon.entries()) {
          if (i === 0) context.moveTo(x as number, y as number)
          else context.lineTo(x as number, y as number)
        }
        context.closePath()
        context.clip()
      }),
      rendered.on('postrender', (event: RenderEvent) => {
        const context = event.context as CanvasRenderingContext2D | undefined
        if (context && isEnabled) context.restore()
      }),
    ]
  })
  return {
    setFraction(next) {
      at = clampFraction(next)
      map.render()
    },
    fraction: () => at,
    setEnabled(next) {
      isEnabled = next
      map.render()
    },
    dispose() {
      unByKey(keys)
      map.render()
    },
  }
}
