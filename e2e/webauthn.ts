import type { CDPSession, Page } from '@playwright/test'

/**
 * Chromium's virtual authenticators (issue 30, passkeys): each person has a device of their own.
 * One device is plugged in at a time, so the browser offers exactly one passkey and shows no
 * chooser; `use(person)` unplugs the current device (keeping its passkeys, with their counters)
 * and plugs in the person's.
 */
export class VirtualDevices {
  private current: { owner: string; authenticatorId: string } | undefined
  private readonly kept = new Map<string, unknown[]>()

  private constructor(private readonly cdp: CDPSession) {}

  static async attach(page: Page) {
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('WebAuthn.enable')
    return new VirtualDevices(cdp)
  }

  /** Plugs in `owner`'s device (a new one the first time). */
  async use(owner: string) {
    if (this.current?.owner === owner) return
    await this.unplug()
    const { authenticatorId } = await this.cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    })
    for (const credential of this.kept.get(owner) ?? []) {
      await this.cdp.send('WebAuthn.addCredential', {
        authenticatorId,
        credential: credential as never,
      })
    }
    this.current = { owner, authenticatorId }
  }

  /** The passkeys on the plugged-in device. */
  async passkeys() {
    if (!this.current) return []
    const { authenticatorId } = this.current
    return (await this.cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials
  }

  private async unplug() {
    if (!this.current) return
    this.kept.set(this.current.owner, await this.passkeys())
    await this.cdp.send('WebAuthn.removeVirtualAuthenticator', {
      authenticatorId: this.current.authenticatorId,
    })
    this.current = undefined
  }
}
