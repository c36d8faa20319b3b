/**
 * A software WebAuthn authenticator for unit tests (issue 30, passkeys): makes a P-256 credential
 * and answers registration and sign-in options as a browser and a platform authenticator would
 * (attestation "none", user present and verified), with a signature counter the test can set.
 */
import crypto from 'node:crypto'
import { isoCBOR } from '@simplewebauthn/server/helpers'

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url')
const sha256 = (data: Uint8Array | string) => crypto.createHash('sha256').update(data).digest()

type Options = { challenge: string; rp?: { id?: string }; rpId?: string; user?: { id: string } }

export class TestAuthenticator {
  readonly credentialId = crypto.randomBytes(16)
  private readonly keys = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' })
  counter = 0
  userHandle: string | undefined

  constructor(readonly origin: string) {}

  get id() {
    return b64url(this.credentialId)
  }

  private cosePublicKey() {
    const jwk = this.keys.publicKey.export({ format: 'jwk' })
    const key = new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x ?? '', 'base64url')],
      [-3, Buffer.from(jwk.y ?? '', 'base64url')],
    ])
    return isoCBOR.encode(key)
  }

  private authData(rpId: string, attested: boolean) {
    const counter = Buffer.alloc(4)
    counter.writeUInt32BE(this.counter)
    // User present (0x01), user verified (0x04), attested credential data (0x40).
    const flags = Buffer.from([0x01 | 0x04 | (attested ? 0x40 : 0)])
    const parts = [sha256(rpId), flags, counter]
    if (attested) {
      const length = Buffer.alloc(2)
      length.writeUInt16BE(this.credentialId.length)
      parts.push(Buffer.alloc(16), length, this.credentialId, Buffer.from(this.cosePublicKey()))
    }
    return Buffer.concat(parts)
  }

  private clientData(type: string, challenge: string, origin = this.origin) {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }))
  }

  /** The answer to registration options, as `startRegistration` gives it (JSON text). */
  register(options: Options, over: { origin?: string } = {}) {
    this.userHandle = options.user?.id
    const rpId = options.rp?.id ?? new URL(this.origin).hostname
    const clientDataJSON = this.clientData('webauthn.create', options.challenge, over.origin)
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', this.authData(rpId, true)],
      ]) as never,
    )
    return JSON.stringify({
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
    })
  }

  /** The answer to sign-in options, as `startAuthentication` gives it (JSON text). */
  signIn(options: Options, over: { origin?: string; counter?: number } = {}) {
    if (over.counter !== undefined) this.counter = over.counter
    else this.counter += 1
    const rpId = options.rpId ?? new URL(this.origin).hostname
    const authenticatorData = this.authData(rpId, false)
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, over.origin)
    const signature = crypto.sign(
      'sha256',
      Buffer.concat([authenticatorData, sha256(clientDataJSON)]),
      this.keys.privateKey,
    )
    return JSON.stringify({
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authenticatorData),
        signature: b64url(signature),
        userHandle: this.userHandle,
      },
    })
  }
}
