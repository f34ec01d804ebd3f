/**
 * The bank of the callback scenario: payments-service's sandbox bank (SEP's protocol) served
 * over TLS, because a production payments-service refuses a bank URL that is not https — and
 * the real SEP is reached over TLS, which both app and floor then pay for alike. The same bank
 * also answers plain HTTP on a second port for the bench itself, which only plays the customer
 * at the payment page. run.ts makes the certificate (openssl) and gives app and floor its file
 * as NODE_EXTRA_CA_CERTS. BANK_HTTPS_PORT, BANK_HTTP_PORT, BANK_TERMINAL_ID, BANK_KEY, BANK_CERT.
 */
import { readFileSync } from 'node:fs'
import http from 'node:http'
import https from 'node:https'
import { createSandboxBankHandler } from '../payments-service/src/sandbox-bank/server.ts'

const bank = createSandboxBankHandler({ terminalIds: [process.env.BANK_TERMINAL_ID ?? '2015'] })
const handle = (req: http.IncomingMessage, res: http.ServerResponse) => void bank.handler(req, res)
const secure = https.createServer(
  {
    key: readFileSync(process.env.BANK_KEY ?? ''),
    cert: readFileSync(process.env.BANK_CERT ?? ''),
  },
  handle,
)
const plain = http.createServer(handle)
secure.listen(Number(process.env.BANK_HTTPS_PORT), '127.0.0.1')
plain.listen(Number(process.env.BANK_HTTP_PORT), '127.0.0.1')
process.once('SIGTERM', () => {
  secure.close()
  plain.close()
  secure.closeAllConnections()
  plain.closeAllConnections()
})
