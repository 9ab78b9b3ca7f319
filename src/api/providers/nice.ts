// NICE identity verification (본인확인 통합형, the standard window called through NICE API). The protocol as
// NICE's development guide lays it out:
// 1. An access token by client credentials (POST /digital/niceid/oauth/oauth/token, Basic auth);
// 2. a crypto token for this request (POST /digital/niceid/api/v1.0/common/crypto/token, Authorization
//    bearer base64(access_token:epoch seconds:client_id), ProductID header) with req_dtim and req_no; it
//    answers site_code, token_version_id and token_val (dataHeader.GW_RSLT_CD 1200, rsp_cd P000, result_cd 0000);
// 3. the symmetric key: base64(SHA-256(req_dtim + req_no + token_val)); key = its first 16 characters,
//    iv = its last 16, hmac_key = its first 32;
// 4. the browser posts m=service, token_version_id, enc_data (AES-128-CBC, PKCS#7, base64 of the request
//    JSON) and integrity_value (base64 HMAC-SHA256 of enc_data under hmac_key) to the standard window;
// 5. NICE returns token_version_id, enc_data and integrity_value to the returnurl (GET or POST). The
//    integrity value is checked before anything is decrypted; the plain text is EUC-KR JSON whose
//    utf8_name is the URL-encoded UTF-8 name.

import * as z from 'zod';
import { fromBase64, hmacBase64, timingSafeEqual, toBase64 } from '../../lib/crypto';

export const NICE_WINDOW_URL = 'https://nice.checkplus.co.kr/CheckPlusSafeModel/service.cb';
/** NICE's product id of identity verification (통합형). */
export const NICE_PRODUCT_ID = '2101979031';
/** The answer NICE's resultcode gives for a completed verification. */
export const NICE_SUCCESS = '0000';

const encoder = new TextEncoder();

/** Step 3: the symmetric key text of one request, from the crypto token's answer. */
export async function niceSymmetricKey(reqDtim: string, reqNo: string, tokenVal: string): Promise<string> {
  return toBase64(new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(reqDtim.trim() + reqNo.trim() + tokenVal.trim()))));
}

function parts(symmetricKey: string) {
  return { key: encoder.encode(symmetricKey.slice(0, 16)), iv: encoder.encode(symmetricKey.slice(-16)) };
}

async function aesKey(symmetricKey: string, use: 'encrypt' | 'decrypt') {
  return crypto.subtle.importKey('raw', parts(symmetricKey).key, 'AES-CBC', false, [use]);
}

/** base64(HMAC-SHA256(enc_data)) under the request's hmac_key. */
export function niceIntegrity(symmetricKey: string, encData: string): Promise<string> {
  // hmac_key: the key text's first 32 characters; a key of one request, so not kept.
  return hmacBase64(symmetricKey.slice(0, 32), encData, { once: true });
}

/** AES-128-CBC (PKCS#7 padding) of `plain` bytes, base64. */
export async function niceEncrypt(symmetricKey: string, plain: Uint8Array<ArrayBuffer>): Promise<string> {
  const sealed = await crypto.subtle.encrypt({ name: 'AES-CBC', iv: parts(symmetricKey).iv }, await aesKey(symmetricKey, 'encrypt'), plain);
  return toBase64(new Uint8Array(sealed));
}

async function niceDecrypt(symmetricKey: string, encData: string): Promise<Uint8Array | null> {
  const sealed = fromBase64(encData);
  if (!sealed) return null;
  try {
    return new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-CBC', iv: parts(symmetricKey).iv }, await aesKey(symmetricKey, 'decrypt'), sealed));
  } catch {
    return null; // bad padding: not sealed with this key
  }
}

/** What NICE's answer holds (guide, "API 응답" 4-3); fields a contract leaves out may be missing. */
export const niceResultSchema = z.object({
  resultcode: z.string(),
  requestno: z.string(),
  sitecode: z.string().optional(),
  responseno: z.string().optional(),
  authtype: z.string().optional(),
  name: z.string().optional(),
  utf8_name: z.string().optional(),
  birthdate: z.string().optional(),
  gender: z.string().optional(), // 0 female, 1 male
  nationalinfo: z.string().optional(), // 0 Korean, 1 foreigner
  mobileco: z.string().optional(),
  mobileno: z.string().optional(),
  mobile_co: z.string().optional(),
  mobile_no: z.string().optional(),
  ci: z.string().optional(),
  di: z.string().optional(),
});
export type NiceResult = z.infer<typeof niceResultSchema>;

/** The returnurl's fields. */
export interface NiceAnswer {
  token_version_id: string;
  enc_data: string;
  integrity_value: string;
}

/**
 * Step 5: check the integrity value, then open the answer. Null when it was not sealed with this key
 * (forged or altered) or is not NICE's shape.
 */
