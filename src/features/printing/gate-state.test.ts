import { describe, expect, it } from 'vitest'
import { messages } from '@/lib/messages'
import {
  computerOutcome,
  gateState,
  ipOutcome,
  printersOutcome,
  type ComputerOutcome,
  type IpOutcome,
  type PrintersOutcome,
} from './gate-state.ts'

const PRINTING_LOAD = "Une erreur est survenue. Impossible de charger les paramètres d'impression."
const NO_PEER = 'Your browser does not support this API'

describe('gateState (SPEC §4 printing context, §8)', () => {
  it('uses SPEC texts', () => {
    expect(messages.errors.printingLoad).toBe(PRINTING_LOAD)
    expect(messages.errors.noPeerConnection).toBe(NO_PEER)
  })

  it('is ready once all three are known, configured or not, with printers or a 404', () => {
    for (const computer of ['configured', 'not-configured'] as const) {
      for (const printers of ['ok', 'not-found'] as const) {
        expect(gateState({ ip: 'ok', computer, printers })).toBe('ready')
      }
    }
  })

  it('waits while any of the three is pending', () => {
    expect(gateState({ ip: 'pending', computer: 'pending', printers: 'pending' })).toBe('loading')
    expect(gateState({ ip: 'ok', computer: 'pending', printers: 'ok' })).toBe('loading')
    expect(gateState({ ip: 'ok', computer: 'configured', printers: 'pending' })).toBe('loading')
    expect(gateState({ ip: 'ok', computer: 'not-configured', printers: 'pending' })).toBe('loading')
  })

  it('fails on the printer list (other than 404) or the IP detection, even while the rest is pending', () => {
    expect(gateState({ ip: 'ok', computer: 'configured', printers: 'error' })).toEqual({
      error: PRINTING_LOAD,
    })
    expect(gateState({ ip: 'ok', computer: 'pending', printers: 'error' })).toEqual({ error: PRINTING_LOAD })
    expect(gateState({ ip: 'failed', computer: 'pending', printers: 'pending' })).toEqual({
      error: PRINTING_LOAD,
    })
  })

  it('tells a browser without peer connection apart, whatever else happened', () => {
    const computers: ComputerOutcome[] = ['pending', 'configured', 'not-configured']
    const lists: PrintersOutcome[] = ['pending', 'ok', 'not-found', 'error']
    for (const computer of computers) {
      for (const printers of lists) {
        expect(gateState({ ip: 'unsupported', computer, printers })).toEqual({ error: NO_PEER })
      }
    }
  })

  it('reports the IP failure before waiting on anything else', () => {
    const ips: IpOutcome[] = ['failed', 'unsupported']
    for (const ip of ips)
      expect(gateState({ ip, computer: 'pending', printers: 'pending' })).not.toBe('loading')
  })
})

const view = <T>(
  data: T | undefined,
  extra: { isError?: boolean; isFetching?: boolean; error?: unknown } = {},
) => ({
  data,
  error: extra.error ?? null,
  isError: extra.isError ?? false,
  isFetching: extra.isFetching ?? false,
})

describe('outcomes read from the queries', () => {
  const unsupported = new Error('unsupported')
  const isUnsupported = (error: unknown) => error === unsupported

  it('IP: kept data wins over a later failure; a failure being retried is pending', () => {
    expect(ipOutcome(view('192.168.1.20'), isUnsupported)).toBe('ok')
    expect(ipOutcome(view('192.168.1.20', { isError: true }), isUnsupported)).toBe('ok')
    // No address found (no network route, masked IP): an answer, the app goes on.
    expect(ipOutcome(view<string | null>(null), isUnsupported)).toBe('ok')
    expect(ipOutcome(view<string>(undefined), isUnsupported)).toBe('pending')
    expect(ipOutcome(view<string>(undefined, { isError: true, error: new Error('x') }), isUnsupported)).toBe(
      'failed',
    )
    expect(ipOutcome(view<string>(undefined, { isError: true, error: unsupported }), isUnsupported)).toBe(
      'unsupported',
    )
    expect(ipOutcome(view<string>(undefined, { isError: true, isFetching: true }), isUnsupported)).toBe(
      'pending',
    )
  })

  it('computer: any failure is "not configured"', () => {
    expect(computerOutcome(view(true))).toBe('configured')
    expect(computerOutcome(view(false))).toBe('not-configured')
    expect(computerOutcome(view<boolean>(undefined))).toBe('pending')
    expect(computerOutcome(view<boolean>(undefined, { isError: true }))).toBe('not-configured')
    // A check being repeated keeps its last answer: the gate does not go back to loading.
    expect(computerOutcome(view(false, { isFetching: true }))).toBe('not-configured')
  })

  it('printers: null is the tolerated 404', () => {
    expect(printersOutcome(view([{ name: 'Zebra', use: 'label' }]))).toBe('ok')
    expect(printersOutcome(view([]))).toBe('ok')
    expect(printersOutcome(view(null))).toBe('not-found')
    expect(printersOutcome(view(undefined))).toBe('pending')
    expect(printersOutcome(view(undefined, { isError: true }))).toBe('error')
    expect(printersOutcome(view(undefined, { isError: true, isFetching: true }))).toBe('pending')
    expect(printersOutcome(view([], { isError: true }))).toBe('ok')
  })
})
