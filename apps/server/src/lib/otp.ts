// TOTP (6 digits, 30 s) with replay protection: a time step is accepted once.
import { generate, generateSecret, generateURI, verify } from 'otplib';
import { PRODUCT_NAME } from '@marquee/contracts/constants';

export const createOtpSecret = () => generateSecret();
export const otpUri = (secret: string, username: string) =>
  generateURI({ issuer: PRODUCT_NAME, label: username, secret });
export const otpToken = (secret: string, epoch?: number) => generate({ secret, ...(epoch ? { epoch } : {}) });

/** The accepted time step, or null. One step of clock drift either way is tolerated. */
export async function verifyOtp(secret: string, token: string, lastStep: number | null): Promise<number | null> {
  try {
    const result = await verify({
      secret,
      token,
      epochTolerance: 30,
      ...(lastStep !== null ? { afterTimeStep: lastStep } : {}),
    });
    return result.valid ? (result as { timeStep: number }).timeStep : null;
  } catch {
    return null;
  }
}
