/**
 * Runs `run` once the browser has painted the next frame (a frame, then a task after it), and
 * returns the cancel an effect hands back. For work that must not lengthen the task that rendered a
 * screen, such as focusing a field: focus() there forces the page's layout inside that task.
 */
export function afterNextPaint(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(run, 0)
  })
  return () => {
    cancelAnimationFrame(frame)
    clearTimeout(timer)
  }
}
