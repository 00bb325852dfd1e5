import { MantineProvider } from '@mantine/core'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest'
import { CAMERA_ID_KEY } from './camera-prefs.ts'
import type * as DetectorModule from './detector.ts'
import type { DetectedCode, Detector } from './detector.ts'
import CameraScannerDefault, { CameraScanner, isCameraAvailable } from './index.ts'
import { CAMERA_ERRORS } from './messages.ts'

// The detector is the one seam: the loop, the guard and the dialog are real.
const fake = vi.hoisted(() => ({
  codes: [] as DetectedCode[],
  detect: null as unknown as Mock<(video: HTMLVideoElement) => Promise<DetectedCode[]>>,
  dispose: null as unknown as Mock<() => void>,
}))
vi.mock('./detector.ts', async (importOriginal) => {
  const original = await importOriginal<typeof DetectorModule>()
  return {
    ...original,
    createDetector: async (): Promise<Detector> => ({
      engine: 'native',
      detect: (video: HTMLVideoElement) => fake.detect(video),
      dispose: () => fake.dispose(),
    }),
  }
})

interface FakeTrack {
  stop: ReturnType<typeof vi.fn>
  getSettings: () => MediaTrackSettings
  getCapabilities: () => Record<string, unknown>
  applyConstraints: ReturnType<typeof vi.fn>
}

const device = (deviceId: string, label: string) =>
  ({ deviceId, label, kind: 'videoinput', groupId: 'g' }) as MediaDeviceInfo
const FRONT = device('front-id', 'Front Camera')
const BACK = device('back-id', 'Back Camera')

let tracks: FakeTrack[]
let devices: MediaDeviceInfo[]
let torchCapable: boolean
let getUserMedia: ReturnType<typeof vi.fn>
let enumerateDevices: ReturnType<typeof vi.fn>

function fakeStream(deviceId: string | undefined): MediaStream {
  const track: FakeTrack = {
    stop: vi.fn(),
    getSettings: () => ({ deviceId }),
    getCapabilities: () => (torchCapable ? { torch: true } : {}),
    applyConstraints: vi.fn(async () => undefined),
  }
  tracks.push(track)
  return { getTracks: () => [track], getVideoTracks: () => [track] } as unknown as MediaStream
}

function setMediaDevices(value: unknown) {
  Object.defineProperty(navigator, 'mediaDevices', { value, configurable: true, writable: true })
}

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true })
  act(() => void document.dispatchEvent(new Event('visibilitychange')))
}

const wrapper = ({ children }: { children: ReactNode }) => <MantineProvider>{children}</MantineProvider>

function renderScanner(props: Partial<Parameters<typeof CameraScanner>[0]> = {}) {
  const onDetected = vi.fn()
  const onClose = vi.fn()
  const view = render(<CameraScanner opened onClose={onClose} onDetected={onDetected} {...props} />, {
    wrapper,
  })
  return { ...view, onDetected, onClose }
}

const constraintsOfCall = (n: number) =>
  (getUserMedia.mock.calls[n]?.[0] as MediaStreamConstraints).video as MediaTrackConstraints

// The scan loop runs on real timers (every 150 ms): findBy/waitFor wait up to 10 s (tests/setup/client.ts).

beforeEach(() => {
  localStorage.clear()
  tracks = []
  devices = [FRONT, BACK]
  torchCapable = false
  fake.codes = []
  fake.detect = vi.fn(async () => fake.codes)
  fake.dispose = vi.fn()
  getUserMedia = vi.fn(async (constraints: MediaStreamConstraints) => {
    const video = constraints.video as MediaTrackConstraints
    const exact = (video.deviceId as ConstrainDOMStringParameters | undefined)?.exact as string | undefined
    return fakeStream(exact ?? BACK.deviceId)
  })
  enumerateDevices = vi.fn(async () => devices)
  setMediaDevices({ getUserMedia, enumerateDevices })
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(async () => undefined)
  Object.defineProperty(HTMLMediaElement.prototype, 'readyState', { get: () => 4, configurable: true })
  Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true })
})

afterEach(() => {
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
  delete (navigator as { mediaDevices?: unknown }).mediaDevices
  delete (HTMLMediaElement.prototype as { readyState?: unknown }).readyState
  delete (document as { visibilityState?: unknown }).visibilityState
  localStorage.clear()
})

