import type { FeedbackType } from '@rs/shared'
import { feedbackHandle, feedbackList, feedbackSubmit } from '@rs/shared/api-paths'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { callApi } from '../../../lib/api-client'

export const FEEDBACK_KEY = ['feedback'] as const

/** POST feedback; a visitor sends the picture captcha's token and answer. */
export const sendFeedback = (body: { type: FeedbackType; content: string; contact?: string; token?: string; captcha?: string }) =>
  callApi(feedbackSubmit, { body })

export interface FeedbackFilterState {
  handled?: 'true' | 'false'
  pageNum: number
  pageSize: number
}

/** Every feedback for administrators (MOD_001). */
export function useFeedbackList(filter: FeedbackFilterState) {
  return useQuery({
    queryKey: [...FEEDBACK_KEY, filter],
    queryFn: ({ signal }) => callApi(feedbackList, { query: filter, signal }),
    placeholderData: keepPreviousData,
    retry: false,
  })
}

export const markFeedbackHandled = (id: number, note?: string) => callApi(feedbackHandle, { body: { id, ...(note ? { note } : {}) } })
