import { boundingExtent, type Extent } from 'ol/extent'
import Feature, { type FeatureLike } from 'ol/Feature'
import MultiLineString from 'ol/geom/MultiLineString'
import Point from 'ol/geom/Point'
import Polygon from 'ol/geom/Polygon'
import VectorLayer from 'ol/layer/Vector'
import { fromLonLat } from 'ol/proj'
import Cluster from 'ol/source/Cluster'
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
  /** Drawn faint and thin: one of many passes, not the chosen one. */
  quiet?: boolean
}

/**
 * Above this many passes shown at once the map is crowded (a county under tens of swaths is one
 * colour): the passes that are not chosen are drawn as faint tracks without swaths, and their markers
 * merge into counted groups.
 */
export const CROWDED_PASSES = 20

/** Pixels within which pass markers merge into one counted group. */
export const MARKER_GROUP_PX = 40

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
        line.setStyle(
          new Style({
            stroke: new Stroke({ color: s.quiet ? withAlpha(s.color, 0.35) : s.color, width: s.highlighted ? 3 : s.quiet ? 1 : 1.5 }),
          }),
        )
        features.push(line)
      }
      source.addFeatures(features)
    },
  }
}

/** One pass as a marker: the sub-satellite point at its closest moment (on its track), with a label. */
export interface PassMarker {
  /** The pass's place in the prediction's list. */
  index: number
  color: string
  at: LonLat
  /** Satellite and time, e.g. 'GF-1 01 06-14 10:31'. */
  label: string
}

const MARKER_LABEL_FONT = '12px "Noto Sans CJK SC", "Microsoft YaHei", sans-serif'

/** A group's circle grows with the logarithm of its count, from 12 px for two. */
export function groupRadius(count: number): number {
  return Math.round(12 + Math.min(10, 3 * Math.log2(count / 2)))
}

/** The pass indexes a drawn marker stands for (one, or a group's). */
export function passIndexesOf(feature: FeatureLike): number[] {
  const members = (feature.get('features') as FeatureLike[] | undefined) ?? [feature]
  return members.map((m) => m.get('index') as number)
}

/**
 * The pass markers: one per shown pass, merged into a circle with the count where markers would lie
 * within MARKER_GROUP_PX of each other at the view's scale (an OpenLayers cluster source), so many
 * passes over a small area read as a few numbered groups; a lone pass shows its satellite and time.
 * The chosen pass, alone or inside a group, is ringed in dark red. Points and groups always show;
 * labels that would overlap are left out.
 */
export function createPassMarkerLayer() {
  const points = new VectorSource<Feature<Point>>()
  const groups = new Cluster<Feature<Point>>({ source: points, distance: MARKER_GROUP_PX, minDistance: 12 })
  let selected: number | null = null
  const style = (feature: FeatureLike): Style => {
    const members = feature.get('features') as FeatureLike[]
    const isChosen = selected !== null && members.some((m) => m.get('index') === selected)
    const ring = isChosen ? new Stroke({ color: '#ad2102', width: 3 }) : new Stroke({ color: '#ffffff', width: 2 })
    if (members.length === 1) {
      const only = members[0] as FeatureLike
      return new Style({
        image: new Circle({ radius: isChosen ? 8 : 6, fill: new Fill({ color: only.get('color') }), stroke: ring, declutterMode: 'none' }),
        text: new Text({
          text: only.get('label'),
          font: MARKER_LABEL_FONT,
          textAlign: 'left',
          offsetX: 10,
          fill: new Fill({ color: '#1f2933' }),
          stroke: new Stroke({ color: '#ffffff', width: 3 }),
        }),
        zIndex: isChosen ? 2 : 0,
      })
    }
    // one colour when the group is one satellite's, else the portal's blue
    const colors = new Set(members.map((m) => m.get('color') as string))
    const color = colors.size === 1 ? ([...colors][0] as string) : '#1677ff'
    return new Style({
      image: new Circle({
        radius: groupRadius(members.length),
        fill: new Fill({ color: withAlpha(color, 0.85) }),
        stroke: ring,
        declutterMode: 'none',
      }),
      text: new Text({
        text: String(members.length),
        font: `600 ${MARKER_LABEL_FONT}`,
        fill: new Fill({ color: '#ffffff' }),
        declutterMode: 'none',
      }),
      zIndex: isChosen ? 2 : 1,
    })
  }
  const layer = new VectorLayer({ source: groups, zIndex: 38, declutter: true, style })
  return {
    layer,
    groups,
    /** Replaces the markers; `selectedIndex` is the chosen pass's place in the list. */
    setMarkers(markers: readonly PassMarker[], selectedIndex: number | null) {
      selected = selectedIndex
      points.clear()
      points.addFeatures(
        markers.map((m) => {
          const f = new Feature({ geometry: new Point(fromLonLat(m.at)), index: m.index, color: m.color, label: m.label })
          f.setId(`pass:${m.index}`)
          return f
        }),
      )
    },
    /** Marks the chosen pass without placing the markers again. */
    setSelected(selectedIndex: number | null) {
      selected = selectedIndex
      layer.changed()
    },
    /** The extent (map projection) of every marker, or null when there is none. */
    extent(): Extent | null {
      const all = points.getFeatures().map((f) => f.getGeometry()?.getCoordinates() as number[])
      return all.length > 0 ? boundingExtent(all) : null
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
