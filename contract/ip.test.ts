import { describe, expect, it } from 'vitest'
import { isValidIP, isValidIPv4 } from './ip.ts'

describe('IP rules (SPEC §5)', () => {
  it.each(['192.168.1.20', '10.0.0.1', '127.0.0.1', '255.255.255.255'])(
    '%s is a valid IPv4 (green indicator)',
    (ip) => {
      expect(isValidIPv4(ip)).toBe(true)
      expect(isValidIP(ip)).toBe(true)
    },
  )

  it.each(['fe80::1', '2001:db8::8a2e:370:7334', '::1'])('%s is reported but not green', (ip) => {
    expect(isValidIPv4(ip)).toBe(false)
    expect(isValidIP(ip)).toBe(true)
  })

  it.each([
    '256.1.1.1',
    '192.168.1',
    ' 192.168.1.20',
    '192.168.1.20 ',
    'a1b2c3.local',
    '',
    null,
    undefined,
    42,
  ])('%s is neither reported nor green (exact match only)', (ip) => {
    expect(isValidIPv4(ip)).toBe(false)
    expect(isValidIP(ip)).toBe(false)
  })
})
