/**
 * The part of qz-tray 2.3's API this feature uses (the package ships no types). Types only: the
 * module itself is loaded with import('qz-tray') by agent.ts, never statically.
 */

export type QzResolver<T> = (resolve: (value: T) => void, reject: (reason?: unknown) => void) => void

export interface QzConnectOptions {
  host?: string | string[]
  port?: { secure?: number[]; insecure?: number[] }
  usingSecure?: boolean
  keepAlive?: number
  retries?: number
  delay?: number
}

/** An opaque print configuration made by qz.configs.create. */
export interface QzConfig {
  getPrinter(): unknown
  getOptions(): Record<string, unknown>
}

export interface QzPrintItem {
  type: 'pixel' | 'raw'
  format: string
  flavor: string
  data: string
  options?: Record<string, unknown>
}

export interface Qz {
  version: string
  api: {
    setPromiseType(promiser: (resolver: QzResolver<unknown>) => Promise<unknown>): void
    setWebSocketType(ws: unknown): void
    setSha256Type(hasher: (message: string) => string): void
  }
  security: {
    setCertificatePromise(handler: QzResolver<string | null>, options?: { rejectOnFailure?: boolean }): void
    setSignatureAlgorithm(algorithm: 'SHA1' | 'SHA256' | 'SHA512'): void
    setSignaturePromise(factory: (toSign: string) => QzResolver<string>): void
  }
  websocket: {
    connect(options?: QzConnectOptions): Promise<void>
    disconnect(): Promise<void>
    isActive(): boolean
    setClosedCallbacks(calls: ((event: unknown) => void) | Array<(event: unknown) => void>): void
    setErrorCallbacks(calls: ((event: unknown) => void) | Array<(event: unknown) => void>): void
  }
  printers: {
    find(query?: string): Promise<string | string[]>
    getDefault(): Promise<string | null | undefined>
  }
  configs: {
    create(printer: string | { name: string }, options?: Record<string, unknown>): QzConfig
  }
  print(config: QzConfig | QzConfig[], data: QzPrintItem[]): Promise<void>
}
