import type { BodyOf } from '@rs/shared'
import { changeEmail, changeTelephone, personDetail, personDetailUpdate } from '@rs/shared/api-paths'
import { useQuery } from '@tanstack/react-query'
import { callApi } from '../../../lib/api-client'

export const PERSON_KEY = ['personal', 'detail'] as const

/** GET the caller's person information as registered. */
export function usePersonDetail() {
  return useQuery({ queryKey: PERSON_KEY, queryFn: ({ signal }) => callApi(personDetail, { signal }), retry: false })
}

/** POST the changed person information (audited by the server). */
export const updatePersonDetail = (body: BodyOf<typeof personDetailUpdate>) => callApi(personDetailUpdate, { body })

/** POST a new e-mail or telephone with the code sent to it under the captcha `token`. */
export const changeContact = (channel: 'email' | 'telephone', address: string, code: string, token: string) =>
  channel === 'email'
    ? callApi(changeEmail, { body: { email: address, code, token } })
    : callApi(changeTelephone, { body: { telephone: address, code, token } })
