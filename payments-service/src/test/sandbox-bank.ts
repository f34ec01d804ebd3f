/** Test support for the sandbox bank's own tests: the bank met over HTTP, as a merchant meets it. */

/**
 * Asks the bank for a payment token as a merchant does (SEP's JSON `token` action): 120,000
 * rials, back to a stand-in callback, for the terminal and reservation in `fields`. The bank's
 * answer as it came.
 */
export async function requestToken(
  bankUrl: string,
  fields: { TerminalId: string; ResNum: string; HashedCardNumber?: string },
): Promise<{ status: number; token: string }> {
  const response = await fetch(`${bankUrl}/onlinepg/onlinepg`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      action: 'token',
      Amount: 120_000,
      RedirectUrl: 'http://merchant.test/callback/',
      ...fields,
    }),
  })
  return (await response.json()) as { status: number; token: string }
}
