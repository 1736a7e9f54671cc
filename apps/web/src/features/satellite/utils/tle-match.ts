import type { SatelliteMember, SatelliteTle } from '@rs/shared'
import { memberColor } from './format'

/** A member with orbit elements, as the map draws it. */
export interface TrackedMember {
  /** Stable id: the NORAD number. */
  id: string
  name: string
  color: string
  line1: string
  line2: string
  /** ISO time of the elements. */
  epoch: string
}

/** Which members have elements (in the facts' order, each with its colour) and which have none. */
export interface TleMatch {
  tracked: TrackedMember[]
  /** Names of members without elements ('无轨道根数'). */
  untracked: string[]
}

/**
 * Pairs the facts' members with the TLE answer, by NORAD number and otherwise by name. Elements for
 * an object the facts do not list are left out; members keep the facts' order and get distinct colours.
 */
export function matchTle(members: readonly SatelliteMember[], tles: readonly SatelliteTle[]): TleMatch {
  const byNorad = new Map(tles.map((e) => [e.noradId, e]))
  const byName = new Map(tles.map((e) => [e.member, e]))
  const used = new Set<number>()
  const tracked: TrackedMember[] = []
  const untracked: string[] = []
  for (const member of members) {
    const found =
      (member.noradId !== undefined ? byNorad.get(member.noradId) : undefined) ?? (member.name ? byName.get(member.name) : undefined)
    if (found && !used.has(found.noradId)) {
      used.add(found.noradId)
      tracked.push({
        id: String(found.noradId),
        name: member.name ?? found.member,
        color: memberColor(tracked.length),
        line1: found.line1,
        line2: found.line2,
        epoch: found.epoch,
      })
    } else if (member.name) untracked.push(member.name)
  }
  return { tracked, untracked }
}
