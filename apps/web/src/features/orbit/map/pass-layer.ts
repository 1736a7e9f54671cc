import Feature from 'ol/Feature'
import MultiLineString from 'ol/geom/MultiLineString'
import Point from 'ol/geom/Point'
import Polygon from 'ol/geom/Polygon'
import VectorLayer from 'ol/layer/Vector'
import { fromLonLat } from 'ol/proj'
import VectorSource from 'ol/source/Vector'
import { Circle, Fill, Stroke, Style, Text } from 'ol/style'
import type { LonLat } from '../utils/pass-geometry'

/** One pass as drawn: its ground track (parts split at ±180°), its swath strip, its colour. */
export interface PassShape {
  id: string
  color: string
  track: LonLat[][]
  swath: LonLat[] | null
  highlighted: boolean
}

/** A colour with an alpha, from '#rrggbb'. */
export function withAlpha(hex: string, alpha: number): string {
  const n = Number.parseInt(hex.slice(1), 16)
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`
}

/** Colours of the satellites, in the order they first appear. */
export const PASS_COLORS = [
  '#1677ff',
  '#d4380d',
  '#389e0d',
  '#722ed1',
  '#d48806',
  '#08979c',
  '#c41d7f',
  '#5b8c00',
  '#0958d9',
  '#ad4e00',
] as const

/** The layer of the passes' tracks and swaths (under the live positions). */
export function createPassLayer() {
  const source = new VectorSource()
  const layer = new VectorLayer({ source, zIndex: 35 })
  return {
    layer,
    /** Replaces every pass shape; a highlighted pass is drawn thicker and on top. */
    setShapes(shapes: readonly PassShape[]) {
      source.clear()
      const features: Feature[] = []
      for (const s of [...shapes].sort((a, b) => Number(a.highlighted) - Number(b.highlighted))) {
        if (s.swath && s.swath.length > 3) {
          const f = new Feature(new Polygon([s.swath.map((p) => fromLonLat(p))]))
          f.setId(`${s.id}:swath`)
          f.setStyle(
            new Style({
              fill: new Fill({ color: withAlpha(s.color, s.highlighted ? 0.35 : 0.12) }),
              stroke: new Stroke({ color: s.color, width: s.highlighted ? 2.5 : 1 }),
            }),
          )
          features.push(f)
        }
        const line = new Feature(new MultiLineString(s.track.map((part) => part.map((p) => fromLonLat(p)))))
        line.setId(`${s.id}:track`)
        line.setStyle(new Style({ stroke: new Stroke({ color: s.color, width: s.highlighted ? 3 : 1.5 }) }))
        features.push(line)
      }
      source.addFeatures(features)
    },
  }
}

/** The layer of the active satellites' swaths now (a strip around the current position) and the point of interest. */
export function createLiveSwathLayer() {
  const source = new VectorSource()
  const layer = new VectorLayer({ source, zIndex: 39 })
  return {
    layer,
    setSwaths(swaths: ReadonlyArray<{ id: string; color: string; ring: LonLat[] }>, poi: LonLat | null) {
      source.clear()
      const features: Feature[] = swaths
        .filter((s) => s.ring.length > 3)
        .map((s) => {
          const f = new Feature(new Polygon([s.ring.map((p) => fromLonLat(p))]))
          f.setStyle(new Style({ fill: new Fill({ color: withAlpha(s.color, 0.25) }), stroke: new Stroke({ color: s.color, width: 1 }) }))
          return f
        })
      if (poi) {
        const f = new Feature(new Point(fromLonLat(poi)))
        f.setStyle(
          new Style({
            image: new Circle({ radius: 6, fill: new Fill({ color: '#f5222d' }), stroke: new Stroke({ color: '#fff', width: 2 }) }),
          }),
        )
        features.push(f)
      }
      source.addFeatures(features)
    },
  }
}

/** One frame of the chosen pass as drawn: its footprint and its label (the centre time). */
export interface FrameShape {
  id: string
  ring: LonLat[]
  centre: LonLat
  label: string
}

/** The layer of the chosen pass's frames (the scenes it would take), each labelled with its centre time; labels that would overlap are left out. */
export function createFrameLayer() {
  const source = new VectorSource()
  const layer = new VectorLayer({ source, zIndex: 37, declutter: true })
  return {
    layer,
    setFrames(frames: readonly FrameShape[], color: string) {
      source.clear()
      const outline = new Style({
        fill: new Fill({ color: withAlpha(color, 0.18) }),
        // a dark outline over the paler pass swaths, dashed so the frames' shared edges stay apart
        stroke: new Stroke({ color: '#ad2102', width: 2.5, lineDash: [8, 4] }),
      })
      const features = frames.flatMap((f) => {
        const footprint = new Feature(new Polygon([f.ring.map((p) => fromLonLat(p))]))
        footprint.setId(`frame:${f.id}`)
        footprint.setStyle(outline)
        const label = new Feature(new Point(fromLonLat(f.centre)))
        label.setId(`frame-time:${f.id}`)
        label.setStyle(
          new Style({
            text: new Text({
              text: f.label,
              font: '12px sans-serif',
              fill: new Fill({ color: '#262626' }),
              stroke: new Stroke({ color: '#fff', width: 3 }),
            }),
          }),
        )
        return [footprint, label]
      })
      source.addFeatures(features)
    },
  }
}
