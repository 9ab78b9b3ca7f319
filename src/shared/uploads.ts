// Uploads (docs/product/community.md, "Uploads, notices and the channel profile"): the limits every upload is held to, the types the bytes may prove, the shape of a
// stored file's key and where it is served. The API's upload module (src/api/services/uploads.ts) keeps
// these rules; the proxy caps request bodies with UPLOAD_REQUEST_MAX_BYTES; the client reads the limits
// to say so before sending. No zod here: the client imports it (the answer shapes are in channel-schemas.ts).
const MB = 1024 * 1024;

export const UPLOAD_LIMITS = {
  /** One image file. */
  imageBytes: 5 * MB,
  /** One non-image file (a PDF contract). */
  fileBytes: 10 * MB,
  /** Images a notice carries. */
  noticeImages: 4,
  /** An image's longest side, in pixels. */
  imageSide: 8192,
  /** An image's pixels (width x height): more is a pixel flood, whatever the file size. */
  imagePixels: 40_000_000,
} as const;

/**
 * A whole request body, multipart included (several images and the text around them). The proxy refuses
 * more by Content-Length before reading, and stops reading a body without one once it passes this.
 */
export const UPLOAD_REQUEST_MAX_BYTES = UPLOAD_LIMITS.noticeImages * UPLOAD_LIMITS.imageBytes + 1 * MB;

/** What the bytes may prove a file to be: content type and the extension its key gets. */
export const UPLOAD_TYPES = {
  jpeg: { contentType: 'image/jpeg', ext: 'jpg', image: true },
  png: { contentType: 'image/png', ext: 'png', image: true },
  gif: { contentType: 'image/gif', ext: 'gif', image: true },
  webp: { contentType: 'image/webp', ext: 'webp', image: true },
  pdf: { contentType: 'application/pdf', ext: 'pdf', image: false },
} as const;
export type UploadType = keyof typeof UPLOAD_TYPES;
export const IMAGE_TYPES = ['jpeg', 'png', 'gif', 'webp'] as const satisfies readonly UploadType[];

/** What a file input offers to pick (the server judges the bytes anyway). */
export const IMAGE_ACCEPT = IMAGE_TYPES.map((t) => UPLOAD_TYPES[t].contentType).join(',');

/** A stored file's key: 32 random base64url characters and the extension of its proven type. */
export const UPLOAD_KEY_PATTERN = /^[A-Za-z0-9_-]{32}\.(jpg|png|gif|webp|pdf)$/;

/** Where a stored file is served (through the site's proxy, or API_ORIGIN). */
export const uploadUrl = (key: string) => `/api/uploads/${key}`;
