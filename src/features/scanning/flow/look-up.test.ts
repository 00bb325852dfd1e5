import { describe, expect, it } from 'vitest'
import { ApiError } from '@/lib/http'
import { lookUp } from './look-up.ts'

describe('lookUp (the offline rule, once for every screen)', () => {
  it('gives what was found', async () => {
    await expect(lookUp(async () => 42)).resolves.toEqual({ status: 'found', value: 42 })
  })

  it.each([0, 408, 429, 500, 503])('takes the code unverified when the answer is %i', async (status) => {
    await expect(lookUp(() => Promise.reject(new ApiError(status, 'x', 'm')))).resolves.toEqual({ status: 'unverified' })
  })

  it.each([400, 403, 404, 409])("refuses on the server's own answer %i", async (status) => {
    const result = await lookUp(() => Promise.reject(new ApiError(status, 'x', 'Inconnu')))
    expect(result).toMatchObject({ status: 'refused', error: { status, message: 'Inconnu' } })
  })

  it('refuses, never accepts silently, an answer that is not an ApiError', async () => {
    const result = await lookUp(() => Promise.reject(new TypeError('bug')))
    expect(result.status).toBe('refused')
  })
})
