import { ApiError } from '../errors'

/**
 * Inside a worker thread: an ApiError cannot cross to the main thread as itself (a thrown error
 * keeps only its message), so a task answers the user's error as a value, and the pool throws it
 * again as an ApiError on the main thread.
 */
export interface TaskUserError {
  userError: { status: number; message: string; code: number }
}

export function isTaskUserError(value: unknown): value is TaskUserError {
  return typeof value === 'object' && value !== null && 'userError' in value
}

/** Wraps a task so that its ApiErrors travel back as values. */
export function taskWithUserErrors<I, O>(fn: (input: I) => O | Promise<O>): (input: I) => Promise<O | TaskUserError> {
  return async (input) => {
    try {
      return await fn(input)
    } catch (error) {
      if (error instanceof ApiError) return { userError: { status: error.status, message: error.message, code: error.code } }
      throw error
    }
  }
}
