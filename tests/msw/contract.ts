/**
 * MSW handlers typed by the contract: a test states what an endpoint answers, and TypeScript
 * checks that the answer has the contract's shape.
 */
import { colonPath, type EndpointDef, type ResponseOf } from '@contract'
import { http, HttpResponse, type DefaultBodyType, type StrictRequest } from 'msw'

type Answer<E extends EndpointDef> = ResponseOf<E> | Response | Promise<ResponseOf<E> | Response>

export interface ResolverInput {
  request: StrictRequest<DefaultBodyType>
  params: Record<string, string | readonly string[] | undefined>
}

const methods = {
  GET: http.get,
  HEAD: http.head,
  POST: http.post,
  PUT: http.put,
  PATCH: http.patch,
  DELETE: http.delete,
} as const

/** A handler for one contract endpoint; plain values are sent as JSON. */
export function handle<E extends EndpointDef>(def: E, resolve: (input: ResolverInput) => Answer<E>) {
  return methods[def.method](`*${colonPath(def.path)}`, async (info) => {
    const answer = await resolve(info as ResolverInput)
    // Any Response passes as it is: HttpResponse's helpers, and HttpResponse.error() (no answer).
    if (answer instanceof Response) return answer
    return HttpResponse.json(answer as never)
  })
}

/** The error body of the reference server. */
export function apiError(
  status: number,
  code: string,
  message: string,
  fieldErrors?: Record<string, string[]>,
) {
  return HttpResponse.json({ code, message, ...(fieldErrors ? { fieldErrors } : {}) }, { status })
}
