/**
 * Camera scanning. Lazy: the app reaches this module only through React.lazy / import(), so
 * Mantine's Modal, the detector and @zxing stay out of the first-screen bundle.
 */
import { CameraScanner } from './camera-scanner.tsx'

export { CameraScanner, type CameraScannerProps } from './camera-scanner.tsx'
export { SCAN_INTERVAL_MS } from './use-detection.ts'
export { isCameraAvailable } from './available.ts'
export {
  createDetector,
  SCAN_FORMATS,
  type DetectedCode,
  type Detector,
  type ScanFormat,
} from './detector.ts'
export { createRepeatGuard, type RepeatGuard } from './repeat-guard.ts'
export { CAMERA_ERRORS, cameraErrorMessage } from './messages.ts'
export default CameraScanner
