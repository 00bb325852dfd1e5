/**
 * The body of a stock write as its screen built it. The outbox adds `validatedAt` to every write whose
 * endpoint declares it (when the write was validated on the device): it must be there, an ISO date, and is set aside so a
 * test compares what the screen decided. A missing one fails the handler, hence the test.
 */
export async function writeBody<T = Record<string, unknown>>(request: Request): Promise<T> {
  const { validatedAt, ...body } = (await request.json()) as { validatedAt?: unknown }
  if (typeof validatedAt !== 'string' || new Date(validatedAt).toISOString() !== validatedAt) {
    throw new Error(`A stock write without its validatedAt: ${String(validatedAt)}`)
  }
  return body as T
}
