/** A recording stand-in for Web Audio (jsdom has none), for the feedback tests. */
import { vi } from 'vitest'

export interface FakeOscillator {
  type: OscillatorType
  frequencyValue: number | undefined
  startAt: number | undefined
  stopAt: number | undefined
}

export function installFakeAudio(initialState: AudioContextState = 'running') {
  const oscillators: FakeOscillator[] = []
  const contexts: FakeAudioContext[] = []
  const param = () => ({ setValueAtTime: vi.fn(), linearRampToValueAtTime: vi.fn() })

  class FakeAudioContext {
    state: AudioContextState = initialState
    currentTime = 10
    sampleRate = 48000
    destination = {}
    resume = vi.fn(() => {
      this.state = 'running'
      return Promise.resolve()
    })
    constructor() {
      contexts.push(this)
    }
    createOscillator() {
      const record: FakeOscillator = {
        type: 'sine',
        frequencyValue: undefined,
        startAt: undefined,
        stopAt: undefined,
      }
      oscillators.push(record)
      return {
        set type(value: OscillatorType) {
          record.type = value
        },
        get type() {
          return record.type
        },
        frequency: {
          setValueAtTime: vi.fn((value: number) => {
            record.frequencyValue = value
          }),
        },
        connect: vi.fn(),
        disconnect: vi.fn(),
        onended: null,
        start: vi.fn((at: number) => {
          record.startAt = at
        }),
        stop: vi.fn((at: number) => {
          record.stopAt = at
        }),
      }
    }
    createGain() {
      return { gain: param(), connect: vi.fn(), disconnect: vi.fn() }
    }
    createBuffer() {
      return {}
    }
    createBufferSource() {
      return { buffer: null, connect: vi.fn(), start: vi.fn() }
    }
  }

  vi.stubGlobal('AudioContext', FakeAudioContext)
  return { oscillators, contexts }
}
