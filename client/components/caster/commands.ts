/** The encoder command of docs/product/watching-and-chat.md ("Watching", Ingest): low-latency HLS (0.5 s segments) PUT to our ingest. */
export function ffmpegCommand(ingestUrl: string): string {
  // CMAF in 0.5 s segments, a key frame each (-g is half the frame rate); the same command as the README's.
  return `ffmpeg -re -i <file> -c:v libx264 -preset veryfast -tune zerolatency -g 15 -keyint_min 15 -sc_threshold 0 -b:v 2500k -c:a aac -b:a 128k -f hls -hls_time 0.5 -hls_list_size 6 -hls_segment_type fmp4 -hls_flags program_date_time+independent_segments -method PUT ${ingestUrl}/index.m3u8`;
}

/** What stands for the key while it is hidden: as long as the key, so the layout does not jump. */
export const maskKey = (key: string) => '•'.repeat(Math.min(key.length, 32));
