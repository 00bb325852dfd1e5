/** Whether something (a real QZ Tray, an earlier agent) already answers on a port. */
import { connect } from 'node:net'

/**
 * Probes by connecting rather than by trying to listen: a QZ Tray bound to every interface does
 * not always stop a second listener on 127.0.0.1 (Windows allows it), but it always accepts.
 */
export function isPortInUse(port: number, host = '127.0.0.1', timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host })
    const done = (inUse: boolean) => {
      socket.destroy()
      resolve(inUse)
    }
    socket.setTimeout(timeoutMs, () => done(false))
    socket.once('connect', () => done(true))
    socket.once('error', () => done(false))
  })
}