describe('CameraScanner', () => {
  it('is the default export too (for React.lazy), with isCameraAvailable beside it', () => {
    expect(CameraScannerDefault).toBe(CameraScanner)
    expect(isCameraAvailable()).toBe(true)
    setMediaDevices(undefined)
    expect(isCameraAvailable()).toBe(false)
  })

  it('opens a dialog with a live, inline, muted video of the rear camera', async () => {
    renderScanner()
    expect(await screen.findByRole('dialog', { name: 'Scanner avec la caméra' })).toBeInTheDocument()
    await waitFor(() => expect(getUserMedia).toHaveBeenCalledTimes(1))
    expect(constraintsOfCall(0)).toMatchObject({ deviceId: { exact: 'back-id' } })
    expect(getUserMedia.mock.calls[0]?.[0]).toMatchObject({ audio: false })
    const video = screen.getByLabelText('Image de la caméra') as HTMLVideoElement
    expect(video.playsInline).toBe(true)
    expect(video.muted).toBe(true)
    await screen.findByText('Visez le code-barres ou le QR code.')
    expect(screen.getByRole('button', { name: 'Fermer' })).toBeInTheDocument()
  })

  it('asks for facingMode environment when no camera is labelled (before permission)', async () => {
    devices = [device('', ''), device('', '')]
    renderScanner()
    await waitFor(() => expect(getUserMedia).toHaveBeenCalled())
    expect(constraintsOfCall(0)).toMatchObject({ facingMode: { ideal: 'environment' } })
  })

  it('uses the camera remembered on this device', async () => {
    localStorage.setItem(CAMERA_ID_KEY, 'front-id')
    renderScanner()
    await waitFor(() => expect(getUserMedia).toHaveBeenCalled())
    expect(constraintsOfCall(0)).toMatchObject({ deviceId: { exact: 'front-id' } })
  })

  it('forgets a remembered camera that is gone and opens the rear one', async () => {
    localStorage.setItem(CAMERA_ID_KEY, 'unplugged')
    devices = [device('', ''), device('', '')]
    getUserMedia.mockRejectedValueOnce(new DOMException('gone', 'OverconstrainedError'))
    renderScanner()
    await screen.findByText('Visez le code-barres ou le QR code.')
    expect(getUserMedia).toHaveBeenCalledTimes(2)
    expect(constraintsOfCall(1)).toMatchObject({ facingMode: { ideal: 'environment' } })
    expect(localStorage.getItem(CAMERA_ID_KEY)).toBeNull()
  })

  it('lists the cameras when there are several; picking one switches and remembers it', async () => {
    renderScanner()
    const select = (await screen.findByLabelText('Caméra')) as HTMLSelectElement
    expect([...select.options].map((o) => o.textContent)).toEqual(['Front Camera', 'Back Camera'])
    expect(select.value).toBe('back-id')
    fireEvent.change(select, { target: { value: 'front-id' } })
    await waitFor(() => expect(getUserMedia).toHaveBeenCalledTimes(2))
    expect(constraintsOfCall(1)).toMatchObject({ deviceId: { exact: 'front-id' } })
    expect(tracks[0]!.stop).toHaveBeenCalled()
    expect(localStorage.getItem(CAMERA_ID_KEY)).toBe('front-id')
  })

  it('shows no camera list with a single camera, and no torch button without torch support', async () => {
    devices = [BACK]
    renderScanner()
    await screen.findByText('Visez le code-barres ou le QR code.')
    expect(screen.queryByLabelText('Caméra')).toBeNull()
    expect(screen.queryByRole('button', { name: 'Lampe' })).toBeNull()
  })

  it('turns the torch on and off where the camera has one', async () => {
    torchCapable = true
    renderScanner()
    const torch = await screen.findByRole('button', { name: 'Lampe' })
    expect(torch).toHaveAttribute('aria-pressed', 'false')
    fireEvent.click(torch)
    await waitFor(() => expect(torch).toHaveAttribute('aria-pressed', 'true'))
    expect(tracks[0]!.applyConstraints).toHaveBeenLastCalledWith({ advanced: [{ torch: true }] })
    fireEvent.click(torch)
    await waitFor(() => expect(torch).toHaveAttribute('aria-pressed', 'false'))
    expect(tracks[0]!.applyConstraints).toHaveBeenLastCalledWith({ advanced: [{ torch: false }] })
  })

  it('reports a code once although every frame sees it', async () => {
    fake.codes = [{ text: '3017620422003', format: 'ean_13' }]
    const { onDetected } = renderScanner()
    await waitFor(() => expect(fake.detect.mock.calls.length).toBeGreaterThanOrEqual(4))
    expect(onDetected).toHaveBeenCalledTimes(1)
    expect(onDetected).toHaveBeenCalledWith('3017620422003', 'ean_13')
    // Another code in view is reported at once.
    fake.codes = [
      { text: '3017620422003', format: 'ean_13' },
      { text: '96385074', format: 'ean_8' },
    ]
    await waitFor(() => expect(onDetected).toHaveBeenCalledTimes(2))
    expect(onDetected).toHaveBeenLastCalledWith('96385074', 'ean_8')
  })

  it('keeps scanning when a frame fails to decode', async () => {
    fake.detect.mockRejectedValueOnce(new Error('frame'))
    fake.codes = [{ text: 'ABC-123', format: 'code_128' }]
    const { onDetected } = renderScanner()
    await waitFor(() => expect(onDetected).toHaveBeenCalledWith('ABC-123', 'code_128'))
  })

  it('stops the camera and disposes the detector when closed', async () => {
    const { rerender, onDetected, onClose } = renderScanner()
    await waitFor(() => expect(fake.detect).toHaveBeenCalled())
    rerender(<CameraScanner opened={false} onClose={onClose} onDetected={onDetected} />)
    expect(tracks[0]!.stop).toHaveBeenCalled()
    expect(fake.dispose).toHaveBeenCalled()
    const calls = fake.detect.mock.calls.length
    await new Promise((resolve) => setTimeout(resolve, 400))
    expect(fake.detect.mock.calls.length).toBe(calls)
  })

  it('stops the camera when unmounted', async () => {
    const { unmount } = renderScanner()
    await screen.findByText('Visez le code-barres ou le QR code.')
    unmount()
    expect(tracks.every((t) => t.stop.mock.calls.length > 0)).toBe(true)
  })

  it('calls onClose from the close button', async () => {
    const { onClose } = renderScanner()
    fireEvent.click(await screen.findByRole('button', { name: 'Fermer' }))
    expect(onClose).toHaveBeenCalled()
  })

  it('pauses while the tab is hidden and resumes when it is visible again', async () => {
    renderScanner()
    await screen.findByText('Visez le code-barres ou le QR code.')
    setVisibility('hidden')
    expect(tracks[0]!.stop).toHaveBeenCalled()
    const detectCalls = fake.detect.mock.calls.length
    await new Promise((resolve) => setTimeout(resolve, 400))
    expect(fake.detect.mock.calls.length).toBe(detectCalls)
    setVisibility('visible')
    await waitFor(() => expect(getUserMedia).toHaveBeenCalledTimes(2))
    await screen.findByText('Visez le code-barres ou le QR code.')
    expect(tracks[1]!.stop).not.toHaveBeenCalled()
  })

  it.each([
    ['NotAllowedError', CAMERA_ERRORS.denied],
    ['NotReadableError', CAMERA_ERRORS.busy],
    ['NotFoundError', CAMERA_ERRORS.noCamera],
    ['AbortError', CAMERA_ERRORS.other],
  ])('explains a %s in French', async (name, message) => {
    getUserMedia.mockRejectedValue(new DOMException('camera', name))
    renderScanner()
    expect(await screen.findByText(message)).toBeInTheDocument()
  })

  it('says when the device has no camera', async () => {
    devices = [{ deviceId: 'mic', label: 'Micro', kind: 'audioinput', groupId: 'g' } as MediaDeviceInfo]
    renderScanner()
    expect(await screen.findByText('Aucune caméra disponible sur cet appareil.')).toBeInTheDocument()
    expect(getUserMedia).not.toHaveBeenCalled()
  })

  it('says the https address is needed when the page is on plain HTTP (no mediaDevices), with no retry', async () => {
    vi.stubGlobal('isSecureContext', false)
    setMediaDevices(undefined)
    renderScanner()
    expect(
      await screen.findByText("La caméra n'est disponible que sur l'adresse sécurisée (https) du site."),
    ).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Réessayer' })).toBeNull()
  })

  it('permission denied, then granted: the retry button starts the camera', async () => {
    getUserMedia.mockRejectedValueOnce(new DOMException('denied', 'NotAllowedError'))
    renderScanner()
    expect(
      await screen.findByText(
        "Accès à la caméra refusé. Autorisez la caméra pour ce site dans les réglages du navigateur (icône à gauche de l'adresse), puis réessayez.",
      ),
    ).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Réessayer' }))
    await screen.findByText('Visez le code-barres ou le QR code.')
    expect(screen.queryByText(CAMERA_ERRORS.denied)).toBeNull()
  })
})
