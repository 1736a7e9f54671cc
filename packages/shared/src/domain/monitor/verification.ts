import { collaborationRole } from '../permissions'
import { defineStateMachine, type EventOf, type RoleOf } from '../state-machine'

/**
 * Spot verification (实地核查, issue 13; the province ↔ ministry feedback of law-enforcement spots):
 * one declaration on the shared state machine, used by the server (every change goes through
 * `verificationMachine`) and the web (which buttons show).
 *
 *   unchecked 待核查 ──record──▶ recorded 待审核 ──accept──▶ accepted 已通过 (final)
 *                                   ▲  │ return (with a reason)
 *                          record   │  ▼
 *                                 returned 已退回
 *
 * Who: `record` a province-level user (the module's MOD code and an area range that covers the
 * spot but is not the whole country); `accept` / `return` the ministry (the module's MOD code and
 * the whole-country area range 100000), never the account that recorded the check under review.
 * Which spots: every spot whose stage is 'new' (first found in its batch); a 'persist' spot was
 * checked when it was new.
 */
export const VERIFICATION_STATES = ['unchecked', 'recorded', 'accepted', 'returned'] as const
export type VerificationState = (typeof VERIFICATION_STATES)[number]

export const verificationMachine = defineStateMachine({
  states: VERIFICATION_STATES,
  transitions: {
    unchecked: { record: 'recorded' },
    recorded: { accept: 'accepted', return: 'returned' },
    returned: { record: 'recorded' },
    accepted: {},
  },
  roles: {
    record: { by: ['province'] },
    accept: { by: ['ministry'], notBy: ['recorder'] },
    return: { by: ['ministry'], notBy: ['recorder'] },
  },
})

export type VerificationEvent = EventOf<typeof verificationMachine>
export const VERIFICATION_EVENTS: readonly VerificationEvent[] = verificationMachine.events

/** Field-check results: 属实 (the change is real), 不属实, 部分属实. */
export const VERIFICATION_RESULTS = ['true', 'false', 'partial'] as const
export type VerificationResult = (typeof VERIFICATION_RESULTS)[number]

/** The state an event leads to, or null when the machine does not allow it. */
export const nextVerificationState = verificationMachine.next

/** The events allowed in a state. */
export const verificationEventsFrom = verificationMachine.eventsFrom

/** Which role an event needs: the province records, the ministry reviews. */
export type VerificationRole = RoleOf<typeof verificationMachine>

/** The role that sends an event, by the declaration (each event has one). */
export function verificationRoleOf(event: VerificationEvent): VerificationRole {
  return verificationMachine.rolesOf(event)[0] as VerificationRole
}

/**
 * The role a user holds for a module's spot: 'ministry' with the whole-country area range,
 * 'province' with a narrower range that covers the spot (checked by the caller), else null.
 */
export function verificationRole(regionIds: readonly string[]): VerificationRole | null {
  return collaborationRole(regionIds)
}

/** Whether a spot of this stage needs a field check. */
export function needsVerification(stage: string): boolean {
  return stage === 'new'
}

/** Stated limits of a field check and its photos. */
export const VERIFICATION_LIMITS = {
  noteMax: 500,
  reasonMax: 500,
  /** Photos per check: at least one, at most six. */
  photosMin: 1,
  photosMax: 6,
  /** Largest photo in bytes (5 MB). */
  photoMaxBytes: 5 * 1024 * 1024,
  /** Longest side of a photo in pixels. */
  photoMaxSide: 12_000,
  photoNameMax: 120,
  /**
   * The position rule: the recorded point lies inside the spot's county (its real boundary) or
   * within this many metres of the spot (a spot on a county border, GPS error).
   */
  nearMetres: 2000,
} as const

/** Photo types accepted (by their bytes, not their name). */
export const VERIFICATION_PHOTO_TYPES = ['image/jpeg', 'image/png'] as const

/** Stated limits of an import of a delivery (zipped shapefile or GeoJSON). */
export const MONITOR_IMPORT_LIMITS = {
  /** Largest upload in bytes (50 MB). */
  maxUploadBytes: 50 * 1024 * 1024,
  /** Largest total of a zip's unpacked entries (300 MB). */
  maxUnzippedBytes: 300 * 1024 * 1024,
  maxZipEntries: 20,
  maxFeatures: 200_000,
  maxVertices: 20_000_000,
  /** Rejected features listed in the report at most (the count is always whole). */
  maxReported: 500,
  /** Longest time of reading and checking the file in a worker thread (seconds). */
  maxProcessingSeconds: 120,
} as const

/** What a field mapping names: the source field of each spot property (attributes by key). */
export interface MonitorImportMapping {
  siteId: string
  spotType: string
  attributes: Record<string, string>
}

/** The mapping a module's declaration suggests: the declared keys as the field names (TBLX, site id SITE_ID). */
export function defaultImportMapping(attributeKeys: readonly string[]): MonitorImportMapping {
  return { siteId: 'site_id', spotType: 'tblx', attributes: Object.fromEntries(attributeKeys.map((k) => [k, k])) }
}

/** China's box (WGS84) that every imported feature must lie inside, before the county check. */
export const CHINA_BOX = { west: 73, south: 3, east: 136, north: 54 } as const
