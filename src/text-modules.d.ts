// Policy texts (policies/<locale>/<policy>.md) are bundled as text (wrangler.toml [[rules]] Text).
declare module '*.md' {
  const text: string;
  export default text;
}
