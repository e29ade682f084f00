import { vendorSignature } from '../games/vendors/vendor-signature';
import type { TestApp } from './test-app';

export const TEST_VENDOR_SECRET = 'vendor-test-secret-0123456789abcdef';

/** A seamless live vendor at an address nothing listens on: the tests are the vendor, calling our wallet API. */
export const seamlessTestVendor = {
  platform: 'live1',
  name: '测试真人',
  wallet: 'seamless',
  baseUrl: 'http://127.0.0.1:9',
  secret: TEST_VENDOR_SECRET,
};

/** The `VENDORS` setting of a test app: the seamless vendor, and any others a test needs beside it. */
export const testVendors = (...others: object[]) => JSON.stringify([seamlessTestVendor, ...others]);

/** What the wallet API answers a vendor: a code, and the balance where the call moved or read one. */
export type VendorAnswer = { code: string; balance?: string } & Record<string, unknown>;

/**
 * A wallet call as the vendor makes it: the raw JSON body signed with its secret and the current time (a test of the
 * signature passes another secret or an old time).
 */
export async function vendorWalletCall(
  sut: TestApp,
  action: string,
  body: object,
  options: { secret?: string; timestamp?: number; platform?: string } = {},
): Promise<{ status: number; body: VendorAnswer }> {
  const payload = JSON.stringify(body);
  const timestamp = String(options.timestamp ?? Date.now());
  const response = await sut.app.inject({
    method: 'POST',
    url: `/api/vendor/v1/${options.platform ?? seamlessTestVendor.platform}/wallet/${action}`,
    payload,
    headers: {
      'content-type': 'application/json',
      'x-vendor-timestamp': timestamp,
      'x-vendor-signature': vendorSignature(options.secret ?? TEST_VENDOR_SECRET, timestamp, payload),
    },
  });
  return { status: response.statusCode, body: response.json() as VendorAnswer };
}
