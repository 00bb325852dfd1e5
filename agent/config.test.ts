import { describe, expect, it } from 'vitest'
import { documentOrigins } from './config.ts'

describe('documentOrigins (AGENT_DOCUMENT_ORIGIN)', () => {
  it("names this machine's server by default: PUBLIC_ORIGIN, then loopback on PORT and HTTPS_PORT", () => {
    expect(documentOrigins({}, [])).toEqual([
      'http://localhost:8080',
      'http://127.0.0.1:8080',
      'http://[::1]:8080',
      'https://localhost:8443',
      'https://127.0.0.1:8443',
      'https://[::1]:8443',
      // After HSTS, a browser opens http://host:PORT as https://host:PORT (the front door's TLS).
      'https://localhost:8080',
      'https://127.0.0.1:8080',
      'https://[::1]:8080',
    ])
    const site = documentOrigins(
      { PUBLIC_ORIGIN: 'https://Entrepot.example.fr', PORT: '9000', HTTPS_PORT: '443' },
      [],
    )
    expect(site.slice(0, 2)).toEqual(['https://entrepot.example.fr', 'http://localhost:9000'])
    expect(site).toContain('https://localhost')
  })

  it("names the machine's own LAN addresses too: a page opened by them gets links naming them", () => {
    const origins = documentOrigins({}, ['10.200.0.1', 'fd00::5'])
    expect(origins).toContain('http://10.200.0.1:8080')
    expect(origins).toContain('https://10.200.0.1:8443')
    expect(origins).toContain('https://10.200.0.1:8080')
    expect(origins).toContain('https://[fd00::5]:8443')
  })

  it('takes the origins given instead, and refuses what is not an origin', () => {
    expect(
      documentOrigins({ AGENT_DOCUMENT_ORIGIN: 'http://10.0.0.2:8080, https://entrepot.local/' }),
    ).toEqual(['http://10.0.0.2:8080', 'https://entrepot.local'])
    for (const bad of ['file:///etc', 'http://h/rest/documents', 'http://u:p@h', 'pas une adresse'])
      expect(() => documentOrigins({ AGENT_DOCUMENT_ORIGIN: bad }), bad).toThrow()
  })
})
