import { type CollaborationRole, collaborationRole } from './permissions'
import { defineStateMachine, type EventOf } from './state-machine'

/**
 * 省部协同 (/ministryProvince/provinceMinistry, MOD_090): a province asks the ministry — a question,
 * a request for data or for technical support — with attachments, and the ministry answers in a
 * thread. One declaration on the shared state machine, used by the server (every change goes
 * through `provinceMinistryMachine` inside the row lock) and the web (which buttons show).
 *
 *   open 待答复 ──answer (ministry)──▶ answered 已答复
 *      ▲                                   │
 *      └──────── followUp (province) ──────┘
 *   close (the asking province or the ministry), from open or answered ▶ closed 已关闭 (final)
 *
 * Who: 'province' is an account with MOD_090 and an area range narrower than the whole country that
 * covers the request's region (or asked it); 'ministry' holds MOD_090 with the whole-country range
 * 100000 (collaborationRole, as spot verification decides it). Separation of duties: nobody answers
 * a request they asked (an asker later given the whole country still may not).
 */
export const PROVINCE_MINISTRY_STATES = ['open', 'answered', 'closed'] as const
export type ProvinceMinistryState = (typeof PROVINCE_MINISTRY_STATES)[number]

export const provinceMinistryMachine = defineStateMachine({
  states: PROVINCE_MINISTRY_STATES,
  transitions: {
    open: { answer: 'answered', close: 'closed' },
    answered: { followUp: 'open', close: 'closed' },
    closed: {},
  },
  roles: {
    answer: { by: ['ministry'], notBy: ['asker'] },
    followUp: { by: ['province'] },
    close: { by: ['province', 'ministry'] },
  },
})

export type ProvinceMinistryEvent = EventOf<typeof provinceMinistryMachine>
/** The events, as a tuple for the contract's enum (the test holds it equal to the machine's). */
export const PROVINCE_MINISTRY_EVENTS = ['answer', 'followUp', 'close'] as const satisfies readonly ProvinceMinistryEvent[]
export type ProvinceMinistryRole = CollaborationRole

/** The kinds of request: 咨询 a question, 数据需求 a request for data, 技术支持 a request for support. */
export const PROVINCE_MINISTRY_KINDS = ['question', 'data', 'support'] as const
export type ProvinceMinistryKind = (typeof PROVINCE_MINISTRY_KINDS)[number]

/** What a message of the thread is: the request itself, an answer of the ministry, a follow-up of the province. */
export const PROVINCE_MINISTRY_MESSAGE_KINDS = ['ask', 'answer', 'followUp'] as const
export type ProvinceMinistryMessageKind = (typeof PROVINCE_MINISTRY_MESSAGE_KINDS)[number]

/** The event a reply sends for the replying side: the ministry answers, the province follows up. */
export function replyEventOf(role: ProvinceMinistryRole): 'answer' | 'followUp' {
  return role === 'ministry' ? 'answer' : 'followUp'
}

/** The role an account holds in 省部协同 by its area ranges (MOD_090 is checked by the caller); null without any. */
export const provinceMinistryRole: (regionIds: readonly string[]) => ProvinceMinistryRole | null = collaborationRole

/** Only a province asks: the ministry answers the provinces' requests. */
export const canAsk = (role: ProvinceMinistryRole | null) => role === 'province'

/**
 * The events the caller may send on a request now: the machine's for its role in this state,
 * without those separation of duties refuses (the ministry account that asked it does not answer).
 */
export function provinceMinistryActions(
  state: ProvinceMinistryState,
  role: ProvinceMinistryRole,
  actor: { userId: number; askerId: number },
): ProvinceMinistryEvent[] {
  return provinceMinistryMachine
    .eventsFor(state, [role])
    .filter((event) => provinceMinistryMachine.separationConflict(event, actor.userId, { asker: actor.askerId }) === null)
}

/** Stated limits of a request, its messages and their attachments. */
export const PROVINCE_MINISTRY_LIMITS = {
  titleMax: 100,
  bodyMax: 2000,
  /** Attachments one message carries at most. */
  attachmentsPerMessage: 5,
  /** Largest attachment in bytes (10 MB). */
  attachmentMaxBytes: 10 * 1024 * 1024,
  attachmentNameMax: 120,
  /** Messages of one thread at most, the request itself included; then it is closed and asked anew. */
  messagesPerThread: 50,
  /** Characters of the list's text filter. */
  textMax: 50,
} as const
