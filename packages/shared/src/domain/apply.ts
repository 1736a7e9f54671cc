import { MONITOR_MENU_KEY, MONITOR_MODULES, type MonitorModuleDecl, monitorPermissions } from './monitor/modules'
import { PERMISSION } from './permissions'
import { defineStateMachine, type EventOf } from './state-machine'

/**
 * An application's states and transitions (申请, SPEC §7 'request'): one declaration on the shared
 * state machine, used by the server (every change goes through `applyMachine`, a review by another
 * account than the applicant) and the web (which buttons show).
 *
 *   pending 待审核 ──approve──▶ approved 已通过 (the permission and area ranges granted at once)
 *      │ reject ▶ rejected 已驳回 (with the reason)
 *      │ withdraw ▶ withdrawn 已撤回 (the applicant, before review)
 */
export const APPLY_STATES = ['pending', 'approved', 'rejected', 'withdrawn'] as const
export type ApplyState = (typeof APPLY_STATES)[number]

export const applyMachine = defineStateMachine({
  states: APPLY_STATES,
  transitions: {
    pending: { approve: 'approved', reject: 'rejected', withdraw: 'withdrawn' },
    approved: {},
    rejected: {},
    withdrawn: {},
  },
  roles: {
    approve: { by: ['admin'], notBy: ['submitter'] },
    reject: { by: ['admin'], notBy: ['submitter'] },
    withdraw: { by: ['applicant'] },
  },
})

export type ApplyEvent = EventOf<typeof applyMachine>
export const APPLY_EVENTS: readonly ApplyEvent[] = applyMachine.events

/** The state an event leads to, or null when the machine does not allow it. */
export const nextApplyState = applyMachine.next

/** The events allowed in a state. */
export const applyEventsFrom = applyMachine.eventsFrom

/** Kinds of application: a monitoring module (应用服务) or data sharing (统筹共享). */
export const APPLY_KINDS = ['monitor', 'sharing'] as const
export type ApplyKind = (typeof APPLY_KINDS)[number]

/**
 * The module codes one may apply for, by kind, for the given monitoring modules (one per
 * declaration, domain/monitor/modules.ts); the menu group's display key goes with each grant.
 */
export function applicableModules(
  modules: readonly MonitorModuleDecl[] = MONITOR_MODULES,
): Record<ApplyKind, { menuKey: string; codes: readonly string[] }> {
  return {
    monitor: { menuKey: MONITOR_MENU_KEY, codes: monitorPermissions(modules) },
    sharing: {
      menuKey: 'MOD_083_DISPLAY',
      codes: [PERMISSION.regionPush, PERMISSION.provinceFeedback, PERMISSION.overallAnalysis],
    },
  }
}

/** The module codes one may apply for, by kind (the eight monitoring modules and the three of 统筹共享). */
export const APPLICABLE_MODULES = applicableModules()

/** Whether a module code may be applied for under a kind. */
export function isApplicableModule(kind: ApplyKind, code: string): boolean {
  return APPLICABLE_MODULES[kind].codes.includes(code)
}

/**
 * What an approval grants: the module code, its display key and the menu group's display key
 * (so the menu shows the entry, SPEC §2 menu building).
 */
export function grantedCodes(kind: ApplyKind, code: string): string[] {
  return [code, `${code}_DISPLAY`, APPLICABLE_MODULES[kind].menuKey]
}

/** Stated limits of an application and its attachment. */
export const APPLY_LIMITS = {
  reasonMax: 500,
  rejectReasonMax: 500,
  /** Regions one application names at most. */
  regionsMax: 20,
  /** Largest attachment in bytes (5 MB). */
  attachmentMaxBytes: 5 * 1024 * 1024,
  attachmentNameMax: 120,
} as const
