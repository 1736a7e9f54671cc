import { defineStateMachine, type EventOf } from './state-machine'

/**
 * Pushes (推送, issue 23): the ministry delivers imagery to the provinces' push nodes. A batch's
 * states on the shared state machine:
 *
 *   pending 待推送 ──start──▶ pushing 推送中 ──deliver──▶ delivered 已送达
 *                                 │ fail ▶ failed 推送失败 ──retry──▶ pushing
 *
 * An administrator (MOD_001) creates a batch and retries a failed one; the server starts, delivers
 * (the package written to the node's target and its checksum read back) and fails.
 */
export const PUSH_STATES = ['pending', 'pushing', 'delivered', 'failed'] as const
export type PushState = (typeof PUSH_STATES)[number]

export const pushMachine = defineStateMachine({
  states: PUSH_STATES,
  transitions: {
    pending: { start: 'pushing' },
    pushing: { deliver: 'delivered', fail: 'failed' },
    failed: { retry: 'pushing' },
    delivered: {},
  },
  roles: {
    start: { by: ['server'] },
    deliver: { by: ['server'] },
    fail: { by: ['server'] },
    retry: { by: ['administrator'] },
  },
})
export type PushEvent = EventOf<typeof pushMachine>

/**
 * Where a node's deliveries go: a folder under the portal's push root (PUSH_DIR), the default, or
 * an S3-compatible bucket of the node's own (Aliyun OSS, MinIO, Ceph, AWS), under a key prefix.
 */
export const PUSH_TARGET_KINDS = ['folder', 's3'] as const
export type PushTargetKind = (typeof PUSH_TARGET_KINDS)[number]

export const PUSH_LIMITS = {
  /** Most scenes in one batch. */
  maxScenes: 2_000,
  /** Node name length. */
  maxNameLength: 60,
  /** Contacts of a node. */
  maxContacts: 10,
  /** A target folder: letters, digits, - and _ in up to four levels below the push root. */
  folderPattern: /^[A-Za-z0-9_-]{1,40}(\/[A-Za-z0-9_-]{1,40}){0,3}$/,
  /** An S3 bucket name: 3–63 lower-case letters, digits, '.' and '-', starting and ending with a letter or digit. */
  bucketPattern: /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
  /** A signing region such as cn-beijing or us-east-1. */
  regionPattern: /^[a-z0-9-]{2,40}$/,
} as const
