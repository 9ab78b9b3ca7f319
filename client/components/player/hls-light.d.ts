// hls.js ships no declaration for its light build; its API is the full build's minus optional features
// (alternate audio, subtitles, DRM, CMCD, content steering, interstitials) none of our sources use.
declare module 'hls.js/light' {
  export * from 'hls.js';
  export { default } from 'hls.js';
}
