/** Test helpers for the platforms' fulfilment adapters (server/platforms/fulfilment): a `send` that answers from a list, and JSON answers. */
import type { PlatformRequest, PlatformResponse } from '../platforms/fulfilment/types.ts'

export const json = (
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): PlatformResponse => ({
  status,
  headers,
  body: JSON.stringify(body),
})

/** A send answering from the list in turn (an Error: no answer came), keeping what it was asked. */
export function fakeSend(...answers: (PlatformResponse | Error)[]) {
  const asked: PlatformRequest[] = []
  const send = async (request: PlatformRequest) => {
    asked.push(request)
    const answer = answers.shift()
    if (answer === undefined) throw new Error('unexpected call')
    if (answer instanceof Error) throw answer
    return answer
  }
  /** The GraphQL variables of the i-th request. */
  const variables = (i: number) => JSON.parse(asked[i]?.body ?? 'null').variables
  return { asked, send, variables }
}
