import type { Locale } from '@rs/shared'
import { ApiError } from '../errors'
import { type MessageRef, withLocale } from '../locale'

/**
 * Inside a worker thread: an ApiError cannot cross to the main thread as itself (a thrown error
 * keeps only its message), so a task answers the user's error as a value, and the pool throws it
 * again as an ApiError on the main thread. A thread has no request and so no caller's language:
 * an error built from a message key travels as that key and its parameters (`message`), translated
 * on the main thread; `text` is the thread's own (Chinese) text, for an error built from text.
 */
export interface TaskUserError {
  userError: { status: number; text: string; message?: MessageRef; code: number }
}

export function isTaskUserError(value: unknown): value is TaskUserError {
  return typeof value === 'object' && value !== null && 'userError' in value
}

/** Wraps a task so that it runs in the caller's language and its ApiErrors travel back as values. */
export function taskWithUserErrors<I, O>(fn: (input: I) => O | Promise<O>): (input: I, locale?: Locale) => Promise<O | TaskUserError> {
  return async (input, locale = 'zh-CN') => {
    try {
      return await withLocale(locale, () => fn(input))
    } catch (error) {
      if (error instanceof ApiError)
        return { userError: { status: error.status, text: error.message, message: error.messageRef, code: error.code } }
      throw error
    }
  }
}
