/** Kinds of feedback (SPEC §7 'feedback'; message `feedback.types.<key>`). */
export const FEEDBACK_TYPES = ['suggestion', 'problem', 'data', 'account', 'other'] as const
export type FeedbackType = (typeof FEEDBACK_TYPES)[number]

/** Stated limits of a feedback message. */
export const FEEDBACK_LIMITS = {
  contentMin: 5,
  contentMax: 1000,
  contactMax: 100,
  handleNoteMax: 500,
} as const
