// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  getWorkstationName,
  setWorkstationName,
  subscribeWorkstationName,
  workstationHeaders,
} from './workstation-name.ts'

afterEach(() => localStorage.clear())

describe('the workstation this browser was named as', () => {
  it('is kept in this browser, told to listeners, and forgotten with null', () => {
    const heard = vi.fn()
    const stop = subscribeWorkstationName(heard)
    expect(getWorkstationName()).toBeNull()
    expect(setWorkstationName('Poste réception')).toBe(true)
    expect(getWorkstationName()).toBe('Poste réception')
    expect(heard).toHaveBeenCalledTimes(1)
    setWorkstationName(null)
    expect(getWorkstationName()).toBeNull()
    expect(heard).toHaveBeenCalledTimes(2)
    stop()
    setWorkstationName('Poste 2')
    expect(heard).toHaveBeenCalledTimes(2)
  })

  it('follows another tab through the storage event', () => {
    const heard = vi.fn()
    const stop = subscribeWorkstationName(heard)
    window.dispatchEvent(new StorageEvent('storage', { key: 'workstation-name' }))
    window.dispatchEvent(new StorageEvent('storage', { key: 'token' }))
    expect(heard).toHaveBeenCalledTimes(1)
    stop()
  })

  it('says when storage refuses it, and is then not named', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError')
    })
    expect(setWorkstationName('Poste 1')).toBe(false)
    expect(getWorkstationName()).toBeNull()
    vi.restoreAllMocks()
  })

  it('is sent URI-encoded, as a header carries Latin-1 only; nothing when unnamed', () => {
    expect(workstationHeaders('Poste réception')).toEqual({ 'x-workstation': 'Poste%20r%C3%A9ception' })
    expect(workstationHeaders(null)).toBeUndefined()
  })
})
