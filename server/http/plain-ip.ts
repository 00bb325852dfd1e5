/**
 * One spelling per address, for every workstation IP stored or looked up: '::ffff:192.168.1.20' (an
 * IPv4 client on a dual-stack socket) is the workstation 192.168.1.20, and IPv6 is compared in
 * lower case. An address typed in the admin area, reported by a browser or read off the socket
 * then always meets the same row.
 */
export const plainIp = (ip: string) => ip.toLowerCase().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '')
