import { describe, expect, it } from 'vitest'
import { ApiError } from '@/lib/http'
import { parseScan } from '../model/parse.ts'
import { lookUp, lookUpLocation } from './look-up.ts'

describe('lookUp (the offline rule, once for every screen)', () => {
  it('gives what was found', async () => {
    await expect(lookUp(async () => 42)).resolves.toEqual({ status: 'found', value: 42 })
  })

  it.each([0, 408, 429, 500, 503])('takes the code unverified when the answer is %i', async (status) => {
    await expect(lookUp(() => Promise.reject(new ApiError(status, 'x', 'm')))).resolves.toEqual({
      status: 'unverified',
    })
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

describe('lookUpLocation (a scanned location, once for every screen)', () => {
  const unknown = (name: string) => `L'emplacement « ${name} » est inconnu.`
  const text = (code: string) => parseScan(code, 'wedge')

  it('refuses a product barcode without asking the server', async () => {
    let asked = false
    const result = await lookUpLocation(text('3760010000014'), async () => (asked = true), unknown)
    expect(result).toEqual({
      status: 'refused',
      message: '« 3760010000014 » est un code produit, pas un emplacement.',
    })
    expect(asked).toBe(false)
  })

  it('asks for the trimmed name, and says an unknown one is unknown', async () => {
    const names: string[] = []
    const found = await lookUpLocation(text(' A-01 '), async (name) => (names.push(name), { name }), unknown)
    expect(found).toEqual({ status: 'found', name: 'A-01', value: { name: 'A-01' } })
    expect(names).toEqual(['A-01'])
    const missing = await lookUpLocation(
      text('ZZ-99'),
      () => Promise.reject(new ApiError(404, 'not_found', 'x')),
      unknown,
    )
    expect(missing).toEqual({ status: 'refused', message: "L'emplacement « ZZ-99 » est inconnu." })
    const other = await lookUpLocation(
      text('B-01'),
      () => Promise.reject(new ApiError(403, 'forbidden', 'Accès refusé')),
      unknown,
    )
    expect(other).toEqual({ status: 'refused', message: 'Accès refusé' })
  })

  it('takes the name unverified when the server cannot answer', async () => {
    const result = await lookUpLocation(
      text('C-03'),
      () => Promise.reject(new ApiError(0, 'network', 'm')),
      unknown,
    )
    expect(result).toEqual({ status: 'unverified', name: 'C-03' })
  })
})
