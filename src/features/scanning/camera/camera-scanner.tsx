// Mantine components this lazy chunk uses beyond the shell's (src/app/styles.ts): their CSS ships here.
import '@mantine/core/styles/ModalBase.css'
import '@mantine/core/styles/Overlay.css'
import '@mantine/core/styles/Modal.css'
import '@mantine/core/styles/Combobox.css' // NativeSelect's chevron
import { Alert, Button, Group, Loader, Modal, NativeSelect, Stack, Text } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { IconBulb, IconBulbOff } from '@tabler/icons-react'
import { useRef, useState } from 'react'
import { cameraLabel, saveCameraId } from './camera-prefs.ts'
import { CAMERA_ERRORS, CAMERA_TEXT } from './messages.ts'
import { useCameraStream } from './use-camera-stream.ts'
import { useDetector, useScanLoop } from './use-detection.ts'
import classes from './camera-scanner.module.css'

/** Failures a retry cannot mend: no 'Réessayer' button under them. */
const FINAL_ERRORS = new Set<string>([
  CAMERA_ERRORS.insecure,
  CAMERA_ERRORS.unsupported,
  CAMERA_ERRORS.noCamera,
])

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

function ScannerBody({ onDetected }: Pick<CameraScannerProps, 'onDetected'>) {
  const video = useRef<HTMLVideoElement>(null)
  // undefined: the remembered or rear camera; an id: the one picked in the list.
  const [requestedId, setRequestedId] = useState<string | undefined>(undefined)
  const [attempt, setAttempt] = useState(0)
  // The detector's effect runs first: its code (zxing where there is no BarcodeDetector) starts
  // loading before the camera is asked for.
  const { detector, failed } = useDetector()
  const { session, error, torchOn, toggleTorch } = useCameraStream(video, requestedId, attempt)
  useScanLoop(video, detector, session, onDetected)

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
            {error && !FINAL_ERRORS.has(error) ? (
              <Button size="xs" variant="default" onClick={() => setAttempt((n) => n + 1)}>
                {CAMERA_TEXT.retry}
              </Button>
            ) : null}
          </Stack>
        </Alert>
      ) : null}
      <div className={classes.viewport} hidden={error !== null}>
        <video
          ref={video}
          className={classes.video}
          playsInline
          muted
          autoPlay
          aria-label={CAMERA_TEXT.video}
        />
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
              data={cameras.map((camera, index) => ({
                value: camera.deviceId,
                label: cameraLabel(camera, index),
              }))}
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
