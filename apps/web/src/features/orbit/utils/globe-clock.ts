const HOUR = 3_600_000

/** The span of the 3D page's time slider, ms since 1970. */
export interface TimeWindow {
  start: number
  end: number
}

/** The 3D page's window: the open prediction's, else from 12 hours before the hour to 72 hours after it. */
export function globeWindow(query: { start: string; end: string } | undefined, now: number): TimeWindow {
  if (query) return { start: Date.parse(query.start), end: Date.parse(query.end) }
  const hour = Math.floor(now / HOUR) * HOUR
  return { start: hour - 12 * HOUR, end: hour + 72 * HOUR }
}

/**
 * Where the globe's clock starts in a window: now when now lies in it, else the window's start (a
 * prediction of the days to come, or of days gone by, is shown from its first moment, its passes ahead).
 */
export function clockStart(window: TimeWindow, now: number): number {
  return now >= window.start && now <= window.end ? now : window.start
}
