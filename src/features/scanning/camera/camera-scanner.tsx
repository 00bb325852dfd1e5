// Mantine components this lazy chunk uses beyond the shell's (src/app/styles.ts): their CSS ships here.
import '@mantine/core/styles/ModalBase.css'
import '@mantine/core/styles/Overlay.css'
import '@mantine/core/styles/Modal.css'
import '@mantine/core/styles/Combobox.css' // NativeSelect's chevron
import { Alert, Button, Group, Loader, Modal, NativeSelect, Stack, Text } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { IconBulb, IconBulbOff } from '@tabler/icons-react'
import { useEffect, useEffectEvent, useRef, useState, useSyncExternalStore } from 'react'
import { cameraLabel, saveCameraId } from './camera-prefs.ts'
import { createDetector, SCAN_FORMATS, type Detector } from './detector.ts'
import { CAMERA_ERRORS, CAMERA_TEXT, cameraErrorMessage } from './messages.ts'
import { openCamera, stopStream } from './open-camera.ts'
import { createRepeatGuard } from './repeat-guard.ts'
import classes from './camera-scanner.module.css'

/** Time between two detection attempts (each waits for the previous one to finish). */
export const SCAN_INTERVAL_MS = 150

/** HTMLMediaElement.HAVE_CURRENT_DATA: a frame can be drawn. */
const HAVE_CURRENT_DATA = 2

export interface CameraScannerProps {
  opened: boolean
  onClose: () => void
  /** Each new code seen (an immediate repeat of the same code is not reported again). */
  onDetected: (text: string, format: string) => void
}

/**
 * Scanning with the camera, in a dialog (full screen on a phone or handheld). The detector and the
 * stream start when it opens and stop when it closes; the stream also stops while the tab is hidden.
 */
export function CameraScanner({ opened, onClose, onDetected }: CameraScannerProps) {
  const small = useMediaQuery('(max-width: 48em)')
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={CAMERA_TEXT.title}
      fullScreen={small}
      size="lg"
      closeButtonProps={{ 'aria-label': CAMERA_TEXT.close }}
    >
      {opened ? <ScannerBody onDetected={onDetected} /> : null}
    </Modal>
  )
}

export default CameraScanner

const subscribeVisibility = (onChange: () => void) => {
  document.addEventListener('visibilitychange', onChange)
  return () => document.removeEventListener('visibilitychange', onChange)
}
const isHidden = () => document.visibilityState === 'hidden'
const isHiddenOnServer = () => false

/** The barcode detector, created (and its code loaded) on mount, disposed on unmount. */
function useDetector() {
  const [state, setState] = useState<{ detector: Detector | null; failed: boolean }>({ detector: null, failed: false })
  useEffect(() => {
    let disposed = false
    let created: Detector | null = null
    createDetector(SCAN_FORMATS).then(
      (detector) => {
        if (disposed) return detector.dispose()
        created = detector
        setState({ detector, failed: false })
      },
      () => {
        if (!disposed) setState({ detector: null, failed: true })
      },
    )
    return () => {
      disposed = true
      created?.dispose()
    }
  }, [])
  return state
}

interface Session {
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

function ScannerBody({ onDetected }: Pick<CameraScannerProps, 'onDetected'>) {
  const video = useRef<HTMLVideoElement>(null)
  const hidden = useSyncExternalStore(subscribeVisibility, isHidden, isHiddenOnServer)
  const { detector, failed } = useDetector()
  // undefined: the remembered or rear camera; an id: the one picked in the list.
  const [requestedId, setRequestedId] = useState<string | undefined>(undefined)
  const [attempt, setAttempt] = useState(0)
  const [session, setSession] = useState<Session | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [torchOn, setTorchOn] = useState(false)
  const [guard] = useState(() => createRepeatGuard())

  // The stream: (re)started for the chosen camera, stopped on unmount and while the tab is hidden.
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
          if (!cancelled) setSession({ track: opened.track, cameras: opened.cameras, deviceId: opened.deviceId, torch })
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
  }, [hidden, requestedId, attempt])

  const report = useEffectEvent((text: string, format: string) => onDetected(text, format))

  // The scanning loop, while there is a stream and a detector.
  useEffect(() => {
    const element = video.current
    if (!detector || !session || !element) return
    let stopped = false
    let timer: number | undefined
    const tick = async () => {
      if (element.readyState >= HAVE_CURRENT_DATA) {
        try {
          const codes = await detector.detect(element)
          for (const code of codes) {
            if (stopped) break
            if (guard(code.text, performance.now())) report(code.text, code.format)
          }
        } catch {
          // a frame that cannot be read: try the next one
        }
      }
      if (!stopped) timer = window.setTimeout(() => void tick(), SCAN_INTERVAL_MS)
    }
    timer = window.setTimeout(() => void tick(), SCAN_INTERVAL_MS)
    return () => {
      stopped = true
      window.clearTimeout(timer)
    }
  }, [detector, session, guard])

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

  const pickCamera = (deviceId: string) => {
    saveCameraId(deviceId)
    setRequestedId(deviceId)
  }

  const message = error ?? (failed ? CAMERA_ERRORS.reader : null)
  const cameras = session?.cameras.filter((c) => c.deviceId) ?? []

  return (
    <Stack gap="sm">
      {message ? (
        <Alert color="red" variant="light">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{message}</Text>
            {error && error !== CAMERA_ERRORS.insecure && error !== CAMERA_ERRORS.noCamera ? (
              <Button size="xs" variant="default" onClick={() => setAttempt((n) => n + 1)}>
                {CAMERA_TEXT.retry}
              </Button>
            ) : null}
          </Stack>
        </Alert>
      ) : null}
      <div className={classes.viewport} hidden={error !== null}>
        <video ref={video} className={classes.video} playsInline muted autoPlay aria-label={CAMERA_TEXT.video} />
        <div className={classes.aim} aria-hidden="true" />
        {!session && !error ? (
          <Group className={classes.status} gap="xs" justify="center">
            <Loader size="sm" color="white" />
            <Text size="sm" c="white">
              {CAMERA_TEXT.starting}
            </Text>
          </Group>
        ) : null}
      </div>
      {session && !message ? (
        <Text size="sm" c="dimmed" ta="center">
          {CAMERA_TEXT.aim}
        </Text>
      ) : null}
      {session && (cameras.length > 1 || session.torch) ? (
        <Group gap="sm" align="flex-end" wrap="wrap">
          {cameras.length > 1 ? (
            <NativeSelect
              label={CAMERA_TEXT.camera}
              value={session.deviceId ?? ''}
              onChange={(event) => pickCamera(event.currentTarget.value)}
              data={cameras.map((camera, index) => ({ value: camera.deviceId, label: cameraLabel(camera, index) }))}
              flex={1}
              miw={0}
            />
          ) : null}
          {session.torch ? (
            <Button
              variant={torchOn ? 'filled' : 'default'}
              leftSection={torchOn ? <IconBulb size={18} /> : <IconBulbOff size={18} />}
              aria-pressed={torchOn}
              onClick={() => void toggleTorch()}
            >
              {CAMERA_TEXT.torch}
            </Button>
          ) : null}
        </Group>
      ) : null}
    </Stack>
  )
}
