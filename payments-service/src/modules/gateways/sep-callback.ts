import { scrubText } from '@arzpol/contracts/text'
import type { CallbackData } from './gateway.ts'

/**
 * The longest value each callback field may have: the size of the column it is stored in
 * (gateway_transactions: res_num 50, token 128, ref_num 128, rrn 64, trace_no 64, masked_pan 32).
 * A longer value cannot be the bank's, so it is read as absent rather than cut: a cut reference
 * could name another attempt. The state is only informational (stored as `state_<State>` in the
 * 64-character `failure`), so it is cut instead.
 */
const FIELD_MAX = { ResNum: 50, Token: 128, RefNum: 128, RRN: 64, TraceNo: 64, SecurePan: 32 }
const STATE_MAX = 50
/** What of the callback is kept as `raw` (jsonb): this many fields of at most this length. */
const RAW_FIELDS_MAX = 64
const RAW_VALUE_MAX = 512

const field = (fields: Record<string, string>, name: string, max = Infinity): string | null => {
  const value = fields[name] ?? fields[name.toLowerCase()]
  if (value === undefined) return null
  const clean = scrubText(value)
  return clean === '' || clean.length > max ? null : clean
}

/** The callback as received, safe for a jsonb column: no control characters, bounded. */
function scrubFields(fields: Record<string, string>): Record<string, string> {
  const raw: Record<string, string> = {}
  for (const [name, value] of Object.entries(fields).slice(0, RAW_FIELDS_MAX)) {
    raw[scrubText(name).slice(0, 64)] = scrubText(String(value)).slice(0, RAW_VALUE_MAX)
  }
  return raw
}

/** SEP's callback fields (or a receipt's, spelled the same), normalised. */
export function parseCallback(fields: Record<string, string>): CallbackData {
  // Every field is scrubbed and bounded here, before it can reach a column: the browser
  // carries the callback, so any field may be hostile.
  const state = (field(fields, 'State') ?? '').slice(0, STATE_MAX)
  const status = field(fields, 'Status')
  return {
    resNum: field(fields, 'ResNum', FIELD_MAX.ResNum),
    token: field(fields, 'Token', FIELD_MAX.Token),
    refNum: field(fields, 'RefNum', FIELD_MAX.RefNum),
    state,
    // Both spellings must agree when both are present: State "OK" is Status 2.
    ok: state === 'OK' && (status === null || status === '2'),
    rrn: field(fields, 'RRN', FIELD_MAX.RRN),
    traceNo: field(fields, 'TraceNo', FIELD_MAX.TraceNo),
    maskedPan: field(fields, 'SecurePan', FIELD_MAX.SecurePan),
    raw: scrubFields(fields),
  }
}
