// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest'
import { deviceTokenFor, keepDeviceToken } from './device-tokens.ts'

beforeEach(() => localStorage.clear())

describe('device tokens', () => {
  it("keeps one token per account, found whatever the name's case", () => {
    keepDeviceToken('Stock', 'd1.s1')
    keepDeviceToken('demo', 'd2.s2')
    expect(deviceTokenFor(' stock ')).toBe('d1.s1')
    expect(deviceTokenFor('DEMO')).toBe('d2.s2')
    expect(deviceTokenFor('retours')).toBeUndefined()
    keepDeviceToken('stock', 'd3.s3')
    expect(deviceTokenFor('stock')).toBe('d3.s3')
  })

  it('keeps the last twenty accounts', () => {
    for (let i = 0; i < 25; i++) keepDeviceToken(`user${i}`, `token${i}`)
    expect(deviceTokenFor('user4')).toBeUndefined()
    expect(deviceTokenFor('user5')).toBe('token5')
    expect(Object.keys(JSON.parse(localStorage.getItem('login-devices') ?? '{}'))).toHaveLength(20)
  })

  it('reads nothing from a stored value it did not write', () => {
    for (const stored of ['not json', '[]', 'null', '{"stock": 42}']) {
      localStorage.setItem('login-devices', stored)
      expect(deviceTokenFor('stock')).toBeUndefined()
    }
    keepDeviceToken('stock', 'd1.s1')
    expect(deviceTokenFor('stock')).toBe('d1.s1')
  })
})
