/**
 * French wording more than one screen's texts use: a count with its word, and the time left to a
 * pickup. Free of React and tiny, so each screen's text module takes it into its own chunk.
 */

/** '1 colis', '3 commandes à préparer': the count, then its word, plural past one. */
export const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`

/** '45 min', '1 h 05'. */
const duration = (minutes: number) => {
  const hours = Math.floor(minutes / 60)
  const rest = minutes % 60
  return hours === 0 ? `${rest} min` : `${hours} h ${String(rest).padStart(2, '0')}`
}

/** Minutes to a pickup, or how long ago it passed: 'dans 45 min', 'passé de 1 h 05'. */
export const timeLeft = (minutes: number) =>
  minutes >= 0 ? `dans ${duration(minutes)}` : `passé de ${duration(-minutes)}`