export async function openNiceAnswer(symmetricKey: string, answer: NiceAnswer): Promise<NiceResult | null> {
  if (!timingSafeEqual(await niceIntegrity(symmetricKey, answer.enc_data), answer.integrity_value)) return null;
  const plain = await niceDecrypt(symmetricKey, answer.enc_data);
  if (!plain) return null;
  try {
    // EUC-KR as NICE sends it; every field we read is ASCII or utf8_name (URL-encoded UTF-8) either way.
    const text = eucKrDecoder()?.decode(plain) ?? new TextDecoder().decode(plain);
    const parsed = niceResultSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function eucKrDecoder(): TextDecoder | null {
  try {
    return new TextDecoder('euc-kr');
  } catch {
    return null; // a runtime without the legacy encodings
  }
}

/** The person a successful answer proves, in our terms; null when a field we need is missing or malformed. */
export function personOf(result: NiceResult): { name: string; birthday: string; gender: 'M' | 'F'; phone: string; ci: string | null } | null {
  let name = result.name ?? '';
  try {
    if (result.utf8_name) name = decodeURIComponent(result.utf8_name);
  } catch {
    return null;
  }
  const birth = /^(\d{4})(\d{2})(\d{2})$/.exec(result.birthdate ?? '');
  const phone = result.mobileno ?? result.mobile_no ?? '';
  const gender = result.gender === '1' ? 'M' : result.gender === '0' ? 'F' : null;
  if (!name.trim() || !birth || !gender || !/^\d{9,15}$/.test(phone)) return null;
  // CI: the person's connecting information, the same at every service (what linking by identity compares).
  return { name: name.trim(), birthday: `${birth[1]}-${birth[2]}-${birth[3]}`, gender, phone, ci: result.ci?.trim() || null };
}

/** yyyyMMddHHmmss in KST, NICE's req_dtim. */
export function niceDateTime(now = Date.now()): string {
  return new Date(now + 9 * 3_600_000).toISOString().replace(/\D/g, '').slice(0, 14);
}

interface NiceEnvelope {
  dataHeader?: { GW_RSLT_CD?: string };
  dataBody?: Record<string, unknown>;
}

async function niceCall(fetcher: typeof fetch, url: string, init: RequestInit): Promise<Record<string, unknown>> {
  const res = await fetcher(url, init);
  if (!res.ok) throw new Error(`NICE answered ${res.status} for ${new URL(url).pathname}`);
  const body = (await res.json()) as NiceEnvelope;
  if (body.dataHeader?.GW_RSLT_CD !== '1200' || !body.dataBody) throw new Error(`NICE gateway result ${body.dataHeader?.GW_RSLT_CD ?? 'missing'}`);
  return body.dataBody;
}

/** Steps 1-4 for one verification session: the form the popup posts, and what to keep for step 5. */
export async function niceRequest(
  config: { apiUrl: string; clientId: string; clientSecret: string; productId: string },
  fetcher: typeof fetch,
  request: { reqNo: string; returnUrl: string; now?: number },
): Promise<{ form: Record<string, string>; tokenVersionId: string; symmetricKey: string }> {
  const now = request.now ?? Date.now();
  const token = await niceCall(fetcher, `${config.apiUrl}/digital/niceid/oauth/oauth/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${btoa(`${config.clientId}:${config.clientSecret}`)}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials&scope=default',
  });
  if (typeof token.access_token !== 'string') throw new Error('NICE gave no access token');
  const reqDtim = niceDateTime(now);
  const cryptoToken = await niceCall(fetcher, `${config.apiUrl}/digital/niceid/api/v1.0/common/crypto/token`, {
    method: 'POST',
    headers: {
      authorization: `bearer ${btoa(`${token.access_token}:${Math.floor(now / 1000)}:${config.clientId}`)}`,
      'content-type': 'application/json',
      ProductID: config.productId,
    },
    body: JSON.stringify({ dataHeader: { CNTY_CD: 'ko' }, dataBody: { req_dtim: reqDtim, req_no: request.reqNo, enc_mode: '1' } }),
  });
  if (cryptoToken.rsp_cd !== 'P000' || cryptoToken.result_cd !== '0000') throw new Error(`NICE crypto token refused (${String(cryptoToken.rsp_cd)}/${String(cryptoToken.result_cd)})`);
  const { site_code: siteCode, token_version_id: tokenVersionId, token_val: tokenVal } = cryptoToken;
  if (typeof siteCode !== 'string' || typeof tokenVersionId !== 'string' || typeof tokenVal !== 'string') throw new Error('NICE crypto token is incomplete');
  const symmetricKey = await niceSymmetricKey(reqDtim, request.reqNo, tokenVal);
  const plain = JSON.stringify({ requestno: request.reqNo, returnurl: request.returnUrl, sitecode: siteCode, popupyn: 'Y' });
  const encData = await niceEncrypt(symmetricKey, new Uint8Array(encoder.encode(plain)));
  return {
    form: { m: 'service', token_version_id: tokenVersionId, enc_data: encData, integrity_value: await niceIntegrity(symmetricKey, encData) },
    tokenVersionId,
    symmetricKey,
  };
}
