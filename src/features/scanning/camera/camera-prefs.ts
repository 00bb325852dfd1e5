/**
 * Which camera to open: the one chosen on this device before (localStorage), else a rear camera
 * (handhelds and phones scan with the back camera; a webcam station has only one anyway).
 */
export const CAMERA_ID_KEY = 'scan-camera-id'

const REAR_LABEL = /back|rear|arrière|arriere|environment/i

export function getSavedCameraId(): string | null {
  try {
    return window.localStorage.getItem(CAMERA_ID_KEY) || null
  } catch {
    return null
  }
}

export function saveCameraId(deviceId: string | null): void {
  try {
    if (deviceId) window.localStorage.setItem(CAMERA_ID_KEY, deviceId)
    else window.localStorage.removeItem(CAMERA_ID_KEY)
  } catch {
    // storage disabled: the choice holds until the dialog closes
  }
}

export const isRearCamera = (label: string) => REAR_LABEL.test(label)

/** The video inputs among the media devices (ids and labels are empty before permission). */
export const videoInputs = (devices: readonly MediaDeviceInfo[]) =>
  devices.filter((d) => d.kind === 'videoinput')

/**
 * The device id to ask for, or undefined to ask for the rear camera by facingMode: the saved id
 * unless the list shows that camera is gone (before permission, browsers hide the ids: the saved
 * one is then tried, with a fallback), else a camera labelled as rear.
 */
export function pickCameraId(
  cameras: readonly MediaDeviceInfo[],
  savedId: string | null,
): string | undefined {
  const idsKnown = cameras.some((c) => c.deviceId)
  if (savedId && (!idsKnown || cameras.some((c) => c.deviceId === savedId))) return savedId
  return cameras.find((c) => c.deviceId && isRearCamera(c.label))?.deviceId
}

/** getUserMedia video constraints for a device id, or for the rear camera when there is none. */
export function videoConstraints(deviceId: string | undefined): MediaTrackConstraints {
  const size = { width: { ideal: 1280 }, height: { ideal: 720 } }
  return deviceId
    ? { deviceId: { exact: deviceId }, ...size }
    : { facingMode: { ideal: 'environment' }, ...size }
}

/** The label shown for a camera; browsers give none before permission. */
export function cameraLabel(camera: MediaDeviceInfo, index: number): string {
  return camera.label || `Caméra ${index + 1}`
}
