// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { getToken, initTokenStore, setToken, subscribeToken } from './token-store.ts'

const enc = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '')
const valid = `${enc({ alg: 'HS256' })}.${enc({ exp: Math.floor(Date.now() / 1000) + 3600 })}.c2ln`
const expired = `${enc({ alg: 'HS256' })}.${enc({ exp: Math.floor(Date.now() / 1000) - 1 })}.c2ln`

beforeEach(() => {
  setToken(null)
  localStorage.clear()
})

describe('token store', () => {
  it("keeps the token under 'token' as a JSON-quoted string", () => {
    setToken(valid)
    expect(localStorage.getItem('token')).toBe(JSON.stringify(valid))
    expect(getToken()).toBe(valid)
    setToken(null)
    expect(localStorage.getItem('token')).toBeNull()
  })

  it('clears an expired stored token at start (silent logout)', () => {
    localStorage.setItem('token', JSON.stringify(expired))
    initTokenStore()
    expect(getToken()).toBeNull()
    expect(localStorage.getItem('token')).toBeNull()
  })

  it('keeps a usable stored token at start and ignores a value that is not JSON', () => {
    localStorage.setItem('token', JSON.stringify(valid))
    initTokenStore()
    expect(getToken()).toBe(valid)
    localStorage.setItem('token', valid) // not JSON-quoted
    initTokenStore()
    expect(getToken()).toBeNull()
  })

  it('follows a change made in another tab and tells the subscribers', () => {
    initTokenStore()
    const listener = vi.fn()
    const unsubscribe = subscribeToken(listener)
    localStorage.setItem('token', JSON.stringify(valid))
    window.dispatchEvent(new StorageEvent('storage', { key: 'token' }))
    expect(getToken()).toBe(valid)
    expect(listener).toHaveBeenLastCalledWith(valid)
    localStorage.removeItem('token')
    window.dispatchEvent(new StorageEvent('storage', { key: 'token' }))
    expect(listener).toHaveBeenLastCalledWith(null)
    unsubscribe()
  })
})
