/**
 * The printing context's server state (docs/specification.md §4, §7.2, §7.3): the local IP (detected, then
 * reported), whether this workstation is configured and its printers. The server identifies the
 * workstation by the IP its user last reported, so the two workstation queries are keyed by the
 * detected IP and run only after the report: a new IP (DHCP, another desk) asks again. A detection
 * that found no address (null: mDNS-masked, or no network route at all) reports nothing and the
 * server falls back on the request's source address. A browser named as a workstation
 * (workstation-name.ts) sends that name, which the server takes first.
 */
import { computerExistsCall, printerListCall, reportUserIpCall, type Printer } from '@contract'
import { queryOptions } from '@tanstack/react-query'
import { IP_REPORT_MS } from '@/lib/config'
import { ApiError, callApi } from '@/lib/http'
import { detectLocalIp, nextIpDetectionMs, shouldReportIp } from './local-ip.ts'
import { workstationHeaders } from './workstation-name.ts'

export const printingKeys = {
  all: ['printing'] as const,
  localIp: () => [...printingKeys.all, 'local-ip'] as const,
  // The workstation name this browser was given (if any) finds the workstation first: a new one asks again.
  computerExists: (ip: string | null, name: string | null = null) =>
    [...printingKeys.all, 'computer-exists', ip, name] as const,
  printers: (ip: string | null, name: string | null = null) =>
    [...printingKeys.all, 'printers', ip, name] as const,
}

/** docs/specification.md §5: POST /rest/user/ip only for an exact valid IPv4 or IPv6. Returns whether it was sent. */
export async function reportLocalIp(ip: string | null): Promise<boolean> {
  if (!shouldReportIp(ip)) return false
  await callApi(reportUserIpCall, { body: { ip } })
  return true
}

/** Per local-IP query: when its next detection is due (see nextIpDetectionMs). */
const nextDetection = new WeakMap<object, number>()

/**
 * Detects the local IP and reports it when valid; re-run every 60 s (docs/specification.md §4, §9), or 10 s after
 * a first detection that found nothing. The answer is the address, an mDNS name, or null when
 * none was found. A failed report does not fail the detection: the workstation checks that follow
 * will tell.
 */
export const localIpQueryOptions = () =>
  queryOptions({
    queryKey: printingKeys.localIp(),
    queryFn: async ({ client, queryKey }) => {
      const previous = client.getQueryData<string | null>(queryKey)
      const ip = await detectLocalIp()
      const query = client.getQueryCache().find({ queryKey, exact: true })
      if (query) nextDetection.set(query, nextIpDetectionMs(previous, ip, IP_REPORT_MS))
      await reportLocalIp(ip).catch(() => false)
      return ip
    },
    refetchInterval: (query) => nextDetection.get(query) ?? IP_REPORT_MS,
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: false,
    staleTime: IP_REPORT_MS,
    // The browser threw, or has no RTCPeerConnection: trying again at once will not help; the
    // gate offers 'Réessayer'.
    retry: false,
    meta: { errorToast: false },
  })

/**
 * docs/specification.md §7.3: HEAD /rest/computer/exist, no retry; success = configured, any failure = not
 * configured. The failure is an answer (false), not a query error: an errored query without data
 * would go back to 'pending' on each 60 s check and take the app back to the loading screen.
 */
/** `ip`: undefined while the detection runs (the query waits), null when it found no address. */
export const computerExistsQueryOptions = (ip: string | null | undefined, name: string | null = null) =>
  queryOptions({
    queryKey: printingKeys.computerExists(ip ?? null, name),
    queryFn: async ({ signal }): Promise<boolean> => {
      try {
        await callApi(computerExistsCall, { signal, headers: workstationHeaders(name) })
        return true
      } catch (error) {
        if (signal.aborted) throw error
        return false
      }
    },
    enabled: ip !== undefined,
    retry: 0,
    refetchInterval: IP_REPORT_MS,
    staleTime: IP_REPORT_MS / 2,
    meta: { errorToast: false },
  })

/** docs/specification.md §7.3: GET /rest/printer/list; a 404 (no printers for this workstation) answers null. */
export const printerListQueryOptions = (ip: string | null | undefined, name: string | null = null) =>
  queryOptions({
    queryKey: printingKeys.printers(ip ?? null, name),
    queryFn: async ({ signal }): Promise<Printer[] | null> => {
      try {
        return await callApi(printerListCall, { signal, headers: workstationHeaders(name) })
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null
        throw error
      }
    },
    enabled: ip !== undefined,
    refetchInterval: IP_REPORT_MS,
    staleTime: IP_REPORT_MS / 2,
    meta: { errorToast: false },
  })
