/**
 * The camera's stream for the scanner dialog: opened for the chosen camera, stopped on unmount and
 * while the tab is hidden (a handheld in a pocket must not keep the camera and its battery busy), with
 * the torch when the track has one.
 */
import { useEffect, useState, useSyncExternalStore, type RefObject } from 'react'
import { cameraErrorMessage } from './messages.ts'
import { openCamera, stopStream } from './open-camera.ts'

export interface CameraSession {
  track: MediaStreamTrack
  cameras: MediaDeviceInfo[]
  deviceId: string | undefined
  torch: boolean
}

type TorchCapabilities = MediaTrackCapabilities & { torch?: boolean }
type TorchConstraints = MediaTrackConstraintSet & { torch?: boolean }

function supportsTorch(track: MediaStreamTrack): boolean {
  try {
    return (track.getCapabilities?.() as TorchCapabilities | undefined)?.torch === true
  } catch {
    return false
  }
}

const subscribeVisibility = (onChange: () => void) => {
  document.addEventListener('visibilitychange', onChange)
  return () => document.removeEventListener('visibilitychange', onChange)
}
const isHidden = () => document.visibilityState === 'hidden'
const isHiddenOnServer = () => false

/**
 * `requestedId` undefined: the remembered or rear camera. A new `attempt` number opens it again
 * (the 'Réessayer' button).
 */
export function useCameraStream(
  video: RefObject<HTMLVideoElement | null>,
  requestedId: string | undefined,
  attempt: number,
) {
  const hidden = useSyncExternalStore(subscribeVisibility, isHidden, isHiddenOnServer)
  const [session, setSession] = useState<CameraSession | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [torchOn, setTorchOn] = useState(false)

  useEffect(() => {
    if (hidden) return
    let cancelled = false
    let stream: MediaStream | null = null
    const element = video.current
    openCamera(requestedId).then(
      (opened) => {
        if (cancelled) return stopStream(opened.stream)
        stream = opened.stream
        const show = (torch: boolean) => {
          if (!cancelled)
            setSession({ track: opened.track, cameras: opened.cameras, deviceId: opened.deviceId, torch })
        }
        if (element) {
          element.srcObject = opened.stream
          // Capabilities (the torch) are only complete once the video plays on some phones.
          Promise.resolve(element.play())
            .catch(() => undefined)
            .then(() => show(supportsTorch(opened.track)))
        } else show(supportsTorch(opened.track))
        setError(null)
        setTorchOn(false)
      },
      (reason: unknown) => {
        if (!cancelled) setError(cameraErrorMessage(reason))
      },
    )
    return () => {
      cancelled = true
      stopStream(stream)
      if (element) element.srcObject = null
      setSession(null)
    }
  }, [video, hidden, requestedId, attempt])

  const toggleTorch = async () => {
    if (!session) return
    const next = !torchOn
    try {
      const constraint: TorchConstraints = { torch: next }
      await session.track.applyConstraints({ advanced: [constraint] })
      setTorchOn(next)
    } catch {
      // the torch is busy or went away: leave the button as it was
    }
  }

  return { session, error, torchOn, toggleTorch }
}
