// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import {
  CAMERA_ID_KEY,
  cameraLabel,
  getSavedCameraId,
  isRearCamera,
  pickCameraId,
  saveCameraId,
  videoConstraints,
} from './camera-prefs.ts'

const cam = (deviceId: string, label = '') =>
  ({ deviceId, label, kind: 'videoinput', groupId: '' }) as MediaDeviceInfo

afterEach(() => localStorage.clear())

describe('camera preferences', () => {
  it('recognises rear cameras by label, in English and French', () => {
    for (const label of [
      'Back Camera',
      'camera2 0, facing back',
      'Rear camera',
      'Caméra arrière',
      'Facing environment',
    ]) {
      expect(isRearCamera(label)).toBe(true)
    }
    for (const label of ['Front Camera', 'Caméra avant', 'Logitech C920', ''])
      expect(isRearCamera(label)).toBe(false)
  })

  it('prefers a rear camera, else leaves the choice to facingMode', () => {
    expect(pickCameraId([cam('f', 'Front Camera'), cam('b', 'Back Camera')], null)).toBe('b')
    expect(pickCameraId([cam('w', 'USB webcam')], null)).toBeUndefined()
    // Before permission browsers hide labels and ids.
    expect(pickCameraId([cam(''), cam('')], null)).toBeUndefined()
  })

  it('uses the remembered camera when it is still there, or when ids are hidden', () => {
    const cameras = [cam('f', 'Front Camera'), cam('b', 'Back Camera')]
    expect(pickCameraId(cameras, 'f')).toBe('f')
    expect(pickCameraId(cameras, 'gone')).toBe('b')
    expect(pickCameraId([cam(''), cam('')], 'f')).toBe('f')
  })

  it('remembers the chosen camera per device', () => {
    expect(getSavedCameraId()).toBeNull()
    saveCameraId('abc')
    expect(localStorage.getItem(CAMERA_ID_KEY)).toBe('abc')
    expect(getSavedCameraId()).toBe('abc')
    saveCameraId(null)
    expect(getSavedCameraId()).toBeNull()
  })

  it('asks for the rear camera by facingMode, or for an exact device', () => {
    expect(videoConstraints(undefined)).toMatchObject({ facingMode: { ideal: 'environment' } })
    expect(videoConstraints('b')).toMatchObject({ deviceId: { exact: 'b' } })
    expect(videoConstraints('b')).not.toHaveProperty('facingMode')
  })

  it('names cameras without a label', () => {
    expect(cameraLabel(cam('x'), 1)).toBe('Caméra 2')
    expect(cameraLabel(cam('x', 'Back Camera'), 0)).toBe('Back Camera')
  })
})
