import { cameraUnavailableReason } from './available.ts'
import {
  getSavedCameraId,
  pickCameraId,
  saveCameraId,
  videoConstraints,
  videoInputs,
} from './camera-prefs.ts'
import { namedError } from './messages.ts'

export interface OpenedCamera {
  stream: MediaStream
  track: MediaStreamTrack
  /** The video inputs, with their labels now that permission is granted. */
  cameras: MediaDeviceInfo[]
  /** The device actually opened, when the browser says. */
  deviceId: string | undefined
}

async function listVideoInputs(media: MediaDevices): Promise<MediaDeviceInfo[] | null> {
  if (typeof media.enumerateDevices !== 'function') return null
  try {
    return videoInputs(await media.enumerateDevices())
  } catch {
    return null // cannot tell: let getUserMedia decide
  }
}

export function stopStream(stream: MediaStream | null | undefined): void {
  stream?.getTracks().forEach((track) => track.stop())
}

const isNamed = (error: unknown, ...names: string[]) =>
  typeof error === 'object' && error !== null && names.includes((error as { name?: unknown }).name as string)

/**
 * Opens a camera: the one asked for, else the one remembered on this device, else a rear one.
 * Rejects with the browser's error (NotAllowedError…), or NotFoundError when the device has no
 * camera, or InsecureContextError when the page cannot use cameras (http), NotSupportedError
 * when the browser has no camera API.
 */
export async function openCamera(requestedId?: string): Promise<OpenedCamera> {
  const unavailable = cameraUnavailableReason()
  if (unavailable) throw namedError(unavailable)
  const media = navigator.mediaDevices

  const before = await listVideoInputs(media)
  if (before !== null && before.length === 0) throw namedError('NotFoundError')

  const savedId = getSavedCameraId()
  const deviceId = requestedId ?? pickCameraId(before ?? [], savedId)
  let stream: MediaStream
  try {
    stream = await media.getUserMedia({ video: videoConstraints(deviceId), audio: false })
  } catch (error) {
    // The remembered camera is gone (unplugged webcam): fall back to the rear one, and forget it.
    if (!deviceId || !isNamed(error, 'OverconstrainedError', 'NotFoundError')) throw error
    if (deviceId === savedId) saveCameraId(null)
    stream = await media.getUserMedia({ video: videoConstraints(undefined), audio: false })
  }

  const track = stream.getVideoTracks()[0]
  if (!track) {
    stopStream(stream)
    throw namedError('NotFoundError')
  }
  const cameras = (await listVideoInputs(media)) ?? before ?? []
  return { stream, track, cameras, deviceId: track.getSettings?.().deviceId ?? deviceId }
}
