import { describe, expect, it } from 'vitest'
import { regexes, z } from 'zod/mini'
import { ipSchema, isValidIP, isValidIPv4 } from './ip.ts'
import { IPV4_PATTERN } from './ip-rules.ts'

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

describe('IP rules without zod (ip-rules.ts, on the first screen)', () => {
  const zodIPv4 = z.ipv4()
  const zodIPv6 = z.ipv6()

  it('uses the pattern of z.ipv4()', () => {
    expect(IPV4_PATTERN.source).toBe(regexes.ipv4.source)
    expect(IPV4_PATTERN.flags).toBe(regexes.ipv4.flags)
  })

  it.each([
    '192.168.1.20',
    '0.0.0.0',
    '01.2.3.4',
    '1.2.3.4.5',
    '1.2.3',
    '::',
    '::1',
    '1::',
    'fe80::1',
    'fe80::1%eth0',
    '::ffff:192.168.1.1',
    '2001:db8::8a2e:370:7334',
    '2001:0db8:0000:0000:0000:ff00:0042:8329',
    '1:2:3:4:5:6:7:8:9',
    ':::',
    '1:::2',
    '::1\n',
    '\t::1',
    '::@1\\',
    '[::1]',
    'abcd.local',
    'g::1',
    ' 10.0.0.1',
    '',
    'x',
    null,
    undefined,
    42,
    {},
  ])('%s: isValidIPv4 is z.ipv4(), isValidIP is z.ipv4() or z.ipv6()', (value) => {
    const v4 = zodIPv4.safeParse(value).success
    expect(isValidIPv4(value)).toBe(v4)
    expect(isValidIP(value)).toBe(v4 || zodIPv6.safeParse(value).success)
    expect(isValidIP(value)).toBe(ipSchema.safeParse(value).success)
  })
})
