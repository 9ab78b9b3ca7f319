/** A field of a multipart form: text (numbers and booleans written as text), a file, several of either, or left out. */
export type MultipartValue = string | number | boolean | File | null | undefined | readonly (string | File)[];

/**
 * The body of a multipart call (notices, the channel profile, anything with files): one field per key, in order;
 * a list appends each of its values under the key; null and undefined leave the field out.
 */
export function multipart(fields: Record<string, MultipartValue>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value === null || value === undefined) continue;
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) form.append(key, v instanceof File ? v : String(v));
  }
  return form;
}
